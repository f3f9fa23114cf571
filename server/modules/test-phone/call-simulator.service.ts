import { randomBytes } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import { calls, inboundEvents, voiceAgentCalls } from '@server/platform/db/schema';
import type { Database } from '@server/platform/db/database';
import { AppError, notFound } from '@server/platform/errors/app-error';
import { MINUTE, SECOND } from '@server/platform/lib/clock';
import type { CompanyScope } from '@server/platform/db/scope';
import type { AppServices } from '@server/platform/services';
import { activeNumberOf } from '@server/modules/phone-numbers/active-number';
import type { AiSessionEndedInput, LeaveVoicemailInput, SimulateCallInput } from './test-phone.schema';
import { testPhoneOf } from './test-phone.service';
import { processCallEvent } from '@server/modules/calls/call-events.service';
import { missedCallSettingsOf } from '@server/modules/calls/missed-call-settings.service';
import { simulatorRecordingUrl, takeVoicemailRecording } from '@server/modules/calls/recordings.service';
import { answerDialResult, answerIncomingCall, answerRecorded, storeEvent, voiceUrls, type VoiceRequest } from '@server/modules/calls/voice.service';
import { answerConnectAction } from '@server/modules/voice-agent/answer.service';
import { RELAY_PATH, RELAY_TOKEN_TTL_MS, relayToken } from '@server/modules/voice-agent/relay-token';

/** How long the simulated greeting plays before the beep. */
export const SIMULATED_GREETING_MS = 8 * SECOND;
/** A scripted caller who leaves no message hangs up this long into the greeting. */
export const SIMULATED_HANG_UP_MS = 4 * SECOND;

/** The simulated telephone network's own steps: the ring timing out, a live caller who never speaks giving up. */
export const SIMULATOR_QUEUE = 'calls.simulator';
export const ringTimeoutKey = (callSid: string) => `sim-ring:${callSid}`;

/** Speaking time of a typed voicemail: about 2.5 words a second, at least 2 s, at most the maximum length. */
export function spokenSeconds(words: string, maxSeconds: number): number {
  const count = words.split(/\s+/).filter(Boolean).length;
  return Math.min(maxSeconds, Math.max(2, Math.ceil(count / 2.5)));
}

/** One simulated call, as its later steps need it (the payload of its `calls.simulator` jobs). */
export interface SimulatedCall {
  companyId: string;
  callSid: string;
  from: string;
  to: string;
  startMs: number;
  /** A scripted caller's words at the greeting ('' = hangs up); null = a live caller on the test phone. */
  script: string | null;
}
/**
 * ring_timeout: nobody took the ring; give_up: a silent live caller is cut off; transfer_timeout: nobody at the on-call
 * number picked up the assistant's transfer; ai_cutoff: the assistant's call is ended when the test phone went away.
 */
export type SimulatorJob = SimulatedCall & { step: 'ring_timeout' | 'give_up' | 'transfer_timeout' | 'ai_cutoff' };

/** Each step of a simulated call, with the same parameters Twilio would post (LeadLoopAt: when it happens). */
export function simulatedStep(call: Pick<SimulatedCall, 'callSid' | 'from' | 'to'>, atMs: number, params: Record<string, string>): VoiceRequest {
  return {
    provider: 'simulator',
    params: { CallSid: call.callSid, From: call.from, To: call.to, Direction: 'inbound', ...params, LeadLoopAt: String(atMs) },
    runAt: new Date(atMs),
  };
}

const durationParam = (call: Pick<SimulatedCall, 'startMs'>, atMs: number) => String(Math.max(0, Math.round((atMs - call.startMs) / SECOND)));

