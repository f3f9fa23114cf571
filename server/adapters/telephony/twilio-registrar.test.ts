import { describe, expect, it } from 'vitest';
import { brandDraftSchema, campaignDraftSchema } from '@contracts/registration.schema';
import type { RegistrarRefs, RegistrationSubmission } from './registrar.port';
import { RegistrationRefused } from './registrar.port';
import { A2P_TRUST_PRODUCT_POLICY, createTwilioRegistrar, SECONDARY_PROFILE_POLICY } from './twilio-registrar';

/**
 * The Twilio registrar against a scripted stand-in for Twilio's APIs (an injected fetch): the calls of the ISV
 * onboarding in order, the ids saved as they are made (a retry resumes), the campaign created once the brand is
 * approved, the verdicts, and a 4xx turned into a rejection the owner can fix.
 */
function fakeTwilio(options: { brandStatus?: string; campaignStatus?: string; failOn?: string } = {}) {
  const calls: Array<{ method: string; path: string; form: URLSearchParams }> = [];
  let n = 0;
  const fetcher = (async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname;
    const form = new URLSearchParams(String(init.body ?? ''));
    calls.push({ method: String(init.method), path, form });
    if (options.failOn && path.endsWith(options.failOn)) return new Response(JSON.stringify({ code: 21212, message: 'Invalid parameter: Street' }), { status: 400 });
    if (path.endsWith('/Evaluations')) return Response.json({ sid: 'EL1', status: 'compliant', results: [] }, { status: 201 });
    if (init.method === 'GET' && path.includes('/BrandRegistrations/')) return Response.json({ sid: 'BN1', status: options.brandStatus ?? 'PENDING', failure_reason: options.brandStatus === 'FAILED' ? 'Tax ID does not match the legal name' : null });
    if (init.method === 'GET' && path.includes('/Compliance/Usa2p/')) return Response.json({ sid: 'QE1', campaign_status: options.campaignStatus ?? 'IN_PROGRESS', errors: [] });
    n += 1;
    const prefix = path.includes('CustomerProfiles') || path.includes('TrustProducts') ? 'BU' : path.includes('EndUsers') ? 'IT' : path.includes('Addresses') ? 'AD' : path.includes('SupportingDocuments') ? 'RD' : path.includes('BrandRegistrations') ? 'BN' : path.includes('Usa2p') ? 'QE' : path.includes('Services') ? 'MG' : 'XX';
    return Response.json({ sid: `${prefix}${String(n).padStart(32, '0')}` }, { status: 201 });
  }) as unknown as typeof fetch;
  return { calls, fetcher };
}

function submission(refs: RegistrarRefs = {}, saved: RegistrarRefs[] = []): RegistrationSubmission {
  return {
    companyId: 'c1',
    businessName: 'Acme Plumbing',
    brand: brandDraftSchema.parse({ legalName: 'Acme Plumbing LLC', taxId: '12-3456789', businessType: 'llc', addressLine1: '100 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', contactFirstName: 'Dana', contactLastName: 'Rivera', contactEmail: 'dana@acme.example', contactPhone: '+14155552671', website: 'https://acme.example' }),
    campaign: campaignDraftSchema.parse({ useCase: 'MIXED', description: 'Answers, reminders and follow-ups for people who asked for a quote.', sampleMessages: ['Acme Plumbing: thanks! Reply STOP to opt out.', 'Acme Plumbing: see you tomorrow at 9.'], messageFlow: 'Website form with an unticked checkbox.', hasLinks: false }),
    numberSid: 'PN123',
    refs,
    round: 1,
    saveRefs: async (next) => void saved.push({ ...next }),
  };
}

const config = (fetcher: typeof fetch) => ({ accountSid: `AC${'a'.repeat(32)}`, authToken: 'token', apiBase: 'http://twilio.test', primaryProfileSid: `BU${'p'.repeat(32)}`, fetch: fetcher });

