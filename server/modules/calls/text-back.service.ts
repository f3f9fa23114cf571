import { and, eq, gt, ne } from 'drizzle-orm';
import { firstSentence, isAnonymousCaller, isWithinBusinessHours, type TextBackSkipReason } from '@contracts/call';
import { zonesForPhone } from '@contracts/send-window';
import type { Tx } from '@server/platform/db/database';
import { calls, companies, consentEvents, contacts, conversations, messages, nonTextableNumbers, phoneNumbers, protectedNumbers } from '@server/platform/db/schema';
import { lockKey } from '@server/platform/db/rate-limit';
import { type EventBatch, type RecordedEvent, transactionWithEvents } from '@server/platform/events/domain-events';
import type { JobRecord } from '@server/platform/jobs/job-queue';
import { HOUR, SECOND } from '@server/platform/lib/clock';
import type { AppServices } from '@server/platform/services';
import { renderMergeTags } from '@server/modules/messaging/merge-tags';
import { queueOutbound } from '@server/modules/messaging/outbound.service';
import { type MissedCallSettings, missedCallSettingsOf } from './missed-call-settings.service';

/** The greeting is read before the beep: a voicemail may run this much longer than its maximum length. */
export const GREETING_ALLOWANCE_MS = 20 * SECOND;
/** After a voicemail, how long the text-back waits for its transcript (to quote it) before going without. */
export const TRANSCRIPT_WAIT_MS = 30 * SECOND;
/** Carrier errors that mean "this number cannot receive texts" (a landline): the number is not texted back again. */
export const LANDLINE_ERROR_CODES = new Set(['30006', '21614']);

type CallRow = typeof calls.$inferSelect;

/**
 * The text of a text-back: the business-hours or after-hours template (the company's hours in its time zone),
 * merge tags filled, and — when the caller left a voicemail with a transcript and tailoring is on — a line quoting
 * its first sentence, so the caller knows their message was heard.
 */
export function textBackBody(input: {
  template: string;
  company: { name: string };
  contact: { firstName: string | null; lastName: string | null } | null;
  businessPhone: string;
  transcript: string | null;
  tailor: boolean;
}): string {
  const body = renderMergeTags(input.template, {
    contact: input.contact ?? { firstName: null, lastName: null },
    businessName: input.company.name,
    businessPhone: input.businessPhone,
    senderFirstName: input.company.name,
  });
  const sentence = input.tailor ? firstSentence(input.transcript) : null;
  return sentence ? `${body} We got your voicemail: “${sentence}”.` : body;
}

async function skip(tx: Tx, events: EventBatch, call: CallRow, reason: TextBackSkipReason, now: Date, repeatWindowHours: number | null = null) {
  await tx
    .update(calls)
    .set({ textBackOutcome: 'skipped', textBackReason: reason, textBackRepeatWindowHours: repeatWindowHours, updatedAt: now })
    .where(eq(calls.id, call.id));
  events.add(call.companyId, { type: 'call.text_back', data: { callId: call.id, outcome: 'skipped', reason, messageId: null } });
}

/**
 * How long the text-back must still wait, or null: until its delay is over; while the caller is still leaving a
 * voicemail — at most the greeting plus the voicemail's maximum length; and, with tailoring on, for the transcript
 * (at most TRANSCRIPT_WAIT_MS after the voicemail).
 */
function waitUntil(call: CallRow, settings: MissedCallSettings, now: Date): Date | null {
  if (call.textBackDueAt && call.textBackDueAt > now) return call.textBackDueAt;
  if (call.status === 'voicemail' && !call.voicemailEndedAt && call.voicemailStartedAt) {
    const deadline = new Date(call.voicemailStartedAt.getTime() + GREETING_ALLOWANCE_MS + settings.voicemailMaxSeconds * SECOND);
    if (now < deadline) return deadline;
  }
  if (call.transcriptStatus === 'pending' && settings.tailorToVoicemail) {
    const heardAt = call.voicemailEndedAt ?? call.endedAt ?? now;
    const deadline = new Date(heardAt.getTime() + TRANSCRIPT_WAIT_MS);
    if (now < deadline) return deadline;
  }
  return null;
}