/** The Dial's result stored for a simulated call (the first one stored wins: timeout, answer, decline or hang-up). */
export async function simulatedDialResult(db: Database, callSid: string): Promise<{ status: string; atMs: number; answeredBy: string | null; ai: boolean } | null> {
  const [event] = await db
    .select({ payload: inboundEvents.payload })
    .from(inboundEvents)
    .where(and(eq(inboundEvents.provider, 'simulator'), eq(inboundEvents.kind, 'dial'), eq(inboundEvents.eventKey, callSid)))
    .limit(1);
  if (!event) return null;
  return {
    status: (event.payload.DialCallStatus ?? '').toLowerCase(),
    atMs: Number(event.payload.LeadLoopAt),
    answeredBy: event.payload.LeadLoopAnsweredBy ?? null,
    ai: event.payload.LeadLoopAi === 'answered',
  };
}

/**
 * Applies a stored simulator event now instead of waiting for its job (an answer on the card shows at once). The
 * job still runs and finds it done; a failure here is left to the job's retries.
 */
export async function applyNow(deps: AppServices, kind: 'voice' | 'dial' | 'call_status', eventKey: string): Promise<void> {
  const [event] = await deps.db
    .select({ id: inboundEvents.id })
    .from(inboundEvents)
    .where(and(eq(inboundEvents.provider, 'simulator'), eq(inboundEvents.kind, kind), eq(inboundEvents.eventKey, eventKey)))
    .limit(1);
  if (!event) return;
  try {
    await processCallEvent(deps, event.id);
  } catch (error) {
    deps.logger.warn({ err: error, eventKey }, 'simulated call event left to its job');
  }
}

/**
 * The test phone calls the business. Each step goes through the same functions as Twilio's webhooks (stored as
 * events, processed by the same job), only scheduled on the job queue instead of arriving over the wire. In mode a
 * the call is stored ringing and rings the team in the app (the incoming-call card) until the ring timeout, a
 * `calls.simulator` job: whichever Dial result is stored first — the timeout's no-answer, a team member's answer or
 * decline, the caller's hang-up — is the call's (one row per CallSid). Unanswered or declined, the greeting plays;
 * mode b goes to the greeting at once. There a scripted caller (`voicemail` given: the tests and the bench) speaks
 * its words or hangs up 4 s in; a live caller (`live`, the test phone) leaves a voicemail or hangs up themselves.
 * With `aiAnswers` and AI call answering on, the assistant answers (at once, or after the ring): the test phone opens
 * the `<ConversationRelay>` socket itself and plays Twilio's side of it (decision 0050).
 */
export async function simulateCall(scope: CompanyScope, messaging: AppServices, input: SimulateCallInput) {
  const device = await testPhoneOf(scope, input.deviceId);
  const number = await activeNumberOf(scope.db, scope.companyId);
  if (!number || number.provider !== 'simulator') {
    throw new AppError('PRECONDITION_FAILED', 'The test phone calls your built-in test number. Choose "Use the test number" first.');
  }
  const call: SimulatedCall = {
    companyId: scope.companyId,
    callSid: `SIMCA${randomBytes(12).toString('hex')}`,
    from: device.e164,
    to: number.e164,
    startMs: messaging.clock.now().getTime(),
    script: input.live ? null : (input.voicemail?.trim() ?? ''),
  };
  const incoming = await answerIncomingCall(messaging, { ...simulatedStep(call, call.startMs, { CallStatus: 'ringing' }), aiAnswers: input.aiAnswers });
  if (incoming.aiAnswered) {
    // The assistant answers at once: the test phone connects to the WebSocket the TwiML names, as Twilio would.
    await applyNow(messaging, 'voice', call.callSid);
    await aiAnswered(messaging, call, call.startMs);
    return { callSid: call.callSid, route: 'assistant' as const, ringsUntil: null, relayPath: relayPathOf(incoming.twiml) };
  }
  const route = incoming.route!;
  if (route.kind === 'dial') {
    const ringsUntil = call.startMs + route.timeoutSeconds * SECOND;
    const job: SimulatorJob = { ...call, step: 'ring_timeout' };
    await messaging.queue.enqueue(messaging.db, SIMULATOR_QUEUE, job, { runAt: new Date(ringsUntil), singletonKey: ringTimeoutKey(call.callSid), companyId: scope.companyId, maxAttempts: 8 });
    return { callSid: call.callSid, route: route.kind, ringsUntil, relayPath: null };
  }
  await callerAtGreeting(messaging, call, call.startMs);
  return { callSid: call.callSid, route: route.kind, ringsUntil: null, relayPath: null };
}