describe('the Twilio registrar', () => {
  it('registers the customer profile, trust product, brand and messaging service, saving each id as it goes', async () => {
    const twilio = fakeTwilio();
    const saved: RegistrarRefs[] = [];
    const refs = await createTwilioRegistrar(config(twilio.fetcher)).submit(submission({}, saved));
    const steps = twilio.calls.map((c) => `${c.method} ${c.path.replace(/[A-Z]{2}\d{32}/g, ':sid')}`);
    expect(steps).toEqual([
      'POST /v1/CustomerProfiles',
      'POST /v1/EndUsers',
      'POST /v1/CustomerProfiles/:sid/EntityAssignments',
      'POST /v1/EndUsers',
      'POST /v1/CustomerProfiles/:sid/EntityAssignments',
      `POST /2010-04-01/Accounts/AC${'a'.repeat(32)}/Addresses.json`,
      'POST /v1/SupportingDocuments',
      'POST /v1/CustomerProfiles/:sid/EntityAssignments',
      'POST /v1/CustomerProfiles/:sid/EntityAssignments',
      'POST /v1/CustomerProfiles/:sid/Evaluations',
      'POST /v1/CustomerProfiles/:sid',
      'POST /v1/TrustProducts',
      'POST /v1/EndUsers',
      'POST /v1/TrustProducts/:sid/EntityAssignments',
      'POST /v1/TrustProducts/:sid/EntityAssignments',
      'POST /v1/TrustProducts/:sid/Evaluations',
      'POST /v1/TrustProducts/:sid',
      'POST /v1/a2p/BrandRegistrations',
      'POST /v1/Services',
      'POST /v1/Services/:sid/PhoneNumbers',
    ]);
    expect(twilio.calls[0]!.form.get('PolicySid')).toBe(SECONDARY_PROFILE_POLICY);
    expect(twilio.calls[11]!.form.get('PolicySid')).toBe(A2P_TRUST_PRODUCT_POLICY);
    expect(JSON.parse(twilio.calls[1]!.form.get('Attributes')!)).toMatchObject({ business_name: 'Acme Plumbing LLC', business_type: 'Limited Liability Corporation', business_registration_identifier: 'EIN', business_registration_number: '12-3456789' });
    expect(twilio.calls[19]!.form.get('PhoneNumberSid')).toBe('PN123');
    expect(refs).toMatchObject({ brandSid: expect.stringMatching(/^BN/), messagingServiceSid: expect.stringMatching(/^MG/) });
    expect(saved.length).toBeGreaterThan(10);

    // A retry with the ids saved makes nothing twice.
    const again = fakeTwilio();
    await createTwilioRegistrar(config(again.fetcher)).submit(submission(refs));
    expect(again.calls).toEqual([]);
  });

  it('creates the campaign once the brand is approved, and reports the campaign’s verdict', async () => {
    const refs = { brandSid: 'BN1', messagingServiceSid: 'MG1' };
    const pending = fakeTwilio({ brandStatus: 'PENDING' });
    expect(await createTwilioRegistrar(config(pending.fetcher)).check(submission(refs))).toMatchObject({ state: 'in_review' });

    const approvedBrand = fakeTwilio({ brandStatus: 'APPROVED' });
    const created = await createTwilioRegistrar(config(approvedBrand.fetcher)).check(submission(refs));
    expect(created).toMatchObject({ state: 'in_review', refs: { campaignSid: expect.stringMatching(/^QE/) } });
    const campaign = approvedBrand.calls.find((c) => c.path === '/v1/Services/MG1/Compliance/Usa2p')!;
    expect(campaign.form.getAll('MessageSamples')).toHaveLength(2);
    expect(campaign.form.get('UsAppToPersonUsecase')).toBe('MIXED');

    const verified = fakeTwilio({ brandStatus: 'APPROVED', campaignStatus: 'VERIFIED' });
    expect(await createTwilioRegistrar(config(verified.fetcher)).check(submission({ ...refs, campaignSid: 'QE1' }))).toMatchObject({ state: 'approved' });
    const failedBrand = fakeTwilio({ brandStatus: 'FAILED' });
    expect(await createTwilioRegistrar(config(failedBrand.fetcher)).check(submission(refs))).toMatchObject({ state: 'rejected', reason: 'Tax ID does not match the legal name' });
  });

  it('turns Twilio’s refusal of the data into a rejection with its words', async () => {
    const twilio = fakeTwilio({ failOn: '/Addresses.json' });
    await expect(createTwilioRegistrar(config(twilio.fetcher)).submit(submission())).rejects.toThrow(RegistrationRefused);
    await expect(createTwilioRegistrar(config(fakeTwilio({ failOn: '/Addresses.json' }).fetcher)).submit(submission())).rejects.toThrow('Twilio refused the registration: Invalid parameter: Street');
  });
});

