import { and, eq } from 'drizzle-orm';
import { isAnonymousCaller } from '@contracts/call';
import { phoneNumbers } from '@server/platform/db/schema';
import type { AppServices } from '@server/platform/services';
import { type CallEventKind, type CallProvider, callEventKey, type IncomingRoute, recordCallEvent, routeIncoming } from './call-events.service';
import { type MissedCallSettings, missedCallSettingsOf } from './missed-call-settings.service';
import { greetingRecordingId } from './recordings.service';
import { twiml } from '@server/adapters/telephony/twiml';
import { planDialResult, planIncomingAiAnswer } from '@server/modules/voice-agent/answer.service';

/** Where Twilio sends each step of a call (all under PUBLIC_URL, all signed). */
export function voiceUrls(publicUrl: string) {
  const base = `${publicUrl}/webhooks/twilio/voice`;
  return { incoming: base, dial: `${base}/dial`, recorded: `${base}/recorded`, status: `${base}/status`, recording: `${base}/recording`, transcription: `${base}/transcription` };
}

/**
 * The caller hears the greeting — the uploaded recording (`<Play>` of its signed address) when there is one to
 * play, the text read out otherwise — then a beep, and may leave a voicemail of at most the configured length.
 */
export function voicemailTwiml(settings: MissedCallSettings, publicUrl: string, greetingUrl: string | null = null): string {
  const urls = voiceUrls(publicUrl);
  return twiml.response(
    greetingUrl ? twiml.play(greetingUrl) : twiml.say(settings.voicemailGreeting),
    twiml.record({
      maxLength: settings.voicemailMaxSeconds,
      action: urls.recorded,
      recordingStatusCallback: urls.recording,
      transcribe: settings.transcribeVoicemail,
      transcribeCallback: urls.transcription,
    }),
    twiml.hangup(),
  );
}

export interface VoiceRequest {
  provider: CallProvider;
  params: Record<string, string>;
  /** The simulator's later steps: processed at this time. */
  runAt?: Date;
  /** Twilio: the signed address of an uploaded greeting (absent: the greeting text is read out, as on the test phone). */
  greetingUrl?: (recordingId: string) => string;
  /** The test phone's call asks for AI call answering (Twilio's calls always may be answered by the assistant). */
  aiAnswers?: boolean;
}

/** The voicemail TwiML of a company: its uploaded greeting played when it chose one (and the request can sign it). */
async function companyVoicemailTwiml(deps: AppServices, request: VoiceRequest, companyId: string, settings: MissedCallSettings): Promise<string> {
  const recordingId = request.greetingUrl ? await greetingRecordingId(deps.db, companyId, settings.greetingSource) : null;
  return voicemailTwiml(settings, deps.publicUrl, recordingId && request.greetingUrl ? request.greetingUrl(recordingId) : null);
}

/** The decision of the first webhook, kept with the stored event so the job applies exactly what the caller heard. */
function routeParams(route: IncomingRoute): Record<string, string> {
  return route.kind === 'dial'
    ? { LeadLoopRoute: 'dial', LeadLoopForwardTo: route.forwardTo, LeadLoopRingTimeout: String(route.timeoutSeconds) }
    : { LeadLoopRoute: 'voicemail', LeadLoopReason: route.reason };
}

/**
 * A call arrives at a business number (`/webhooks/twilio/voice`, or the test phone). The event is stored and
 * queued (idempotent on CallSid) and the answer is the route: mode a rings the business's phone (`<Dial timeout
 * action callerId>`), mode b (or mode a with no phone to ring) plays the greeting and records a voicemail. A call to
 * a number nobody uses is rejected.
 */