/**
 * The path (and token) of the `<ConversationRelay url>` in the assistant's TwiML. The test phone opens it on the
 * page's own origin: PUBLIC_URL (where Twilio connects) may be an address the tester's browser cannot reach.
 */
export function relayPathOf(twiml: string): string {
  const url = /<ConversationRelay url="([^"]+)"/.exec(twiml)?.[1];
  if (!url) throw new Error('the assistant answered without a ConversationRelay address');
  const parsed = new URL(url.replaceAll('&amp;', '&'));
  return `${parsed.pathname}${parsed.search}`;
}

/** The assistant's part of a simulated call (null: the assistant is not on it). */
async function agentCallOf(db: Database, callSid: string) {
  const [row] = await db
    .select()
    .from(voiceAgentCalls)
    .where(and(eq(voiceAgentCalls.provider, 'simulator'), eq(voiceAgentCalls.providerCallSid, callSid)))
    .limit(1);
  return row ?? null;
}

/**
 * The assistant took the call at `atMs`. Like a caller cut off at the voicemail's maximum length, a test phone that
 * goes away without hanging up (a closed tab) is cut off once the call could no longer be going on.
 */
async function aiAnswered(deps: AppServices, call: SimulatedCall, atMs: number): Promise<void> {
  const agent = await agentCallOf(deps.db, call.callSid);
  const maxSeconds = agent?.settings.maxCallSeconds ?? 300;
  const runAt = new Date(atMs + RELAY_TOKEN_TTL_MS + maxSeconds * SECOND + MINUTE);
  const job: SimulatorJob = { ...call, step: 'ai_cutoff' };
  await deps.queue.enqueue(deps.db, SIMULATOR_QUEUE, job, { runAt, singletonKey: `sim-ai-cutoff:${call.callSid}`, companyId: call.companyId, maxAttempts: 8 });
}

/**
 * The assistant's session is over, at `atMs`: the `<Connect>`'s action is called as Twilio calls it (the session
 * ended by our `end`, with its handoffData, or by the caller hanging up) and its TwiML followed. A `<Dial>` (a
 * transfer) rings the on-call number — which the simulator cannot reach, so it goes unanswered at its timeout, as
 * a real transfer nobody picks up; anything else hangs up, and the call completes (the after-call work follows).
 */
async function aiSessionOver(deps: AppServices, call: SimulatedCall, atMs: number, session: { callerHungUp: boolean; handoffData?: string }) {
  const agent = await agentCallOf(deps.db, call.callSid);
  const sessionSeconds = agent?.connectedAt ? String(Math.max(0, Math.round((atMs - agent.connectedAt.getTime()) / SECOND))) : '0';
  const step = simulatedStep(call, atMs, {
    CallStatus: session.callerHungUp ? 'completed' : 'in-progress',
    SessionId: agent?.sessionId ?? '',
    SessionStatus: session.callerHungUp ? 'completed' : 'ended',
    SessionDuration: sessionSeconds,
    ...(session.handoffData ? { HandoffData: session.handoffData } : {}),
  });
  const next = await answerConnectAction(deps, { provider: 'simulator', params: step.params, dialActionUrl: voiceUrls(deps.publicUrl).dial });
  const dial = /<Dial\b[^>]*\btimeout="(\d+)"[^>]*>\s*<Number>([^<]+)<\/Number>/.exec(next);
  if (dial && session.callerHungUp) {
    // The session named a transfer, but the caller is gone: the Dial is canceled at once.
    await answerDialResult(deps, simulatedStep(call, atMs, { DialCallStatus: 'canceled', DialCallDuration: '0' }));
    await applyNow(deps, 'dial', call.callSid);
  } else if (dial) {
    const job: SimulatorJob = { ...call, step: 'transfer_timeout' };
    const runAt = new Date(atMs + Number(dial[1]) * SECOND);
    await deps.queue.enqueue(deps.db, SIMULATOR_QUEUE, job, { runAt, singletonKey: `sim-transfer:${call.callSid}`, companyId: call.companyId, maxAttempts: 8 });
    return { stage: 'transferring' as const, transferTo: dial[2]! };
  }
  await storeEvent(deps, 'call_status', simulatedStep(call, atMs, { CallStatus: 'completed', CallDuration: durationParam(call, atMs) }));
  await applyNow(deps, 'call_status', `${call.callSid}:completed`);
  return { stage: 'ended' as const, transferTo: null };
}

