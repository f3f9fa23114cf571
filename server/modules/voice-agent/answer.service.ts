import { and, eq } from 'drizzle-orm';
import type { TransferStatus, VoiceAgentSettingsValues } from '@contracts/voice-agent';
import { zonesForPhone } from '@contracts/send-window';
import { isAnonymousCaller } from '@contracts/call';
import type { DbOrTx } from '@server/platform/db/database';
import { companies, voiceAgentCalls } from '@server/platform/db/schema';
import { SECOND } from '@server/platform/lib/clock';
import type { AppServices } from '@server/platform/services';
import { RELAY_TOKEN_TTL_MS, relayToken, relayUrl } from './relay-token';
import { conversationRelayTwiml, sayAndHangUpTwiml, transferTwiml } from './relay-twiml';
import { answersAt, voiceAgentSettingsOf } from './voice-agent-settings.service';
import { AFTER_CALL_QUEUE, afterCallKey } from './voice-agent.queues';
import { aiCallPauseCause } from '@server/modules/messaging/plan-gate';

/**
 * Where the incoming-call flow (server/modules/calls/voice.service.ts) asks whether the assistant answers: when a call
 * arrives, and when the team's phone was rung first and nobody picked up (the Dial's action). The calls module keeps
 * storing and processing every call event; this module only decides, creates the assistant's row for the call and
 * writes the `<Connect><ConversationRelay>` TwiML. Decision 0048.
 */

export type CallProvider = 'simulator' | 'twilio';
type AgentCallRow = typeof voiceAgentCalls.$inferSelect;

/** Where Twilio tells us the assistant's session ended (the `<Connect>`'s action). */
export const CONNECT_ACTION_PATH = '/webhooks/twilio/voice-agent/connect';
/** Where Twilio reports the call recording the assistant started. */
export const RECORDING_CALLBACK_PATH = '/webhooks/twilio/voice-agent/recording';

export interface IncomingAiRequest {
  provider: CallProvider;
  /** The webhook's parameters (CallSid, From, To). */
  params: Record<string, string>;
  companyId: string;
  phoneNumberId: string;
  /** The team's phone the call would ring (Missed calls, mode a), or null (mode b, or no number set). */
  forwardTo: string | null;
}

/** The assistant answers now (the TwiML, and what to keep on the stored call event), or rings the team first. */
export type IncomingAiPlan =
  | { kind: 'connect'; twiml: string; eventParams: Record<string, string> }
  | { kind: 'ring_first'; timeoutSeconds: number };