export async function answerIncomingCall(deps: AppServices, request: VoiceRequest): Promise<{ twiml: string; route: IncomingRoute | null; duplicate: boolean; aiAnswered?: true }> {
  const { params } = request;
  const [number] = await deps.db
    .select({ id: phoneNumbers.id, companyId: phoneNumbers.companyId, e164: phoneNumbers.e164 })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.e164, params.To ?? ''), eq(phoneNumbers.status, 'active')))
    .limit(1);
  if (!number) return { twiml: twiml.response(twiml.reject()), route: null, duplicate: false };
  const settings = await missedCallSettingsOf(deps.db, number.companyId);
  let route = routeIncoming(settings);
  // ── AI call answering (server/modules/voice-agent, decision 0048): the assistant answers now, or after the ring. ──
  const ai =
    request.provider === 'twilio' || request.aiAnswers
      ? await planIncomingAiAnswer(deps, { provider: request.provider, params, companyId: number.companyId, phoneNumberId: number.id, forwardTo: route.kind === 'dial' ? route.forwardTo : null })
      : null;
  if (ai?.kind === 'connect') {
    const stored = await recordCallEvent(deps, { provider: request.provider, kind: 'voice', eventKey: params.CallSid ?? '', payload: { ...params, ...routeParams(route), ...ai.eventParams }, ...(request.runAt ? { runAt: request.runAt } : {}) });
    return { twiml: ai.twiml, route: null, duplicate: stored.duplicate, aiAnswered: true };
  }
  if (ai?.kind === 'ring_first' && route.kind === 'dial') route = { ...route, timeoutSeconds: ai.timeoutSeconds };
  // ── end of AI call answering ──
  const { duplicate } = await recordCallEvent(deps, {
    provider: request.provider,
    kind: 'voice',
    eventKey: params.CallSid ?? '',
    payload: { ...params, ...routeParams(route) },
    ...(request.runAt ? { runAt: request.runAt } : {}),
  });
  if (route.kind === 'voicemail') return { twiml: await companyVoicemailTwiml(deps, request, number.companyId, settings), route, duplicate };
  // The business's phone shows the caller's number (Twilio allows passing a forwarded caller's ID through).
  const callerId = isAnonymousCaller(params.From) ? number.e164 : (params.From ?? number.e164);
  return {
    twiml: twiml.response(twiml.dial({ timeout: route.timeoutSeconds, action: voiceUrls(deps.publicUrl).dial, callerId }, route.forwardTo)),
    route,
    duplicate,
  };
}

const VOICEMAIL_AFTER_DIAL = new Set(['no-answer', 'busy', 'failed']);

/**
 * The Dial's action: the business's phone was answered (the call is over: hang up), or not — no answer, busy or
 * failed → the greeting and the voicemail; the caller gave up (canceled) → hang up. Stored and queued like every event.
 */
export async function answerDialResult(deps: AppServices, request: VoiceRequest): Promise<{ twiml: string; duplicate: boolean }> {
  const { params } = request;
  // ── AI call answering (decision 0048): nobody took a ring-first call (the assistant answers), or a transfer's
  // result (done, or the owner's fallback: a goodbye here, the voicemail below). ──
  const ai = await planDialResult(deps, { provider: request.provider, params });
  if (ai?.kind === 'connect') return { twiml: ai.twiml, duplicate: (await storeEvent(deps, 'dial', { ...request, params: { ...params, ...ai.eventParams } })).duplicate };
  if (ai?.kind === 'twiml') return { twiml: ai.twiml, duplicate: (await storeEvent(deps, 'dial', request)).duplicate };
  // ── end of AI call answering ──
  const { duplicate } = await storeEvent(deps, 'dial', request);
  const status = (params.DialCallStatus ?? '').toLowerCase();
  if (!VOICEMAIL_AFTER_DIAL.has(status)) return { twiml: twiml.response(twiml.hangup()), duplicate };
  const [number] = await deps.db
    .select({ companyId: phoneNumbers.companyId })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.e164, params.To ?? ''), eq(phoneNumbers.status, 'active')))
    .limit(1);
  if (!number) return { twiml: twiml.response(twiml.hangup()), duplicate };
  return { twiml: await companyVoicemailTwiml(deps, request, number.companyId, await missedCallSettingsOf(deps.db, number.companyId)), duplicate };
}

/** The Record's action (the voicemail is over): stored and queued; the caller is thanked by the hang-up. */
export async function answerRecorded(deps: AppServices, request: VoiceRequest): Promise<{ twiml: string; duplicate: boolean }> {
  const { duplicate } = await storeEvent(deps, 'recorded', request);
  return { twiml: twiml.response(twiml.hangup()), duplicate };
}

/** Status, recording and transcription callbacks: stored and queued (idempotent on their keys), nothing else. */
export async function storeEvent(deps: AppServices, kind: CallEventKind, request: VoiceRequest): Promise<{ duplicate: boolean; invalid?: true }> {
  const eventKey = callEventKey(kind, request.params);
  if (!eventKey) return { duplicate: false, invalid: true };
  return recordCallEvent(deps, { provider: request.provider, kind, eventKey, payload: request.params, ...(request.runAt ? { runAt: request.runAt } : {}) });
}