/**
 * The on-call number did not pick up the transfer in time: the Dial's action says so, and its TwiML is followed —
 * the voicemail greeting (a live caller may hang up), or the goodbye and the hang-up.
 */
async function transferTimedOut(deps: AppServices, job: SimulatedCall): Promise<void> {
  if (await callerDone(deps.db, job.callSid)) return;
  const now = deps.clock.now().getTime();
  const { twiml } = await answerDialResult(deps, simulatedStep(job, now, { DialCallStatus: 'no-answer', DialCallDuration: '0' }));
  await applyNow(deps, 'dial', job.callSid);
  if (twiml.includes('<Record')) {
    await callerAtGreeting(deps, job, now);
    return;
  }
  await storeEvent(deps, 'call_status', simulatedStep(job, now, { CallStatus: 'completed', CallDuration: durationParam(job, now) }));
}

/** The test phone went away mid-call (no hang-up came): the session ends as the caller's hang-up would end it. */
async function aiCutOff(deps: AppServices, job: SimulatedCall): Promise<void> {
  if (await callerDone(deps.db, job.callSid)) return;
  const agent = await agentCallOf(deps.db, job.callSid);
  if (!agent || agent.transferStatus === 'dialing') return;
  await aiSessionOver(deps, job, deps.clock.now().getTime(), { callerHungUp: true });
}

/** The test phone got the assistant's `end` and closed the socket: the `<Connect>`'s action, then what it says. */
export async function endSimulatedAiSession(scope: CompanyScope, deps: AppServices, input: AiSessionEndedInput) {
  const row = await deviceCall(scope, input);
  if (!row) throw notFound('Call');
  const agent = await agentCallOf(scope.db, row.providerCallSid);
  if (!agent || agent.companyId !== scope.companyId) throw new AppError('PRECONDITION_FAILED', 'The assistant is not on this call.');
  if (row.status === 'ended' || (await callerDone(scope.db, row.providerCallSid))) return { stage: 'ended' as const, transferTo: null };
  return aiSessionOver(deps, simulated(row), deps.clock.now().getTime(), { callerHungUp: false, ...(input.handoffData ? { handoffData: input.handoffData } : {}) });
}

/** The `calls.simulator` job. */
export async function runSimulatorJob(deps: AppServices, job: SimulatorJob): Promise<void> {
  if (job.step === 'ring_timeout') await ringTimedOut(deps, job);
  else if (job.step === 'transfer_timeout') await transferTimedOut(deps, job);
  else if (job.step === 'ai_cutoff') await aiCutOff(deps, job);
  else await callerGaveUp(deps, job);
}

/**
 * The ring timeout (or a decline, which moves this job to now): nobody answered, as Twilio's Dial action says
 * "no-answer". Stored only if no other result was first; the greeting plays when the stored result sends the
 * caller to voicemail (no answer, declined = busy).
 */
