/**
 * The assistant's words made fit to be spoken on a call (decision 0048): no markdown, links or emoji (a TTS voice
 * reads them out literally), no firm price or arrival time (the guardrail of AI call answering: the team confirms
 * those), and short — a phone turn is a few sentences, not a text message.
 */
import { SPOKEN_CONFIRM_LINE } from '@contracts/voice-agent';

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s)]+/gi;
const EMAIL_PATTERN = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g;
// Pictographs, skin tones, flags' regional letters and tags, and the joiners and selectors of emoji sequences.
const EMOJI_PATTERN = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|[\u{1F1E6}-\u{1F1FF}]|[\u{E0020}-\u{E007F}]|\u{FE0F}|\u{200D}|\u{20E3}/gu;
/** A single amount ("$150", "$1,200.00") that is not one end of a range ("$150–$250", "$150 to $250"). */
const FIRM_PRICE = /(?<![–—-]\s?|to\s)\$\s?\d[\d,]*(?:\.\d{2})?(?![\d,]|\.\d|\s?(?:[–—-]|to)\s?\$?\d)/i;
/** A clock time, or a promise of arrival within a stretch of time. */
const FIRM_TIME = /\b(?:\d{1,2}(?::\d{2})?\s?(?:a\.?m\.?|p\.?m\.?)|(?:within|in)\s+(?:the\s+next\s+)?\d+\s+(?:minutes?|mins?|hours?|hrs?)|by\s+(?:noon|tonight|this\s+(?:morning|afternoon|evening)))\b/i;
export const CONFIRM_LINE = SPOKEN_CONFIRM_LINE;
/** How much one spoken turn may say. */
export const MAX_SPOKEN_SENTENCES = 3;

/** Sentences of a text (a period, question or exclamation mark, then a space, ends one). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=\S)/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function plainSpeech(text: string): string {
  return text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(URL_PATTERN, 'our website')
    .replace(EMAIL_PATTERN, 'our email')
    .replace(EMOJI_PATTERN, '')
    .replace(/^\s{0,3}(?:[-*•]|\d+[.)])\s+/gm, '')
    .replace(/[*_`#>|~]+/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.!?])/g, '$1')
    .trim();
}

const WEEKDAY_NAMES: Record<string, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };
const MONTH_NAMES: Record<string, string> = { jan: 'January', feb: 'February', mar: 'March', apr: 'April', may: 'May', jun: 'June', jul: 'July', aug: 'August', sep: 'September', oct: 'October', nov: 'November', dec: 'December' };
const CLOCK = /\b(\d{1,2})(?::(\d{2}))?\s?([ap])\.?m\.?(?![a-z])/gi;

/**
 * Dates and times as a voice says them (a text's "Tue, Dec 1 at 9:00 AM" → "Tuesday, December 1 at 9 AM"): a TTS
 * voice may read "Tue" and ":00" out as they are written.
 */
export function spokenDates(text: string): string {
  return text
    .replace(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\.?,(?=\s)/g, (_, day: string) => `${WEEKDAY_NAMES[day.toLowerCase()]},`)
    .replace(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\.?\s(\d{1,2})\b/g, (_, month: string, day: string) => `${MONTH_NAMES[month.toLowerCase()]} ${day}`)
    .replace(/\b(\d{1,2}):00\s?([AP])M\b/g, '$1 $2M');
}

/** A free time as it is said on a call, in the company's zone: "Tuesday, December 1 at 9 AM". */
export function spokenSlot(start: number, zone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long', month: 'long', day: 'numeric' }).format(start);
  const time = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(start);
  return spokenDates(`${day} at ${time}`);
}

/** Several free times as said on a call, the day named once when they share it: "Thursday, November 26 at 9 AM or 11 AM". */
export function spokenSlots(starts: readonly number[], zone: string): string {
  const dayOf = (start: number) => new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' }).format(start);
  const sameDay = starts.length > 1 && starts.every((start) => dayOf(start) === dayOf(starts[0]!));
  const said = starts.map((start, index) => (sameDay && index > 0 ? spokenDates(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(start)) : spokenSlot(start, zone)));
  return said.length > 1 ? `${said.slice(0, -1).join(', ')} or ${said.at(-1)}` : (said[0] ?? '');
}

/** Minutes after local midnight of a time (for `spokenReply`'s `times`). */
export function minutesOfDay(start: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(start);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? '0');
  return get('hour') * 60 + get('minute');
}

/** Whether every time a sentence names is a clock time among `times` (minutes after midnight): no promise, a real slot. */
function onlyTimes(sentence: string, times: readonly number[]): boolean {
  if (times.length === 0) return false;
  const clocks = [...sentence.matchAll(CLOCK)];
  const rest = sentence.replace(CLOCK, ' ');
  if (clocks.length === 0 || FIRM_TIME.test(rest)) return false;
  return clocks.every((match) => times.includes((Number(match[1]) % 12) * 60 + Number(match[2] ?? '0') + (match[3]!.toLowerCase() === 'p' ? 12 * 60 : 0)));
}

/**
 * The spoken form of a reply: plain words, sentences with a firm price or time left out (and one line saying the
 * team confirms them), at most MAX_SPOKEN_SENTENCES sentences — the question the reply ends with is kept. `times`:
 * the free times the reply offers or the time just booked (minutes after local midnight) — a sentence naming only
 * those is said (the booking tool's times are real; "no firm arrival times" is about promises).
 */
export function spokenReply(reply: string, options: { promisesTime?: boolean; times?: readonly number[] } = {}): string {
  const sentences = sentencesOf(spokenDates(plainSpeech(reply)));
  const times = options.times ?? [];
  const firmTime = (s: string) => (FIRM_TIME.test(s) && !onlyTimes(s, times)) || (options.promisesTime && /\b(?:arrive|be there|come out|over by|at your door)\b/i.test(s));
  const kept = sentences.filter((s) => !FIRM_PRICE.test(s) && !firmTime(s));
  const dropped = kept.length < sentences.length;
  let chosen = kept;
  if (chosen.length > MAX_SPOKEN_SENTENCES) {
    const question = [...chosen].reverse().find((s) => s.endsWith('?'));
    const head = chosen.slice(0, MAX_SPOKEN_SENTENCES - (question ? 1 : 0)).filter((s) => s !== question);
    chosen = question ? [...head, question] : head;
  }
  if (dropped) {
    // The confirmation goes before a closing question, so the turn still ends asking.
    const last = chosen[chosen.length - 1];
    chosen = last?.endsWith('?') ? [...chosen.slice(0, -1), CONFIRM_LINE, last] : [...chosen, CONFIRM_LINE];
  }
  return chosen.join(' ');
}

/** About how long a sentence takes to say (≈ 2.6 words a second, at least 600 ms): paces the tokens sent. */
export function speakingMs(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(600, Math.round((words / 2.6) * 1000));
}

/** A reply as the tokens sent to Twilio: words with the space after them, so the spoken text is their concatenation. */
export function tokensOf(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [];
}
