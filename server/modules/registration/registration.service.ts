import { and, asc, count, eq } from 'drizzle-orm';
import { normalizeNanpPhone, registrationChecklist } from '@contracts/registration-checklist';
import {
  A2P_HELD_CODE,
  REGISTRATION_EVENT_WORDS,
  REGISTRATION_STATUS_WORDS,
  type RegistrationEventKind,
} from '@contracts/registration';
import { type BrandDraft, brandDraftSchema, type CampaignDraft, campaignDraftSchema } from '@contracts/registration.schema';
import type { DbOrTx, Tx } from '@server/platform/db/database';
import type { CompanyScope } from '@server/platform/db/scope';
import { companies, messages, phoneNumbers, textingRegistrationEvents, textingRegistrations, users, type WebsiteCheck } from '@server/platform/db/schema';
import { AppError } from '@server/platform/errors/app-error';
import { BlockedUrlError, safeFetch } from '@server/platform/lib/safe-fetch';
import type { AppServices } from '@server/platform/services';
import { type MicrositeLinks, micrositeLinks } from '@server/modules/microsites/microsite-links';

export const SUBMIT_QUEUE = 'registration.submit';
export const REVIEW_QUEUE = 'registration.review';
export const RELEASE_QUEUE = 'registration.release';

type RegistrationRow = typeof textingRegistrations.$inferSelect;

/** Whether an address answers: fetched through the SSRF guard (tests give their own). */
export type WebsiteProbe = (url: string, options: { ownAddress: boolean }) => Promise<{ ok: boolean; detail: string }>;

/** The real probe: a GET through safe-fetch, redirects followed, 10 s, 256 kB. Our own microsite's address may be local. */
export function websiteProbeFor(services: Pick<AppServices, 'allowPrivateNetworks'>): WebsiteProbe {
  return async (url, { ownAddress }) => {
    try {
      const response = await safeFetch(url, { timeoutMs: 10_000, maxBytes: 256 * 1024, overflow: 'truncate', allowPrivateNetworks: ownAddress || (services.allowPrivateNetworks ?? false) });
      return response.status >= 200 && response.status < 400 ? { ok: true, detail: `answered ${response.status}` } : { ok: false, detail: `it answered ${response.status}` };
    } catch (error) {
      if (error instanceof BlockedUrlError) return { ok: false, detail: `LeadLoop may not open this address: ${error.message}` };
      const message = (error as Error).message;
      return { ok: false, detail: /timed? ?out|timeout/i.test(message) ? 'no answer within 10 seconds' : `no answer: ${message}` };
    }
  };
}

export async function readRegistration(db: DbOrTx, companyId: string): Promise<RegistrationRow | null> {
  const [row] = await db.select().from(textingRegistrations).where(eq(textingRegistrations.companyId, companyId)).limit(1);
  return row ?? null;
}

async function companyOf(db: DbOrTx, companyId: string) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw new AppError('NOT_FOUND', 'Company not found');
  return company;
}

/** What the wizard starts from: the company's settings, the signed-in owner as contact, the microsite's pages. */
async function prefilledDraft(db: DbOrTx, scope: Pick<CompanyScope, 'companyId' | 'userId'>, links: MicrositeLinks | null): Promise<{ brand: BrandDraft; campaign: CampaignDraft }> {
  const company = await companyOf(db, scope.companyId);
  const [user] = await db.select().from(users).where(and(eq(users.id, scope.userId), eq(users.companyId, scope.companyId))).limit(1);
  const name = company.name;
  const brand = brandDraftSchema.parse({
    legalName: company.legalName ?? '',
    country: company.country ?? 'US',
    addressLine1: company.addressLine1 ?? '',
    addressLine2: company.addressLine2 ?? '',
    city: company.city ?? '',
    region: company.region ?? '',
    postalCode: company.postalCode ?? '',
    contactFirstName: user?.firstName ?? '',
    contactLastName: user?.lastName ?? '',
    contactEmail: user?.email ?? '',
    contactPhone: company.alertPhone ?? company.signupPhone ?? '',
    contactPosition: user?.role === 'owner' ? 'CEO' : 'Other',
    website: links?.home ?? company.website ?? '',
  });
  const where = links ? `the opt-in form on our website (${links.home})` : 'the opt-in form on our website';
  const campaign = campaignDraftSchema.parse({
    useCase: 'MIXED',
    description: `${name} texts people who asked us for a quote or service, or called us: answers to their request, appointment confirmations and reminders, follow-ups when they have not replied, and a review request after a job.`,
    sampleMessages: [
      `${name}: Hi Sam, thanks for your request! When would be a good time for us to come take a look? Reply STOP to opt out.`,
      `${name}: Reminder: your appointment is tomorrow at 9:00 AM. Reply C to confirm or R to reschedule. Reply STOP to opt out, HELP for help.`,
    ],
    messageFlow: `Customers opt in on ${where}: they enter their mobile number and tick an unticked checkbox saying they agree to receive text messages from ${name} about their request (message frequency varies, Msg & data rates may apply, Reply STOP to opt out, HELP for help). Customers who text our business number first, or call it, get replies about their request only.`,
    privacyUrl: links?.privacy ?? '',
    termsUrl: links?.smsTerms ?? '',
    monthlyVolume: 'up_to_1000',
    hasLinks: false,
    hasPhoneNumbers: false,
  });
  return { brand, campaign };
}