async function ringTimedOut(deps: AppServices, job: SimulatedCall): Promise<void> {
  const now = deps.clock.now().getTime();
  await answerDialResult(deps, simulatedStep(job, now, { DialCallStatus: 'no-answer', DialCallDuration: '0' }));
  const result = await simulatedDialResult(deps.db, job.callSid);
  if (!result || !['no-answer', 'busy', 'failed'].includes(result.status)) return;
  // Ring first, then the assistant (decision 0048): nobody picked up (or the team declined), so it answers.
  if (result.ai) {
    await applyNow(deps, 'dial', job.callSid);
    await aiAnswered(deps, job, Number.isFinite(result.atMs) ? result.atMs : now);
    return;
  }
  await callerAtGreeting(deps, job, Number.isFinite(result.atMs) ? result.atMs : now);
}

/** The greeting plays from `atMs`: a scripted caller speaks or hangs up; a live one has until the recording's maximum length. */
async function callerAtGreeting(deps: AppServices, call: SimulatedCall, atMs: number): Promise<void> {
  const settings = await missedCallSettingsOf(deps.db, call.companyId);
  if (call.script === null) {
    // Like <Record maxLength>: a caller who neither speaks nor hangs up is cut off at the maximum length.
    const job: SimulatorJob = { ...call, step: 'give_up' };
    const runAt = new Date(atMs + SIMULATED_GREETING_MS + settings.voicemailMaxSeconds * SECOND);
    await deps.queue.enqueue(deps.db, SIMULATOR_QUEUE, job, { runAt, singletonKey: `sim-give-up:${call.callSid}`, companyId: call.companyId, maxAttempts: 8 });
    return;
  }
  if (!call.script) {
    const endAt = atMs + SIMULATED_HANG_UP_MS;
    await storeEvent(deps, 'call_status', simulatedStep(call, endAt, { CallStatus: 'completed', CallDuration: durationParam(call, endAt) }));
    return;
  }
  await speakVoicemail(deps, call, atMs + SIMULATED_GREETING_MS, call.script, settings);
}

/**
 * The caller speaks `words` from `fromMs`: recorded, the call ends, and the words are their own transcript 1 s later.
 * With `audio` (recorded on the test phone) the call's recording is that audio and lasts as long; audio without
 * typed words has no transcript — the offline simulator has no speech-to-text, and says so.
 */
async function speakVoicemail(
  deps: AppServices,
  call: SimulatedCall,
  fromMs: number,
  words: string,
  settings: { voicemailMaxSeconds: number; transcribeVoicemail: boolean },
  audio: { id: string; seconds: number } | null = null,
) {
  const seconds = audio ? Math.min(settings.voicemailMaxSeconds, Math.max(1, audio.seconds)) : spokenSeconds(words, settings.voicemailMaxSeconds);
  const recordedAt = fromMs + seconds * SECOND;
  // Derived from the CallSid, so a retried step stores the same recording once.
  const recordingSid = `SIMRE${call.callSid.slice(5)}`;
  const recording = {
    RecordingSid: recordingSid,
    RecordingDuration: String(seconds),
    RecordingStatus: 'completed',
    ...(audio ? { RecordingUrl: simulatorRecordingUrl(audio.id) } : {}),
    ...(audio && !words ? { LeadLoopTranscript: 'unavailable' } : {}),
  };
  await answerRecorded(deps, simulatedStep(call, recordedAt, recording));
  await storeEvent(deps, 'recording', simulatedStep(call, recordedAt, recording));
  await storeEvent(deps, 'call_status', simulatedStep(call, recordedAt, { CallStatus: 'completed', CallDuration: durationParam(call, recordedAt) }));
  if (settings.transcribeVoicemail && words) {
    await storeEvent(deps, 'transcription', simulatedStep(call, recordedAt + SECOND, { RecordingSid: recordingSid, TranscriptionSid: `SIMTR${recordingSid.slice(5)}`, TranscriptionStatus: 'completed', TranscriptionText: words }));
  }
  return { recordedAt };
}

/** A live caller who never left a message is cut off; nothing happens if the call already ended. */
async function callerGaveUp(deps: AppServices, job: SimulatedCall): Promise<void> {
  const now = deps.clock.now().getTime();
  await storeEvent(deps, 'call_status', simulatedStep(job, now, { CallStatus: 'completed', CallDuration: durationParam(job, now) }));
}

