import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, microsites, textingRegistrations, users } from '@server/platform/db/schema';

import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { createSimulatedRegistrar } from '@server/adapters/telephony/simulated-registrar';

/**
 * Settings → Phone → Texting registration through its procedures, on a fake clock: the prefilled draft, saving as
 * the owner goes, the checklist refusing a submission while something is missing (the website is really fetched,
 * from a local server), the simulated review rejecting with a reason, the resubmission approved, the timeline in
 * the company's zone; admins edit, staff read; each company sees only its own.
 */
const t = setUpTestApp();
let site: Server;
let siteUrl = '';
const answers = new Map<string, number>();

beforeAll(async () => {
  site = createServer((request, response) => {
    const status = answers.get(request.url ?? '/') ?? 200;
    response.writeHead(status, { 'content-type': 'text/html' }).end('<!doctype html><title>Acme</title>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

beforeEach(() => {
  t.deps.clock.set(Date.parse('2027-03-02T18:00:00Z'));
  // The website under test answers on 127.0.0.1 (as WEBHOOKS_ALLOW_PRIVATE_NETWORKS lets a LAN deployment).
  t.deps.allowPrivateNetworks = true;
  answers.clear();
});

async function owner(email = `owner-${Math.random().toString(36).slice(2)}@example.test`) {
  const token = await signUp(t.deps, { email, companyName: 'Acme Plumbing' });
  const [user] = await t.deps.db.select().from(users).where(eq(users.email, email));
  const companyId = user!.companyId;
  await t.deps.db
    .update(companies)
    .set({ legalName: 'Acme Plumbing LLC', timezone: 'America/Chicago', addressLine1: '100 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' })
    .where(eq(companies.id, companyId));
  return { token, companyId, caller: callerFor(t.deps, { authToken: token }) };
}

async function publishMicrosite(companyId: string, published = true) {
  await t.deps.db.insert(microsites).values({ companyId, slug: `acme-${companyId.slice(0, 8)}`, published }).onConflictDoUpdate({ target: microsites.companyId, set: { published } });
}

/** Every due job after moving the clock on by the simulated reviewer's step. */
async function reviewStep() {
  t.deps.clock.advance(createSimulatedRegistrar().pollMs + 1);
  await t.deps.queue.drain();
}

describe('the registration wizard', () => {
  it('starts from the company, the owner and the microsite: legal name, address, contact, website and policy pages filled in', async () => {
    const { caller, companyId } = await owner();
    await publishMicrosite(companyId);
    const draft = await caller.registration.get();
    expect(draft).toMatchObject({ saved: false, status: 'draft', editable: true, reviewer: 'simulated', gate: 'warn' });
    expect(draft.brand).toMatchObject({ legalName: 'Acme Plumbing LLC', addressLine1: '100 Main St', region: 'IL', contactFirstName: 'Dana', website: draft.microsite!.home });
    expect(draft.microsite!.home).toMatch(/^http:\/\/localhost:3000\/m\/acme-/);
    expect(draft.campaign.privacyUrl).toBe(draft.microsite!.privacy);
    expect(draft.campaign.termsUrl).toBe(draft.microsite!.smsTerms);
    expect(draft.campaign.messageFlow).toContain(draft.microsite!.home);
    expect(draft.campaign.sampleMessages.every((s) => s.startsWith('Acme Plumbing:'))).toBe(true);
    // Still missing before it is saved and checked: the EIN, the business type, the website's answer.
    expect(draft.checklist.filter((i) => !i.ready).map((i) => i.id)).toEqual(['tax_id', 'business_type', 'website']);
    expect(draft.checklist.find((i) => i.id === 'tax_id')!.words).toBe('Missing: your EIN');
  });

  it('saves as the owner goes, refuses to submit while an item is missing, and submits once all are ready', async () => {
    const { caller } = await owner();
    const start = await caller.registration.get();
    const saved = await caller.registration.saveDraft({ brand: { ...start.brand, taxId: '12-3456789', businessType: 'llc', contactPhone: '(415) 555-2671', website: `${siteUrl}/` } });
    expect(saved).toMatchObject({ saved: true });
    expect(saved.brand.contactPhone).toBe('+14155552671');
    expect(saved.timeline.map((e) => e.words)).toEqual(['Draft started']);

    // No microsite: no privacy policy or SMS terms; the website answers 404.
    answers.set('/', 404);
    const refused = await trpcErrorOf(caller.registration.submit());
    expect(refused.code).toBe('PRECONDITION_FAILED');
    expect(refused.message).toMatch(/^Not submitted: 2 items are missing — Website answers: .* did not answer \(it answered 404\).*; Privacy policy and SMS terms: a privacy policy link and an SMS terms link/);
    expect((await caller.registration.get()).status).toBe('draft');

    answers.set('/', 200);
    const checked = await caller.registration.checkWebsite();
    expect(checked.checklist.find((i) => i.id === 'website')).toMatchObject({ ready: true, words: 'Ready' });
    await caller.registration.saveDraft({ campaign: { ...saved.campaign, privacyUrl: `${siteUrl}/privacy`, termsUrl: `${siteUrl}/sms-terms` } });
    const submitted = await caller.registration.submit();
    expect(submitted).toMatchObject({ status: 'submitted', editable: false });
    // With the carriers, it cannot be changed.
    expect((await trpcErrorOf(caller.registration.saveDraft({ campaign: submitted.campaign }))).code).toBe('CONFLICT');
  });

  it('simulated review: rejects an obvious defect with its reason, approves the resubmission; the timeline says each step in the company’s zone', async () => {
    const { caller } = await owner();
    const start = await caller.registration.get();
    await caller.registration.saveDraft({
      brand: { ...start.brand, taxId: '12-3456789', businessType: 'llc', website: `${siteUrl}/` },
      campaign: {
        ...start.campaign,
        useCase: 'CUSTOMER_CARE',
        sampleMessages: [start.campaign.sampleMessages[0]!, 'Acme Plumbing: 20% off drain cleaning this week only! Reply STOP to opt out.'],
        privacyUrl: `${siteUrl}/privacy`,
        termsUrl: `${siteUrl}/sms-terms`,
      },
    });
    await caller.registration.submit();
    await t.deps.queue.drain();
    expect((await caller.registration.get()).status).toBe('submitted');
    await reviewStep();
    expect((await caller.registration.get()).status).toBe('in_review');
    await reviewStep();
    const rejected = await caller.registration.get();
    expect(rejected).toMatchObject({ status: 'rejected', editable: true });
    expect(rejected.rejectionReason).toMatch(/Sample message 2 advertises an offer, but the campaign's use case is “Customer care”/);
    expect((await caller.registration.summary()).rejectionReason).toBe(rejected.rejectionReason);

    await caller.registration.saveDraft({ campaign: { ...rejected.campaign, useCase: 'MIXED' } });
    expect((await caller.registration.submit()).status).toBe('submitted');
    await t.deps.queue.drain();
    await reviewStep();
    await reviewStep();
    const approved = await caller.registration.get();
    expect(approved).toMatchObject({ status: 'approved', editable: false, rejectionReason: null, timezone: 'America/Chicago' });
    expect(approved.timeline.map((e) => e.kind)).toEqual(['draft_started', 'submitted', 'in_review', 'rejected', 'resubmitted', 'in_review', 'approved']);
    expect(approved.timeline.find((e) => e.kind === 'rejected')!.reason).toMatch(/advertises an offer/);
    expect(approved.timeline.find((e) => e.kind === 'submitted')!.by).toBe('Dana');
    expect(await caller.registration.summary()).toMatchObject({ approved: true, statusWords: 'Approved' });
  });

  it('editing and submitting are for admins; staff read it', async () => {
    const { caller, companyId, token } = await owner();
    const draft = await caller.registration.get();
    // The same person as staff (roles are read from the database on each call once the cache is told).
    await t.deps.db.update(users).set({ role: 'staff' }).where(eq(users.companyId, companyId));
    t.deps.sessions.forgetCompany(companyId);
    const staff = callerFor(t.deps, { authToken: token });
    expect((await staff.registration.get()).status).toBe('draft');
    expect((await staff.registration.summary()).statusWords).toBe('Not started');
    expect((await trpcErrorOf(staff.registration.saveDraft({ brand: draft.brand }))).code).toBe('FORBIDDEN');
    expect((await trpcErrorOf(staff.registration.checkWebsite())).code).toBe('FORBIDDEN');
    expect((await trpcErrorOf(staff.registration.submit())).code).toBe('FORBIDDEN');
  });

  it('each company sees and changes only its own registration (no procedure takes an id)', async () => {
    const a = await owner();
    const b = await owner();
    const start = await a.caller.registration.get();
    await a.caller.registration.saveDraft({ brand: { ...start.brand, legalName: 'Acme Plumbing LLC', taxId: '12-3456789' } });
    const seenByB = await b.caller.registration.get();
    expect(seenByB).toMatchObject({ saved: false, timeline: [] });
    expect(seenByB.brand.taxId).toBe('');
    expect((await trpcErrorOf(b.caller.registration.submit())).code).toBe('PRECONDITION_FAILED');
    const rows = await t.deps.db.select({ companyId: textingRegistrations.companyId }).from(textingRegistrations);
    expect(rows).toEqual([{ companyId: a.companyId }]);
  });

  it('refuses malformed input with the field named', async () => {
    const { caller } = await owner();
    const draft = await caller.registration.get();
    const error = await trpcErrorOf(caller.registration.saveDraft({ campaign: { ...draft.campaign, sampleMessages: ['a', 'b', 'c', 'd', 'e', 'f'] } }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('At most 5 sample messages');
  });
});