/**
 * The `calls.text_back` job, due when the call was missed plus the delay. It waits (reschedules itself, see
 * `waitUntil`) and then either one text goes through the outbound pipeline (with the implied consent of the call
 * recorded in the ledger), or the call records why not. Under a lock on (company, caller), so two calls from one
 * person cannot both text them. A wait is written in the same transaction as the read of the call (locked), so the
 * event that ends it (the voicemail's end, the transcript), which locks the call too and moves the job earlier, is
 * either seen by that read or finds the job already waiting — never overwritten by a wait decided before it.
 */
export async function sendTextBack(deps: AppServices, job: Pick<JobRecord<{ callId: string }>, 'id' | 'payload'>): Promise<void> {
  const { callId } = job.payload;
  const waiting = await transactionWithEvents(deps, async (tx, events) => {
    const now = deps.clock.now();
    const [peek] = await tx.select().from(calls).where(eq(calls.id, callId)).limit(1);
    if (!peek || peek.textBackOutcome !== 'pending') return null;
    await lockKey(tx, `text-back:${peek.companyId}:${peek.fromNumber}`);
    const [call] = await tx.select().from(calls).where(eq(calls.id, callId)).for('update').limit(1);
    if (!call || call.textBackOutcome !== 'pending') return null;
    const settings = await missedCallSettingsOf(tx, call.companyId);
    const until = waitUntil(call, settings, now);
    if (until) return deps.queue.rescheduleWithin(tx, job, until);
    await textBackNow(tx, deps, events, call, settings, now);
    return null;
  });
  if (waiting) throw waiting;
}

/** The text-back is due: a skip rule and its reason, or the one text. */
async function textBackNow(tx: Tx, deps: AppServices, events: EventBatch, call: CallRow, settings: MissedCallSettings, now: Date): Promise<void> {
  if (!settings.enabled) return skip(tx, events, call, 'disabled', now);
  if (isAnonymousCaller(call.fromNumber)) return skip(tx, events, call, 'anonymous', now);
  const [company] = await tx.select().from(companies).where(eq(companies.id, call.companyId)).limit(1);
  if (!company) return;
  const [ownNumber] = await tx
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.companyId, call.companyId), eq(phoneNumbers.e164, call.fromNumber)))
    .limit(1);
  if (ownNumber || [settings.forwardTo, company.alertPhone, company.signupPhone].includes(call.fromNumber)) return skip(tx, events, call, 'own_number', now);
  const [protectedRow] = await tx
    .select({ id: protectedNumbers.id })
    .from(protectedNumbers)
    .where(and(eq(protectedNumbers.companyId, call.companyId), eq(protectedNumbers.e164, call.fromNumber)))
    .limit(1);
  if (protectedRow) return skip(tx, events, call, 'protected', now);

  const [contact] = call.contactId ? await tx.select().from(contacts).where(eq(contacts.id, call.contactId)).limit(1) : [];
  if (contact?.blockedAt) return skip(tx, events, call, 'blocked', now);
  if (contact?.optedOutAt) return skip(tx, events, call, 'opted_out', now);
  const [landline] = await tx
    .select({ e164: nonTextableNumbers.e164 })
    .from(nonTextableNumbers)
    .where(and(eq(nonTextableNumbers.companyId, call.companyId), eq(nonTextableNumbers.e164, call.fromNumber)))
    .limit(1);
  if (landline) return skip(tx, events, call, 'landline', now);
  const since = new Date((call.missedAt ?? call.startedAt).getTime() - settings.repeatCallerWindowHours * HOUR);
  const [earlier] = await tx
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.companyId, call.companyId), eq(calls.fromNumber, call.fromNumber), ne(calls.id, call.id), eq(calls.textBackOutcome, 'texted'), gt(calls.missedAt, since)))
    .limit(1);
  // The window that applied is kept with the call: History says "in the last N hours" even after the setting changes.
  if (earlier) return skip(tx, events, call, 'repeat_caller', now, settings.repeatCallerWindowHours);

  const [conversation] = call.conversationId ? await tx.select().from(conversations).where(eq(conversations.id, call.conversationId)).limit(1) : [];
  const [number] = conversation ? await tx.select().from(phoneNumbers).where(eq(phoneNumbers.id, conversation.phoneNumberId)).limit(1) : [];
  if (!contact || !conversation || !number || number.status !== 'active') return skip(tx, events, call, 'no_number', now);

  const zone = company.timezone ?? zonesForPhone(number.e164)[0] ?? 'America/New_York';
  const open = isWithinBusinessHours((call.missedAt ?? now).getTime(), company.hours, zone);
  const body = textBackBody({
    template: open ? settings.businessHoursTemplate : settings.afterHoursTemplate,
    company,
    contact,
    businessPhone: number.e164,
    transcript: call.transcriptStatus === 'completed' ? call.transcript : null,
    tailor: settings.tailorToVoicemail,
  });
  // Calling the business is consent to one text back about that call (and nothing more), as texting it first is.
  await tx.insert(consentEvents).values({
    companyId: call.companyId,
    contactId: contact.id,
    kind: 'implied',
    method: 'missed_call',
    text: `Called ${number.e164} and nobody answered; one text back about the call.`,
    createdAt: now,
  });
  const message = await queueOutbound(tx, deps, events, {
    companyId: call.companyId,
    conversationId: conversation.id,
    body,
    author: 'system',
    automated: true,
    // A reply to the caller's own call: it may go at any hour (the template says who is texting).
    isReply: true,
    dedupeKey: `missed-call:${call.id}`,
    thread: { conversation, contact, number },
  });
  if (message.status === 'blocked') {
    const reason: TextBackSkipReason = message.errorCode === 'opted_out' ? 'opted_out' : message.errorCode === 'blocked' ? 'blocked' : 'protected';
    await tx.update(calls).set({ textBackOutcome: 'skipped', textBackReason: reason, textBackMessageId: message.id, updatedAt: now }).where(eq(calls.id, call.id));
    events.add(call.companyId, { type: 'call.text_back', data: { callId: call.id, outcome: 'skipped', reason, messageId: message.id } });
    return;
  }
  await tx.update(calls).set({ textBackOutcome: 'texted', textBackReason: null, textBackMessageId: message.id, updatedAt: now }).where(eq(calls.id, call.id));
  events.add(call.companyId, { type: 'call.text_back', data: { callId: call.id, outcome: 'texted', reason: null, messageId: message.id } });
}

