import { and, eq } from 'drizzle-orm';
import { isAnonymousCaller } from '@contracts/call';
import { phoneNumbers } from '@server/platform/db/schema';
import type { AppServices } from '@server/platform/services';
import { type CallEventKind, type CallProvider, callEventKey, type IncomingRoute, recordCallEvent, routeIncoming } from './call-events.service';
import { type MissedCallSettings, missedCallSettingsOf } from './missed-call-settings.service';
import { greetingRecordingId } from './recordings.service';
import { twiml } from './twiml';

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
export async function answerIncomingCall(deps: AppServices, request: VoiceRequest): Promise<{ twiml: string; route: IncomingRoute | null; duplicate: boolean }> {
  const { params } = request;
  const [number] = await deps.db
    .select({ companyId: phoneNumbers.companyId, e164: phoneNumbers.e164 })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.e164, params.To ?? ''), eq(phoneNumbers.status, 'active')))
    .limit(1);
  if (!number) return { twiml: twiml.response(twiml.reject()), route: null, duplicate: false };
  const settings = await missedCallSettingsOf(deps.db, number.companyId);
  const route = routeIncoming(settings);
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
