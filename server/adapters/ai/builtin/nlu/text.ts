/**
 * How the built-in assistant reads a text before any matching: one form of every character (NFKC, straight
 * quotes, lower case), texting shorthand spelled out ("u" → "you", "2moro" → "tomorrow", "q" → "que"), emoji that
 * mean yes or no made into words, and accents folded for comparison ("está" meets "esta"). The person's own words
 * are kept for anything recorded (a name, a free-text answer); only the matchers see this form.
 */

import { between } from '@contracts/text';

/** Lower case, NFKC, straight quotes and dashes. */
export function plain(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-');
}

/** Accents folded away ("calefacción" → "calefaccion", "ñ" kept as "n"): for comparing, never for showing. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

const YES_EMOJI = /(?:👍|✅|👌|✔️?|☑️?|🙆|🆗|💯)/gu;
const NO_EMOJI = /(?:👎|❌|✖️?|🙅|⛔|🚫)/gu;

/**
 * Texting shorthand and common misspellings, as whole words (English and Spanish). Only spellings that cannot mean
 * anything else here are listed: "ur" is "your", but "no" stays "no" in both languages.
 */
const SHORTHAND: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bu\b/g, 'you'],
  [/\bur\b/g, 'your'],
  [/(?<=\w) n (?=\w)/g, ' and '],
  [/\bya'?ll\b/g, 'you all'],
  [/\br\b(?= (you|u|ya|they|we)\b)/g, 'are'],
  [/\b(pls|plz|plez|pleez)\b/g, 'please'],
  [/\b(thx|thnx|thnks|tks|ty|tysm|thanx)\b/g, 'thanks'],
  [/\b(2moro|2morrow|2mrw|tmrw|tmr|tmrow|tomorow|tommorow|tommorrow|tomorro)\b/g, 'tomorrow'],
  [/\b(2day|tday)\b/g, 'today'],
  [/\b(2nite|tonite)\b/g, 'tonight'],
  [/\bb4\b/g, 'before'],
  [/\b(nxt)\b/g, 'next'],
  [/\b(wk)\b/g, 'week'],
  [/\b(wkend|wknd|weekend's)\b/g, 'weekend'],
  [/\b(rn)\b/g, 'right now'],
  [/\b(idk|dunno|idk\.)\b/g, "i don't know"],
  [/\b(bc|b\/c|cuz|coz)\b/g, 'because'],
  [/\b(abt)\b/g, 'about'],
  [/\b(w\/)(?=\s)/g, 'with'],
  [/\b(w\/o)\b/g, 'without'],
  [/\b(prob|prolly|probs)\b/g, 'probably'],
  [/\b(appt)\b/g, 'appointment'],
  [/\b(approx)\b/g, 'approximately'],
  [/\b(pic|pix)\b/g, 'picture'],
  [/\b(msg)\b/g, 'message'],
  [/\b(sry|sorry)\b/g, 'sorry'],
  [/\b(ok+|okie|okey|oki|kk|k)\b/g, 'ok'],
  [/\b(yea+h*|yah|yeh|yup|yep|ye)\b/g, 'yes'],
  [/\b(nah|nope|naw)\b/g, 'no'],
  [/\b(gonna)\b/g, 'going to'],
  [/\b(wanna)\b/g, 'want to'],
  [/\b(gotta)\b/g, 'have to'],
  [/\b(dont)\b/g, "don't"],
  [/\b(doesnt)\b/g, "doesn't"],
  [/\b(didnt)\b/g, "didn't"],
  [/\b(isnt)\b/g, "isn't"],
  [/\b(wont)\b/g, "won't"],
  [/\b(cant)\b/g, "can't"],
  [/\b(its)\b(?= (not|a|an|the|my|our|ok|fine|\d))/g, "it's"],
  [/\b(im)\b/g, "i'm"],
  [/\b(ive)\b/g, "i've"],
  [/\b(thats)\b/g, "that's"],
  [/\b(theres)\b/g, "there's"],
  // Spanish texting.
  [/\b(q|k)\b(?= )/g, 'que'],
  [/\b(xq|xk|pq|porq)\b/g, 'porque'],
  [/\b(tb|tmb|tmbn)\b/g, 'tambien'],
  [/\b(x favor|xfa|porfa|porfis)\b/g, 'por favor'],
  [/\b(grax|grx)\b/g, 'gracias'],
  [/\b(bn)\b/g, 'bien'],
  [/\b(dnd)\b/g, 'donde'],
  [/\b(mñn|mnn)\b/g, 'manana'],
];

/** The text as the matchers read it: plain, shorthand spelled out, yes/no emoji as words, accents folded. */
export function normalize(text: string): string {
  let said = plain(text).replace(YES_EMOJI, ' yes ').replace(NO_EMOJI, ' no ');
  said = fold(said);
  for (const [pattern, word] of SHORTHAND) said = said.replace(pattern, word);
  return said.replace(/[ \t]+/g, ' ').trim();
}

/** The words of a normalized text (letters, digits, inner apostrophes). */
export function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];
}

