import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { isAnonymousCaller, type MissedReason } from '@contracts/call';
import { formatPhone } from '@contracts/phone';
import { storableText, truncate } from '@contracts/text';
import type { Tx } from '@server/platform/db/database';
import { calls, companies, contacts, inboundEvents, leads, phoneNumbers, protectedNumbers, users } from '@server/platform/db/schema';
import { type EventBatch, transactionWithEvents } from '@server/platform/events/domain-events';
import { SECOND } from '@server/platform/lib/clock';
import type { AppServices } from '@server/platform/services';
import { contactDisplayName } from '@contracts/person';
import { notify } from '@server/modules/notifications/notify.service';
import { takeMissedCall } from '@server/modules/intake/call.channel';
import { queueCallerFacts } from '@server/modules/intake/caller-facts';
import { recordProviderEvent } from '@server/platform/events/provider-events';
import { type MissedCallSettings, missedCallSettingsOf } from './missed-call-settings.service';

export const CALL_EVENT_QUEUE = 'calls.event';
export const TEXT_BACK_QUEUE = 'calls.text_back';
export const textBackKey = (callId: string) => `call:${callId}`;

type CallRow = typeof calls.$inferSelect;
type CompanyRow = typeof companies.$inferSelect;
type NumberRow = typeof phoneNumbers.$inferSelect;
export type CallProvider = 'simulator' | 'twilio';
export type CallEventKind = 'voice' | 'dial' | 'recorded' | 'call_status' | 'recording' | 'transcription';

/** How an arriving call is routed, decided once (when it arrives) from the company's settings. */
export type IncomingRoute = { kind: 'dial'; forwardTo: string; timeoutSeconds: number } | { kind: 'voicemail'; reason: Extract<MissedReason, 'forwarded' | 'no_forward_number'> };

export function routeIncoming(settings: MissedCallSettings): IncomingRoute {
  if (settings.routingMode === 'forwarded_missed') return { kind: 'voicemail', reason: 'forwarded' };
  if (!settings.forwardTo) return { kind: 'voicemail', reason: 'no_forward_number' };
  return { kind: 'dial', forwardTo: settings.forwardTo, timeoutSeconds: settings.ringTimeoutSeconds };
}

/** Each provider event's idempotency key: a redelivered callback has the same key and is a no-op. */
export function callEventKey(kind: CallEventKind, params: Record<string, string>): string | null {
  const call = params.CallSid;
  switch (kind) {
    case 'voice':
    case 'dial':
    case 'recorded':
      return call ? `${call}` : null;
    case 'call_status':
      return call && params.CallStatus ? `${call}:${params.CallStatus}` : null;
    case 'recording':
      return params.RecordingSid && params.RecordingStatus ? `${params.RecordingSid}:${params.RecordingStatus}` : null;
    case 'transcription':
      return (params.TranscriptionSid || params.RecordingSid) && params.TranscriptionStatus ? `${params.TranscriptionSid || params.RecordingSid}:${params.TranscriptionStatus}` : null;
  }
}

/**
 * Step one of every call event, from Twilio's webhooks and the simulator alike: store it (unique per provider,
 * kind and key) and queue its processing, in one transaction, nothing else. A redelivery stores nothing and
 * queues nothing. `runAt`: the simulator's events happen later (the ring, the voicemail).
 */
export async function recordCallEvent(
  deps: Pick<AppServices, 'db' | 'clock' | 'queue'>,
  input: { provider: CallProvider; kind: CallEventKind; eventKey: string; payload: Record<string, string>; runAt?: Date },
): Promise<{ duplicate: boolean }> {
  return recordProviderEvent(deps, input, CALL_EVENT_QUEUE);
}

/** How long a call's end waits for the Dial's result of a call still ringing (they can be processed out of order). */
export const DIAL_RESULT_WAIT_MS = 10 * SECOND;

/** A callback about a call we have not stored yet (it can beat the first webhook's job): the job retries. */
export class EventForUnknownCall extends Error {
  override name = 'EventForUnknownCall';
}

const int = (value: string | undefined): number | null => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
};
const secondsBetween = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / SECOND));

