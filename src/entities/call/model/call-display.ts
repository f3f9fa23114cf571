import {
  MISSED_REASON_WORDS,
  type MissedReason,
  TEXT_BACK_OUTCOME_WORDS,
  textBackReasonWords,
  type TextBackOutcome,
  type TextBackSkipReason,
} from '@contracts/call';
import type { CallItem } from './types';

export const TEXT_BACK_OUTCOME_COLORS: Record<TextBackOutcome, string> = { not_needed: 'green', pending: 'yellow', texted: 'blue', skipped: 'gray', failed: 'red' };

/** "1:05" for 65 seconds; "0:08" for 8. */
export function callDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** What happened to the call itself: answered (by whom, when someone answered in the app, and for how long), or missed and why. */
export function callSummary(call: Pick<CallItem, 'missed' | 'status' | 'talkSeconds' | 'missedReason' | 'ringSeconds' | 'answeredBy'>): string {
  if (!call.missed) {
    if (call.status === 'ringing') return 'Ringing…';
    const answered = call.answeredBy ? `Answered by ${call.answeredBy.name}` : 'Answered';
    return call.talkSeconds !== null ? `${answered} · talked ${callDuration(call.talkSeconds)}` : answered;
  }
  const reason = call.missedReason ? MISSED_REASON_WORDS[call.missedReason as MissedReason] : 'Missed';
  return call.ringSeconds !== null && call.ringSeconds > 0 ? `${reason} · rang ${call.ringSeconds} s` : reason;
}

/** The text-back outcome in the words of contracts/call.ts. */
export function textBackOutcomeWord(call: Pick<CallItem, 'textBack'>): string {
  const outcome = call.textBack.outcome as TextBackOutcome;
  return TEXT_BACK_OUTCOME_WORDS[outcome] ?? outcome;
}

/** Why no text-back went (or why it failed), or null: a repeat caller names the window that applied to that call. */
export function textBackReason(call: Pick<CallItem, 'textBack'>): string | null {
  return call.textBack.reason ? textBackReasonWords(call.textBack.reason as TextBackSkipReason, call.textBack.repeatWindowHours) : null;
}

/** The voicemail's transcript as the owner reads it, or why there is none. */
export function transcriptText(voicemail: NonNullable<CallItem['voicemail']>): string {
  if (voicemail.transcriptStatus === 'completed' && voicemail.transcript) return `“${voicemail.transcript}”`;
  if (voicemail.transcriptStatus === 'pending') return 'Writing out the message…';
  if (voicemail.transcriptStatus === 'failed') return 'This message could not be written out.';
  if (voicemail.transcriptStatus === 'unavailable') return 'No transcript: recorded on the test phone, and the offline simulator cannot turn speech into text. Play it to listen.';
  return 'Not written out (transcription was off).';
}

/** The call item's heading: "Missed call from Dana", "Call from Dana, answered", "Dana is calling…". */
export function callTitle(call: Pick<CallItem, 'direction' | 'missed' | 'status'>, name: string): string {
  if (call.direction === 'outbound') return `Call to ${name}`;
  if (call.missed) return `Missed call from ${name}`;
  if (call.status === 'ringing') return `${name} is calling…`;
  return `Call from ${name}, answered`;
}
