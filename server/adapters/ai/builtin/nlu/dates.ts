/**
 * A day, and the time window when one is given, in a person's words, as a calendar date where the business is.
 * chrono-node reads dates in English and Spanish ("Dec 5", "el 15 de diciembre", "in two weeks", "mañana"); a few
 * rules go first where texting differs from what chrono expects or where a dispatcher reads it differently:
 * shorthand weekdays ("tues", "thurs"), "next week" as its Monday, "the 14th" as the next 14th, a day counted from
 * another ("the day after the inspection on the 9th"), "asap" for the date question just asked. Windows: "before
 * 11" → `before 11:00`, "after 3" → `after 15:00`, "9-12" → `09:00-12:00`, "mornings" → `morning`.
 */
import { between } from '@contracts/text';
import * as chrono from 'chrono-node';
import type { Language } from './language';
import { LISTING, normalize, sentenceAt } from './text';

export interface CivilDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
}

export interface FoundDate {
  /** YYYY-MM-DD where the business is. */
  iso: string;
  /** `before 11:00`, `after 15:00`, `09:00-12:00`, `morning`, `afternoon`, `evening`, or null. */
  window: string | null;
  /** The words that named it. */
  words: string;
}

const WEEKDAY_INDEX: Readonly<Record<string, number>> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };

/** Today where the business is. */
export function civilDate(now: Date, timeZone: string): CivilDate {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: Number(part('year')), month: Number(part('month')), day: Number(part('day')), weekday: WEEKDAY_INDEX[part('weekday').toLowerCase().slice(0, 3)] ?? 0 };
}

/** The date ("2026-12-02") and the minutes since midnight of an instant where the business is. */
export function localClock(at: number | Date, zone: string): { date: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

export function addDays(date: CivilDate, days: number): CivilDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate(), weekday: moved.getUTCDay() };
}

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

/** The next such weekday (today counts, unless `next`). */
function weekdayFrom(today: CivilDate, weekday: number, next: boolean): CivilDate {
  let ahead = (weekday - today.weekday + 7) % 7;
  if (ahead === 0 && next) ahead = 7;
  return addDays(today, ahead);
}

const WEEKDAY_WORDS: ReadonlyArray<readonly [RegExp, number]> = [
  [/\b(sunday|sun|domingo)\b/, 0],
  [/\b(monday|mon|lunes)\b/, 1],
  [/\b(tuesday|tues|tue|martes)\b/, 2],
  [/\b(wednesday|weds|wed|miercoles)\b/, 3],
  [/\b(thursday|thurs|thur|thu|jueves)\b/, 4],
  [/\b(friday|fri|viernes)\b/, 5],
  [/\b(saturday|sat|sabado)\b/, 6],
];
const WEEKDAY = '(sunday|sun|monday|mon|tuesday|tues|tue|wednesday|weds|wed|thursday|thurs|thur|thu|friday|fri|saturday|sat|domingo|lunes|martes|miercoles|jueves|viernes|sabado)';

function weekdayNumber(word: string): number | null {
  for (const [pattern, index] of WEEKDAY_WORDS) if (pattern.test(word)) return index;
  return null;
}

/** "the 14th": this month's, or next month's when it has passed. */
function nextDayOfMonth(today: CivilDate, day: number): CivilDate | null {
  const thisMonth = makeDate(today.year, today.month, day);
  if (thisMonth && compare(thisMonth, today) >= 0) return thisMonth;
  return today.month === 12 ? makeDate(today.year + 1, 1, day) : makeDate(today.year, today.month + 1, day);
}

interface Candidate {
  date: CivilDate;
  index: number;
  words: string;
  /** A calendar date ("Dec 5", "the 14th") wins over a relative one in the same text. */
  calendar: boolean;
  /** A weekday said on its own ("thursday", not "next thursday" or "thursday the 14th"): which week is open. */
  lone?: boolean;
}

const LISTINGS = new RegExp(LISTING.source, 'g');

/** Dates chrono reads, as calendar dates where the business is (its wall clock is chrono's reference). */
function chronoDates(said: string, today: CivilDate, language: Language, loose = false): Candidate[] {
  const reference = new Date(Date.UTC(today.year, today.month - 1, today.day, 12));
  // Our own rules read these; chrono would take "the day after" as tomorrow and "the week" as this week.
  // (Nor is a home's listing a day: "es un 1/1 en Little Havana", "it's a 3/2 ranch" — bedrooms and baths.)
  said = said
    .replace(/\b(the )?(day|dia) (after|before|despues|antes)\b|\b(the|this|that|next|la|esta) (week|semana)\b/g, (match) => ' '.repeat(match.length))
    .replace(LISTINGS, (match) => ' '.repeat(match.length));
  const parsers = language === 'es' ? [chrono.es, chrono.en] : [chrono.en, chrono.es];
  for (const parser of parsers) {
    const results = parser.parse(said, { instant: reference, timezone: 0 }, { forwardDate: true });
    const found = results
      // A month alone ("the hail in October") is a day only as the answer to the date question ("sometime in March").
      .filter((result) => result.start.isCertain('day') || result.start.isCertain('weekday') || (result.start.isCertain('month') && loose))
      // A time alone ("at 3") or a vague word is not a day.
      .filter((result) => /\d{1,2}\s*\/\s*\d{1,2}|\d(st|nd|rd|th)\b|tomorrow|today|tonight|[a-z]+day\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|manana|hoy|lunes|martes|miercoles|jueves|viernes|sabado|domingo|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|\bin \w+ (days?|weeks?)\b|\bdentro de\b/.test(result.text))
      .map((result) => {
        const date = makeDate(result.start.get('year') ?? today.year, result.start.get('month') ?? today.month, result.start.get('day') ?? today.day);
        return date ? { date, index: result.index, words: result.text, calendar: result.start.isCertain('month') && result.start.isCertain('day') && /\d|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)/.test(result.text) } : null;
      })
      .filter((candidate): candidate is Candidate => candidate !== null);
    if (found.length > 0) return found;
  }
  return [];
}

const AS_SOON = /\b(asap|as soon as (possible|you can)|right away|right now|immediately|earliest|first available|soonest|lo antes posible|lo mas pronto|cuanto antes|ya mismo|urgente)\b/;

/** Whether a bare "sat"/"wed"/"mon" at `index` is a weekday: next to another weekday, a part of the day or "pls" ("the sun room" is not). */
function bareWeekday(said: string, index: number, length: number): boolean {
  const before = said.slice(Math.max(0, index - 12), index);
  const after = said.slice(index + length, index + length + 24);
  return (
    /(\bor|\band|,|\/|-)\s*$/.test(before) ||
    new RegExp(`^\\s*(or|and|,|/|-|\\?|!|\\.|$|${WEEKDAY}|morning|afternoon|evening|night|am|pm|works|would|is (good|best|better|fine|ok|okay|perfect|great)|(would be|works|is) (better|best)|better|preferably|pls|please|if|at \\d|after|before|anytime|any time|ok)`).test(after)
  );
}

/** An ordinal that counts something else: "2nd floor", "3rd bedroom", "1st time". */
function notADay(said: string, end: number): boolean {
  return /^\s*(floor|fl\b|story|storey|level|bed|bedroom|bath|bathroom|time|grade|gen|generation|car|unit|apt|door|house|one|shift|piso|planta|vez|cuarto|recamara|turno|(de |of (an? )?)?acres?\b)/.test(said.slice(end, end + 16));
}