/** The `calls.event` job: one stored provider event applied to its call, exactly once, in one transaction. */
export async function processCallEvent(deps: AppServices, eventId: string, options: { lastAttempt?: boolean } = {}): Promise<void> {
  const [event] = await deps.db.select().from(inboundEvents).where(eq(inboundEvents.id, eventId)).limit(1);
  if (!event || event.processedAt) return;
  const params = event.payload;
  // The simulator says when each step of its call happens; Twilio's steps happen when they reach us.
  const at = event.provider === 'simulator' && params.LeadLoopAt ? new Date(Number(params.LeadLoopAt)) : event.createdAt;
  const provider = event.provider;
  try {
    await transactionWithEvents(deps, async (tx, events) => {
      const markProcessed = () => tx.update(inboundEvents).set({ processedAt: deps.clock.now() }).where(eq(inboundEvents.id, eventId));
      if (event.kind === 'voice') {
        await callArrived(tx, deps, events, { provider, params, at });
        await markProcessed();
        return;
      }
      const [found] = await tx
        .select()
        .from(calls)
        .where(and(eq(calls.provider, provider), eq(calls.providerCallSid, params.CallSid ?? '')))
        .for('update')
        .limit(1);
      if (!found) throw new EventForUnknownCall(`no ${provider} call ${params.CallSid ?? '(no CallSid)'} yet`);
      const ctx = await callContext(tx, found);
      switch (event.kind) {
        case 'dial':
          await dialFinished(tx, deps, events, ctx, params, at);
          break;
        case 'recorded':
        case 'recording':
          await recordingReady(tx, deps, events, ctx, params, at);
          break;
        case 'call_status':
          // A call that rang the business's phone ends after the Dial's result: give that result a moment to be applied.
          if (found.status === 'ringing' && found.forwardedTo && deps.clock.now().getTime() - event.createdAt.getTime() < DIAL_RESULT_WAIT_MS) {
            throw new EventForUnknownCall(`${provider} call ${found.providerCallSid} ended before its dial result was applied`);
          }
          await callStatus(tx, deps, events, ctx, params, at);
          break;
        case 'transcription':
          await transcriptionReady(tx, deps, events, ctx, params);
          break;
        default:
          break;
      }
      await markProcessed();
    });
  } catch (error) {
    if (!(error instanceof EventForUnknownCall) || !options.lastAttempt) throw error;
    deps.logger.warn({ eventId, callSid: params.CallSid }, 'call event for an unknown call dropped');
    await deps.db.update(inboundEvents).set({ processedAt: deps.clock.now() }).where(eq(inboundEvents.id, eventId));
  }
}

interface CallContext {
  call: CallRow;
  company: CompanyRow;
  settings: MissedCallSettings;
  number: NumberRow | null;
}

async function callContext(tx: Tx, call: CallRow): Promise<CallContext> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, call.companyId)).limit(1);
  if (!company) throw new Error('company of a call not found');
  const settings = await missedCallSettingsOf(tx, call.companyId);
  const [number] = call.phoneNumberId ? await tx.select().from(phoneNumbers).where(eq(phoneNumbers.id, call.phoneNumberId)).limit(1) : [];
  return { call, company, settings, number: number ?? null };
}

async function updateCall(tx: Tx, ctx: CallContext, changes: Partial<typeof calls.$inferInsert>, now: Date): Promise<CallRow> {
  const [row] = await tx.update(calls).set({ ...changes, updatedAt: now }).where(eq(calls.id, ctx.call.id)).returning();
  if (!row) throw new Error('call update returned nothing');
  ctx.call = row;
  return row;
}

/** The first webhook of a call: the call is stored (once per CallSid); a call routed straight to voicemail is missed now. */
async function callArrived(tx: Tx, deps: AppServices, events: EventBatch, input: { provider: CallProvider; params: Record<string, string>; at: Date }) {
  const { params, at } = input;
  const to = params.To ?? '';
  const [number] = await tx
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.e164, to), eq(phoneNumbers.status, 'active')))
    .limit(1);
  if (!number) {
    deps.logger.warn({ to }, 'call to a number no company uses');
    return;
  }
  const route: IncomingRoute =
    params.LeadLoopRoute === 'dial'
      ? { kind: 'dial', forwardTo: params.LeadLoopForwardTo ?? '', timeoutSeconds: int(params.LeadLoopRingTimeout) ?? 20 }
      : { kind: 'voicemail', reason: params.LeadLoopReason === 'no_forward_number' ? 'no_forward_number' : 'forwarded' };
  const now = deps.clock.now();
  // AI call answering (decision 0048): the assistant picked the call up, so it is answered, never missed.
  const aiAnswered = params.LeadLoopAi === 'answered';
  const [call] = await tx
    .insert(calls)
    .values({
      companyId: number.companyId,
      provider: input.provider,
      providerCallSid: params.CallSid ?? '',
      direction: 'inbound',
      fromNumber: params.From ?? '',
      toNumber: to,
      phoneNumberId: number.id,
      routingMode: route.kind === 'dial' || route.reason === 'no_forward_number' ? 'ring_then_voicemail' : 'forwarded_missed',
      status: aiAnswered ? 'answered' : 'ringing',
      startedAt: at,
      ...(aiAnswered ? { answeredAt: at, ringSeconds: 0 } : {}),
      forwardedTo: route.kind === 'dial' && !aiAnswered ? route.forwardTo : null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!call) return; // the same CallSid again
  events.add(call.companyId, { type: 'call.received', data: { callId: call.id } });
  if (aiAnswered) {
    events.add(call.companyId, { type: 'call.answered', data: { callId: call.id } });
    return;
  }
  if (route.kind === 'voicemail') {
    const ctx = await callContext(tx, call);
    await markMissed(tx, deps, events, ctx, { reason: route.reason, at, voicemail: true });
  }
}