async function companyClock(executor: DbOrTx, companyId: string, businessNumber: string) {
  const [company] = await executor.select({ hours: companies.hours, timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return { hours: company?.hours ?? null, timezone: company?.timezone ?? zonesForPhone(businessNumber)[0] ?? 'America/New_York' };
}

/** The row of the assistant's part of a call, once per CallSid (a redelivered webhook finds the first one). */
async function agentCallFor(deps: Pick<AppServices, 'db' | 'clock'>, request: IncomingAiRequest, settings: VoiceAgentSettingsValues, status: 'waiting' | 'ringing_staff'): Promise<AgentCallRow> {
  const now = deps.clock.now();
  const [created] = await deps.db
    .insert(voiceAgentCalls)
    .values({
      companyId: request.companyId,
      provider: request.provider,
      providerCallSid: request.params.CallSid ?? '',
      phoneNumberId: request.phoneNumberId,
      fromNumber: request.params.From ?? '',
      toNumber: request.params.To ?? '',
      answerMode: status === 'ringing_staff' ? 'ring_first' : settings.answerMode,
      status,
      settings,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [existing] = await deps.db
    .select()
    .from(voiceAgentCalls)
    .where(and(eq(voiceAgentCalls.provider, request.provider), eq(voiceAgentCalls.providerCallSid, request.params.CallSid ?? '')))
    .limit(1);
  if (!existing) throw new Error('voice agent call vanished');
  return existing;
}

/** The `<Connect>` TwiML for an assistant's call: its signed WebSocket address, fresh for this answer. */
export async function connectTwiml(deps: Pick<AppServices, 'publicUrl' | 'clock' | 'secrets'>, call: Pick<AgentCallRow, 'id' | 'settings'>): Promise<string> {
  if (!deps.secrets) throw new Error('AI call answering needs the secrets key to sign its WebSocket address');
  const token = relayToken(deps.secrets, call.id, deps.clock.now().getTime() + RELAY_TOKEN_TTL_MS);
  return conversationRelayTwiml({ relayUrl: relayUrl(deps.publicUrl, call.id, token), actionUrl: `${deps.publicUrl}${CONNECT_ACTION_PATH}`, voice: call.settings.voice });
}

/**
 * A call arrived. Null: the assistant does not take it (off, outside its hours, no key to sign its address, a
 * simulator call that did not ask for it, the plan's soft landing — trial over, cancelled, AI conversations used)
 * and the calls module routes it as before. Otherwise the assistant answers
 * now, or — "ring my phone first" with a phone to ring — after the team's phone rang for the chosen seconds.
 */
export async function planIncomingAiAnswer(deps: AppServices, request: IncomingAiRequest): Promise<IncomingAiPlan | null> {
  if (!deps.secrets || !request.params.CallSid) return null;
  const { values: settings } = await voiceAgentSettingsOf(deps.db, request.companyId);
  if (!settings.enabled) return null;
  if (!answersAt(settings, await companyClock(deps.db, request.companyId, request.params.To ?? ''), deps.clock.now())) return null;
  if (deps.planLimits !== 'off' && (await aiCallPauseCause(deps.db, request.companyId, deps.clock.now()))) return null;
  if (settings.answerMode === 'ring_first' && request.forwardTo) {
    await agentCallFor(deps, request, settings, 'ringing_staff');
    return { kind: 'ring_first', timeoutSeconds: settings.ringSeconds };
  }
  const call = await agentCallFor(deps, request, settings, 'waiting');
  return { kind: 'connect', twiml: await connectTwiml(deps, call), eventParams: { LeadLoopAi: 'answered', LeadLoopAiCallId: call.id } };
}

async function findAgentCall(executor: DbOrTx, provider: CallProvider, callSid: string | undefined): Promise<AgentCallRow | null> {
  if (!callSid) return null;
  const [row] = await executor
    .select()
    .from(voiceAgentCalls)
    .where(and(eq(voiceAgentCalls.provider, provider), eq(voiceAgentCalls.providerCallSid, callSid)))
    .limit(1);
  return row ?? null;
}

/** What the Dial's action should answer for a call the assistant is part of. */
export type DialResultPlan =
  | { kind: 'connect'; twiml: string; eventParams: Record<string, string> }
  | { kind: 'twiml'; twiml: string }
  /** The transfer was not picked up and the owner chose voicemail: the calls module's voicemail TwiML. */
  | { kind: 'voicemail' };

const NOT_PICKED_UP = new Set(['no-answer', 'busy', 'failed']);
const TRANSFER_RESULT: Record<string, TransferStatus> = { completed: 'completed', answered: 'completed', 'no-answer': 'no_answer', busy: 'busy', failed: 'failed', canceled: 'canceled' };

/**
 * The Dial's action of a call the assistant is part of. Ring first and nobody picked up: the assistant answers now
 * (the stored Dial result says so, so the call is not missed and no text-back goes). A transfer to the on-call
 * number: done when it was answered, otherwise the owner's fallback (voicemail, or a goodbye). Null: not the
 * assistant's (the team answered, or the caller gave up while it rang), the calls module answers as before.
 */
export async function planDialResult(deps: AppServices, request: { provider: CallProvider; params: Record<string, string> }): Promise<DialResultPlan | null> {
  const call = await findAgentCall(deps.db, request.provider, request.params.CallSid);
  if (!call) return null;
  const status = (request.params.DialCallStatus ?? '').toLowerCase();
  const now = deps.clock.now();
  if (call.status === 'ringing_staff') {
    if (NOT_PICKED_UP.has(status) && deps.secrets) {
      const [waiting] = await deps.db
        .update(voiceAgentCalls)
        .set({ status: 'waiting', updatedAt: now })
        .where(and(eq(voiceAgentCalls.id, call.id), eq(voiceAgentCalls.status, 'ringing_staff')))
        .returning();
      return { kind: 'connect', twiml: await connectTwiml(deps, waiting ?? call), eventParams: { LeadLoopAi: 'answered', LeadLoopAiCallId: call.id } };
    }
    // The team answered (or the caller hung up while it rang): the assistant has nothing to do with this call.
    await deps.db
      .update(voiceAgentCalls)
      .set({ status: status === 'canceled' ? 'ended' : 'staff_answered', ...(status === 'canceled' ? { endReason: 'caller_hung_up' as const, endedAt: now } : {}), processedAt: now, updatedAt: now })
      .where(and(eq(voiceAgentCalls.id, call.id), eq(voiceAgentCalls.status, 'ringing_staff')));
    return null;
  }
  if (call.transferStatus !== 'dialing' && call.transferStatus !== null) {
    // A redelivered transfer result: answer as the first time.
    return transferOutcome(call.transferStatus, call.settings);
  }
  if (call.transferStatus === 'dialing') {
    const result = TRANSFER_RESULT[status] ?? 'failed';
    await deps.db.update(voiceAgentCalls).set({ transferStatus: result, updatedAt: now }).where(eq(voiceAgentCalls.id, call.id));
    return transferOutcome(result, call.settings);
  }
  return null;
}

async function transferOutcome(result: TransferStatus, settings: VoiceAgentSettingsValues): Promise<DialResultPlan> {
  if (result === 'completed' || result === 'canceled') return { kind: 'twiml', twiml: await sayAndHangUpTwiml(null) };
  if (settings.transferFallback === 'voicemail') return { kind: 'voicemail' };
  return { kind: 'twiml', twiml: await sayAndHangUpTwiml('Sorry, nobody could pick up right now. Someone from the team will call you back as soon as possible. Goodbye.') };
}

/** Seconds after the session's end the after-call work starts (the socket's last turns are written first). */
export const AFTER_CALL_GRACE_MS = 5 * SECOND;

/** Queues the after-call work of a call (idempotent: one pending job per call; the job itself runs once). */
export async function queueAfterCall(deps: Pick<AppServices, 'queue' | 'clock'>, executor: DbOrTx, call: Pick<AgentCallRow, 'id' | 'companyId'>, delayMs = AFTER_CALL_GRACE_MS): Promise<void> {
  const runAt = new Date(deps.clock.now().getTime() + delayMs);
  const id = await deps.queue.enqueue(executor, AFTER_CALL_QUEUE, { agentCallId: call.id }, { runAt, companyId: call.companyId, singletonKey: afterCallKey(call.id), maxAttempts: 10 });
  if (!id) await deps.queue.advance(executor, AFTER_CALL_QUEUE, afterCallKey(call.id), runAt);
}

/**
 * The `<Connect>`'s action: the assistant's session is over. A transfer (our `end` named it, and the call's row holds
 * the number: Twilio's HandoffData alone is never trusted to pick where a call goes) dials the on-call number; a
 * session that failed before the assistant spoke apologises; otherwise the call hangs up. The after-call work is queued.
 */
export async function answerConnectAction(deps: AppServices, request: { provider: CallProvider; params: Record<string, string>; dialActionUrl: string }): Promise<string> {
  const call = await findAgentCall(deps.db, request.provider, request.params.CallSid);
  if (!call) return sayAndHangUpTwiml(null);
  const now = deps.clock.now();
  const failed = /fail/i.test(request.params.SessionStatus ?? '') || Boolean(request.params.ErrorCode);
  await deps.db.transaction(async (tx) => {
    if (failed && !call.lastError) {
      await tx
        .update(voiceAgentCalls)
        .set({ lastError: `${request.params.ErrorCode ?? ''} ${request.params.ErrorMessage ?? 'The session failed'}`.trim(), ...(call.connectedAt ? {} : { status: 'ended' as const, endReason: 'error' as const, endedAt: now }), updatedAt: now })
        .where(eq(voiceAgentCalls.id, call.id));
    }
    await queueAfterCall(deps, tx, call);
  });
  if (call.endReason === 'transfer' && call.transferTo) {
    if (call.transferStatus === null) {
      await deps.db.update(voiceAgentCalls).set({ transferStatus: 'dialing', updatedAt: now }).where(eq(voiceAgentCalls.id, call.id));
    }
    const callerId = isAnonymousCaller(call.fromNumber) ? call.toNumber : call.fromNumber;
    return transferTwiml({ to: call.transferTo, callerId, timeoutSeconds: call.settings.transferRingSeconds, actionUrl: request.dialActionUrl });
  }
  if (failed && !call.connectedAt) return sayAndHangUpTwiml('Sorry, we can’t take your call right now. We’ll text you in a moment so we can help.');
  return sayAndHangUpTwiml(null);
}