/**
 * Consumer of `message.failed` and blocked sends: when a text-back does not reach the caller, its call says so; a
 * landline error marks the number so later missed calls from it are not texted (decision 0022).
 */
export function textBackFailureConsumer(deps: AppServices) {
  return async (recorded: RecordedEvent): Promise<void> => {
    const { event } = recorded;
    const messageId = event.type === 'message.failed' ? event.data.messageId : event.type === 'message.status_changed' && event.data.status === 'blocked' ? event.data.messageId : null;
    if (!messageId) return;
    await transactionWithEvents(deps, async (tx, events) => {
      const now = deps.clock.now();
      const [message] = await tx.select().from(messages).where(eq(messages.id, messageId)).limit(1);
      if (!message) return;
      const landline = message.status === 'failed' && message.errorCode !== null && LANDLINE_ERROR_CODES.has(message.errorCode);
      if (landline) {
        await tx
          .insert(nonTextableNumbers)
          .values({ companyId: message.companyId, e164: message.toNumber, errorCode: message.errorCode, messageId: message.id, createdAt: now })
          .onConflictDoNothing();
      }
      const [call] = await tx.select().from(calls).where(and(eq(calls.textBackMessageId, message.id), eq(calls.textBackOutcome, 'texted'))).limit(1);
      if (!call) return;
      const blocked = message.status === 'blocked';
      const reason: TextBackSkipReason = blocked
        ? message.errorCode === 'opted_out'
          ? 'opted_out'
          : message.errorCode === 'blocked'
            ? 'blocked'
            : message.errorCode === 'protected_number'
              ? 'protected'
              : 'another_text'
        : landline
          ? 'landline'
          : 'undeliverable';
      const outcome = blocked ? 'skipped' : 'failed';
      await tx.update(calls).set({ textBackOutcome: outcome, textBackReason: reason, updatedAt: now }).where(eq(calls.id, call.id));
      events.add(call.companyId, { type: 'call.text_back', data: { callId: call.id, outcome, reason, messageId: message.id } });
    });
  };
}