/** A test phone's call of the caller's company (another company's, or a real call: NOT_FOUND). */
async function deviceCall(scope: Pick<CompanyScope, 'db' | 'companyId'>, input: { deviceId: string; callSid: string }) {
  const device = await testPhoneOf(scope, input.deviceId);
  const [call] = await scope.db
    .select()
    .from(calls)
    .where(and(eq(calls.companyId, scope.companyId), eq(calls.provider, 'simulator'), eq(calls.providerCallSid, input.callSid), eq(calls.fromNumber, device.e164)))
    .limit(1);
  return call ?? null;
}

const simulated = (call: typeof calls.$inferSelect): SimulatedCall => ({
  companyId: call.companyId,
  callSid: call.providerCallSid,
  from: call.fromNumber,
  to: call.toNumber,
  startMs: call.startedAt.getTime(),
  script: null,
});

/** Whether the caller already hung up or left their voicemail (stored, possibly to happen a little later). */
async function callerDone(db: Database, callSid: string): Promise<boolean> {
  const [event] = await db
    .select({ id: inboundEvents.id })
    .from(inboundEvents)
    .where(
      and(
        eq(inboundEvents.provider, 'simulator'),
        or(and(eq(inboundEvents.kind, 'recorded'), eq(inboundEvents.eventKey, callSid)), and(inArray(inboundEvents.kind, ['call_status']), eq(inboundEvents.eventKey, `${callSid}:completed`))),
      ),
    )
    .limit(1);
  return Boolean(event);
}

/**
 * Where the test phone's call is, for its screen: connecting (not stored yet), ringing the team, answered,
 * at the greeting (the live caller may leave a voicemail), or over.
 */
export async function simulatedCallProgress(scope: CompanyScope, deps: Pick<AppServices, 'secrets' | 'clock'>, input: { deviceId: string; callSid: string }) {
  const call = await deviceCall(scope, input);
  if (!call) return { stage: 'connecting' as const, callId: null, greeting: null, missed: false, missedReason: null, talkSeconds: null, voicemailMaxSeconds: null, assistant: null };
  const done = await callerDone(scope.db, call.providerCallSid);
  const agent = await agentCallOf(scope.db, call.providerCallSid);
  const aiOnCall = agent !== null && agent.status !== 'ringing_staff' && agent.status !== 'staff_answered';
  const stage =
    call.status === 'ended' ? ('ended' as const)
    : call.status === 'ringing' ? ('ringing' as const)
    : aiOnCall && agent.transferStatus === 'dialing' ? ('transferring' as const)
    : aiOnCall && !agent.transferStatus ? ('assistant' as const)
    : aiOnCall && agent.transferStatus && agent.transferStatus !== 'completed' && agent.transferStatus !== 'canceled' && !done ? ('greeting' as const)
    : call.status === 'answered' ? ('answered' as const)
    : done ? ('leaving_voicemail' as const)
    : ('greeting' as const);
  const settings = stage === 'greeting' ? await missedCallSettingsOf(scope.db, scope.companyId) : null;
  return {
    stage,
    callId: call.id,
    greeting: settings?.voicemailGreeting ?? null,
    voicemailMaxSeconds: settings?.voicemailMaxSeconds ?? null,
    missed: call.missed,
    missedReason: call.missedReason,
    talkSeconds: call.talkSeconds,
    /** AI call answering on this call (null: the assistant is not on it). */
    assistant: aiOnCall
      ? {
          /** Waiting for the test phone to connect: the signed socket's path, fresh (single-use, two minutes). */
          relayPath: agent.status === 'waiting' && deps.secrets ? `${RELAY_PATH}/${agent.id}?token=${encodeURIComponent(relayToken(deps.secrets, agent.id, deps.clock.now().getTime() + RELAY_TOKEN_TTL_MS))}` : null,
          status: agent.status,
          endReason: agent.endReason,
          transferTo: agent.transferTo,
          transferStatus: agent.transferStatus,
          outcome: agent.outcome,
          followUpStatus: agent.followUpStatus,
        }
      : null,
  };
}

