import { z } from 'zod';
import type { BusinessType } from '@contracts/registration';
const HALF_AN_HOUR = 30 * 60_000;
import { RegistrationRefused, type RegistrarRefs, type RegistrationSubmission, type ReviewVerdict, type TextingRegistrar } from './registrar.port';

/**
 * A2P 10DLC through Twilio's REST APIs (no SDK), following Twilio's ISV onboarding guide: a secondary customer
 * profile in Trust Hub (business information, authorized representative, address), an A2P trust product, the
 * BrandRegistration, a Messaging Service holding the business number, and — once the brand is approved — the
 * campaign (UsAppToPerson). Every id is saved as it is made (`saveRefs`), so a retried job resumes where it stopped.
 */
export interface TwilioRegistrarConfig {
  accountSid: string;
  authToken: string;
  /** https://api.twilio.com in production (Trust Hub and Messaging then have their own hosts); a local fake in tests serves all three. */
  apiBase: string;
  /** The ISV's primary customer profile (BU…), which each company's secondary profile is attached to. */
  primaryProfileSid?: string | null;
  fetch?: typeof fetch;
}

/** Trust Hub policies: the secondary customer profile and the A2P messaging profile (Twilio's published ids). */
export const SECONDARY_PROFILE_POLICY = 'RNdfbf3fae0e1107f8aded0e7cead80bf5';
export const A2P_TRUST_PRODUCT_POLICY = 'RNb0d4771c2c98518d916a3d4cd70a8f8b';

const TWILIO_BUSINESS_TYPES = {
  sole_proprietorship: 'Sole Proprietorship',
  partnership: 'Partnership',
  llc: 'Limited Liability Corporation',
  corporation: 'Corporation',
  non_profit: 'Non-profit Corporation',
  co_operative: 'Co-operative',
} as const satisfies Record<BusinessType, string>;

const sidOf = z.object({ sid: z.string() });
const evaluation = z.object({ status: z.string(), results: z.array(z.unknown()).optional() });
const brandStatus = z.object({ status: z.string(), failure_reason: z.string().nullish(), errors: z.array(z.object({ description: z.string().nullish() }).passthrough()).nullish() });
const campaignStatus = z.object({ sid: z.string().optional(), campaign_status: z.string().nullish(), errors: z.array(z.object({ description: z.string().nullish() }).passthrough()).nullish() });
const errorBody = z.object({ code: z.number().nullish(), message: z.string().nullish() });

