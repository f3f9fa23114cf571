/**
 * The built-in assistant's answer extractors: small pure functions that find one kind of answer in a person's
 * words (a ZIP or postal code, one of a list of options, urgency, yes/no, a date, a budget, a name). Each returns
 * null when the answer is not clearly there: the assistant would rather ask again than record a guess.
 */
import { GENERIC_WORDS, STOP_WORDS, contentWords, foldedWords, plain } from './words';

// ---------------------------------------------------------------------------------------------------------------
// ZIP and postal codes

export interface PostalCode {
  /** "60614", "60614-1234" or "M5V 2T6" (Canadian codes upper case with one space). */
  value: string;
  country: 'US' | 'CA';
}

// Five digits, optionally -four, not part of a longer number, a price ("$12000") or a decimal.
const US_ZIP = /(?<![\d$#.,/-])(\d{5})(?:-(\d{4}))?(?!\d|[.,]\d|-\d|\/)/g;
// Canadian postal codes skip D, F, I, O, Q, U (and W, Z in the first position).
const CA_POSTAL = /\b([abceghj-nprstvxy]\d[abceghj-nprstv-z])[ -]?(\d[abceghj-nprstv-z]\d)\b/gi;

/**
 * A US ZIP (5 or 5-4 digits) or a Canadian postal code in the text. With several, the last wins: a street number
 * comes before the ZIP in an address ("12345 W Fullerton Ave, Chicago 60614").
 */
export function extractPostalCode(text: string): PostalCode | null {
  const found: Array<PostalCode & { index: number }> = [];
  for (const match of text.matchAll(US_ZIP)) {
    found.push({ value: match[2] ? `${match[1]}-${match[2]}` : (match[1] ?? ''), country: 'US', index: match.index ?? 0 });
  }
  for (const match of text.matchAll(CA_POSTAL)) {
    found.push({ value: `${match[1]} ${match[2]}`.toUpperCase(), country: 'CA', index: match.index ?? 0 });
  }
  found.sort((a, b) => a.index - b.index);
  const last = found[found.length - 1];
  return last ? { value: last.value, country: last.country } : null;
}

/** Whether a postal code starts with one of the service-area prefixes (an empty list means anywhere). */
export function isInServiceArea(code: string, prefixes: readonly string[]): boolean {
  if (prefixes.length === 0) return true;
  const bare = code.replace(/[\s-]/g, '').toUpperCase();
  return prefixes.some((prefix) => {
    const wanted = prefix.replace(/[\s-]/g, '').toUpperCase();
    return wanted !== '' && bare.startsWith(wanted);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// One of a list (services, move sizes, property types…)

/**
 * How well a text names an option: 2 per meaningful word of the option found in the text, 1 per generic word
 * ("repair", "install"), 3 more when the option's words appear together in its order ("2 bedroom" in "2 bedroom
 * 1 bath"). Null when none of its meaningful words is there: a generic word alone never picks an option that has
 * meaningful ones, unless `loose`.
 */
export function optionScore(text: string, option: string, options: { loose?: boolean } = {}): number | null {
  const saidInOrder = foldedWords(text);
  const said = new Set(saidInOrder);
  const words = [...new Set(contentWords(option))];
  if (words.length === 0) return null;
  // Numbers are weak on their own: "2 months" must not pick "2 bedrooms".
  const generic = (word: string) => GENERIC_WORDS.has(word) || /^\d+$/.test(word);
  const core = words.filter((word) => !generic(word));
  const coreHits = core.filter((word) => said.has(word)).length;
  const genericHits = words.filter((word) => generic(word) && said.has(word)).length;
  if (coreHits === 0 && (core.length > 0 && !options.loose ? true : genericHits === 0)) return null;
  const together = words.length > 1 && containsInOrder(saidInOrder.filter((word) => !STOP_WORDS.has(word)), words) ? 3 : 0;
  return coreHits * 2 + genericHits + together;
}

function containsInOrder(haystack: readonly string[], needle: readonly string[]): boolean {
  for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    if (needle.every((word, offset) => haystack[start + offset] === word)) return true;
  }
  return false;
}

export type OptionChoice = { option: string; score: number; tied: null } | { option: null; score: number; tied: string[] };

/**
 * The option the text names best, or the options tied for best (the person is asked which one), or null when
 * none fits. `looseAmong`: options the person was just offered ("which one is it: A, B or C?"); when no option's
 * meaningful words were said, a generic word picks among these ("replace it, probably" → "Water heater
 * replacement"), but never among options nobody offered ("fix a faucet" is not "Water heater repair").
 */
export function chooseOption(text: string, options: readonly string[], settings: { looseAmong?: readonly string[] } = {}): OptionChoice | null {
  const strict = rank(text, options, false);
  const ranked = strict.length > 0 || !settings.looseAmong?.length ? strict : rank(text, settings.looseAmong, true);
  const [best] = ranked;
  if (!best) return null;
  const tied = ranked.filter((candidate) => candidate.score === best.score).map((candidate) => candidate.option);
  return tied.length === 1 ? { option: best.option, score: best.score, tied: null } : { option: null, score: best.score, tied };
}

function rank(text: string, options: readonly string[], loose: boolean): Array<{ option: string; score: number }> {
  return options
    .map((option) => ({ option, score: optionScore(text, option, { loose }) }))
    .filter((candidate): candidate is { option: string; score: number } => candidate.score !== null)
    .sort((a, b) => b.score - a.score);
}

/** The option the text names, or null when none does or two fit equally well. */
export function matchOption(text: string, options: readonly string[], settings: { looseAmong?: readonly string[] } = {}): string | null {
  return chooseOption(text, options, settings)?.option ?? null;
}

/** The single best option with its score (for comparing offered against not-offered services), or null. */
export function bestOption(text: string, options: readonly string[]): { option: string; score: number } | null {
  const choice = chooseOption(text, options);
  return choice?.option ? { option: choice.option, score: choice.score } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Urgency

const NOT_URGENT =
  /\b(not (urgent|an emergency|a emergency|emergency|a rush|in a (rush|hurry)|that urgent|super urgent|pressing)|(isn't|isnt|is not|it's not|its not) (urgent|an emergency)|no (rush|hurry|emergency)|non[- ]?urgent|whenever( is)? (fine|works|convenient)|any ?time( is fine)?|flexible|can wait)\b/;
const URGENT =
  /\b(emergency|asap|a\.s\.a\.p|urgent(ly)?|right away|right now|immediately|as soon as (possible|you can)|flood(ing|ed)?|no heat|no hot water|no (ac|a\/c|air|cooling|power)|burst|gas (smell|leak)|smell(s|ing)? (of |like )?gas|sparking|sparks|smoke|water everywhere|sewage|leaking (bad|badly|everywhere)|can't wait)\b/;

/** Whether the text says it is urgent ("asap", "no heat", "flooding") or clearly not ("no rush", "not urgent"). */
export function detectUrgency(text: string): { urgent: boolean; words: string } | null {
  const said = plain(text);
  const calm = NOT_URGENT.exec(said);
  if (calm) return { urgent: false, words: calm[0] };
  const urgent = URGENT.exec(said);
  return urgent ? { urgent: true, words: urgent[0] } : null;
}

/** A yes/no question about urgency ("Is this an emergency?", key `urgent`) takes urgency words as its answer. */
export function isUrgencyQuestion(question: { key: string; text: string }): boolean {
  return /urgent|emergenc|asap|rush|right away/i.test(`${question.key} ${question.text}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Yes / no

const UNSURE = /\b(not sure|unsure|don't know|dont know|do not know|dunno|no idea|maybe|not certain|idk)\b/;
const YES = /\b(yes+|yeah|yea|yah|ya|yep|yup|sure|ok|okay|absolutely|definitely|correct|affirmative|of course|i think so|i do|we do|it is|that's right|please do|you bet)\b/;
const NO = /\b(no+|nope|nah|not really|not yet|negative|never|don't think so|dont think so|i don't|i dont|we don't|we dont|not at all|it isn't|it's not)\b/;

/** "yes" or "no" when the text clearly says one of them (the first one said wins: "no, not urgent" is no). */
export function extractYesNo(text: string): 'yes' | 'no' | null {
  const said = plain(text).trim();
  if (/^(y|k)\W*$/.test(said)) return 'yes';
  if (/^n\W*$/.test(said)) return 'no';
  if (UNSURE.test(said)) return null;
  const yes = YES.exec(said);
  const no = NO.exec(said);
  if (yes && no) return yes.index < no.index ? 'yes' : 'no';
  if (yes) return 'yes';
  if (no) return 'no';
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Dates

export interface FoundDate {
  /** YYYY-MM-DD in the business's time zone. */
  iso: string;
  /** The words that named it ("tomorrow", "Dec 5"). */
  words: string;
}

interface CivilDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
}

const WEEKDAY_INDEX: Readonly<Record<string, number>> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const NUMBER_WORDS: Readonly<Record<string, number>> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, ten: 10, couple: 2, few: 3 };

/** Today's calendar date where the business is (Intl only: no time-zone library is needed for a date). */
export function civilDate(now: Date, timeZone: string): CivilDate {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    weekday: WEEKDAY_INDEX[part('weekday').toLowerCase().slice(0, 3)] ?? 0,
  };
}

function addDays(date: CivilDate, days: number): CivilDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate(), weekday: moved.getUTCDay() };
}

/** The date, or null when the day does not exist in that month (Feb 30). */
function makeDate(year: number, month: number, day: number): CivilDate | null {
  const made = new Date(Date.UTC(year, month - 1, day));
  if (made.getUTCMonth() !== month - 1 || made.getUTCDate() !== day) return null;
  return { year, month, day, weekday: made.getUTCDay() };
}

export function isoDate(date: CivilDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

function compare(a: CivilDate, b: CivilDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** A month and day without a year: this year, or next year when it has already passed. */
function nextMonthDay(today: CivilDate, month: number, day: number, year?: number): CivilDate | null {
  if (year !== undefined) return makeDate(year < 100 ? 2000 + year : year, month, day);
  const thisYear = makeDate(today.year, month, day);
  if (thisYear && compare(thisYear, today) >= 0) return thisYear;
  return makeDate(today.year + 1, month, day);
}

interface DateRule {
  pattern: RegExp;
  resolve: (match: RegExpExecArray, today: CivilDate) => CivilDate | null;
  /** A calendar date ("Dec 5", "12/5", "the 18th") wins over a relative word in the same text ("Wednesday the 18th"). */
  calendar?: boolean;
  /** Only when the date question was just asked: "Saturdays" answers "what day?" but not "do you work Saturdays?". */
  looseOnly?: boolean;
}

const WEEKDAY_WORD = '(monday|mon|tuesday|tues|tue|wednesday|weds|wed|thursday|thurs|thur|thu|friday|fri|saturday|sunday)';
const MONTH_WORD = '(january|jan|february|feb|march|mar|april|apr|may|june|jun|july|jul|august|aug|september|sept|sep|october|oct|november|nov|december|dec)';

const DATE_RULES: DateRule[] = [
  { pattern: /\bday after tomorrow\b/, resolve: (_, today) => addDays(today, 2) },
  { pattern: /\b(today|tonight|this (morning|afternoon|evening))\b/, resolve: (_, today) => today },
  { pattern: /\b(tomorrow|tomorow|tmrw|tmr|2morrow)\b/, resolve: (_, today) => addDays(today, 1) },
  { pattern: /\bnext week\b/, resolve: (_, today) => addDays(today, ((8 - today.weekday) % 7) || 7) },
  { pattern: /\b(this )?weekend\b/, resolve: (_, today) => (today.weekday === 6 || today.weekday === 0 ? today : addDays(today, 6 - today.weekday)) },
  {
    // "next Friday" is the first Friday after today; "Friday" is today when today is Friday.
    pattern: new RegExp(`\\b(next |this |on |coming )?${WEEKDAY_WORD}\\b`),
    resolve: (match, today) => weekdayFrom(today, match[2], match[1]?.trim() === 'next'),
  },
  {
    pattern: new RegExp(`\\b()${WEEKDAY_WORD}s\\b`),
    resolve: (match, today) => weekdayFrom(today, match[2], false),
    looseOnly: true,
  },
  {
    pattern: /\bin (\d{1,2}|a|an|one|two|three|four|five|six|seven|ten|a couple of|a few) (day|days|week|weeks)\b/,
    resolve: (match, today) => {
      const amount = match[1] ?? '';
      const count = /^\d+$/.test(amount) ? Number(amount) : (NUMBER_WORDS[amount.replace(/^a (couple|few) of$/, '$1').replace(/^a (couple|few)$/, '$1')] ?? 1);
      return addDays(today, (match[2] ?? '').startsWith('week') ? count * 7 : count);
    },
  },
  {
    pattern: new RegExp(`\\b${MONTH_WORD}\\.? (\\d{1,2})(st|nd|rd|th)?(,? (\\d{4}))?\\b`),
    resolve: (match, today) => nextMonthDay(today, monthNumber(match[1]), Number(match[2]), match[5] ? Number(match[5]) : undefined),
    calendar: true,
  },
  {
    pattern: new RegExp(`\\b(\\d{1,2})(st|nd|rd|th)? (of )?${MONTH_WORD}\\b`),
    resolve: (match, today) => nextMonthDay(today, monthNumber(match[4]), Number(match[1])),
    calendar: true,
  },
  {
    // US order: 12/5 is December 5th.
    pattern: /(?<![\d/])(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?(?![\d/])/,
    resolve: (match, today) => nextMonthDay(today, Number(match[1]), Number(match[2]), match[3] ? Number(match[3]) : undefined),
    calendar: true,
  },
  {
    // "the 5th": this month, or next month when it has passed.
    pattern: /\bthe (\d{1,2})(st|nd|rd|th)\b/,
    resolve: (match, today) => {
      const day = Number(match[1]);
      const thisMonth = makeDate(today.year, today.month, day);
      if (thisMonth && compare(thisMonth, today) >= 0) return thisMonth;
      return today.month === 12 ? makeDate(today.year + 1, 1, day) : makeDate(today.year, today.month + 1, day);
    },
    calendar: true,
  },
];

const AS_SOON_AS_POSSIBLE = /\b(asap|a\.s\.a\.p|as soon as (possible|you can)|right away|right now|immediately|now|earliest( available)?|first available)\b/;

/** The next such weekday (today counts, unless `next`). */
function weekdayFrom(today: CivilDate, word: string | undefined, next: boolean): CivilDate {
  const wanted = WEEKDAY_INDEX[(word ?? '').slice(0, 3)] ?? 0;
  let ahead = (wanted - today.weekday + 7) % 7;
  if (ahead === 0 && next) ahead = 7;
  return addDays(today, ahead);
}

function monthNumber(word: string | undefined): number {
  return MONTHS.indexOf((word ?? '').slice(0, 3)) + 1;
}

/**
 * The date named in the text (the first one; a calendar date before a relative word), as a calendar date where the
 * business is. `loose` (the date question is the
 * one just asked) also takes "asap" / "right away" as today.
 */
export function extractDate(text: string, now: Date, timeZone: string, options: { loose?: boolean } = {}): FoundDate | null {
  const said = plain(text);
  const today = civilDate(now, timeZone);
  let best: { index: number; date: CivilDate; words: string; calendar: boolean } | null = null;
  for (const rule of DATE_RULES) {
    if (rule.looseOnly && !options.loose) continue;
    const match = rule.pattern.exec(said);
    if (!match) continue;
    const calendar = rule.calendar === true;
    // The earliest date in the text, except that a calendar date beats a relative one.
    if (best && (best.calendar && !calendar ? true : calendar === best.calendar && match.index >= best.index)) continue;
    const date = rule.resolve(match, today);
    if (date) best = { index: match.index, date, words: match[0].trim(), calendar };
  }
  if (best) return { iso: isoDate(best.date), words: best.words };
  if (options.loose) {
    const soon = AS_SOON_AS_POSSIBLE.exec(said);
    if (soon) return { iso: isoDate(today), words: soon[0] };
  }
  return null;
}

/** "today", "tomorrow", "Friday", or "Dec 5" for a YYYY-MM-DD date seen from `now` where the business is. */
export function describeDate(iso: string, now: Date, timeZone: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  const date = makeDate(year ?? 0, month ?? 0, day ?? 0);
  if (!date) return iso;
  const today = civilDate(now, timeZone);
  const days = Math.round((Date.UTC(date.year, date.month - 1, date.day) - Date.UTC(today.year, today.month - 1, today.day)) / 86_400_000);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  const weekday = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][date.weekday] ?? '';
  if (days > 1 && days < 7) return weekday;
  const monthName = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][date.month - 1] ?? '';
  return `${monthName} ${date.day}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Budget

export interface Budget {
  /** As the assistant records it: "$500", "under $2,000", "around $1,500", "$1,000–$2,000". */
  text: string;
  minCents: number | null;
  maxCents: number | null;
}

const AMOUNT = String.raw`(\$\s?)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k\b|grand\b|thousand\b)?(\s?(?:dollars|bucks|usd|cad))?`;
const RANGE = new RegExp(String.raw`(?:between\s+)?${AMOUNT}\s*(?:-|–|to|and)\s*${AMOUNT}`);
const ONE = new RegExp(String.raw`(?:\b(under|less than|below|max(?:imum)?|up to|no more than|at most|around|about|roughly|approx(?:imately)?|maybe|over|more than|above|at least)\s+|~\s?)?${AMOUNT}`);

function dollars(amount: string | undefined, multiplier: string | undefined): number {
  const value = Number((amount ?? '0').replace(/,/g, ''));
  return multiplier ? value * 1000 : value;
}

function money(value: number): string {
  return `$${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

/**
 * A budget in the text. A number counts only with a money sign ("$", "k", "dollars") or a word like "under" /
 * "around", unless `loose` (the budget question is the one just asked) — so a ZIP is never read as a budget.
 */
export function extractBudget(text: string, options: { loose?: boolean } = {}): Budget | null {
  const said = plain(text);
  const range = RANGE.exec(said);
  if (range) {
    const [, sign1, amount1, k1, unit1, sign2, amount2, k2, unit2] = range;
    const moneyish = Boolean(sign1 || k1 || unit1 || sign2 || k2 || unit2) || /\bbetween\b/.test(range[0]);
    if (moneyish || options.loose) {
      // "1-2k": the thousands apply to both ends.
      const low = dollars(amount1, k1 ?? (k2 && !k1 && Number(amount1) < Number(amount2) ? k2 : undefined));
      const high = dollars(amount2, k2);
      if (low > 0 && high >= low) return { text: `${money(low)}–${money(high)}`, minCents: low * 100, maxCents: high * 100 };
    }
  }
  const one = ONE.exec(said);
  if (!one) return null;
  const [, word, sign, amount, k, unit] = one;
  if (!(word || sign || k || unit || one[0].startsWith('~') || options.loose)) return null;
  const value = dollars(amount, k);
  if (!(value > 0)) return null;
  const cents = Math.round(value * 100);
  if (word && /under|less|below|max|up to|no more|at most/.test(word)) return { text: `under ${money(value)}`, minCents: null, maxCents: cents };
  if (word && /over|more than|above|at least/.test(word)) return { text: `over ${money(value)}`, minCents: cents, maxCents: null };
  if (word || one[0].startsWith('~')) return { text: `around ${money(value)}`, minCents: cents, maxCents: cents };
  return { text: money(value), minCents: cents, maxCents: cents };
}

/** A free-text question about money ("What's your budget?", key `budget`) takes a budget as its answer. */
export function isBudgetQuestion(question: { key: string; text: string }): boolean {
  return /budget|spend|price range/i.test(`${question.key} ${question.text}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Names

const NOT_A_NAME = new Set([
  'at', 'in', 'on', 'from', 'looking', 'interested', 'not', 'sure', 'here', 'home', 'calling', 'texting', 'having', 'trying', 'good',
  'fine', 'great', 'ok', 'okay', 'yes', 'no', 'the', 'a', 'an', 'just', 'still', 'available', 'free', 'busy', 'back', 'out', 'in',
  'wondering', 'asking', 'hoping', 'needing', 'moving', 'getting', 'thinking', 'so', 'very', 'really', 'sorry', 'thanks', 'hi', 'hello', 'hey',
]);

function titleCase(word: string): string {
  return word
    .split(/([-'])/)
    .map((part) => (part.length > 0 ? part.charAt(0).toUpperCase() + part.slice(1).toLowerCase() : part))
    .join('');
}

const STRONG_INTRO = /\b(?:my name is|my name's|name is|name's)\s+([a-z][a-z'-]*)(?:\s+([a-z][a-z'-]*))?/i;
const WEAK_INTRO = /\b(?:this is|i am|i'm|im|it's|its)\s+([a-z][a-z'-]*)(?:\s+([a-z][a-z'-]*))?/i;
const CONNECTORS = /^(and|but|from|at|in|i|we|my|here|calling|texting|with|by|the|a|an|over|on|to)$/i;

/**
 * A person's name: "my name is Dana", "This is Dana Kowalski", "I'm Dana". After "this is" / "I'm" the word must
 * start with a capital ("I'm Dana", not "I'm worried") unless `loose` (the name question is the one just asked),
 * which also takes a short reply of one to three words as the name ("dana k").
 */
export function extractName(text: string, options: { loose?: boolean } = {}): string | null {
  const said = text.normalize('NFKC').replace(/[\u2018\u2019\u02bc]/g, "'").trim();
  const capital = (word: string | undefined) => word !== undefined && /^[A-Z]/.test(word);
  const usable = (word: string | undefined): word is string => word !== undefined && !NOT_A_NAME.has(word.toLowerCase());
  const candidates: string[] = [];
  const strong = STRONG_INTRO.exec(said);
  const weak = strong ? null : WEAK_INTRO.exec(said);
  const intro = strong ?? weak;
  if (intro && usable(intro[1]) && (strong || options.loose || capital(intro[1]))) {
    candidates.push(intro[1]);
    const second = intro[2];
    if (usable(second) && !CONNECTORS.test(second) && (capital(second) || !weak)) candidates.push(second);
  } else if (options.loose && !intro) {
    const words = said.replace(/[.!,]+$/g, '').split(/\s+/);
    if (words.length <= 3 && words.every((word) => /^[a-z][a-z'-]*\.?$/i.test(word) && usable(word))) candidates.push(...words);
  }
  if (candidates.length === 0) return null;
  return candidates.map((word) => titleCase(word.replace(/\.$/, ''))).join(' ');
}

/** A question asking for the person's name (key `name`, `first_name`, or "What's your name?"). */
export function isNameQuestion(question: { key: string; text: string }): boolean {
  return /(^|_)name($|_)/.test(question.key) || /\bname\b/i.test(question.text);
}
