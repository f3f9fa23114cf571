/**
 * Calls and the missed-call text-back: the codes stored in the database and sent over the API, the words owners
 * see for them, and the settings' defaults (../shared/product/PRODUCT.md §6). The database enums, the API's input
 * schemas and the screens read them from here, so each word exists once.
 */
import { DEFAULT_HOURS, type WeeklyHours, type Weekday } from './company';
import { truncate } from './text';

export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

/** Where a call is now: ringing the business, answered by a person, the caller leaving a voicemail, over. */
export const CALL_STATUSES = ['ringing', 'answered', 'voicemail', 'ended'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export const CALL_STATUS_WORDS = {
  ringing: 'Ringing',
  answered: 'Answered',
  voicemail: 'Leaving a voicemail',
  ended: 'Ended',
} as const satisfies Record<CallStatus, string>;

/** Why a call counts as missed. */
export const MISSED_REASONS = ['no_answer', 'busy', 'failed', 'forwarded', 'no_forward_number', 'caller_hung_up'] as const;
export type MissedReason = (typeof MISSED_REASONS)[number];

export const MISSED_REASON_WORDS = {
  no_answer: 'Nobody answered',
  busy: 'Your line was busy',
  failed: 'Your phone could not be reached',
  forwarded: 'Forwarded to LeadLoop unanswered',
  no_forward_number: 'No number to ring (set “Forward calls to”)',
  caller_hung_up: 'Caller hung up before anyone answered',
} as const satisfies Record<MissedReason, string>;

/**
 * The voicemail transcript: none (no voicemail, or transcription off), on its way, there, failed, or unavailable
 * (audio recorded on the test phone with no words typed: the offline simulator has no speech-to-text).
 */
export const TRANSCRIPT_STATUSES = ['none', 'pending', 'completed', 'failed', 'unavailable'] as const;
export type TranscriptStatus = (typeof TRANSCRIPT_STATUSES)[number];

/**
 * What became of the text-back: not needed (answered), waiting for its delay (or a voicemail), texted (handed to
 * the outbound pipeline), skipped with a reason, or failed at the carrier.
 */
export const TEXT_BACK_OUTCOMES = ['not_needed', 'pending', 'texted', 'skipped', 'failed'] as const;
export type TextBackOutcome = (typeof TEXT_BACK_OUTCOMES)[number];

export const TEXT_BACK_OUTCOME_WORDS = {
  not_needed: 'Answered',
  pending: 'Text-back scheduled',
  texted: 'Texted',
  skipped: 'Skipped',
  failed: 'Text not delivered',
} as const satisfies Record<TextBackOutcome, string>;

/** Why no text-back went (or why it failed), each visible on the call. */
export const TEXT_BACK_SKIP_REASONS = [
  'disabled',
  'anonymous',
  'own_number',
  'protected',
  'opted_out',
  'blocked',
  'landline',
  'repeat_caller',
  'no_number',
  'another_text',
  'undeliverable',
] as const;
export type TextBackSkipReason = (typeof TEXT_BACK_SKIP_REASONS)[number];

export const TEXT_BACK_SKIP_REASON_WORDS = {
  disabled: 'Missed-call text-back is turned off',
  anonymous: 'The caller hid their number',
  own_number: 'One of your own numbers',
  protected: 'On your protected numbers list',
  opted_out: 'Opted out of texts',
  blocked: 'You blocked this client',
  landline: 'A landline or a number that cannot receive texts',
  repeat_caller: 'Already texted back after an earlier call',
  no_number: 'No business number to text from',
  another_text: 'Another automated text reached them moments before',
  undeliverable: 'The carrier could not deliver the text',
} as const satisfies Record<TextBackSkipReason, string>;

/** What callers hear before the beep: the greeting text read out (`<Say>`), or the company's uploaded recording (`<Play>`). */
export const GREETING_SOURCES = ['say', 'recording'] as const;
export type GreetingSource = (typeof GREETING_SOURCES)[number];

/**
 * Why a call was not texted back, in the owner's words. A repeat caller names the window that applied when the call
 * was skipped (kept on the call), not today's setting: "Already texted back after a call in the last 6 hours".
 */
export function textBackReasonWords(reason: TextBackSkipReason, repeatWindowHours?: number | null): string {
  if (reason === 'repeat_caller' && repeatWindowHours) return `Already texted back after a call in the last ${repeatWindowHours === 1 ? 'hour' : `${repeatWindowHours} hours`}`;
  return TEXT_BACK_SKIP_REASON_WORDS[reason];
}

/** a: the LeadLoop number is the published one and rings your phone; b: you forward unanswered calls to LeadLoop. */
export const ROUTING_MODES = ['ring_then_voicemail', 'forwarded_missed'] as const;
export type RoutingMode = (typeof ROUTING_MODES)[number];

export const ROUTING_MODE_WORDS = {
  ring_then_voicemail: { label: 'LeadLoop number rings your phone', detail: 'Customers call your LeadLoop number; it rings your phone for the ring timeout, and a call nobody answers is missed.' },
  forwarded_missed: { label: 'You forward unanswered calls to LeadLoop', detail: 'You keep your number and set your carrier to forward unanswered calls to LeadLoop; every call that arrives is already missed.' },
} as const satisfies Record<RoutingMode, { label: string; detail: string }>;

export const MISSED_CALL_LIMITS = {
  ringTimeoutSeconds: { min: 5, max: 60 },
  textBackDelaySeconds: { min: 0, max: 600 },
  voicemailMaxSeconds: { min: 10, max: 300 },
  repeatCallerWindowHours: { min: 0, max: 72 },
  templateLength: 480,
  greetingLength: 600,
} as const;

/** The defaults of ../shared/product/PRODUCT.md §6: ring 20 s, text back after 15 s, repeat callers 12 h. */
export const DEFAULT_MISSED_CALL_SETTINGS = {
  enabled: true,
  routingMode: 'ring_then_voicemail' as RoutingMode,
  forwardTo: null as string | null,
  ringTimeoutSeconds: 20,
  textBackDelaySeconds: 15,
  businessHoursTemplate: 'Hi {first_name}, this is {business_name}. Sorry we missed your call! How can we help? Reply here and we’ll get right back to you.',
  afterHoursTemplate: 'Hi {first_name}, this is {business_name}. Sorry we missed your call, we’re closed right now. Reply with what you need and we’ll get back to you first thing.',
  voicemailGreeting: 'Sorry we missed your call. Please leave your name, what you need and the best time to reach you after the tone, and we will text you right back.',
  greetingSource: 'say' as GreetingSource,
  voicemailMaxSeconds: 120,
  transcribeVoicemail: true,
  tailorToVoicemail: true,
  repeatCallerWindowHours: 12,
};
export type MissedCallSettingsValues = typeof DEFAULT_MISSED_CALL_SETTINGS;

/** Caller IDs carriers send for a hidden or unknown number. */
const ANONYMOUS_CALLER_IDS = new Set(['', 'anonymous', 'restricted', 'private', 'unknown', 'unavailable', 'blocked', '+266696687', '+86282452253', '+7378742833', '+2562533']);

/** A caller we cannot text: hidden caller ID, or anything that is not a E.164 number. */
export function isAnonymousCaller(from: string | null | undefined): boolean {
  const value = (from ?? '').trim();
  if (ANONYMOUS_CALLER_IDS.has(value.toLowerCase())) return true;
  return !/^\+[1-9]\d{7,14}$/.test(value);
}

const WEEKDAY_KEYS: Record<string, Weekday> = { Mon: 'mon', Tue: 'tue', Wed: 'wed', Thu: 'thu', Fri: 'fri', Sat: 'sat', Sun: 'sun' };

/** Whether `instant` falls inside the business's opening hours in its time zone (closed days: never). */
export function isWithinBusinessHours(instant: number, hours: WeeklyHours | null | undefined, zone: string): boolean {
  const week = hours ?? DEFAULT_HOURS;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const day = week[WEEKDAY_KEYS[parts.weekday ?? ''] ?? 'mon'];
  if (!day) return false;
  const now = `${parts.hour}:${parts.minute}`;
  return day.open <= now && now < day.close;
}

/**
 * The first sentence of a voicemail transcript, as the text-back quotes it ("…your call about <it>"): at most
 * `max` characters, cut at a word, without its final punctuation. Null when the transcript says nothing usable.
 */
export function firstSentence(transcript: string | null | undefined, max = 120): string | null {
  const clean = (transcript ?? '').replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  const match = /^(.+?[.!?])(\s|$)/.exec(clean);
  let sentence = (match?.[1] ?? clean).replace(/[.!?]+$/, '').trim();
  if (sentence.length > max) {
    // Cut at a word boundary inside the budget (truncate keeps whole characters), then mark the cut.
    const cut = truncate(sentence, max, { ellipsis: false });
    const space = cut.lastIndexOf(' ');
    sentence = `${(space > max / 2 ? truncate(cut, space, { ellipsis: false }) : cut).trim()}…`;
  }
  return sentence.length >= 3 ? sentence : null;
}
