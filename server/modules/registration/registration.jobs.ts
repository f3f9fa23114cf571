import { and, eq } from 'drizzle-orm';
import { caslExpiry } from '@contracts/consent';
import { A2P_HELD_CODE } from '@contracts/registration';
import { brandDraftSchema, campaignDraftSchema } from '@contracts/registration.schema';
import { nextSendTime, recipientZones } from '@contracts/send-window';
import { RegistrationRefused, type RegistrarRefs, type RegistrationSubmission } from '@server/adapters/telephony/registrar.port';
import { companies, consentEvents, contacts, leads, messages, phoneNumbers, textingRegistrationEvents, textingRegistrations } from '@server/platform/db/schema';
import type { RecordedEvent } from '@server/platform/events/domain-events';
import { type JobQueue, PermanentJobError, RescheduleJob } from '@server/platform/jobs/job-queue';
import type { AppServices } from '@server/platform/services';
import { DELIVER_QUEUE, SEND_LOCK_MS } from '@server/modules/messaging/outbound.service';
import { SECOND } from '@server/platform/lib/clock';
import { readRegistration, RELEASE_QUEUE, REVIEW_QUEUE, SUBMIT_QUEUE } from './registration.service';

/** Held texts released per run: a company with more queues the next run at once. */
const RELEASE_BATCH = 200;

async function submissionOf(services: AppServices, companyId: string): Promise<RegistrationSubmission | null> {
  const row = await readRegistration(services.db, companyId);
  if (!row) return null;
  const [company] = await services.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  const [number] = await services.db
    .select({ sid: phoneNumbers.providerSid, provider: phoneNumbers.provider })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.companyId, companyId), eq(phoneNumbers.status, 'active')))
    .limit(1);
  return {
    companyId,
    businessName: company?.name ?? '',
    brand: brandDraftSchema.parse(row.brand),
    campaign: campaignDraftSchema.parse(row.campaign),
    numberSid: number?.provider === 'twilio' ? number.sid : null,
    refs: row.providerRefs,
    round: Number(row.providerRefs.round ?? 1),
    saveRefs: async (refs: RegistrarRefs) => {
      await services.db.update(textingRegistrations).set({ providerRefs: refs }).where(eq(textingRegistrations.companyId, companyId));
    },
  };
}

/** Records a verdict (or the review starting) once: only from the state it follows. */
async function decide(services: AppServices, companyId: string, from: Array<'submitted' | 'in_review'>, to: 'in_review' | 'approved' | 'rejected', reason: string | null, kind?: 'submission_failed') {
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const [row] = await tx.select().from(textingRegistrations).where(eq(textingRegistrations.companyId, companyId)).for('update').limit(1);
    if (!row || !(from as string[]).includes(row.status)) return;
    await tx
      .update(textingRegistrations)
      .set({ status: to, rejectionReason: to === 'rejected' ? reason : null, ...(to === 'in_review' ? {} : { decidedAt: now }), updatedAt: now })
      .where(eq(textingRegistrations.companyId, companyId));
    await tx.insert(textingRegistrationEvents).values({ companyId, kind: kind ?? to, reason, createdAt: now });
    // Approval releases the automated texts that waited for it (A2P_GATE=hold).
    if (to === 'approved') await services.queue.enqueue(tx, RELEASE_QUEUE, { companyId }, { companyId, singletonKey: `registration-release:${companyId}` });
  });
}

/** `registration.submit`: hands the registration to the reviewer, then checks on it every `pollMs`. */
export async function runSubmit(services: AppServices, companyId: string, options: { lastAttempt: boolean }): Promise<void> {
  const row = await readRegistration(services.db, companyId);
  if (!row || row.status !== 'submitted') return;
  const submission = await submissionOf(services, companyId);
  if (!submission) return;
  try {
    const refs = await services.registrar.submit(submission);
    await submission.saveRefs(refs);
  } catch (error) {
    if (error instanceof RegistrationRefused) return decide(services, companyId, ['submitted'], 'rejected', error.message);
    if (options.lastAttempt) {
      return decide(services, companyId, ['submitted'], 'rejected', `LeadLoop could not reach Twilio to submit it (${(error as Error).message}). Nothing was wrong with your answers: submit again.`, 'submission_failed');
    }
    throw error;
  }
  const runAt = new Date(services.clock.now().getTime() + services.registrar.pollMs);
  await services.queue.enqueue(services.db, REVIEW_QUEUE, { companyId, round: submission.round }, { companyId, runAt, singletonKey: `registration-review:${companyId}:${submission.round}` });
}

/** `registration.review`: asks the reviewer where the registration is; records each step; comes back until a verdict. */
export async function runReview(services: AppServices, companyId: string): Promise<void> {
  const row = await readRegistration(services.db, companyId);
  if (!row || (row.status !== 'submitted' && row.status !== 'in_review')) return;
  const submission = await submissionOf(services, companyId);
  if (!submission) return;
  const verdict = await services.registrar.check(submission);
  await submission.saveRefs(verdict.refs);
  if (verdict.state === 'in_review') {
    await decide(services, companyId, ['submitted'], 'in_review', null);
    throw new RescheduleJob(new Date(services.clock.now().getTime() + services.registrar.pollMs));
  }
  await decide(services, companyId, ['submitted', 'in_review'], verdict.state, verdict.state === 'rejected' ? verdict.reason : null);
}