/** An ordinal that names a street: "West 6th near the Maritime Museum", "on 5th st", "E 14th Ave". */
function aStreet(said: string, start: number, end: number): boolean {
  return /(?<![\p{L}'’])(west|east|north|south|w|e|n|s)\.?\s+$/u.test(said.slice(Math.max(0, start - 7), start)) || /^\s*(st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|pl|place|ter|terrace|ct|court|ln|lane|pkwy|parkway|hwy|highway)\b\.?/.test(said.slice(end, end + 12));
}

/** A holiday's name that names a thing, not a day: "christmas lights", "halloween decorations", "the christmas tree". */
function holidayThing(said: string, end: number): boolean {
  return /^\s*(lights?|lighting|trees?|decorations?|decor|inflatables?|display|wreaths?|ornaments?|garland|village|cards?|gifts?|presents?|shopping|sales?|bonus|costumes?|candy|music|movies?)\b/.test(said.slice(end, end + 24));
}

/**
 * A holiday named as the occasion or the deadline, not as the visit's day: "a cleaning for Christmas", "before the kids
 * come home for Christmas", "antes de Navidad", "in laws land thurs for thanksgiving". A day counted from it keeps it
 * ("the Tuesday before Thanksgiving", "the week after Thanksgiving").
 */
function holidayOccasion(said: string, index: number): boolean {
  const before = said.slice(Math.max(0, index - 30), index);
  // (Or named as what a weekday is: "thursday is thanksgiving lol"; not "Is Christmas Eve ok?". Nor the day a visit is
  // asked for: "could someone stop by christmas eve morning?", "can you come for new years eve?", "could do it for
  // labor day, im off".)
  if (NAMED_AS_WEEKDAY.test(before)) return true;
  // (Asked of the business, not said of others coming: "before my kids & grandkids come for Christmas".)
  if (/\b(come|came|stop|swing|drop|be here|be there|do it|do that|make it|get here|get out|come out|available|open|schedule( it| us| me)?|book( it| us| me)?)\s+(by|for|para)\s+(the\s+)?$/.test(before) && /\b(you|u|y'?all|someone|somebody|anybody|anyone|could|can|would|is|are)\b/.test(before) && !/\b(kids|grandkids|family|guests?|in[- ]?laws|parents|company|they|relatives|folks|everyone|everybody)\b/.test(before)) return false;
  // ("antes del día de Acción de Gracias": the day's name around the holiday's.)
  return /\b(for|before|by|until|till|til|ahead of|antes del?|para( el)?|in time for)\s+(the\s+|dia de\s+)?$/.test(before) && !COUNTED_BEFORE.test(before);
}

const NAMED_AS_WEEKDAY = new RegExp(`\\b${WEEKDAY}\\s+(is|'s|es)\\s+(the\\s+)?$`);
const COUNTED_BEFORE = new RegExp(`\\b(${WEEKDAY}|day|days|week|weekend|dia|semana)\\s+(before|after|antes de|despues de)\\s+(the\\s+)?$`);

/** Easter Sunday of a year (the Western date, by the Anonymous Gregorian computus). */
function easter(year: number): CivilDate | null {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return makeDate(year, month, day);
}

/** The first…fourth or last such weekday of a month. */
function nthWeekday(year: number, month: number, weekday: number, which: string): CivilDate | null {
  if (which === 'last') {
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const last = makeDate(year, month, lastDay);
    return last ? addDays(last, -((last.weekday - weekday + 7) % 7)) : null;
  }
  const first = makeDate(year, month, 1);
  if (!first) return null;
  const n = { first: 0, '1st': 0, second: 1, '2nd': 1, third: 2, '3rd': 2, fourth: 3, '4th': 3 }[which] ?? 0;
  const date = addDays(first, ((weekday - first.weekday + 7) % 7) + 7 * n);
  return date.month === month ? date : null;
}

/** Our own readings: the ones texting needs and chrono does not give the way a dispatcher would. */
function ownDates(said: string, today: CivilDate, loose: boolean): Candidate[] {
  const found: Candidate[] = [];
  const push = (match: RegExpExecArray | null, date: CivilDate | null, calendar = false, lone = false) => {
    if (match && date) found.push({ date, index: match.index, words: match[0].trim(), calendar, lone });
  };
  let match: RegExpExecArray | null;
  push(/\b(day after tomorrow|pasado manana)\b/.exec(said), addDays(today, 2));
  // "a week from today", "two weeks from tomorrow", "en una semana / dentro de dos semanas" are read by chrono.
  const weeksFrom = /\b(a|one|1|two|2|three|3) weeks? from (today|now|tomorrow)\b/.exec(said);
  if (weeksFrom) push(weeksFrom, addDays(today, 7 * ({ a: 1, one: 1, '1': 1, two: 2, '2': 2, three: 3, '3': 3 }[weeksFrom[1] ?? 'a'] ?? 1) + (weeksFrom[2] === 'tomorrow' ? 1 : 0)), true);
  push(/\b(today|tonight|this (morning|afternoon|evening)|hoy|esta (tarde|noche))\b/.exec(said), today);
  if (!/\bday after tomorrow\b/.test(said)) push(/\b(tomorrow|(?<!\b(la|las|de la|en la|por la|en las|por las) )manana(?! en la| por la| temprano))\b/.exec(said), addDays(today, 1));
  // "next week" alone is its Monday; with a weekday ("next week, Wednesday") the weekday says which day.
  if (!new RegExp(`\\b${WEEKDAY}s?\\b`).test(said)) push(/\b(next week|la (semana )?proxima( semana)?|la semana que viene|la otra semana)\b/.exec(said), addDays(today, ((8 - today.weekday) % 7) || 7));
  // "next weekend" is the one of next week (as "next week" is the week from next Monday); "the weekend" the coming one.
  // ("me dejó plantada last weekend": a weekend gone is no day.)
  const weekend = /\b(next |this |the |el proximo |el otro )?(weekend|fin de semana)( que viene)?\b(?! pasado)/.exec(said.replace(/\b(last|this past|past|el|este) (weekend|fin de semana)( pasado)?\b/g, (gone) => (/\b(last|past|pasado)\b/.test(gone) ? ' '.repeat(gone.length) : gone)));
  const nextWeekend = weekend !== null && /next|proximo|otro|que viene/.test(weekend[0]);
  const nextMonday = addDays(today, ((8 - today.weekday) % 7) || 7);
  const saturday = nextWeekend ? addDays(nextMonday, 5) : today.weekday === 0 ? addDays(today, -1) : addDays(today, 6 - today.weekday);
  // ("the weekend after next": the one after next weekend.)
  const afterNext = /\b(the )?weekend after next\b/.exec(said);
  if (afterNext) push(afterNext, addDays(nextMonday, 12));
  else push(weekend, nextWeekend || today.weekday !== 0 ? saturday : today);
  const weekday = new RegExp(`\\b(next |this |on |coming |el |este |proximo )?${WEEKDAY}s?\\b`, 'g');
  while ((match = weekday.exec(said))) {
    const index = weekdayNumber(match[2] ?? '');
    if (index === null) continue;
    // "sat", "sun", "wed" alone are weekdays only where a word makes them one ("this sat", "on sun", "sat
    // morning", "mon or tue", "wed pls"), in a short reply, or when the date question was just asked.
    if (/^(sat|sun|wed|mon|fri)$/.test(match[2] ?? '') && !match[1] && !loose && !bareWeekday(said, match.index, match[0].length)) continue;
    // "Saturdays" answers "what day?", not "do you work Saturdays?".
    if (match[0].trim().endsWith(`${match[2] ?? ''}s`) && !/(tues|thurs|weds)$/.test(match[0].trim()) && !loose && !CHANGE.test(said)) continue;
    // ("do u do saturdays? if not ill have to check w my wife": asked of the business, asked or not.)
    if (match[0].trim().endsWith(`${match[2] ?? ''}s`) && /\b(do|does|work|open|come out)\b[^.!?\n]*$/.test(said.slice(Math.max(0, match.index - 30), match.index)) && /^[^.!\n]*\?/.test(said.slice(match.index))) continue;
    // "el jueves que viene" is next Thursday; "next week, Wednesday" is that week's Wednesday.
    const next = /next|proximo/.test(match[1] ?? '') || /^\s*(que viene|de la (semana )?proxima( semana)?)/.test(said.slice(match.index + match[0].length));
    // ("teens next week so before that. Thursday?": next week is what to beat, the day is this week's.)
    const nextWeek = /\b(next week|la (semana )?proxima( semana)?|la semana que viene|la otra semana)\b(?![^.!?]{0,30}\b(before|prior to|ahead of|antes de) (that|then|it|eso)\b)/.exec(said);
    const monday = addDays(today, ((8 - today.weekday) % 7) || 7);
    // "next weekend? sunday maybe": that weekend's Sunday.
    if (weekend && (index === 6 || index === 0) && !next) {
      push(match, index === 6 ? saturday : addDays(saturday, 1), true);
      continue;
    }
    push(match, nextWeek ? addDays(monday, (index + 6) % 7) : weekdayFrom(today, index, next), false, !nextWeek && !next && !/this|coming|este/.test(match[1] ?? ''));
  }
  const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
  const partOfMonth = /\b(first|1st|early|beginning of|start of|mid|middle of|the middle of|mediados de|principios de) (week of |part of )?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/.exec(said);
  if (partOfMonth) {
    const month = MONTHS.indexOf((partOfMonth[3] ?? '').slice(0, 3)) + 1;
    const day = /mid|middle|mediados/.test(partOfMonth[1] ?? '') ? 15 : 1;
    const year = month < today.month || (month === today.month && day < today.day) ? today.year + 1 : today.year;
    push(partOfMonth, makeDate(year, month, day), true);
  }
  const dayOfMonth = /\b(the |el |on the )?(\d{1,2})(st|nd|rd|th)\b/g;
  while ((match = dayOfMonth.exec(said))) if (!notADay(said, match.index + match[0].length) && !(match[1] === undefined && aStreet(said, match.index, match.index + match[0].length))) push(match, nextDayOfMonth(today, Number(match[2])), true);
  // "sábado 16", "saturday 16": the next 16th that is a Saturday (else the next 16th).
  const weekdayAndDay = new RegExp(`\\b${WEEKDAY},? (?:the |el )?(\\d{1,2})\\b(?!\\s*(?::|\\d|am\\b|pm\\b|a\\.m|p\\.m|-|to\\b|a las|%|x\\b|st\\b|nd\\b|rd\\b|th\\b)|\\/\\d)`, 'g');
  while ((match = weekdayAndDay.exec(said))) {
    const weekday = weekdayNumber(match[1] ?? '');
    const day = Number(match[2]);
    if (weekday === null || day < 1 || day > 31) continue;
    let date = nextDayOfMonth(today, day);
    for (let tries = 0; date && date.weekday !== weekday && tries < 12; tries += 1) date = date.month === 12 ? makeDate(date.year + 1, 1, day) : makeDate(date.year, date.month + 1, day);
    push(match, date?.weekday === weekday ? date : nextDayOfMonth(today, day), true);
  }
  // Spanish "el 30" (a day of the month, not "el 30 de enero", which chrono reads).
  // ("el 30 de este mes": this month's.)
  const spanishDay = /\b(?:el|para el|del) (\d{1,2})\b(?!\s*(?:de\s+(?!este mes\b)[a-z]|\/|:|\d|%|pies|anos|min|hrs?|horas|dolares|\$))/g;
  while ((match = spanishDay.exec(said))) if (Number(match[1]) >= 1 && Number(match[1]) <= 31) push(match, nextDayOfMonth(today, Number(match[1])), true);
  // Holidays as days ("the monday after new years", "before christmas").
  const holidays: ReadonlyArray<readonly [RegExp, (year: number) => CivilDate | null]> = [
    [/\b(new years?( day)?|new year'?s( day)?|ano nuevo)\b(?! eve)/, (year) => makeDate(year, 1, 1)],
    [/\b(christmas eve|nochebuena)\b/, (year) => makeDate(year, 12, 24)],
    [/\b(christmas( day)?|navidad)\b(?! eve)/, (year) => makeDate(year, 12, 25)],
    [/\b(new years? eve|new year'?s eve)\b/, (year) => makeDate(year, 12, 31)],
    [/\b(thanksgiving|accion de gracias)\b/, (year) => nthWeekday(year, 11, 4, 'fourth')],
    [/\b(fourth of july|4th of july|july 4th|independence day)\b/, (year) => makeDate(year, 7, 4)],
    // The other days a calendar and a dispatcher know by name (US federal holidays and the everyday ones).
    [/\b(mlk|martin luther king( jr\.?)?)( jr\.?)?( day)?\b/, (year) => nthWeekday(year, 1, 1, 'third')],
    [/\b(valentine'?s( day)?|san valentin|dia del amor)\b/, (year) => makeDate(year, 2, 14)],
    // Easter (the Western date, by the Anonymous Gregorian computus) and Good Friday two days before it.
    [/\b(easter( sunday)?|pascua|domingo de resurreccion)\b/, (year) => easter(year)],
    [/\b(good friday|viernes santo)\b/, (year) => { const sunday = easter(year); return sunday ? addDays(sunday, -2) : null; }],
    // (The Super Bowl has been played on the second Sunday of February since 2022.)
    [/\b(super ?bowl|superbowl)( sunday)?\b/, (year) => nthWeekday(year, 2, 0, 'second')],
    [/\b(president'?s'? day|presidents'? day|washington'?s birthday)\b/, (year) => nthWeekday(year, 2, 1, 'third')],
    [/\b(st\.? patrick'?s( day)?|saint patrick'?s( day)?|st\.? patty'?s( day)?)\b/, (year) => makeDate(year, 3, 17)],
    [/\b(mother'?s day|dia de las madres)\b/, (year) => nthWeekday(year, 5, 0, 'second')],
    [/\bmemorial day\b/, (year) => nthWeekday(year, 5, 1, 'last')],
    [/\b(father'?s day|dia del padre)\b/, (year) => nthWeekday(year, 6, 0, 'third')],
    [/\bjuneteenth\b/, (year) => makeDate(year, 6, 19)],
    [/\blabor day\b/, (year) => nthWeekday(year, 9, 1, 'first')],
    [/\b(columbus day|indigenous peoples'? day)\b/, (year) => nthWeekday(year, 10, 1, 'second')],
    [/\b(halloween)\b/, (year) => makeDate(year, 10, 31)],
    [/\bveterans'? day\b/, (year) => makeDate(year, 11, 11)],
    [/\bblack friday\b/, (year) => {
      const thanksgiving = nthWeekday(year, 11, 4, 'fourth');
      return thanksgiving ? addDays(thanksgiving, 1) : null;
    }],
  ];
  for (const [pattern, dateIn] of holidays) {
    const found = pattern.exec(said);
    // (An eve is its own day: "christmas eve" is not Christmas; "(?! eve)" in a pattern does not make it an eve's.)
    if (!found || /\beve\b/.test(found[0]) !== /\beve\b/.test(pattern.source.replace('(?! eve)', ''))) continue;
    if (holidayThing(said, found.index + found[0].length) || holidayOccasion(said, found.index)) continue;
    const thisYear = dateIn(today.year);
    const date = thisYear && compare(thisYear, today) >= 0 ? thisYear : dateIn(today.year + 1);
    push(found, date, true);
  }
  // "the last sat in january", "the first monday of march".
  const nth = new RegExp(`\\b(first|1st|second|2nd|third|3rd|fourth|4th|last) ${WEEKDAY} (in|of) (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\b`, 'g');
  while ((match = nth.exec(said))) {
    const weekday = weekdayNumber(match[2] ?? '');
    const month = MONTHS.indexOf((match[4] ?? '').slice(0, 3)) + 1;
    if (weekday === null || month === 0) continue;
    const year = month < today.month ? today.year + 1 : today.year;
    push(match, nthWeekday(year, month, weekday, match[1] ?? 'first'), true);
  }
  // "the 3rd tuesday", "the second saturday of next month": of this month while it is ahead, else of the next.
  // (Not "the first monday after thanksgiving", "the first monday you have": counted from something else.)
  const nthOfMonth = new RegExp(`\\bthe (first|1st|second|2nd|third|3rd|fourth|4th) ${WEEKDAY}\\b(?! (?:in|of) (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))( of (?:the |this )?month| of next month)?(?! (?:after|before|you|u|y'?all|that|available|open|we|i)\\b)`, 'g');
  while ((match = nthOfMonth.exec(said))) {
    const weekday = weekdayNumber(match[2] ?? '');
    if (weekday === null) continue;
    const next = /next month/.test(match[3] ?? '');
    const nextMonth = today.month === 12 ? { year: today.year + 1, month: 1 } : { year: today.year, month: today.month + 1 };
    const thisMonth = next ? null : nthWeekday(today.year, today.month, weekday, match[1] ?? 'first');
    push(match, thisMonth && compare(thisMonth, today) >= 0 ? thisMonth : nthWeekday(nextMonth.year, nextMonth.month, weekday, match[1] ?? 'first'), true);
  }
  return found;
}

/** Someone else arriving or leaving, said before a day: "new tenant moves in", "guests arrive", "los inquilinos llegan". */
const EVENT_OF_OTHERS = /\b(tenants?|renters?|guests?|buyers?|new (owners?|people|family|folks)|in[- ]?laws|(my |our |the )?(family|kids|parents|grandkids|company) (is |are )?)\s*(moves?|moving|arrives?|arriving|comes?|coming|checks?|checking|gets?|getting|flies|flying|lands?|shows? up|stays?|staying|visits?|visiting)( in| out| here| into| (to )?(stay|visit))?( with (us|me|them|her|him))?\s*(on\s+|the\s+|on the\s+)?$|\b(inquilinos?|huespedes|visitas?|familia)\s+(llegan?|se mudan?|entran?)\s*(el\s+)?$/;

/** A day the text turns down: "not the 30th", "the 20th is no good", "wednesday doesn't work". */
function refused(said: string, candidate: Candidate): boolean {
  const before = said.slice(Math.max(0, candidate.index - 24), candidate.index);
  const after = said.slice(candidate.index + candidate.words.length, candidate.index + candidate.words.length + 28);
  // ("Thursday morning is better for me than friday": the day after "than" is the one not wanted.)
  // ("el jueves no porque trabaja", "monday no, tuesday yes": that day is out; "el jueves no hay problema" is fine.)
  if (/^\s*,?\s*no\b(?!\s+(hay|problem|prob|importa|se\b|sé|rush|hurry|prisa|later|earlier|sooner|worries|pressure|biggie))/.test(said.slice(candidate.index + candidate.words.length))) return true;
  // "home any morning but Thursday": not Thursday; "I'm not free any morning but Saturday": only Saturday.
  // ("cualquier mañana menos el jueves" too.)
  if (/\b(any|cualquier) (mornings?|afternoons?|evenings?|nights?|manana|tarde|noche) (but|except|menos|excepto)\s+(the |on |el )?$/.test(before)) return !/\b(not|n'?t|no one|nobody|never|no (puedo|podemos|estoy|estamos|hay nadie))\b/.test(said.slice(Math.max(0, candidate.index - 60), candidate.index));
  // ("wednesday is the open house, do tuesday": a day said to be another event's.)
  if (/^\s*(is|'s|es)\s+(the|our|my|his|her|their|el|la|mi|su)\s+(open house|closing|party|wedding|funeral|showing|recital|graduation|surgery|game|fiesta|boda|cierre|mudanza de (ellos|ella|el))\b/.test(after)) return true;
  return /\b(not|instead of|rather than|(better|easier|good|works?)( for (me|us))? than|except( for)?|other than|besides|(don'?t|do not|can'?t|cannot|won'?t|couldn'?t) (do|make)|(any ?day|anytime|any time|whenever|anything|any weekday) but|no el|no es el|ni el|menos el|excepto el)\s+(the |on |el )?$/.test(before) || /^\s*(is|'s|isn't|is not|doesn't|does not|won't|will not|no longer)?\s*(no good|not good|not going to work|doesn't work|won't work|not work|bad|out|off|a no)\b/.test(after) || /^\s*(no (me )?(funciona|puedo|sirve))\b/.test(after);
}

/** When they will write back, not a day for the visit: "ill hit u back tonite", "I'll text you Monday". */
function replyDay(said: string, candidate: Candidate): boolean {
  return /\b(i'?ll|ill|i will|will|gonna|i can|let me) (text|hit|get back to|message|msg|reply to|write|holler at) (you|u|y'?all|ya)( guys)?( back)?( later)?( on| by)?\s*$/.test(said.slice(Math.max(0, candidate.index - 40), candidate.index));
}

/** A day named as when something already happened: "the adjuster came out Friday", "they were here monday". */
function pastDay(said: string, candidate: Candidate): boolean {
  const before = said.slice(Math.max(0, candidate.index - 24), candidate.index);
  // The day of a storm that did the damage: "la granizada del domingo", "Sunday's hail", "the storm on Tuesday".
  // ("blew off in the wind storm Sunday" too, unless the storm is still to come: "before the storm Sunday".)
  if (/\b(granizada|granizo|tormenta|lluvia|viento|ventarron|storm|hail|hailstorm|wind|windstorm|tornado)\s+(del|de el|el|on|last)\s*$/.test(before) || (/\b(storm|hail|hailstorm|windstorm|tornado)\s+$/.test(before) && !/\b(before|ahead of|supposed to|forecast|coming|expected|antes de)\b/.test(before)) || /^'?s (storm|hail|hailstorm|wind|windstorm|tornado)\b/.test(said.slice(candidate.index + candidate.words.length))) return true;
  // ("HAD HAIL THE SIZE OF GOLF BALLS SUNDAY NIGHT": the storm's day, however far the hail is from it in its sentence.)
  const sentence = said.slice(Math.max(0, candidate.index - 50), candidate.index).split(/[.!?\n,;]/).at(-1) ?? '';
  if (/\b(had|got|we got|there was)\s+(some\s+|a\s+|that\s+|the\s+)?(hail|hailstorm|storm|wind|windstorm|tornado)\b/.test(sentence) && !/\b(come|coming|out|look|visit|available|free|works?|can you|could you)\b/.test(sentence)) return true;
  // ("no tenemos agua caliente desde el sábado", "no heat since monday": when the trouble began; "desde este sábado"
  // is when to start.)
  if (/\b(since|ever since)\s+(last\s+)?$/.test(before) || (/\bdesde\s+$/.test(before) && !/^(este|esta|el proximo|la proxima|proximo|proxima)\b/.test(candidate.words))) return true;
  // ("the milk was 48 degrees this morning", "it started leaking this morning": when it was seen, not a visit.)
  if (NOW_WORDS.test(candidate.words) && /\b(was|were|had|got|noticed|found|saw|started|happened|broke|died|quit|stopped|went out|began|woke up|came home)\b[^.!?\n,]*$/.test(before) && !/\b(come|coming|out|look|visit|available|free|works?|can you|could you|someone|asap)\b/.test(before.split(/[.!?\n]/).at(-1) ?? '')) return true;
  return /\b(came( out| by| over)?|was (here|out|over)|were (here|out|over)|visited|inspected|stopped by|showed up|this past|vino|vinieron|paso)\s+(on\s+|el\s+)?$/.test(before);
}

/** "not sure on the day yet": the day is not known, and "today" in the same text only says how things are now. */
const UNSURE_DAY = /\b(not sure|unsure|don'?t know|dunno|no idea|no se)\b[^.!?\n]{0,20}\b(day|date|when|dia|fecha|cuando)\b/;
const NOW_WORDS = /^(today|tonight|this (morning|afternoon|evening)|hoy|esta (tarde|noche|manana))$/;

/** Words that change a day already given ("actually thursdays", "can we do sunday instead"). */
const CHANGE = /\b(instead|actually|change|move|switch|make it|wait|rather|(can|could) (you|u|y'?all|we) do|how about|what about|(does ?n'?t|does not|won'?t|will not) work|en vez|mejor|cambiar|cambio)\b/;
// Busy that day: "I have the dentist tuesday", "forgot we have a kids party saturday", "I'm on calls all day tuesdays".
const BUSY = /\b((double|doble|late|early|night) (shift|turno)|me toca (trabajar|doble|turno)|(i|we) (have|got|work) (a|the) shift|guests? (get in|gets in|arrive|arrives|arriving|check in|checks in|checking in|come in|coming in)|next guests?|i have|i've got|i got|we have|we've got|we got|we're hosting|hosting|dentist|doctor|appt|appointment|party|meeting|on calls|calls all day|at work|i'?m working|i am working|we'?re working|i work|we work|out of town|traveling|travelling|busy|won'?t be (home|there|around)|not (home|around|available|free)|(does ?n'?t|does not|won'?t|will not) work|(nobody|no one|no ?body)('?s| is| will be)? (home|there)|no hay nadie|no (puedo|podemos)|tengo|tenemos|trabajo|cita|ocupad[oa]s?|no estoy|no estamos)\b/;
const FREE_THEN = /\b(off|free|available|open|libre|from home|have time|works|work for|is good|is best|are best|best|good|ok|fine|great|prefer\w*)\b/;

/** Whether the clause naming `candidate` says the person is busy then (and not that the day suits). */
function busyOn(said: string, candidate: Candidate): boolean {
  const boundary = /[.!?;\n,]|\b(but|because|cause|cuz|since|bc|so|pero|porque|ya que)\b/g;
  let start = 0;
  let end = said.length;
  for (const mark of said.matchAll(boundary)) {
    if (mark.index < candidate.index) start = mark.index + mark[0].length;
    else if (mark.index >= candidate.index + candidate.words.length) {
      end = mark.index;
      break;
    }
  }
  const clause = said.slice(start, end);
  return BUSY.test(clause) && !FREE_THEN.test(clause);
}

// (A part of the day may come between: "Tomorrow morning is better actually".)
const PREFERENCE_AFTER = /^\s*,?\s*((morning|afternoon|evening|am|pm|night|a la manana|en la manana|en la tarde) )?(is |'s |would be |works |es |seria |sounds )?(even |much |way |a lot )?(better|best|preferred|pref|preferably|ideally|if possible|de preferencia|mejor)\b/;
const PREFERENCE_BEFORE = /\b(prefer|preferably|ideally|pref|prefiero|mejor)\s+(the\s+|el\s+|on\s+)?$/;

/** Whether a day's words are marked as the one preferred where they are said (the first time or again). */
const WEEKDAY_WORD = new RegExp(`\\b${WEEKDAY}\\b`, 'g');

function preferenceMarked(said: string, candidate: Candidate): boolean {
  // (A day said again by its weekday alone: "martes 23 o miércoles 24, martes mejor", "thursday 2nd or friday 3rd |
  // friday".)
  const sameWeekday = [...said.matchAll(WEEKDAY_WORD)].map((match) => match[1] ?? '').filter((word) => weekdayNumber(word) === candidate.date.weekday);
  const escaped = [candidate.words, ...sameWeekday].map((words) => words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const found = [...said.matchAll(new RegExp(`(?<![a-z0-9])(?:${escaped})(?![a-z0-9])`, 'g'))];
  if (found.some((one) => PREFERENCE_AFTER.test(said.slice(one.index + one[0].length)) || PREFERENCE_BEFORE.test(said.slice(Math.max(0, one.index - 16), one.index)))) return true;
  // (Or said again alone to close the text: "thursday 2nd or friday 3rd | friday".)
  const last = found.at(-1);
  return found.length > 1 && last !== undefined && /^[\s.!]*$/.test(said.slice(last.index + last[0].length)) && /(^|[|.!?,\n])\s*$/.test(said.slice(0, last.index));
}

/** That weekday in the week (Monday to Sunday) of `date`: "the week of jan 11 … tuesdays" is Jan 12. */
function weekdayInWeekOf(date: CivilDate, weekday: number): CivilDate {
  const monday = addDays(date, -((date.weekday + 6) % 7));
  return addDays(monday, (weekday + 6) % 7);
}

/** The day with `weekday` nearest to `date` and not before today ("actually thursday" after Wednesday the 27th). */
function weekdayNear(date: CivilDate, weekday: number, today: CivilDate): CivilDate {
  const after = addDays(date, (weekday - date.weekday + 7) % 7);
  const before = addDays(after, -7);
  const beforeGap = compare(before, today) >= 0 ? Date.UTC(date.year, date.month - 1, date.day) - Date.UTC(before.year, before.month - 1, before.day) : Infinity;
  const afterGap = Date.UTC(after.year, after.month - 1, after.day) - Date.UTC(date.year, date.month - 1, date.day);
  return beforeGap < afterGap ? before : after;
}

// "the day after", not "any day after" or "every day after" (from then on).
const DAY_AFTER = /\b(?<!(any|every|or any|or the) )(the )?(day|dia) (after|despues( de)?)\b(?! (tomorrow|manana))/;
const DAY_BEFORE = /\b(?<!(any|every|or any|or the) )(the )?(day|dia) (before|antes( de)?)\b/;

/** "the day after X", "the monday after X", "two days before X": a date counted from another in the text. */
function countedFrom(said: string, anchor: Candidate | undefined, all: readonly Candidate[]): Candidate | null {
  if (!anchor) return null;
  // "after the estate sale on the 13th. so the monday after": the weekday after the calendar day said before it.
  const trailing = new RegExp(`\\b(the |el )?${WEEKDAY} (after|despues)\\s*([.!?,]|$)`).exec(said);
  const earlier = trailing ? all.filter((candidate) => candidate.calendar && candidate.index < trailing.index).at(-1) : undefined;
  if (trailing && earlier) {
    const index = weekdayNumber(trailing[2] ?? '');
    if (index !== null) return { ...earlier, date: weekdayFrom(addDays(earlier.date, 1), index, false), words: `${earlier.words} … ${trailing[0].trim()}` };
  }
  // "lease is up the 31st so want to move the saturday before": the last such weekday before the day said before it.
  const trailingBefore = new RegExp(`\\b(the |el )?${WEEKDAY} (before|antes)\\s*([.!?,]|$)`).exec(said);
  const earlierDay = trailingBefore ? all.filter((candidate) => candidate.calendar && candidate.index < trailingBefore.index).at(-1) : undefined;
  if (trailingBefore && earlierDay) {
    const index = weekdayNumber(trailingBefore[2] ?? '');
    const eve = addDays(earlierDay.date, -1);
    if (index !== null) return { ...earlierDay, date: addDays(eve, -((eve.weekday - index + 7) % 7)), words: `${earlierDay.words} … ${trailingBefore[0].trim()}` };
  }
  // "isn't ready til the 15th so any day after that" (or "… so any day after"), "any day after the 15th": the first day
  // after it — only after a bound (not ready, away, closing), not after a day offered ("the 10th or any day after that",
  // "the 15th is the earliest, anything after that is fine") nor a time ("any time after 2"); another day named after
  // it is the one ("anytime after the 15th … the 18th?").
  const anyAfter = /\b(?:any ?day|any ?time|sometime|whenever|anything)\s+after(?:\s+(that|then)\b|((?=\s*(?:[.!?,]|$)))|\s+(?=(?:the |el )?\d{1,2}(?:st|nd|rd|th)\b))/.exec(said);
  const afterThat = anyAfter !== null && (anyAfter[1] !== undefined || anyAfter[2] !== undefined);
  if (anyAfter && !/\b(or|and|&)\s*$/.test(between(said, Math.max(0, anyAfter.index - 8), anyAfter.index))) {
    const base = afterThat ? all.filter((candidate) => candidate.calendar && candidate.index < anyAfter.index).at(-1) : all.find((candidate) => candidate.calendar && candidate.index >= anyAfter.index + anyAfter[0].length && candidate.index <= anyAfter.index + anyAfter[0].length + 4);
    const bound = base !== undefined && (!afterThat || /\b(till?|until|not ready|isn'?t ready|won'?t be ready|not (back|home|available|free)|away|gone|out of town|closing|closes|close on|moving in|move in|gets? in|back on|tdy|deployed|traveling)\b/.test(between(said, Math.max(0, base.index - 40), anyAfter.index)));
    if (base && bound && all.every((candidate) => candidate === base || candidate.index < anyAfter.index)) return { ...base, date: addDays(base.date, 1), words: `${base.words} … ${anyAfter[0]}` };
  }
  const dayAfter = DAY_AFTER.exec(said);
  const dayBefore = DAY_BEFORE.exec(said);
  // "The plumber is there on the 9th, so maybe the day after?", "pushed to the 16th. so the day before that": the
  // day after (or before) the latest date said before it.
  for (const [phrase, shift] of [[dayAfter, 1], [dayBefore, -1]] as const) {
    if (!phrase || !/^\s*((that|then|it|eso)\b)?\s*([.!?,]|$|please|pls|por favor|works?\b|would (work|be)|should work|is (good|best|fine|better|great|ok|perfect)|(ok|okay|good|best|better)\b|me (funciona|sirve|queda))/.test(said.slice(phrase.index + phrase[0].length))) continue;
    const base = all.filter((candidate) => candidate.index < phrase.index).at(-1);
    if (base) return { ...base, date: addDays(base.date, shift), words: `${base.words} … ${phrase[0]}` };
  }
  if (dayAfter && dayAfter.index < anchor.index) return { ...anchor, date: addDays(anchor.date, 1), words: `${dayAfter[0]} … ${anchor.words}` };
  // "the day before, the 11th": the date said is that day, nothing to count.
  const apposed = (phrase: RegExpExecArray | null) => phrase !== null && /^[\s,:-]*$/.test(said.slice(phrase.index + phrase[0].length, anchor.index).replace(/\b(the|el)\b/g, ''));
  if (apposed(dayBefore) || apposed(dayAfter)) return null;
  if (dayBefore && dayBefore.index < anchor.index) return { ...anchor, date: addDays(anchor.date, -1), words: `${dayBefore[0]} … ${anchor.words}` };
  // (Not a time after the day: "thursday or friday after 4, friday's better" is this Friday, from 4 on.)
  const weekdayAfter = new RegExp(`\\b(the |el )?${WEEKDAY} (after|despues( de)?)\\b(?!\\s*(\\d{1,2}(:\\d\\d)?\\s*(am|pm|a\\.m\\.|p\\.m\\.|o'?clock)?(?![\\d:]|st\\b|nd\\b|rd\\b|th\\b|\\s*of\\b)|noon|midday|lunch|work|school|class|dinner|my shift|(las|la) \\d))`).exec(said);
  if (weekdayAfter && weekdayAfter.index < anchor.index) {
    const index = weekdayNumber(weekdayAfter[2] ?? '');
    if (index !== null) return { ...anchor, date: weekdayFrom(addDays(anchor.date, 1), index, false), words: `${weekdayAfter[0]} … ${anchor.words}` };
  }
  // "saturday before christmas": the last such weekday before the day said after it.
  const weekdayBefore = new RegExp(`\\b(the |el )?${WEEKDAY} (before|antes( de)?)\\b`).exec(said);
  // ("Wednesday before that would be great, the 20th": before something said earlier; the day said is the day.)
  if (weekdayBefore && weekdayBefore.index < anchor.index && !/^\s*(that|it|then|eso)\b/.test(between(said, weekdayBefore.index + weekdayBefore[0].length, said.length))) {
    const index = weekdayNumber(weekdayBefore[2] ?? '');
    const dayBefore = addDays(anchor.date, -1);
    if (index !== null) return { ...anchor, date: addDays(dayBefore, -((dayBefore.weekday - index + 7) % 7)), words: `${weekdayBefore[0]} … ${anchor.words}` };
  }
  // "the weekend after the super bowl", "weekend after thanksgiving": the Saturday of the next weekend after the day
  // said; "the weekend before memorial day": the last whole weekend before it.
  const weekend = /\b(?:the )?weekend (after|following|before|prior to)\b/.exec(said);
  if (weekend && weekend.index < anchor.index) {
    if (/^(after|following)$/.test(weekend[1] ?? '')) return { ...anchor, date: weekdayFrom(addDays(anchor.date, 1), 6, false), words: `${weekend[0]} … ${anchor.words}` };
    const eve = addDays(anchor.date, -2);
    return { ...anchor, date: addDays(eve, -((eve.weekday - 6 + 7) % 7)), words: `${weekend[0]} … ${anchor.words}` };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Time windows

function hourOf(text: string, meridiem: string | undefined, hint: 'before' | 'after' | 'range'): number | null {
  const [h, m] = text.split(':');
  let hour = Number(h);
  const minutes = Number(m ?? '0');
  if (!Number.isFinite(hour) || hour > 23 || minutes > 59) return null;
  if (meridiem) {
    if (/^p/.test(meridiem) && hour < 12) hour += 12;
    if (/^a/.test(meridiem) && hour === 12) hour = 0;
  } else if (hour >= 1 && hour <= 6) {
    // Working hours: "after 3" is the afternoon; "before 7" would be the morning only with "am".
    hour += 12;
  } else if (hint === 'range' && hour === 12) {
    hour = 12;
  }
  return hour * 60 + minutes;
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const TIME = String.raw`(\d{1,2}(?::\d{2})?)\s*(a\.?m\.?|p\.?m\.?|am|pm|a|p)?\b`;
/** A clause that ties a time to today ("I'm at work till 6 today"). */
const TODAY_CLAUSE = new RegExp(String.raw`[^.!?,;\n]*\b(?:till?|until|after|before|by)\s+${TIME}\s*(?:today|tonight|hoy)\b[^.!?,;\n]*`, 'g');

/** A limit their own day sets: "before my shift at 3", "before school pickup at 2:45", "antes de mi turno a las 3". */
export const OWN_DEADLINE = new RegExp(String.raw`\b(?:(?:before|by)\s+(?:(?:my|the|our)\s+)?(?:shift|work|class|school pickup|pickup|meeting|appointment|flight)(?:\s+(?:starts|begins|is))?\s+(?:at\s+)?|antes de (?:mi|el) (?:turno|trabajo)(?: que empieza)? a las )${TIME}`);

/** A time and on: "so like 3:30 on", "2pm onward", "4 or later". */
const TIME_ON = new RegExp(String.raw`(?<![\d.,$#])\b${TIME}\s*(?:on(?=\s*$|\s*[.,!?)]|\s+(?:is|works|would|should|if|please|pls)\b)|onwards?\b|or later\b|and later\b)`);

/** Days or parts of the day told in general: "weekends work better", "weekdays are best", "usually", "so evenings". */
const DAYS_IN_GENERAL = /\b(weekends?|weekdays?|evenings?|mornings?|afternoons?|nights?|any ?day|usually|normally|every|most days|fines de semana|entre semana|las tardes|las mananas)\b/;

/** Words of what is not done, between "no" and a time: "no noise before 9", "can't do anything before 10". */
const NOT_DONE = String.raw`\b(?:not|no|nothing|nada|can'?t|cannot|can not|won'?t)(?: (?:do|doing|come|coming|work|working|noise|loud|anything|anyone|anybody|someone|available|free|home|here|there|be|any|allowed|permitted|contractors?|workers?|crews?|deliveries|visits?|trucks?|construction|yard|in|out|one|guys|people|make it|until|till|til)){0,3}`;
const NOT_BEFORE = new RegExp(String.raw`${NOT_DONE} (?:before|earlier than|sooner than|antes de(?: las)?)\s+${TIME}`);
const NOT_AFTER = new RegExp(String.raw`${NOT_DONE} (?:after|later than|past|despues de(?: las)?)\s+${TIME}|\bno later than\s+${TIME}`);
/** "after the kids' bus at 8:15", "after my shift at 3" — not "after school pickup at 3 is tough". */
const AFTER_THING_AT = new RegExp(String.raw`\bafter (?:the |my |our |his |her |their |los |el |la )?(?:[\p{L}'’]+ ){1,3}?(?:at|@)\s+${TIME}(?!\s*(?:is|are|'s|gets|would be|will be)\s+(?:tough|hard|bad|rough|difficult|no good|not good|impossible|tricky|a pain|crazy|hectic|busy))`, 'u');

/** The time window in a text, or null. */
export function extractWindow(text: string): string | null {
  // "before noon", "after midday".
  const said = normalize(text).replace(/\b(noon|midday|mediodia)\b/g, '12pm');
  const range = new RegExp(String.raw`\b(?:between |from |entre (?:las )?|de (?:las )?)?${TIME}\s*(?:-|to|and|till|til|until|a (?:las )?|y (?:las )?)\s*${TIME}`).exec(said);
  // (Not a span of something else: "maybe 12-14 yrs old", "8-10 ft".)
  const measured = range !== null && /^\s*(y(ea)?rs?|yo|ft|feet|foot|in(ch(es)?)?|lbs?|pounds|months?|mos?|weeks?|wks?|days?|%|percent|people|guys|movers|boxes|bags|inches|sq|square|gal(lons?)?|amps?|volts?|anos|meses|dias|pies)\b/.test(between(said, range.index + range[0].length, said.length));
  if (range && !measured && /\b(between|from|entre|de)\b|-|\bto\b|\btill?\b|\buntil\b/.test(range[0]) && !/\d{5}/.test(range[0])) {
    const end = hourOf(range[3] ?? '', range[4], 'range');
    // The start shares the end's am/pm ("2-4pm") unless that puts it after the end ("between 9 and noon").
    const shared = hourOf(range[1] ?? '', range[2] ?? range[4], 'range');
    const start = range[2] || shared === null || end === null || shared < end ? shared : hourOf(range[1] ?? '', undefined, 'range');
    if (start !== null && end !== null && end > start && end - start <= 12 * 60) return `${clock(start)}-${clock(end)}`;
  }
  // Between guests: "checkout at 10am and next guests in at 4" is free from the one to the other.
  // ("Guests check out Sunday at 11 and new ones check in at 4 same day": the day between.)
  // ("guests out sunday 11am, next ones in at 4 same day" too; "Guests out Sun 3/14 at 10am": the date is not the time.)
  const turnover = new RegExp(String.raw`\b(?:check ?-?out|guests? (?:are |r )?out|(?:they|guests) leave)(?: is)?(?: (?:on )?${WEEKDAY.replace('(', '(?:')})?(?: (\d{1,2}/\d{1,2})(?:/\d{2,4})?)?(?: at| by)?\s+${TIME}(?!/).{0,40}?\b(?:checks? ?-?in|next (?:guests?|ones?|group|people) checks? in|next (?:guests?|ones?|group|people)(?: are)?(?: in| arrive| arriving| come| coming)?|guests? (?:arrive|come|check|checks) in)(?: is)?(?: (?:on )?${WEEKDAY.replace('(', '(?:')})?(?: (\d{1,2}/\d{1,2})(?:/\d{2,4})?)?(?: at| by)?\s+${TIME}(?!/)`).exec(said);
  // (Both on one day: "checkout 12/20 at 10, checkin 12/20 at 4pm"; not "out 12/20 by 11 … arrive 12/22 at 4".)
  if (turnover && (!turnover[1] || !turnover[4] || turnover[1] === turnover[4])) {
    const start = hourOf(turnover[2] ?? '', turnover[3], 'after');
    const end = hourOf(turnover[5] ?? '', turnover[6], 'before');
    if (start !== null && end !== null && end > start) return `${clock(start)}-${clock(end)}`;
  }
  // Busy until a time ("at work til 1:30", "in class until 2", "on shift at the warehouse till 2am") is free after it.
  const busyUntil = new RegExp(String.raw`\b(?:(?:on (?:my |a )?shift|at work|working)(?:\s+(?!(?:till?|until)\b)[^\s.!?,]+){0,5}?|work|busy|in class|at school|teaching|in meetings|on calls|gone|out|away|trabajo|ocupad[oa])\s+(?:till?|until|hasta(?: las)?)\s+${TIME}`).exec(said);
  // "not before 10", "no earlier than 9:30", "no noise before 9", "can't do anything before 10", "nada antes de las
  // 10": from then on; "no work after 5", "not available after 4": up to then.
  // (Only words of what is not done between: "no rush thursday after 3" is after 3.)
  const notBefore = NOT_BEFORE.exec(said);
  const notBeforeAt = notBefore ? hourOf(notBefore[1] ?? '', notBefore[2], 'after') : null;
  const notAfter = NOT_AFTER.exec(said);
  const notAfterAt = notAfter ? hourOf(notAfter[1] ?? notAfter[3] ?? '', notAfter[2] ?? notAfter[4], 'before') : null;
  // ("not before 10 but no later than 2", "no earlier than 8 and not after 11": both ends.)
  if (notBeforeAt !== null && notAfterAt !== null && notAfterAt > notBeforeAt) return `${clock(notBeforeAt)}-${clock(notAfterAt)}`;
  if (notBeforeAt !== null) return `after ${clock(notBeforeAt)}`;
  if (notAfterAt !== null && notAfter && !/^\s*no later than/.test(notAfter[0])) return `before ${clock(notAfterAt)}`;
  // ("after the kids' bus at 8:15", "after my shift at 3": after the thing, at its time.)
  const after = new RegExp(String.raw`\b(?:after|anytime after|any time after|from|starting at|despues de(?: las)?|a partir de(?: las)?)\s+${TIME}`).exec(said) ?? AFTER_THING_AT.exec(said) ?? TIME_ON.exec(said);
  // (A limit their day sets, "before my shift at 3", unless they tell their days in general: "I usually leave before work
  // at 6, so evenings".)
  const before = new RegExp(String.raw`\b(?:before|by|until|till|til|no later than|antes de(?: las)?|a mas tardar a las)\s+${TIME}`).exec(said) ?? (DAYS_IN_GENERAL.test(said) ? null : OWN_DEADLINE.exec(said));
  // "after 4 … I'm teaching til 3:30": the later start is the window.
  const afterAt = after ? hourOf(after[1] ?? '', after[2], 'after') : null;
  const beforeAt = before ? hourOf(before[1] ?? '', before[2], 'before') : null;
  // "after the movers are done, they said they'd be out by noon": out (or done, gone) by a time is free after it.
  const outBy = before ? /\b(be|are|is|'ll be|will be|'d be|would be|should be) (out|gone|done|finished|moved out|cleared out|all out)\s+$/.test(between(said, Math.max(0, before.index - 30), before.index)) : false;
  const afterWins = (afterAt !== null && beforeAt !== null && afterAt >= beforeAt) || outBy;
  if (outBy && before && !after) {
    const at = hourOf(before[1] ?? '', before[2], 'after');
    if (at !== null) return `after ${clock(at)}`;
  }
  if (before && !afterWins && !(busyUntil && busyUntil.index < before.index + 1 && before.index <= busyUntil.index + busyUntil[0].length)) {
    const at = hourOf(before[1] ?? '', before[2], 'before');
    if (at !== null) return `before ${clock(at)}`;
  }
  if (busyUntil && !after) {
    const at = hourOf(busyUntil[1] ?? '', busyUntil[2], 'after');
    // (A night shift that ends at 2am says when they can text, not when to come.)
    if (at !== null && at >= 6 * 60) return `after ${clock(at)}`;
  }
  if (after) {
    const at = hourOf(after[1] ?? '', after[2], 'after');
    if (at !== null) return `after ${clock(at)}`;
  }
  // Else free after an event at a time: "guests check out sat at 11", "checkout is 11am", "I get off work at 5", "home by 4".
  // ("our cook gets in at 6:30am so anytime after that": someone there from a time on.)
  const freedAt = new RegExp(String.raw`\b(?:check(?:s|ing)? ?out|checkout|get off(?: of)?(?: work)?|off work|get home|home by|back (?:home )?by|salgo (?:del|de) (?:trabajo|trabajar)|(?:gets?|comes?) in|arrives?|opens?)\b[^.!?\n]{0,24}?\b(?:at|by|around|a las|(?<=check ?-?out )is)\s+${TIME}`).exec(said);
  if (freedAt) {
    const at = hourOf(freedAt[1] ?? '', freedAt[2], 'after');
    if (at !== null) return `after ${clock(at)}`;
  }
  // (A part of the day in the reason given is not the one asked for: "en la tarde, porque en la mañana entregamos las
  // llaves".)
  const reason = /\b(porque|because|bc|cause|cuz|since|ya que)\b/.exec(said);
  // ("I have a doctor's appointment that morning, so the afternoon would be better": the part said to be better.)
  // (Said of the visit, not of the trouble: "in the evenings it works better".)
  const better = /\b(?:the )?(mornings?|afternoons?|evenings?) (?:would be|will be|is|are|works?|sounds)(?: (?:much|a lot|way|even))? (?:better|best|preferred|ideal)\b|\bprefer (?:the )?(mornings?|afternoons?|evenings?)\b/.exec(said);
  if (better) return partOfDay(better[1] ?? better[2] ?? '');
  return partOfDay(reason ? between(said, 0, reason.index) : said) ?? partOfDay(said);
}

function partOfDay(said: string): 'morning' | 'afternoon' | 'evening' | null {
  // ("early may", "early next week": early in a month or a week, not in the day.)
  if (/\b(mornings?|in the am|a\.?m\.? only|early(?! (in )?(the |next |this )?(week|month|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*|spring|summer|fall|winter|autumn|year)\b)|temprano|en la manana|por la manana|en las mananas|por las mananas)\b/.test(said)) return 'morning';
  if (/\b(afternoons?|in the pm|after lunch|en la tarde|por la tarde|en las tardes|despues de comer|de la tarde)\b/.test(said)) return 'afternoon';
  if (/\b(evenings?|after work|tonight|en la noche|por la noche|de la noche)\b/.test(said)) return 'evening';
  // ("tomorrow first thing", "first thing wed": the start of the day; not "the first thing I noticed", "first thing
  // available", "First thing, do you service Plano?", nor "first thing after lunch", read above.)
  if (/(?<!\b(the|my|our|a|your) )\bfirst thing\b(?!,| (i|we|you|that|to|is|was|they|he|she|it|available|open|after|on (the|my|our) list)\b)|\ba primera hora\b/.test(said)) return 'morning';
  return null;
}

/**
 * The day a text names (with its window), or null. `loose`: the date question was just asked — "asap" is today
 * and a window alone ("mornings") is not enough to make a date.
 */
export function extractDate(text: string, now: Date, timeZone: string, options: { loose?: boolean; language?: Language; previous?: string | null } = {}): FoundDate | null {
  const said = normalize(text).replace(/\b(tonite|2nite|tonght)\b/g, 'tonight').replace(/\b(tmrw|tmw|tmrow|tomm?orr?ow|2morrow)\b/g, 'tomorrow');
  const today = civilDate(now, timeZone);
  const ownFound = ownDates(said, today, options.loose === true);
  const chronoFound = chronoDates(said, today, options.language ?? 'en', options.loose === true).filter((candidate) => !notADay(said, candidate.index + candidate.words.length));
  const overlaps = (a: Candidate, b: Candidate) => a.index < b.index + b.words.length && b.index < a.index + a.words.length;
  // Where both read the same words, the fuller calendar reading wins ("thurs jan 14" over "thurs").
  // (And a reading inside a fuller one of ours is part of it: "the 3rd" in "the 3rd tuesday".)
  // (Its article aside: "the 1st" in "the 1st friday in april".)
  const within = (inner: Candidate, outer: Candidate) => {
    const start = inner.index + (/^(the|el|la) /.exec(inner.words)?.[0].length ?? 0);
    return outer !== inner && outer.calendar && outer.words.length > inner.words.length && outer.index <= start && inner.index + inner.words.length <= outer.index + outer.words.length;
  };
  // (An article is no fuller reading: chrono's "the 1st friday in april", April 1st, is not fuller than ours, April 2nd.)
  const wordsOf = (candidate: Candidate) => candidate.words.replace(/^(the|el|la) /, '').length;
  const own = ownFound.filter((mine) => !chronoFound.some((theirs) => theirs.calendar && (!mine.calendar || wordsOf(theirs) > wordsOf(mine)) && overlaps(mine, theirs)) && !ownFound.some((other) => within(mine, other)));
  const parsed = chronoFound.filter((candidate) => !own.some((mine) => Math.abs(mine.index - candidate.index) <= 2 || overlaps(mine, candidate)));
  const notThisWeek = /\b(not this week|not until next week|next week)\b(?![^.!?]{0,30}\b(before|prior to|ahead of|antes de) (that|then|it|eso)\b)/.test(said);
  // A day refused once is refused where it is said again ("saturday works | this is his wife, NOT saturday").
  // (The same words: "Don't do tomorrow … Thursday after 3" refuses tomorrow morning, not the Thursday it is.)
  const refusedOnes = [...own, ...parsed].filter((candidate) => refused(said, candidate));
  const all = [...own, ...parsed]
    .filter((candidate) => compare(candidate.date, addDays(today, -1)) > 0 && !refusedOnes.includes(candidate) && !pastDay(said, candidate) && !replyDay(said, candidate) && !(UNSURE_DAY.test(said) && NOW_WORDS.test(candidate.words)))
    // (The same day by other words too: "any day but Tuesday next week, we're driving down to Albuquerque tues".)
    // (Not "Don't do tomorrow … Thursday after 3": tomorrow morning is refused, not the Thursday it is.)
    // (A part of the day refused is only that part: "not friday morning, fri afternoon works tho".)
    .filter((candidate) => !refusedOnes.some((other) => compare(other.date, candidate.date) === 0 && (other.words === candidate.words || (weekdayNumber(other.words) !== null && weekdayNumber(candidate.words) !== null && !/^\s*(morning|afternoon|evening|night|at\b|before\b|after\b|\d)/.test(said.slice(other.index + other.words.length))))))
    // "not this week, but next thurs": a weekday of this week is the next week's.
    .map((candidate) => (notThisWeek && !candidate.calendar && compare(candidate.date, addDays(today, ((8 - today.weekday) % 7) || 7)) < 0 ? { ...candidate, date: addDays(candidate.date, 7) } : candidate))
    .sort((a, b) => a.index - b.index);
  // A day said beside the one asked for, for something else: someone else's arrival ("Tuesday, new tenant moves in
  // Friday so sooner the better"), the last day of a run ("starting this Saturday and then every Sat through Labor
  // Day"), the day in a reason ("Mejor el sábado 31 porque el domingo él trabaja"), the day someone is away till ("make it
  // thursday after 1, he's on the slope till wed").
  const startSaid = /\b(starting|start|beginning|begin|empezando|a partir de)\b/.test(said);
  const aside = (candidate: Candidate) => {
    const before = (chars: number) => said.slice(Math.max(0, candidate.index - chars), candidate.index);
    return EVENT_OF_OTHERS.test(before(40)) || /\b(porque|because|bc|cause|cuz|ya que)\s+(on\s+|el\s+|the\s+)?$/.test(before(14)) || (startSaid && /\b(through|thru|until|till|til|up to|ending|hasta)\s+(the\s+|el\s+)?$/.test(before(12))) || /\b(away|gone|out|on the (slope|road)|working|at work|travel+ing|offshore|deployed|on a trip|out of town|on shift|on call|busy)\b[^.!?\n]{0,20}\b(until|till|til|untill)\s+(the\s+)?$/.test(before(40)) || (/\btoday\b/.test(candidate.words) && /\b(get off|off work|at work|work|working|busy|get home|shift|class|school|meetings?)\b[^.!?\n]{0,16}$/.test(before(30)));
  };
  const asides = all.filter(aside);
  const pool = choosable(said, asides.length > 0 && asides.length < all.length ? all.filter((candidate) => !asides.includes(candidate)) : all);
  const calendar = pool.find((candidate) => candidate.calendar);
  // A correction or a preference ("can you do friday instead?", "actually make it the 31st", "wed or thurs, wed
  // preferably", "tonight, so tomorrow morning") means the last day said.
  // ("between the 10th and the 15th, the earlier the better": the range's first day, no change of mind.)
  const correcting = pool.length > 1 && /\b(instead|actually|rather|better|change|move|switch|make it|do the|wait|no wait|preferably|prefer|ideally|best|so|then|en vez|mejor|cambiar|cambio|prefiero|de preferencia)\b/.test(/\b(between|entre)\b/.test(said) ? said.replace(/\b(the )?(earlier|sooner|quicker|faster|antes) (the|is) better\b|\bentre mas (pronto|antes) mejor\b/g, ' ') : said);
  // (A preference said right after a day, or right before it, is that day's: "Monday the 7th ideally, new people move
  // in the 10th", "tomorrow or thurs, tomorrow better", "Thursday or Friday would be best, Thursday preferred", "martes
  // 23 o miércoles 24, martes mejor"; the last one marked when several are.)
  const marked = pool.length > 1 ? pool.filter((candidate) => preferenceMarked(said, candidate)).at(-1) : undefined;
  // ("Any weekday morning is fine … This Thursday would be wonderful": the day said to be wonderful.)
  const praised = pool.length > 1 ? pool.find((candidate) => /^\s*(would be|will be|is|'s|works|sounds)\s+(wonderful|great|perfect|ideal|best|better|good|great for (me|us))\b/.test(said.slice(candidate.index + candidate.words.length))) : undefined;
  const anchor = marked ?? praised ?? (correcting ? pool.at(-1) : (calendar ?? pool[0]));
  const counted = countedFrom(said, anchor, pool);
  // "I was thinking the day before, but Margaret says that's cutting it too close, so let's say the 29th": a day said
  // after the counted one, as a change, replaces it.
  const last = pool.at(-1);
  const replaced = counted !== null && correcting && last !== undefined && last.index > counted.index && !counted.words.includes(last.words) && /\b(but|so|instead|actually|let'?s say|make it|rather)\b/.test(between(said, counted.index, last.index));
  let chosen = replaced ? last : (counted ?? anchor);
  // A weekday alone that changes a day already given ("actually make it thursday" after Wednesday the 27th) is the
  // one nearest that day.
  const previous = /^(\d{4})-(\d{2})-(\d{2})/.exec(options.previous ?? '');
  const before = previous ? makeDate(Number(previous[1]), Number(previous[2]), Number(previous[3])) : null;
  if (chosen && !counted && chosen.lone && before && compare(before, today) > 0 && CHANGE.test(said)) chosen = { ...chosen, date: weekdayNear(before, chosen.date.weekday, today) };
  // "Tuesday is fine with me too" after "the tuesday after memorial day": the weekday agreed to is the day given.
  // (Or given in to: "ok fine friday 😤" after "we said FRIDAY the 30th" is that Friday, not this week's.)
  else if (chosen && !counted && chosen.lone && before && compare(before, today) > 0 && chosen.date.weekday === before.weekday && (/\b(too|as well|also|tambien)\b/.test(said) || /^\W*(ok|okay|fine|ok fine|sure|yes|yeah|yep|alright|all right|si|bueno|esta bien)\b(?!.*\b(this|next|following|sooner|earlier|este|esta|proximo)\b)/.test(said))) chosen = { ...chosen, date: before };
  // "actually make it the week after, same day": a week on from the day given before.
  if (!chosen && before && compare(before, today) > 0 && CHANGE.test(said) && /\b((the|a) week (after|later)|(one|1) week later|a week from then|la semana siguiente|una semana despues)\b/.test(said)) chosen = { date: addDays(before, 7), index: 0, words: 'the week after', calendar: true, lone: false };
  let window = extractWindow(text);
  // "Thursday morning works. Church office is open 9-1": the part of the day said with the day, not hours told in
  // another sentence.
  if (chosen && window && /^\d/.test(window)) {
    const sentence = sentenceAt(said, chosen.index);
    const own = partOfDay(sentence);
    if (own && extractWindow(sentence) === own) window = own;
  }
  // A time tied to today ("Tomorrow morning is better actually I'm at work till 6 today"): no window for another day.
  // (Only the window told of today: "can you come friday after 5? cant do anything before 5 today" keeps after 5.)
  if (chosen && window && compare(chosen.date, today) !== 0 && said.search(TODAY_CLAUSE) >= 0) window = extractWindow(said.replace(TODAY_CLAUSE, ' ')) ?? partOfDay(sentenceAt(said, chosen.index).replace(/\b(today|tonight|hoy)\b.*$/, ''));
  // "asap, its supposed to snow this weekend": the day said is the weather's (or another event's), the visit is now.
  const soonFirst = AS_SOON.exec(said);
  if (chosen && soonFirst && soonFirst.index < chosen.index && /\b(supposed to|going to|gonna|forecast|calling for|expected to|storm)\b/.test(between(said, soonFirst.index, chosen.index + chosen.words.length))) return { iso: isoDate(today), window, words: soonFirst[0] };
  if (chosen) return { iso: isoDate(chosen.date), window, words: chosen.words };
  // A limit set by their own day with no day said ("I have to get to work before my shift at 3"): today, while the time
  // is still ahead.
  const deadline = OWN_DEADLINE.exec(said);
  const by = deadline ? hourOf(deadline[1] ?? '', deadline[2], 'before') : null;
  if (deadline && by !== null && !DAYS_IN_GENERAL.test(said) && by > localClock(now, timeZone).minutes) return { iso: isoDate(today), window: `before ${clock(by)}`, words: deadline[0] };
  if (options.loose) {
    const soon = AS_SOON.exec(said);
    if (soon) return { iso: isoDate(today), window, words: soon[0] };
  }
  return null;
}

/**
 * The days a text offers, without those it names only to say the person is busy then, with a weekday set in the
 * week said ("the week of jan 11, tuesdays") and a weekday that only names a calendar date's weekday ("the 15th, so
 * the day after that. Tuesday") left out.
 */
function choosable(said: string, all: readonly Candidate[]): Candidate[] {
  const free = all.filter((candidate) => !busyOn(said, candidate));
  let pool = free.length > 0 ? free : [...all];
  // "any weekday after the 22nd, say wednesday the 24th": a day named as a bound is no day when another one is named.
  // ("The Monday after New Year's" counts from the holiday: not a bound.)
  const bounds = pool.filter((candidate) => {
    const before = between(said, Math.max(0, candidate.index - 24), candidate.index);
    // (And a deadline: "lo necesito listo antes del 1 de mayo … pueden empezar el lunes 19 de abril?".)
    return /\b(after|from|past|starting|since|despues del?|a partir del?|before|antes del?|no later than)\s+(the\s+|el\s+)?$/.test(before) && !/\b(mon|tue|wed|thu|fri|sat|sun|lunes|martes|miercoles|jueves|viernes|sabado|domingo)[a-z]*\s+(after|before|antes del?|despues del?)\s+(the\s+|el\s+)?$|\b(day|days|week|weekend|dia|semana)\s+(after|before|antes del?|despues del?)\s+(the\s+|el\s+)?$/.test(before);
  });
  if (bounds.length > 0 && bounds.length < pool.length) pool = pool.filter((candidate) => !bounds.includes(candidate));
  // "the first week of feb? tuesday the 2nd is fine": a part of a month yields to a day named in that month.
  const vague = (candidate: Candidate) => /^(first|1st|early|beginning of|start of|mid|middle of|the middle of|mediados de|principios de) /.test(candidate.words);
  // (A bare "the 2nd" said with it is that month's.)
  const part = pool.find(vague);
  if (part) pool = pool.map((candidate) => (/^(the |on the |el )?\d{1,2}(st|nd|rd|th)?$/.test(candidate.words.trim()) ? { ...candidate, date: makeDate(part.date.year, part.date.month, candidate.date.day) ?? candidate.date } : candidate));
  pool = pool.filter((candidate) => !(vague(candidate) && pool.some((other) => other !== candidate && other.calendar && !vague(other) && other.date.year === candidate.date.year && other.date.month === candidate.date.month)));
  // ("the week after Thanksgiving. Mon or tues": the week that follows the one said.)
  const weekOf = /\b(the )?week (of|after)\b/.exec(said);
  const week = weekOf ? pool.find((candidate) => candidate.calendar && candidate.index > weekOf.index && candidate.index - weekOf.index - weekOf[0].length < 8) : undefined;
  if (weekOf && week && pool.some((candidate) => candidate.lone)) {
    const start = weekOf[2] === 'after' ? addDays(week.date, 7) : week.date;
    pool = pool.filter((candidate) => candidate !== week).map((candidate) => (candidate.lone ? { ...candidate, date: weekdayInWeekOf(start, candidate.date.weekday), lone: false, calendar: true } : candidate));
  }
  const shifts = [0, ...(DAY_AFTER.test(said) ? [1] : []), ...(DAY_BEFORE.test(said) ? [-1] : [])];
  const calendarDays = pool.filter((candidate) => candidate.calendar);
  return pool.filter((candidate) => !(candidate.lone && calendarDays.some((day) => shifts.some((shift) => addDays(day.date, shift).weekday === candidate.date.weekday))));
}

/** The stored answer: the day, then the window ("2026-12-10 before 11:00"). */
export function dateAnswer(found: FoundDate): string {
  return found.window ? `${found.iso} ${found.window}` : found.iso;
}

/** "today", "tomorrow", "Friday" or "Dec 5" (Spanish: "hoy", "mañana", "el viernes", "el 5 de dic"), seen from `now`. */
export function describeDate(answer: string, now: Date, timeZone: string, language: Language = 'en', { twelveHour = false } = {}): string {
  const [iso = '', ...rest] = answer.split(' ');
  const [year, month, day] = iso.split('-').map(Number);
  const date = makeDate(year ?? 0, month ?? 0, day ?? 0);
  if (!date) return answer;
  const today = civilDate(now, timeZone);
  const days = Math.round((Date.UTC(date.year, date.month - 1, date.day) - Date.UTC(today.year, today.month - 1, today.day)) / 86_400_000);
  // ("after 3 pm" for a person reading English, when asked; staff's summary keeps "after 15:00".)
  const window = twelveHour && language === 'en' ? rest.join(' ').replace(/\b(\d{2}):(\d{2})\b/g, (_, hours: string, minutes: string) => `${Number(hours) % 12 || 12}${minutes === '00' ? '' : `:${minutes}`} ${Number(hours) < 12 ? 'am' : 'pm'}`) : rest.join(' ');
  const spanishWindow = window.replace('before', 'antes de las').replace('after', 'después de las').replace('morning', 'en la mañana').replace('afternoon', 'en la tarde').replace('evening', 'en la noche');
  const suffix = window ? ` (${language === 'es' ? spanishWindow : window})` : '';
  const weekdays = language === 'es' ? ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'] : ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const months = language === 'es' ? ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'] : ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  if (days === 0) return (language === 'es' ? 'hoy' : 'today') + suffix;
  if (days === 1) return (language === 'es' ? 'mañana' : 'tomorrow') + suffix;
  if (days > 1 && days < 7) return (language === 'es' ? `el ${weekdays[date.weekday]}` : (weekdays[date.weekday] ?? '')) + suffix;
  return (language === 'es' ? `el ${date.day} de ${months[date.month - 1]}` : `${months[date.month - 1]} ${date.day}`) + suffix;
}

/**
 * A weekday alone that picks one of the days the person offered in an earlier text: "wed. after 10" after "mon or
 * wed next week" is the Wednesday of next week, not this one.
 */
export function dayOfferedBefore(found: FoundDate, earlier: readonly string[], now: Date, timeZone: string, options: { language?: Language } = {}): FoundDate | null {
  const alone = new RegExp(`^${WEEKDAY}s?$`).exec(found.words);
  const weekday = alone ? weekdayNumber(alone[1] ?? '') : null;
  if (weekday === null) return null;
  const anyWeekday = new RegExp(`\\b${WEEKDAY}s?\\b`, 'g');
  for (const line of [...earlier].reverse()) {
    const said = normalize(line);
    const days = [...said.matchAll(anyWeekday)].map((match) => weekdayNumber(match[1] ?? ''));
    // Offered as one of several days ("mon or wed next week"), not a day given alone.
    if (!days.includes(weekday) || new Set(days).size < 2) continue;
    const onlyThatDay = said.replace(anyWeekday, (word, name: string) => (weekdayNumber(name) === weekday ? word : ' '));
    const offered = extractDate(onlyThatDay, now, timeZone, options);
    const [y, m, d] = (offered?.iso ?? '').split('-').map(Number);
    const date = makeDate(y ?? 0, m ?? 0, d ?? 0);
    if (!offered || date?.weekday !== weekday) return null;
    // (The same day: with the window offered for it, "thurs, I wfh thurs" after "wed or thurs afternoon".)
    if (offered.iso === found.iso) return !found.window && offered.window ? { ...found, window: offered.window } : null;
    return { iso: offered.iso, window: found.window ?? offered.window, words: `${found.words} (one of the days offered before)` };
  }
  return null;
}

/**
 * A day counted from an event the person named in an earlier text: "the day after the adjuster" after "the adjuster
 * is coming Thursday the 11th"; "the Friday before the walk-through" after "HOA walk-through is March 9th".
 */
export function dateFromEarlierEvent(text: string, earlier: readonly string[], now: Date, timeZone: string, options: { language?: Language } = {}): FoundDate | null {
  const said = normalize(text);
  const relative = new RegExp(`\\b(?:the )?(day|${WEEKDAY}) (after|before) (?:the |my |our |his |her |their )?([a-z][a-z-]+)`).exec(said);
  if (!relative) return null;
  const noun = relative[4] ?? '';
  if (noun.length < 4 || /^(that|this|next|then|new|christmas|thanksgiving)$/.test(noun)) return null;
  // (Or said earlier in the same text: "We close on the 28th so the day after closing".)
  for (const line of [between(said, 0, relative.index), ...[...earlier].reverse()]) {
    const earlierSaid = normalize(line);
    const at = earlierSaid.indexOf(noun.replace(/(ing|s)$/, ''));
    if (at < 0) continue;
    // The date said next to the event ("adjuster is coming out Thursday the 11th").
    const near = earlierSaid.slice(Math.max(0, at - 40), at + noun.length + 60);
    const anchor = extractDate(near, now, timeZone, options);
    if (!anchor) continue;
    const [y, m, d] = anchor.iso.split('-').map(Number);
    const base = makeDate(y ?? 0, m ?? 0, d ?? 0);
    if (!base) continue;
    const after = relative[3] === 'after';
    let date: CivilDate;
    if (relative[1] === 'day') date = addDays(base, after ? 1 : -1);
    else {
      const weekday = weekdayNumber(relative[2] ?? '') ?? 0;
      date = after ? weekdayFrom(addDays(base, 1), weekday, false) : addDays(base, -(((base.weekday - weekday + 7) % 7) || 7));
    }
    return { iso: isoDate(date), window: extractWindow(text), words: `${relative[0]} (${anchor.words})` };
  }
  return null;
}