/** The business's own numbers: its business numbers (now or before), the phone it forwards to, its alert and sign-up phones. */
async function isOwnNumber(tx: Tx, ctx: CallContext, phone: string): Promise<boolean> {
  if ([ctx.settings.forwardTo, ctx.company.alertPhone, ctx.company.signupPhone].includes(phone)) return true;
  const [own] = await tx
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.companyId, ctx.company.id), eq(phoneNumbers.e164, phone)))
    .limit(1);
  return Boolean(own);
}

async function isProtected(tx: Tx, companyId: string, phone: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: protectedNumbers.id })
    .from(protectedNumbers)
    .where(and(eq(protectedNumbers.companyId, companyId), eq(protectedNumbers.e164, phone)))
    .limit(1);
  return Boolean(row);
}

/** Who the caller is, in words for notifications. */
async function callerName(tx: Tx, call: CallRow): Promise<string> {
  if (isAnonymousCaller(call.fromNumber)) return 'A caller with a hidden number';
  if (call.contactId) {
    const [contact] = await tx.select().from(contacts).where(eq(contacts.id, call.contactId)).limit(1);
    if (contact) return contactDisplayName(contact);
  }
  return formatPhone(call.fromNumber);
}

const callLink = (call: CallRow) => (call.conversationId ? `/conversations?c=${call.conversationId}` : `/missed-calls/history?call=${call.id}`);

/**
 * Nobody took the call. In the same transaction: the caller becomes an inquiry through the one intake path (unless
 * the number is hidden, the business's own or protected), `call.missed` is recorded, the team is told (a job), and
 * the text-back is queued for the end of its delay.
 */
async function markMissed(tx: Tx, deps: AppServices, events: EventBatch, ctx: CallContext, input: { reason: MissedReason; at: Date; voicemail: boolean }) {
  const { call, settings, company } = ctx;
  // Answered (by a person, or by the AI call assistant) is never missed, even after the call has ended.
  if (call.missed || call.status === 'answered' || call.answeredAt) return;
  const now = deps.clock.now();
  const dueAt = new Date(input.at.getTime() + settings.textBackDelaySeconds * SECOND);
  await updateCall(
    tx,
    ctx,
    {
      missed: true,
      missedReason: input.reason,
      missedAt: input.at,
      status: input.voicemail ? 'voicemail' : 'ended',
      ...(input.voicemail ? { voicemailStartedAt: input.at } : { endedAt: call.endedAt ?? input.at }),
      ringSeconds: call.routingMode === 'ring_then_voicemail' && call.forwardedTo ? secondsBetween(call.startedAt, input.at) : 0,
      textBackOutcome: 'pending',
      textBackDueAt: dueAt,
    },
    now,
  );

  const from = call.fromNumber;
  let newLead = false;
  if (ctx.number && !isAnonymousCaller(from) && !(await isOwnNumber(tx, ctx, from)) && !(await isProtected(tx, company.id, from))) {
    const intake = await takeMissedCall(tx, deps, events, { company, businessNumber: ctx.number, from });
    newLead = intake.newLead;
    await updateCall(tx, ctx, { contactId: intake.contact.id, conversationId: intake.conversation?.id ?? null, leadId: intake.lead.id }, now);
  }
  events.add(company.id, { type: 'call.missed', data: { callId: call.id, reason: input.reason, contactId: ctx.call.contactId, leadId: ctx.call.leadId } });
  const name = await callerName(tx, ctx.call);
  await notify(tx, deps, {
    company,
    event: 'missed_call',
    title: `Missed call: ${name}${newLead ? ' (new lead)' : ''}`,
    body: settings.enabled ? `Nobody answered. LeadLoop texts them back in ${settings.textBackDelaySeconds} seconds unless a skip rule applies.` : 'Nobody answered. Missed-call text-back is off, so they were not texted.',
    link: callLink(ctx.call),
  });
  await deps.queue.enqueue(tx, TEXT_BACK_QUEUE, { callId: call.id }, { runAt: dueAt, companyId: company.id, singletonKey: textBackKey(call.id), maxAttempts: 8 });
}

