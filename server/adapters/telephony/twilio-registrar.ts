import { z } from 'zod';
import type { BusinessType } from '@contracts/registration';
import { RegistrationRefused, type RegistrarRefs, type RegistrationSubmission, type ReviewVerdict, type TextingRegistrar } from './registrar.port';
import { isTwilioApiError, lazyTwilioRestClient } from './twilio';

const HALF_AN_HOUR = 30 * 60_000;

/**
 * A2P 10DLC through Twilio's REST APIs with the official `twilio` package's resources (Trust Hub, the 2010 API's
 * Addresses, Messaging), following Twilio's ISV onboarding guide: a secondary customer profile in Trust Hub
 * (business information, authorized representative, address), an A2P trust product, the BrandRegistration, a
 * Messaging Service holding the business number, and — once the brand is approved — the campaign (UsAppToPerson).
 * Every id is saved as it is made (`saveRefs`), so a retried job resumes where it stopped. The client is the
 * telephony adapter's (./twilio.ts): loaded on first use, its HTTP through `fetch`, TWILIO_API_BASE honoured.
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

// What the library's resources answer, checked at the boundary (Twilio's fields, camel-cased by the library).
const sidOf = z.object({ sid: z.string({ error: 'Twilio answered without the new resource’s sid' }) });
const evaluation = z.object({ status: z.string(), results: z.array(z.unknown()).nullish() });
const problems = z.array(z.object({ description: z.string().nullish() }).passthrough()).nullish();
const brandStatus = z.object({ status: z.string(), failureReason: z.string().nullish(), errors: problems });
const campaignStatus = z.object({ campaignStatus: z.string().nullish(), errors: problems });

export function createTwilioRegistrar(config: TwilioRegistrarConfig): TextingRegistrar {
  const rest = lazyTwilioRestClient({ accountSid: config.accountSid, authToken: config.authToken, apiBase: config.apiBase, timeoutMs: 20_000, ...(config.fetch ? { fetch: config.fetch } : {}) });
  const trusthub = () => rest().trusthub.v1;
  const messaging = () => rest().messaging.v1;

  /** One call to Twilio, its errors as the registration job reads them (asRegistrarError). */
  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw asRegistrarError(error);
    }
  }
  const create = async (work: () => Promise<unknown>) => sidOf.parse(await call(work)).sid;

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
    const profile = await step('customerProfileSid', () => create(() => trusthub().customerProfiles.create({ friendlyName: brand.legalName, email: brand.contactEmail, policySid: SECONDARY_PROFILE_POLICY })));
    const assignToProfile = (key: string, objectSid: string) => step(key, () => create(() => trusthub().customerProfiles(profile).customerProfilesEntityAssignments.create({ objectSid })));
    const info = await step('businessInfoSid', () =>
      create(() =>
        trusthub().endUsers.create({
          friendlyName: `${brand.legalName} business information`,
          type: 'customer_profile_business_information',
          attributes: {
            business_name: brand.legalName,
            business_identity: 'direct_customer',
            business_type: brand.businessType ? TWILIO_BUSINESS_TYPES[brand.businessType] : 'Corporation',
            business_industry: 'CONSUMER',
            business_registration_identifier: brand.country === 'CA' ? 'CBN' : 'EIN',
            business_registration_number: brand.taxId,
            business_regions_of_operation: 'USA_AND_CANADA',
            website_url: brand.website,
            social_media_profile_urls: '',
          },
        }),
      ),
    );
    await assignToProfile('businessInfoAssignment', info);
    const rep = await step('representativeSid', () =>
      create(() =>
        trusthub().endUsers.create({
          friendlyName: `${brand.contactFirstName} ${brand.contactLastName}`,
          type: 'authorized_representative_1',
          attributes: {
            first_name: brand.contactFirstName,
            last_name: brand.contactLastName,
            email: brand.contactEmail,
            phone_number: brand.contactPhone,
            business_title: brand.contactTitle || brand.contactPosition,
            job_position: brand.contactPosition,
          },
        }),
      ),
    );
    await assignToProfile('representativeAssignment', rep);
    const address = await step('addressSid', () =>
      create(() =>
        rest().addresses.create({
          customerName: brand.legalName,
          street: brand.addressLine1,
          ...(brand.addressLine2 ? { streetSecondary: brand.addressLine2 } : {}),
          city: brand.city,
          region: brand.region,
          postalCode: brand.postalCode,
          isoCountry: brand.country,
        }),
      ),
    );
    const document = await step('addressDocumentSid', () =>
      create(() => trusthub().supportingDocuments.create({ friendlyName: `${brand.legalName} address`, type: 'customer_profile_address', attributes: { address_sids: address } })),
    );
    await assignToProfile('addressAssignment', document);
    if (config.primaryProfileSid) await assignToProfile('primaryAssignment', config.primaryProfileSid);
    await step('customerProfileEvaluated', async () =>
      verdictOf(await call(() => trusthub().customerProfiles(profile).customerProfilesEvaluations.create({ policySid: SECONDARY_PROFILE_POLICY })), 'customer profile'),
    );
    await step('customerProfileSubmitted', async () => {
      await call(() => trusthub().customerProfiles(profile).update({ status: 'pending-review' }));
      return '1';
    });

    const product = await step('trustProductSid', () => create(() => trusthub().trustProducts.create({ friendlyName: `${brand.legalName} A2P`, email: brand.contactEmail, policySid: A2P_TRUST_PRODUCT_POLICY })));
    const assignToProduct = (key: string, objectSid: string) => step(key, () => create(() => trusthub().trustProducts(product).trustProductsEntityAssignments.create({ objectSid })));
    const messagingProfile = await step('messagingProfileSid', () =>
      create(() =>
        trusthub().endUsers.create({
          friendlyName: `${brand.legalName} messaging profile`,
          type: 'us_a2p_messaging_profile_information',
          attributes: { company_type: brand.businessType === 'non_profit' ? 'non-profit' : 'private' },
        }),
      ),
    );
    await assignToProduct('messagingProfileAssignment', messagingProfile);
    await assignToProduct('profileAssignment', profile);
    await step('trustProductEvaluated', async () =>
      verdictOf(await call(() => trusthub().trustProducts(product).trustProductsEvaluations.create({ policySid: A2P_TRUST_PRODUCT_POLICY })), 'A2P messaging profile'),
    );
    await step('trustProductSubmitted', async () => {
      await call(() => trusthub().trustProducts(product).update({ status: 'pending-review' }));
      return '1';
    });

    const brandSid = await step('brandSid', () => create(() => messaging().brandRegistrations.create({ customerProfileBundleSid: profile, a2PProfileBundleSid: product })));
    const service = await step('messagingServiceSid', () => create(() => messaging().services.create({ friendlyName: `${s.businessName} (LeadLoop)`, useInboundWebhookOnNumber: true })));
    if (s.numberSid) {
      const numberSid = s.numberSid;
      await step('numberAdded', async () => {
        await call(() => messaging().services(service).phoneNumbers.create({ phoneNumberSid: numberSid }));
        return numberSid;
      });
    }

    // A resubmission: the failed brand is sent again (an update resubmits it), a failed campaign is removed so the
    // fixed one is created at the next check.
    if (s.round > 1 && refs.resubmittedRound !== s.round) {
      const current = brandStatus.parse(await call(() => messaging().brandRegistrations(brandSid).fetch()));
      if (current.status === 'FAILED') await call(() => messaging().brandRegistrations(brandSid).update());
      if (refs.campaignSid !== undefined) {
        const campaignSid = String(refs.campaignSid);
        await removeCampaign(service, campaignSid);
        delete refs.campaignSid;
      }
      refs.resubmittedRound = s.round;
      await s.saveRefs(refs);
    }
    return refs;
  }

  /** Removes a campaign; one already gone (404) counts as removed. */
  async function removeCampaign(service: string, campaignSid: string): Promise<void> {
    try {
      await messaging().services(service).usAppToPerson(campaignSid).remove();
    } catch (error) {
      if (isTwilioApiError(error) && error.status === 404) return;
      throw asRegistrarError(error);
    }
  }

  /** Twilio's check of a bundle before it is submitted: a non-compliant one is a rejection the owner can fix. */
  function verdictOf(answer: unknown, what: string): string {
    const result = evaluation.parse(answer);
    if (result.status !== 'compliant') throw new RegistrationRefused(`Twilio found the ${what} incomplete (${describeResults(result.results ?? [])}).`);
    return 'compliant';
  }

  async function check(s: RegistrationSubmission): Promise<ReviewVerdict & { refs: RegistrarRefs }> {
    const refs: RegistrarRefs = { ...s.refs };
    if (refs.brandSid === undefined || refs.messagingServiceSid === undefined) return { state: 'in_review', refs };
    const brandSid = String(refs.brandSid);
    const brandState = brandStatus.parse(await call(() => messaging().brandRegistrations(brandSid).fetch()));
    if (brandState.status === 'FAILED' || brandState.status === 'SUSPENDED') {
      return { state: 'rejected', reason: brandState.failureReason || errorsOf(brandState.errors) || 'The Campaign Registry did not approve the brand.', refs };
    }
    if (brandState.status !== 'APPROVED') return { state: 'in_review', refs };
    const service = String(refs.messagingServiceSid);
    if (refs.campaignSid === undefined) {
      const { campaign } = s;
      refs.campaignSid = await create(() =>
        messaging()
          .services(service)
          .usAppToPerson.create({
            brandRegistrationSid: brandSid,
            description: campaign.description,
            messageFlow: campaign.messageFlow,
            messageSamples: campaign.sampleMessages,
            usAppToPersonUsecase: campaign.useCase ?? 'MIXED',
            hasEmbeddedLinks: campaign.hasLinks,
            hasEmbeddedPhone: campaign.hasPhoneNumbers,
          }),
      );
      await s.saveRefs(refs);
      return { state: 'in_review', refs };
    }
    const campaignSid = String(refs.campaignSid);
    const campaignState = campaignStatus.parse(await call(() => messaging().services(service).usAppToPerson(campaignSid).fetch()));
    if (campaignState.campaignStatus === 'VERIFIED') return { state: 'approved', refs };
    if (campaignState.campaignStatus === 'FAILED') return { state: 'rejected', reason: errorsOf(campaignState.errors) || 'The carriers did not approve the campaign.', refs };
    return { state: 'in_review', refs };
  }

  return { kind: 'twilio', pollMs: HALF_AN_HOUR, submit, check };
}

/**
 * Twilio's refusal of the data (a 4xx other than 429) is a rejection the owner fixes and resubmits; its outages,
 * rate limits and an unreachable Twilio are errors the job retries.
 */
function asRegistrarError(error: unknown): unknown {
  if (!isTwilioApiError(error)) return error;
  const message = error.message || `Twilio answered ${error.status}`;
  if (error.status >= 400 && error.status < 500 && error.status !== 429) return new RegistrationRefused(`Twilio refused the registration: ${message}`);
  return new Error(message);
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