/** `registration.release`: the texts that waited for approval go, each at its recipient's next send window. */
export async function releaseHeldTexts(services: AppServices, companyId: string): Promise<number> {
  const row = await readRegistration(services.db, companyId);
  if (row?.status !== 'approved') return 0;
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const waiting = await tx
      .select({ message: messages, contact: contacts })
      .from(messages)
      .innerJoin(contacts, eq(contacts.id, messages.contactId))
      .where(and(eq(messages.companyId, companyId), eq(messages.status, 'scheduled'), eq(messages.errorCode, A2P_HELD_CODE)))
      .orderBy(messages.seq)
      .limit(RELEASE_BATCH)
      .for('update', { of: messages });
    const [company] = await tx.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId)).limit(1);
    // One person's waiting texts go one at a time, a send-lock apart, in the order they were written: released
    // together, the send-lock would drop all but the first.
    const perContact = new Map<string, number>();
    for (const { message, contact } of waiting) {
      const zones = recipientZones({ contactTimezone: contact.timezone, contactRegion: contact.region, phone: message.toNumber, companyTimezone: company?.timezone });
      const earlier = perContact.get(contact.id) ?? 0;
      perContact.set(contact.id, earlier + 1);
      const runAt = new Date(nextSendTime(Math.max(now.getTime(), now.getTime() + earlier * (SEND_LOCK_MS + SECOND)), zones));
      // Still "scheduled" with its time: the delivery meets the gates again (consent, opt-out) when it runs.
      await tx.update(messages).set({ scheduledFor: runAt, errorCode: null, errorMessage: null }).where(eq(messages.id, message.id));
      await services.queue.enqueue(tx, DELIVER_QUEUE, { messageId: message.id }, { runAt, companyId, maxAttempts: 8 });
    }
    if (waiting.length === RELEASE_BATCH) await services.queue.enqueue(tx, RELEASE_QUEUE, { companyId, after: waiting.length }, { companyId });
    return waiting.length;
  });
}

/**
 * CASL: a job marked won is a purchase — implied consent for 2 years (decision 0046). Recorded on the ledger of
 * Canadian companies' clients, once per won event (delivery is at least once).
 */
export function purchaseConsentConsumer(services: AppServices) {
  return async (recorded: RecordedEvent): Promise<void> => {
    const { event } = recorded;
    if (event.type !== 'lead.status_changed' || event.data.to !== 'won') return;
    await services.db.transaction(async (tx) => {
      const [company] = await tx.select({ country: companies.country }).from(companies).where(eq(companies.id, recorded.companyId)).limit(1);
      if (company?.country !== 'CA') return;
      const [lead] = await tx.select({ contactId: leads.contactId }).from(leads).where(and(eq(leads.id, event.data.leadId), eq(leads.companyId, recorded.companyId))).limit(1);
      if (!lead) return;
      const [already] = await tx
        .select({ id: consentEvents.id })
        .from(consentEvents)
        .where(and(eq(consentEvents.contactId, lead.contactId), eq(consentEvents.method, 'purchase'), eq(consentEvents.createdAt, recorded.occurredAt)))
        .limit(1);
      if (already) return;
      await tx.insert(consentEvents).values({
        companyId: recorded.companyId,
        contactId: lead.contactId,
        kind: 'implied',
        method: 'purchase',
        caslBasis: 'implied_purchase',
        expiresAt: new Date(caslExpiry('implied_purchase', recorded.occurredAt.getTime())!),
        text: 'Job marked won: implied consent under CASL for 2 years after the purchase.',
        createdAt: recorded.occurredAt,
      });
    });
  };
}

export function registerRegistrationJobs(queue: JobQueue, services: AppServices): void {
  queue.register<{ companyId: string }>(
    SUBMIT_QUEUE,
    async (job) => {
      if (typeof job.payload?.companyId !== 'string') throw new PermanentJobError('registration.submit needs a companyId');
      await runSubmit(services, job.payload.companyId, { lastAttempt: job.attempts >= job.maxAttempts });
    },
    { retryDelayMs: (attempt) => Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000) },
  );
  queue.register<{ companyId: string }>(REVIEW_QUEUE, async (job) => {
    if (typeof job.payload?.companyId !== 'string') throw new PermanentJobError('registration.review needs a companyId');
    await runReview(services, job.payload.companyId);
  });
  queue.register<{ companyId: string }>(RELEASE_QUEUE, async (job) => {
    if (typeof job.payload?.companyId !== 'string') throw new PermanentJobError('registration.release needs a companyId');
    await releaseHeldTexts(services, job.payload.companyId);
  });
  services.events.subscribe('registration.casl-purchases', purchaseConsentConsumer(services));
}
