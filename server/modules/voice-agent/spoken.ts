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

/**
 * The spoken form of a reply: plain words, sentences with a firm price or time left out (and one line saying the
 * team confirms them), at most MAX_SPOKEN_SENTENCES sentences — the question the reply ends with is kept.
 */
export function spokenReply(reply: string, options: { promisesTime?: boolean } = {}): string {
  const sentences = sentencesOf(plainSpeech(reply));
  const kept = sentences.filter((s) => !FIRM_PRICE.test(s) && !(FIRM_TIME.test(s) || (options.promisesTime && /\b(?:arrive|be there|come out|over by|at your door)\b/i.test(s))));
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