/** A wait of the text-back ended early (the voicemail finished, the transcript came): it may go now, never before its delay. */
async function wakeTextBack(tx: Tx, deps: AppServices, call: CallRow) {
  if (call.textBackOutcome !== 'pending' || !call.textBackDueAt) return;
  const now = deps.clock.now();
  await deps.queue.advance(tx, TEXT_BACK_QUEUE, textBackKey(call.id), call.textBackDueAt > now ? call.textBackDueAt : now);
}

/** Who answered a test-phone call in the app (the simulator's Dial result names them): a member of the call's company, or null. */
async function answeredInApp(tx: Tx, ctx: CallContext, params: Record<string, string>): Promise<string | null> {
  const userId = z.uuid().safeParse(params.LeadLoopAnsweredBy);
  if (ctx.call.provider !== 'simulator' || !userId.success) return null;
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId.data), eq(users.companyId, ctx.company.id)))
    .limit(1);
  return user?.id ?? null;
}

const DIAL_MISSED: Record<string, MissedReason> = { 'no-answer': 'no_answer', busy: 'busy', failed: 'failed', canceled: 'caller_hung_up' };

/** The business's phone was rung (mode a): answered, or missed and on to voicemail (or the caller gave up). */
async function dialFinished(tx: Tx, deps: AppServices, events: EventBatch, ctx: CallContext, params: Record<string, string>, at: Date) {
  const status = (params.DialCallStatus ?? '').toLowerCase();
  const now = deps.clock.now();
  if (params.LeadLoopAi === 'answered') {
    // AI call answering (decision 0048): nobody took the ring, the assistant did. Answered, so no text-back.
    if (ctx.call.missed || ctx.call.status === 'answered') return;
    await updateCall(tx, ctx, { status: 'answered', answeredAt: at, ringSeconds: secondsBetween(ctx.call.startedAt, at), textBackOutcome: 'not_needed' }, now);
    events.add(ctx.company.id, { type: 'call.answered', data: { callId: ctx.call.id } });
    return;
  }
  if (status === 'completed' || status === 'answered') {
    if (ctx.call.missed || ctx.call.status === 'answered') return;
    // "answered" (the simulator's team picking up in the app) has no duration yet: the call's end brings it.
    const talk = int(params.DialCallDuration) ?? (status === 'answered' ? null : 0);
    const answeredAt = new Date(Math.max(ctx.call.startedAt.getTime(), at.getTime() - (talk ?? 0) * SECOND));
    const answeredByUserId = await answeredInApp(tx, ctx, params);
    await updateCall(tx, ctx, { status: 'answered', answeredAt, answeredByUserId, ringSeconds: secondsBetween(ctx.call.startedAt, answeredAt), talkSeconds: talk, textBackOutcome: 'not_needed' }, now);
    events.add(ctx.company.id, { type: 'call.answered', data: { callId: ctx.call.id } });
    return;
  }
  const reason = DIAL_MISSED[status];
  if (!reason) return;
  await markMissed(tx, deps, events, ctx, { reason, at, voicemail: reason !== 'caller_hung_up' });
}

/** The voicemail's recording (the Record action or the recording callback, whichever comes first). */
async function recordingReady(tx: Tx, deps: AppServices, events: EventBatch, ctx: CallContext, params: Record<string, string>, at: Date) {
  const now = deps.clock.now();
  const status = (params.RecordingStatus ?? 'completed').toLowerCase();
  const seconds = int(params.RecordingDuration);
  const changes: Partial<typeof calls.$inferInsert> = {};
  if (ctx.call.status === 'voicemail' && !ctx.call.voicemailEndedAt) changes.voicemailEndedAt = at;
  const hasRecording = status === 'completed' && seconds !== null && seconds > 0;
  const firstTime = hasRecording && ctx.call.recordingSeconds === null;
  if (hasRecording) {
    changes.recordingSid = params.RecordingSid || ctx.call.recordingSid;
    changes.recordingUrl = params.RecordingUrl ? storableText(params.RecordingUrl) : ctx.call.recordingUrl;
    changes.recordingSeconds = seconds;
    // Audio recorded on the test phone with no words typed: the offline simulator has no speech-to-text.
    const noSpeechToText = ctx.call.provider === 'simulator' && params.LeadLoopTranscript === 'unavailable';
    if (firstTime) changes.transcriptStatus = !ctx.settings.transcribeVoicemail ? 'none' : noSpeechToText ? 'unavailable' : 'pending';
  }
  if (Object.keys(changes).length === 0) return;
  const call = await updateCall(tx, ctx, changes, now);
  if (firstTime) {
    events.add(ctx.company.id, { type: 'call.voicemail', data: { callId: call.id, durationSeconds: seconds } });
    if (call.transcriptStatus !== 'pending') {
      const why = call.transcriptStatus === 'unavailable' ? 'recorded on the test phone, which cannot write out speech' : 'transcription is off';
      await notify(tx, deps, { company: ctx.company, event: 'voicemail', title: `Voicemail from ${await callerName(tx, call)}`, body: `A ${seconds}-second voicemail (${why}).`, link: callLink(call) });
    }
  }
  await wakeTextBack(tx, deps, call);
}