async function held(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.status, 'scheduled'), eq(messages.errorCode, A2P_HELD_CODE)));
  return row?.n ?? 0;
}

async function activeNumber(db: DbOrTx, companyId: string) {
  const [number] = await db.select().from(phoneNumbers).where(and(eq(phoneNumbers.companyId, companyId), eq(phoneNumbers.status, 'active'))).limit(1);
  return number ?? null;
}

/** The registration's state for the warnings on the dashboard and in Settings → Phone. */
export async function registrationSummary(scope: Pick<CompanyScope, 'db' | 'companyId'>, services: Pick<AppServices, 'a2pGate'>) {
  const row = await readRegistration(scope.db, scope.companyId);
  const number = await activeNumber(scope.db, scope.companyId);
  const status = row?.status ?? 'draft';
  const started = row !== null;
  return {
    status,
    started,
    statusWords: started ? REGISTRATION_STATUS_WORDS[status] : 'Not started',
    approved: status === 'approved',
    gate: services.a2pGate,
    /** Texts go through a carrier (a Twilio number); the test number never reaches one. */
    realNumber: number?.provider === 'twilio',
    /** Automated texts waiting for approval (A2P_GATE=hold). */
    heldTexts: await held(scope.db, scope.companyId),
    rejectionReason: row?.status === 'rejected' ? row.rejectionReason : null,
  };
}

/** The wizard's data: the draft (or a prefilled one), its checklist, the status and the timeline in the company's zone. */
export async function getRegistration(scope: Pick<CompanyScope, 'db' | 'companyId' | 'userId'>, services: Pick<AppServices, 'publicUrl' | 'registrar' | 'a2pGate'>) {
  const row = await readRegistration(scope.db, scope.companyId);
  const company = await companyOf(scope.db, scope.companyId);
  const links = await micrositeLinks(scope.db, scope.companyId, services.publicUrl);
  const draft = row ? { brand: brandDraftSchema.parse(row.brand), campaign: campaignDraftSchema.parse(row.campaign) } : await prefilledDraft(scope.db, scope, links);
  const checklist = registrationChecklist({ ...draft, company: { name: company.name, legalName: company.legalName }, microsite: links, websiteCheck: row?.websiteCheck ?? null });
  const events = await scope.db
    .select({ kind: textingRegistrationEvents.kind, reason: textingRegistrationEvents.reason, at: textingRegistrationEvents.createdAt, firstName: users.firstName })
    .from(textingRegistrationEvents)
    .leftJoin(users, eq(users.id, textingRegistrationEvents.actorUserId))
    .where(eq(textingRegistrationEvents.companyId, scope.companyId))
    .orderBy(asc(textingRegistrationEvents.createdAt), asc(textingRegistrationEvents.seq));
  const status = row?.status ?? 'draft';
  return {
    saved: row !== null,
    status,
    statusWords: REGISTRATION_STATUS_WORDS[status],
    editable: status === 'draft' || status === 'rejected',
    brand: draft.brand,
    campaign: draft.campaign,
    checklist,
    ready: checklist.every((item) => item.ready),
    rejectionReason: status === 'rejected' ? (row?.rejectionReason ?? null) : null,
    /** Who reviews a submission now: Twilio's A2P APIs, or the simulated review. */
    reviewer: services.registrar.kind,
    gate: services.a2pGate,
    company: { name: company.name, legalName: company.legalName, country: company.country },
    microsite: links,
    websiteCheck: row?.websiteCheck ?? null,
    /** The timeline, oldest first; `at` in epoch ms, shown in `timezone`. */
    timezone: company.timezone ?? 'America/New_York',
    timeline: events.map((e) => ({ kind: e.kind, words: REGISTRATION_EVENT_WORDS[e.kind], reason: e.reason, by: e.firstName ?? null, at: e.at.getTime() })),
  };
}

async function addEvent(tx: Tx, companyId: string, kind: RegistrationEventKind, at: Date, extra: { reason?: string | null; actorUserId?: string | null } = {}) {
  await tx.insert(textingRegistrationEvents).values({ companyId, kind, reason: extra.reason ?? null, actorUserId: extra.actorUserId ?? null, createdAt: at });
}

function assertEditable(row: RegistrationRow | null) {
  if (!row || row.status === 'draft' || row.status === 'rejected') return;
  if (row.status === 'approved') throw new AppError('CONFLICT', 'Your registration is approved: it can no longer be changed here.');
  throw new AppError('CONFLICT', 'Your registration is with the carriers: it can be changed again if they reject it.');
}

