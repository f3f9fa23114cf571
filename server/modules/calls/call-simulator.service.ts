import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { simulatorDevices } from '@server/platform/db/schema';
import { AppError, notFound } from '@server/platform/errors/app-error';
import { SECOND } from '@server/platform/lib/clock';
import type { CompanyScope } from '@server/platform/trpc/scope';
import type { MessagingDeps } from '@server/modules/messaging/messaging.deps';
import { activeNumberOf } from '@server/modules/phone-numbers/active-number';
import type { SimulateCallInput } from './calls.schema';
import { missedCallSettingsOf } from './missed-call-settings.service';
import { answerDialResult, answerIncomingCall, answerRecorded, storeEvent } from './voice.service';

/** How long the simulated greeting plays before the beep. */
export const SIMULATED_GREETING_MS = 8 * SECOND;
/** How long someone takes to answer on the simulated business phone, and how long they talk. */
export const SIMULATED_ANSWER_MS = 4 * SECOND;
export const SIMULATED_TALK_SECONDS = 30;
/** A caller who leaves no message hangs up this long into the greeting. */
export const SIMULATED_HANG_UP_MS = 4 * SECOND;

/** Speaking time of a typed voicemail: about 2.5 words a second, at least 2 s, at most the maximum length. */
export function spokenSeconds(words: string, maxSeconds: number): number {
  const count = words.split(/\s+/).filter(Boolean).length;
  return Math.min(maxSeconds, Math.max(2, Math.ceil(count / 2.5)));
}

/**
 * The test phone calls the business. Each step of the call goes through the same functions as Twilio's webhooks
 * (stored as events, processed by the same job), only scheduled on the job queue instead of arriving over the wire:
 * the call arrives now; in mode a the business phone rings for the ring timeout (answered after a few seconds
 * when `answered`); unanswered, the greeting plays and the typed voicemail is "spoken", recorded and transcribed
 * (its words are the transcript); with no voicemail the caller hangs up during the greeting. Mode b ignores
 * `answered`: in that mode every call arrives already missed.
 */
export async function simulateCall(scope: CompanyScope, messaging: MessagingDeps, input: SimulateCallInput) {
  const [device] = await scope.db
    .select()
    .from(simulatorDevices)
    .where(and(eq(simulatorDevices.id, input.deviceId), eq(simulatorDevices.companyId, scope.companyId)))
    .limit(1);
  if (!device) throw notFound('Test phone');
  const number = await activeNumberOf(scope.db, scope.companyId);
  if (!number || number.provider !== 'simulator') {
    throw new AppError('PRECONDITION_FAILED', 'The test phone calls your built-in test number. Choose "Use the test number" first.');
  }
  const settings = await missedCallSettingsOf(scope.db, scope.companyId);
  const callSid = `SIMCA${randomBytes(12).toString('hex')}`;
  const start = messaging.clock.now().getTime();
  const base = { CallSid: callSid, From: device.e164, To: number.e164, Direction: 'inbound' };
  const step = (atMs: number, params: Record<string, string>) => ({ provider: 'simulator' as const, params: { ...base, ...params, LeadLoopAt: String(atMs) }, runAt: new Date(atMs) });

  const incoming = await answerIncomingCall(messaging, step(start, { CallStatus: 'ringing' }));
  const route = incoming.route!;
  let voicemailAt = start;
  if (route.kind === 'dial') {
    if (input.answered) {
      const endAt = start + SIMULATED_ANSWER_MS + SIMULATED_TALK_SECONDS * SECOND;
      await answerDialResult(messaging, step(endAt, { DialCallStatus: 'completed', DialCallDuration: String(SIMULATED_TALK_SECONDS) }));
      // As with Twilio: the Dial's action first, then the call's own end a moment later.
      await storeEvent(messaging, 'call_status', step(endAt + SECOND, { CallStatus: 'completed', CallDuration: String(Math.round((endAt + SECOND - start) / SECOND)) }));
      return { callSid, route: route.kind, answered: true, endsAt: endAt + SECOND };
    }
    voicemailAt = start + route.timeoutSeconds * SECOND;
    await answerDialResult(messaging, step(voicemailAt, { DialCallStatus: 'no-answer', DialCallDuration: '0' }));
  }

  const words = input.voicemail?.trim() ?? '';
  if (!words) {
    const endAt = voicemailAt + SIMULATED_HANG_UP_MS;
    await storeEvent(messaging, 'call_status', step(endAt, { CallStatus: 'completed', CallDuration: String(Math.round((endAt - start) / SECOND)) }));
    return { callSid, route: route.kind, answered: false, endsAt: endAt };
  }
  const seconds = spokenSeconds(words, settings.voicemailMaxSeconds);
  const recordedAt = voicemailAt + SIMULATED_GREETING_MS + seconds * SECOND;
  const recordingSid = `SIMRE${randomBytes(12).toString('hex')}`;
  const recording = { RecordingSid: recordingSid, RecordingDuration: String(seconds), RecordingStatus: 'completed' };
  await answerRecorded(messaging, step(recordedAt, recording));
  await storeEvent(messaging, 'recording', step(recordedAt, recording));
  await storeEvent(messaging, 'call_status', step(recordedAt, { CallStatus: 'completed', CallDuration: String(Math.round((recordedAt - start) / SECOND)) }));
  if (settings.transcribeVoicemail) {
    await storeEvent(messaging, 'transcription', step(recordedAt + SECOND, { RecordingSid: recordingSid, TranscriptionSid: `SIMTR${recordingSid.slice(5)}`, TranscriptionStatus: 'completed', TranscriptionText: words }));
  }
  return { callSid, route: route.kind, answered: false, endsAt: recordedAt };
}