const FINAL_CALL_STATUSES = new Set(['completed', 'busy', 'no-answer', 'failed', 'canceled']);

/** The call is over. A call that was still ringing is missed (the caller hung up, or the line was busy or failed). */
async function callStatus(tx: Tx, deps: AppServices, events: EventBatch, ctx: CallContext, params: Record<string, string>, at: Date) {
  const status = (params.CallStatus ?? '').toLowerCase();
  if (!FINAL_CALL_STATUSES.has(status) || (ctx.call.endedAt && ctx.call.status === 'ended')) return;
  const now = deps.clock.now();
  if (ctx.call.status === 'ringing') {
    const reason: MissedReason = status === 'busy' ? 'busy' : status === 'failed' ? 'failed' : status === 'no-answer' ? 'no_answer' : 'caller_hung_up';
    await markMissed(tx, deps, events, ctx, { reason, at, voicemail: false });
  }
  const call = ctx.call;
  const total = int(params.CallDuration);
  await updateCall(
    tx,
    ctx,
    {
      status: 'ended',
      endedAt: call.endedAt ?? at,
      ...(call.status === 'voicemail' && !call.voicemailEndedAt ? { voicemailEndedAt: at } : {}),
      ...(call.status === 'answered' && call.talkSeconds === null && total !== null ? { talkSeconds: Math.max(0, total - (call.ringSeconds ?? 0)) } : {}),
    },
    now,
  );
  events.add(ctx.company.id, { type: 'call.ended', data: { callId: call.id } });
  await wakeTextBack(tx, deps, ctx.call);
}

/**
 * The voicemail's transcript (or its failure): stored, told to the team, a lead without a summary gets its first
 * words, and the caller's name, address and need are read from it (intake's caller-facts job).
 */
async function transcriptionReady(tx: Tx, deps: AppServices, events: EventBatch, ctx: CallContext, params: Record<string, string>) {
  if (ctx.call.transcriptStatus === 'completed' || ctx.call.transcriptStatus === 'failed') return;
  const now = deps.clock.now();
  const text = storableText(params.TranscriptionText ?? '').trim();
  const completed = (params.TranscriptionStatus ?? '').toLowerCase() === 'completed' && text.length > 0;
  const call = await updateCall(tx, ctx, { transcriptStatus: completed ? 'completed' : 'failed', transcript: completed ? text : null }, now);
  events.add(ctx.company.id, { type: 'call.transcribed', data: { callId: call.id, status: completed ? 'completed' : 'failed' } });
  if (completed && call.leadId) {
    const [filled] = await tx
      .update(leads)
      .set({ summary: truncate(text, 280, { ellipsis: false }), updatedAt: now })
      .where(and(eq(leads.id, call.leadId), isNull(leads.summary)))
      .returning({ id: leads.id });
    if (filled) events.add(ctx.company.id, { type: 'lead.updated', data: { leadId: filled.id, fields: ['summary'] } });
    // What they said about themselves and the job (their name, the address, the need) fills what the lead lacks.
    await queueCallerFacts(tx, deps.queue, ctx.company.id, { source: 'voicemail', callId: call.id });
  }
  const seconds = call.recordingSeconds ?? 0;
  await notify(tx, deps, {
    company: ctx.company,
    event: 'voicemail',
    title: `Voicemail from ${await callerName(tx, call)}`,
    body: completed ? `"${truncate(text, 300, { ellipsis: true })}"` : `A ${seconds}-second voicemail; it could not be transcribed.`,
    link: callLink(call),
  });
  await wakeTextBack(tx, deps, call);
}