/** The live caller speaks their voicemail after the greeting (typed words, "spoken" at 2.5 words a second). */
export async function leaveSimulatedVoicemail(scope: CompanyScope, deps: AppServices, input: LeaveVoicemailInput) {
  const row = await deviceCall(scope, input);
  if (!row) throw notFound('Call');
  // At the greeting: a missed call, or the assistant's transfer nobody picked up (the owner's voicemail fallback).
  const agent = await agentCallOf(scope.db, row.providerCallSid);
  const transferMissed = agent?.transferStatus === 'no_answer' || agent?.transferStatus === 'busy' || agent?.transferStatus === 'failed';
  if ((row.status !== 'voicemail' && !(transferMissed && row.status === 'answered')) || (await callerDone(scope.db, row.providerCallSid))) {
    throw new AppError('PRECONDITION_FAILED', row.status === 'answered' ? 'Your team answered this call: there is no voicemail to leave.' : 'This call is not at the voicemail greeting any more.');
  }
  const settings = await missedCallSettingsOf(scope.db, scope.companyId);
  const now = deps.clock.now().getTime();
  const greetingEnds = (row.voicemailStartedAt?.getTime() ?? now) + SIMULATED_GREETING_MS;
  if (input.recordingId) {
    // Recorded on the test phone while the greeting showed: already spoken, so it ends now (the company's recording, used once).
    const audio = await takeVoicemailRecording(scope.db, scope.companyId, input.recordingId, scope.now);
    const startedSpeaking = Math.max(now - Math.min(audio.seconds, settings.voicemailMaxSeconds) * SECOND, row.voicemailStartedAt?.getTime() ?? now);
    return speakVoicemail(deps, simulated(row), startedSpeaking, input.voicemail ?? '', settings, audio);
  }
  return speakVoicemail(deps, simulated(row), Math.max(now, greetingEnds), input.voicemail ?? '', settings);
}

/** The test phone hangs up: while ringing the Dial is canceled (the caller hung up: missed); otherwise the call ends. */
export async function hangUpSimulatedCall(scope: CompanyScope, deps: AppServices, input: { deviceId: string; callSid: string }) {
  const row = await deviceCall(scope, input);
  if (!row) throw notFound('Call');
  if (row.status === 'ended') return { ended: true };
  const call = simulated(row);
  const now = deps.clock.now().getTime();
  if (row.status === 'ringing' && row.forwardedTo) {
    await answerDialResult(deps, simulatedStep(call, now, { DialCallStatus: 'canceled', DialCallDuration: '0' }));
    await applyNow(deps, 'dial', call.callSid);
  }
  const agent = await agentCallOf(scope.db, call.callSid);
  if (agent?.transferStatus === 'dialing') {
    // The caller gives up while the on-call number rings: the transfer's Dial is canceled.
    await answerDialResult(deps, simulatedStep(call, now, { DialCallStatus: 'canceled', DialCallDuration: '0' }));
    await applyNow(deps, 'dial', call.callSid);
  } else if (agent && (agent.status === 'waiting' || agent.status === 'live' || (agent.status === 'ended' && agent.connectedAt && !agent.transferStatus)) && !(await callerDone(scope.db, call.callSid))) {
    // On the call with the assistant (the test phone closed its socket first): the session's end, as Twilio reports it.
    return { ended: (await aiSessionOver(deps, call, now, { callerHungUp: true })).stage === 'ended' };
  }
  await storeEvent(deps, 'call_status', simulatedStep(call, now, { CallStatus: 'completed', CallDuration: durationParam(call, now) }));
  await applyNow(deps, 'call_status', `${call.callSid}:completed`);
  return { ended: true };
}