describe('the Twilio registrar on the twilio library', () => {
  it('resubmits a failed brand and removes the failed campaign (one already gone counts as removed)', async () => {
    const calls: Array<{ method: string; path: string; body: string }> = [];
    const fetcher = (async (url: string | URL, init: RequestInit) => {
      const path = new URL(url).pathname;
      calls.push({ method: String(init.method), path, body: String(init.body ?? '') });
      if (init.method === 'GET') return Response.json({ sid: 'BN1', status: 'FAILED', failure_reason: 'Tax ID does not match' });
      if (init.method === 'DELETE') return new Response(JSON.stringify({ code: 20404, message: 'not found' }), { status: 404 });
      return Response.json({ sid: 'BN1', status: 'PENDING' });
    }) as unknown as typeof fetch;
    const saved: RegistrarRefs[] = [];
    const done = { customerProfileSid: 'BU1', businessInfoSid: 'IT1', businessInfoAssignment: 'x', representativeSid: 'IT2', representativeAssignment: 'x', addressSid: 'AD1', addressDocumentSid: 'RD1', addressAssignment: 'x', primaryAssignment: 'x', customerProfileEvaluated: 'compliant', customerProfileSubmitted: '1', trustProductSid: 'BU2', messagingProfileSid: 'IT3', messagingProfileAssignment: 'x', profileAssignment: 'x', trustProductEvaluated: 'compliant', trustProductSubmitted: '1', brandSid: 'BN1', messagingServiceSid: 'MG1', numberAdded: 'PN123', campaignSid: 'QE1' };
    const refs = await createTwilioRegistrar(config(fetcher)).submit({ ...submission(done, saved), round: 2 });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /v1/a2p/BrandRegistrations/BN1', 'POST /v1/a2p/BrandRegistrations/BN1', 'DELETE /v1/Services/MG1/Compliance/Usa2p/QE1']);
    expect(refs.campaignSid).toBeUndefined();
    expect(refs.resubmittedRound).toBe(2);
    expect(saved.at(-1)).toEqual(refs);
  });

  it('sends the account’s credentials, the attributes as JSON and the campaign’s flags as Twilio spells them', async () => {
    const seen: Array<{ path: string; auth: string | null; form: URLSearchParams }> = [];
    const fetcher = (async (url: string | URL, init: RequestInit) => {
      const path = new URL(url).pathname;
      seen.push({ path, auth: new Headers(init.headers).get('authorization'), form: new URLSearchParams(String(init.body ?? '')) });
      if (init.method === 'GET') return Response.json({ sid: 'BN1', status: 'APPROVED' });
      return Response.json({ sid: 'QE1' }, { status: 201 });
    }) as unknown as typeof fetch;
    await createTwilioRegistrar(config(fetcher)).check(submission({ brandSid: 'BN1', messagingServiceSid: 'MG1' }));
    const basic = `Basic ${Buffer.from(`AC${'a'.repeat(32)}:token`).toString('base64')}`;
    expect(seen.every((s) => s.auth === basic)).toBe(true);
    const campaign = seen.find((s) => s.path === '/v1/Services/MG1/Compliance/Usa2p')!;
    expect(campaign.form.get('HasEmbeddedLinks')).toBe('false');
    expect(campaign.form.get('HasEmbeddedPhone')).toBe('false');
    expect(campaign.form.get('BrandRegistrationSid')).toBe('BN1');
  });

  it('in production sends Trust Hub, Messaging and the 2010 API to their own Twilio hosts', async () => {
    const hosts: string[] = [];
    const fetcher = (async (url: string | URL) => {
      const address = new URL(url);
      hosts.push(`${address.host}${address.pathname.replace(/[A-Z]{2}\d{32}/g, ':sid')}`);
      if (address.pathname.endsWith('/Evaluations')) return Response.json({ sid: 'EL1', status: 'compliant', results: [] }, { status: 201 });
      return Response.json({ sid: `XX${String(hosts.length).padStart(32, '0')}` }, { status: 201 });
    }) as unknown as typeof fetch;
    await createTwilioRegistrar({ ...config(fetcher), apiBase: 'https://api.twilio.com' }).submit(submission());
    expect(new Set(hosts.map((h) => h.split('/')[0]))).toEqual(new Set(['trusthub.twilio.com', 'api.twilio.com', 'messaging.twilio.com']));
    expect(hosts.filter((h) => h.startsWith('api.twilio.com'))).toEqual([`api.twilio.com/2010-04-01/Accounts/AC${'a'.repeat(32)}/Addresses.json`]);
  });

  it('retries Twilio’s outages and rate limits (a plain error), and refuses a non-compliant bundle with Twilio’s words', async () => {
    for (const status of [429, 503]) {
      const fetcher = (async () => new Response(JSON.stringify({ code: 20429, message: 'Too many requests' }), { status })) as unknown as typeof fetch;
      const error = await createTwilioRegistrar(config(fetcher)).submit(submission()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(RegistrationRefused);
      expect((error as Error).message).toBe('Too many requests');
    }
    const unreachable = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    const offline = await createTwilioRegistrar(config(unreachable)).submit(submission()).catch((e: unknown) => e);
    expect(offline).not.toBeInstanceOf(RegistrationRefused);
    expect((offline as Error).message).toContain('Could not reach Twilio');

    const nonCompliant = (async (url: string | URL) => {
      if (new URL(url).pathname.endsWith('/Evaluations')) return Response.json({ sid: 'EL1', status: 'noncompliant', results: [{ friendly_name: 'Business Information', failure_reason: 'Website is missing' }] }, { status: 201 });
      return Response.json({ sid: `XX${'1'.repeat(32)}` }, { status: 201 });
    }) as unknown as typeof fetch;
    await expect(createTwilioRegistrar(config(nonCompliant)).submit(submission())).rejects.toThrow('Twilio found the customer profile incomplete (Business Information, Website is missing).');
  });
});