/** Saves the step the owner is on (the brand, the campaign or both) as the draft. */
export async function saveDraft(scope: CompanyScope, services: Pick<AppServices, 'publicUrl' | 'registrar' | 'a2pGate'>, input: { brand?: BrandDraft | undefined; campaign?: CampaignDraft | undefined }) {
  await scope.db.transaction(async (tx) => {
    const row = await tx.select().from(textingRegistrations).where(eq(textingRegistrations.companyId, scope.companyId)).for('update').limit(1);
    const current = row[0] ?? null;
    assertEditable(current);
    const base = current ? { brand: brandDraftSchema.parse(current.brand), campaign: campaignDraftSchema.parse(current.campaign) } : await prefilledDraft(tx, scope, await micrositeLinks(tx, scope.companyId, services.publicUrl));
    const brand = input.brand ? { ...input.brand, contactPhone: normalizeNanpPhone(input.brand.contactPhone) ?? input.brand.contactPhone } : base.brand;
    const campaign = input.campaign ? { ...input.campaign, sampleMessages: input.campaign.sampleMessages.map((s) => s.trim()) } : base.campaign;
    if (current) {
      await tx.update(textingRegistrations).set({ brand, campaign, updatedAt: scope.now }).where(eq(textingRegistrations.companyId, scope.companyId));
    } else {
      await tx.insert(textingRegistrations).values({ companyId: scope.companyId, brand, campaign, createdAt: scope.now, updatedAt: scope.now });
      await addEvent(tx, scope.companyId, 'draft_started', scope.now, { actorUserId: scope.userId });
    }
  });
  return getRegistration(scope, services);
}

/** Checks that the brand's website answers (through the SSRF guard) and keeps the answer for the checklist. */
export async function checkWebsite(scope: CompanyScope, services: Pick<AppServices, 'publicUrl' | 'registrar' | 'a2pGate'>, probe: WebsiteProbe) {
  const row = await readRegistration(scope.db, scope.companyId);
  if (!row) throw new AppError('PRECONDITION_FAILED', 'Save the brand step first: its website is what gets checked.');
  await runWebsiteCheck(scope, services, probe, row);
  return getRegistration(scope, services);
}

async function runWebsiteCheck(scope: CompanyScope, services: Pick<AppServices, 'publicUrl'>, probe: WebsiteProbe, row: RegistrationRow): Promise<WebsiteCheck | null> {
  const url = brandDraftSchema.parse(row.brand).website;
  if (!url) return null;
  const links = await micrositeLinks(scope.db, scope.companyId, services.publicUrl);
  let ownAddress = false;
  try {
    const parsed = new URL(url);
    ownAddress = links !== null && parsed.origin === new URL(links.home).origin && parsed.href.startsWith(links.home);
  } catch {
    return null;
  }
  const answer = await probe(url, { ownAddress });
  const check: WebsiteCheck = { url, ok: answer.ok, detail: answer.detail, checkedAt: scope.now.getTime() };
  await scope.db.update(textingRegistrations).set({ websiteCheck: check }).where(eq(textingRegistrations.companyId, scope.companyId));
  return check;
}

/**
 * Submits the registration (or resubmits it after a rejection): the website is checked again, every checklist item
 * must be ready, and the submission itself is a durable job (Twilio's calls, or the simulated review).
 */
export async function submitRegistration(scope: CompanyScope, services: Pick<AppServices, 'publicUrl' | 'registrar' | 'a2pGate' | 'queue'>, probe: WebsiteProbe) {
  const row = await readRegistration(scope.db, scope.companyId);
  if (!row) throw new AppError('PRECONDITION_FAILED', 'Fill in the brand and campaign steps before submitting.');
  assertEditable(row);
  await runWebsiteCheck(scope, services, probe, row);
  const current = await getRegistration(scope, services);
  const missing = current.checklist.filter((item) => !item.ready);
  if (missing.length > 0) {
    throw new AppError('PRECONDITION_FAILED', `Not submitted: ${missing.length === 1 ? 'one item is' : `${missing.length} items are`} missing — ${missing.map((item) => `${item.label}: ${item.words.replace(/^Missing: /, '')}`).join('; ')}.`);
  }
  await scope.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(textingRegistrations).where(eq(textingRegistrations.companyId, scope.companyId)).for('update').limit(1);
    if (!locked) throw new AppError('NOT_FOUND', 'Registration not found');
    assertEditable(locked);
    const resubmission = locked.status === 'rejected';
    const round = Number(locked.providerRefs.round ?? 0) + 1;
    // A switch of reviewer (Twilio configured since) starts its ids afresh.
    const refs = locked.reviewer === services.registrar.kind ? { ...locked.providerRefs, round } : { round };
    await tx
      .update(textingRegistrations)
      .set({ status: 'submitted', reviewer: services.registrar.kind, providerRefs: refs, rejectionReason: null, submittedAt: scope.now, decidedAt: null, updatedAt: scope.now })
      .where(eq(textingRegistrations.companyId, scope.companyId));
    await addEvent(tx, scope.companyId, resubmission ? 'resubmitted' : 'submitted', scope.now, { actorUserId: scope.userId });
    await services.queue.enqueue(tx, SUBMIT_QUEUE, { companyId: scope.companyId, round }, { companyId: scope.companyId, singletonKey: `registration-submit:${scope.companyId}:${round}`, maxAttempts: 6 });
  });
  return getRegistration(scope, services);
}