export function createTwilioRegistrar(config: TwilioRegistrarConfig): TextingRegistrar {
  const fetcher = config.fetch ?? fetch;
  const apiBase = config.apiBase.replace(/\/+$/, '');
  const production = apiBase === 'https://api.twilio.com';
  const hosts = {
    api: `${apiBase}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}`,
    trusthub: production ? 'https://trusthub.twilio.com' : apiBase,
    messaging: production ? 'https://messaging.twilio.com' : apiBase,
  };
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST' | 'DELETE', url: string, form?: Record<string, string | string[]>): Promise<unknown> {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form ?? {})) for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
    let response: Response;
    try {
      response = await fetcher(url, {
        method,
        headers: { authorization, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(form ? { body: body.toString() } : {}),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new Error(`Could not reach Twilio: ${(error as Error).message}`);
    }
    if (method === 'DELETE' && (response.status === 204 || response.status === 404)) return {};
    const json: unknown = await response.json().catch(() => ({}));
    if (!response.ok) {
      const parsed = errorBody.safeParse(json);
      const message = (parsed.success && parsed.data.message) || `Twilio answered ${response.status}`;
      // Twilio refused the data: the owner fixes it and resubmits. Its outages and rate limits are retried.
      if (response.status >= 400 && response.status < 500 && response.status !== 429) throw new RegistrationRefused(`Twilio refused the registration: ${message}`);
      throw new Error(message);
    }
    return json;
  }
  const create = async (url: string, form: Record<string, string | string[]>) => sidOf.parse(await call('POST', url, form)).sid;

  async function submit(s: RegistrationSubmission): Promise<RegistrarRefs> {
    const refs: RegistrarRefs = { ...s.refs };
    const { brand } = s;
    /** Runs a step once: its id (or a done mark) is saved before the next step starts. */
    const step = async (key: string, run: () => Promise<string>) => {
      if (refs[key] !== undefined) return String(refs[key]);
      const value = await run();
      refs[key] = value;
      await s.saveRefs(refs);
      return value;
    };
    const profile = await step('customerProfileSid', () => create(`${hosts.trusthub}/v1/CustomerProfiles`, { FriendlyName: brand.legalName, Email: brand.contactEmail, PolicySid: SECONDARY_PROFILE_POLICY }));
    const assignTo = (bundle: string, key: string, objectSid: string) => step(key, () => create(`${hosts.trusthub}/v1/${bundle}/EntityAssignments`, { ObjectSid: objectSid }));
    const info = await step('businessInfoSid', () =>
      create(`${hosts.trusthub}/v1/EndUsers`, {
        FriendlyName: `${brand.legalName} business information`,
        Type: 'customer_profile_business_information',
        Attributes: JSON.stringify({
          business_name: brand.legalName,
          business_identity: 'direct_customer',
          business_type: brand.businessType ? TWILIO_BUSINESS_TYPES[brand.businessType] : 'Corporation',
          business_industry: 'CONSUMER',
          business_registration_identifier: brand.country === 'CA' ? 'CBN' : 'EIN',
          business_registration_number: brand.taxId,
          business_regions_of_operation: 'USA_AND_CANADA',
          website_url: brand.website,
          social_media_profile_urls: '',
        }),
      }),
    );
    await assignTo(`CustomerProfiles/${profile}`, 'businessInfoAssignment', info);
    const rep = await step('representativeSid', () =>
      create(`${hosts.trusthub}/v1/EndUsers`, {
        FriendlyName: `${brand.contactFirstName} ${brand.contactLastName}`,
        Type: 'authorized_representative_1',
        Attributes: JSON.stringify({
          first_name: brand.contactFirstName,
          last_name: brand.contactLastName,
          email: brand.contactEmail,
          phone_number: brand.contactPhone,
          business_title: brand.contactTitle || brand.contactPosition,
          job_position: brand.contactPosition,
        }),
      }),
    );
    await assignTo(`CustomerProfiles/${profile}`, 'representativeAssignment', rep);
    const address = await step('addressSid', () =>
      create(`${hosts.api}/Addresses.json`, {
        CustomerName: brand.legalName,
        Street: brand.addressLine1,
        ...(brand.addressLine2 ? { StreetSecondary: brand.addressLine2 } : {}),
        City: brand.city,
        Region: brand.region,
        PostalCode: brand.postalCode,
        IsoCountry: brand.country,
      }),
    );
    const document = await step('addressDocumentSid', () =>
      create(`${hosts.trusthub}/v1/SupportingDocuments`, { FriendlyName: `${brand.legalName} address`, Type: 'customer_profile_address', Attributes: JSON.stringify({ address_sids: address }) }),
    );
    await assignTo(`CustomerProfiles/${profile}`, 'addressAssignment', document);
    if (config.primaryProfileSid) await assignTo(`CustomerProfiles/${profile}`, 'primaryAssignment', config.primaryProfileSid);
    await step('customerProfileEvaluated', () => evaluate(`CustomerProfiles/${profile}`, SECONDARY_PROFILE_POLICY, 'customer profile'));
    await step('customerProfileSubmitted', async () => {
      await call('POST', `${hosts.trusthub}/v1/CustomerProfiles/${profile}`, { Status: 'pending-review' });
      return '1';
    });

    const product = await step('trustProductSid', () => create(`${hosts.trusthub}/v1/TrustProducts`, { FriendlyName: `${brand.legalName} A2P`, Email: brand.contactEmail, PolicySid: A2P_TRUST_PRODUCT_POLICY }));
    const messagingProfile = await step('messagingProfileSid', () =>
      create(`${hosts.trusthub}/v1/EndUsers`, { FriendlyName: `${brand.legalName} messaging profile`, Type: 'us_a2p_messaging_profile_information', Attributes: JSON.stringify({ company_type: brand.businessType === 'non_profit' ? 'non-profit' : 'private' }) }),
    );
    await assignTo(`TrustProducts/${product}`, 'messagingProfileAssignment', messagingProfile);
    await assignTo(`TrustProducts/${product}`, 'profileAssignment', profile);
    await step('trustProductEvaluated', () => evaluate(`TrustProducts/${product}`, A2P_TRUST_PRODUCT_POLICY, 'A2P messaging profile'));
    await step('trustProductSubmitted', async () => {
      await call('POST', `${hosts.trusthub}/v1/TrustProducts/${product}`, { Status: 'pending-review' });
      return '1';
    });

    const brandSid = await step('brandSid', () => create(`${hosts.messaging}/v1/a2p/BrandRegistrations`, { CustomerProfileBundleSid: profile, A2PProfileBundleSid: product }));
    const service = await step('messagingServiceSid', () => create(`${hosts.messaging}/v1/Services`, { FriendlyName: `${s.businessName} (LeadLoop)`, UseInboundWebhookOnNumber: 'true' }));
    if (s.numberSid) {
      const numberSid = s.numberSid;
      await step('numberAdded', async () => {
        await call('POST', `${hosts.messaging}/v1/Services/${service}/PhoneNumbers`, { PhoneNumberSid: numberSid });
        return numberSid;
      });
    }

    // A resubmission: the failed brand is sent again (an update resubmits it), a failed campaign is removed so the
    // fixed one is created at the next check.
    if (s.round > 1 && refs.resubmittedRound !== s.round) {
      const current = brandStatus.parse(await call('GET', `${hosts.messaging}/v1/a2p/BrandRegistrations/${brandSid}`));
      if (current.status === 'FAILED') await call('POST', `${hosts.messaging}/v1/a2p/BrandRegistrations/${brandSid}`, {});
      if (refs.campaignSid !== undefined) {
        await call('DELETE', `${hosts.messaging}/v1/Services/${service}/Compliance/Usa2p/${refs.campaignSid}`);
        delete refs.campaignSid;
      }
      refs.resubmittedRound = s.round;
      await s.saveRefs(refs);
    }
    return refs;
  }

  /** Twilio's check of a bundle before it is submitted: a non-compliant one is a rejection the owner can fix. */
  async function evaluate(bundle: string, policySid: string, what: string): Promise<string> {
    const result = evaluation.parse(await call('POST', `${hosts.trusthub}/v1/${bundle}/Evaluations`, { PolicySid: policySid }));
    if (result.status !== 'compliant') throw new RegistrationRefused(`Twilio found the ${what} incomplete (${describeResults(result.results)}).`);
    return 'compliant';
  }

  async function check(s: RegistrationSubmission): Promise<ReviewVerdict & { refs: RegistrarRefs }> {
    const refs: RegistrarRefs = { ...s.refs };
    if (refs.brandSid === undefined || refs.messagingServiceSid === undefined) return { state: 'in_review', refs };
    const brandState = brandStatus.parse(await call('GET', `${hosts.messaging}/v1/a2p/BrandRegistrations/${refs.brandSid}`));
    if (brandState.status === 'FAILED' || brandState.status === 'SUSPENDED') {
      return { state: 'rejected', reason: brandState.failure_reason || errorsOf(brandState.errors) || 'The Campaign Registry did not approve the brand.', refs };
    }
    if (brandState.status !== 'APPROVED') return { state: 'in_review', refs };
    const service = String(refs.messagingServiceSid);
    if (refs.campaignSid === undefined) {
      const { campaign } = s;
      refs.campaignSid = await create(`${hosts.messaging}/v1/Services/${service}/Compliance/Usa2p`, {
        BrandRegistrationSid: String(refs.brandSid),
        Description: campaign.description,
        MessageFlow: campaign.messageFlow,
        MessageSamples: campaign.sampleMessages,
        UsAppToPersonUsecase: campaign.useCase ?? 'MIXED',
        HasEmbeddedLinks: String(campaign.hasLinks),
        HasEmbeddedPhone: String(campaign.hasPhoneNumbers),
      });
      await s.saveRefs(refs);
      return { state: 'in_review', refs };
    }
    const campaignState = campaignStatus.parse(await call('GET', `${hosts.messaging}/v1/Services/${service}/Compliance/Usa2p/${refs.campaignSid}`));
    if (campaignState.campaign_status === 'VERIFIED') return { state: 'approved', refs };
    if (campaignState.campaign_status === 'FAILED') return { state: 'rejected', reason: errorsOf(campaignState.errors) || 'The carriers did not approve the campaign.', refs };
    return { state: 'in_review', refs };
  }

  return { kind: 'twilio', pollMs: HALF_AN_HOUR, submit, check };
}

function errorsOf(errors: Array<{ description?: string | null | undefined }> | null | undefined): string {
  return (errors ?? [])
    .map((e) => e.description)
    .filter(Boolean)
    .join(' ');
}

function describeResults(results: unknown[] | undefined): string {
  const words = JSON.stringify(results ?? []).match(/"(friendly_name|failure_reason)":"([^"]+)"/g) ?? [];
  return words.map((w) => w.replace(/^"[a-z_]+":"|"$/g, '')).join(', ') || 'see Trust Hub';
}