/** The sentences of a text ("." "!" "?" or a line break end one); empty pieces dropped. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[?.!])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/** The words after a cue, to the end of its clause ("need someone to look at the furnace, it's a Rheem" → "look at the furnace"), or null. */
export function clauseAfter(cue: RegExp, said: string): string | null {
  const match = cue.exec(said);
  return match ? (between(said, match.index + match[0].length, said.length).split(/[.!?,;\n]/)[0] ?? '') : null;
}

/** The sentence of a text that holds position `at` ("." "!" "?" or a line break end one). */
export function sentenceAt(text: string, at: number): string {
  const start = Math.max(...[...between(text, 0, at).matchAll(/[.!?\n]/g)].map((mark) => mark.index + 1), 0);
  const end = between(text, at, text.length).search(/[.!?\n]/);
  return between(text, start, end < 0 ? text.length : at + end);
}

/**
 * Punctuation a phone's voice typing wrote out as words, put back: "the furnace is out period can someone come today
 * question mark" → "the furnace is out. can someone come today?". Only where the word closes what was said (before
 * another word of the text or its end), and never "a period", "the grace period", "trial period", "comma" in a name.
 */
export function spokenPunctuation(text: string): string {
  return SPOKEN_MARKS.reduce((said, [pattern, mark]) => said.replace(pattern, mark), text);
}

// ("an exclamation point on the screen", "the rental period", "a 3 month period": things named, not said; "new line" is
// left alone, a wiring job's words.)
const NAMED_BEFORE = String.raw`(?<=[\p{L}\d])(?<!\b(?:a|an|the|that|this|same|grace|trial|waiting|time|probation|billing|pay|short|long|free|return|rental|lease|warranty|rest|cooling|notice|class|each|every|one|first|second|third|fourth|fifth|sixth|last|next|day|week|month|year|hour|\d+|\d(?:st|nd|rd|th)))`;
const SPOKEN_MARKS: ReadonlyArray<readonly [RegExp, string]> = [
  [new RegExp(String.raw`${NAMED_BEFORE}\s+question mark(?=\s|$)`, 'giu'), '?'],
  [new RegExp(String.raw`${NAMED_BEFORE}\s+exclamation (?:point|mark)(?=\s|$)`, 'giu'), '!'],
  [new RegExp(String.raw`${NAMED_BEFORE}\s+(?:period|full stop)(?=\s+[\p{L}\d]|\s*$)`, 'giu'), '.'],
  [new RegExp(String.raw`${NAMED_BEFORE}\s+comma(?=\s+[\p{L}\d])`, 'giu'), ','],
];

/**
 * A home's listing, beds over baths: "es un 1/1 en Little Havana", "it's a 3/2 ranch", "out of a 2/1 condo" — not
 * Spanish "a 4/2", which is "to April 2nd" ("se puede cambiar a 4/2?"). Groups: bedrooms, bathrooms.
 */
export const LISTING = /\b(?:un|una|(?:it'?s|its|it is|is|have|got|live in|in|of|rent|renting|own) (?:a|an))\s+([1-6])\s*\/\s*([1-6](?:\.5)?)\b(?!\s*\/)/;
