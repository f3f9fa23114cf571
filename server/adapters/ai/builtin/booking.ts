/**
 * The built-in assistant's booking tool (issue 24): it offers two free times of the business's appointment type —
 * on the day and in the part of the day the person asked for ("thursday before 11") when there are any — reads which
 * one they pick, and offers others when neither works. It only ever names times from `booking.slots`, and it never
 * says a time is booked: the engine books the chosen start and sends the confirmation itself.
 */
import type { AiSlot } from '../ai.port';
import type { Voice } from './replies';
import { extractDate, localClock } from './nlu/dates';
import type { Language } from './nlu/language';
import { normalize } from './nlu/text';

/** The day and the stretch of it a person asked for: a YYYY-MM-DD (or null) and minutes after local midnight. */
export interface TimePreference {
  date: string | null;
  from: number;
  to: number;
  /** The window in words, as the lead keeps it ("before 11:00"), or null. */
  window: string | null;
}

const WHOLE_DAY = { from: 0, to: 24 * 60 };

const minutesOf = (clock: string): number => {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** The stretch of the day a stored window means ("before 11:00" → 0–11:00, "morning" → 0–12:00). */
export function windowRange(window: string | null): { from: number; to: number } {
  if (!window) return WHOLE_DAY;
  const range = /^(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(window);
  if (range) return { from: minutesOf(range[1]!), to: minutesOf(range[2]!) };
  const before = /^before (\d{2}:\d{2})$/.exec(window);
  if (before) return { from: 0, to: minutesOf(before[1]!) };
  const after = /^after (\d{2}:\d{2})$/.exec(window);
  if (after) return { from: minutesOf(after[1]!), to: 24 * 60 };
  if (window === 'morning') return { from: 0, to: 12 * 60 };
  if (window === 'afternoon') return { from: 12 * 60, to: 17 * 60 };
  if (window === 'evening') return { from: 17 * 60, to: 24 * 60 };
  return WHOLE_DAY;
}

/** A stored date answer ("2026-12-10 before 11:00") as a preference. */
export function preferenceFromAnswer(answer: string | undefined): TimePreference | null {
  if (!answer?.trim()) return null;
  const [first = '', ...rest] = answer.trim().split(' ');
  const date = /^\d{4}-\d{2}-\d{2}$/.test(first) ? first : null;
  const window = (date ? rest.join(' ') : answer.trim()) || null;
  const range = windowRange(window);
  if (!date && range === WHOLE_DAY) return null;
  return { date, ...range, window };
}

/** The day and window a new text names, or null. */
export function preferenceFromText(text: string, now: Date, zone: string, language: Language): TimePreference | null {
  const found = extractDate(text, now, zone, { language });
  if (found) return { date: found.iso, ...windowRange(found.window), window: found.window };
  return null;
}


const fits = (slot: AiSlot, zone: string, preference: TimePreference | null): boolean => {
  if (!preference) return true;
  const at = localClock(slot.start, zone);
  return at.minutes >= preference.from && at.minutes < preference.to;
};

/**
 * Two free times to offer: the first that fits the day and window asked for (or the first that fits the window on a
 * later day, or the earliest at all), and a second on another day when there is one, else later the same day.
 * `exclude`: times already offered that did not suit. Says whether the day and window asked for were kept.
 */
export function chooseTwo(slots: readonly AiSlot[], zone: string, preference: TimePreference | null, exclude: ReadonlySet<number> = new Set()): { slots: AiSlot[]; keptPreference: boolean } {
  const free = slots.filter((slot) => !exclude.has(slot.start));
  const inWindow = free.filter((slot) => fits(slot, zone, preference));
  const onDay = preference?.date ? inWindow.filter((slot) => localClock(slot.start, zone).date === preference.date) : inWindow;
  const fromDay = preference?.date ? inWindow.filter((slot) => localClock(slot.start, zone).date >= preference.date!) : inWindow;
  const pool = onDay.length > 0 ? [...onDay, ...fromDay.filter((slot) => !onDay.includes(slot))] : fromDay.length > 0 ? fromDay : inWindow.length > 0 ? inWindow : free;
  const keptPreference = preference === null || onDay.length > 0 || (!preference.date && inWindow.length > 0);
  const first = pool[0];
  if (!first) return { slots: [], keptPreference: false };
  const firstDay = localClock(first.start, zone).date;
  // Two real choices: the same day when they asked for that day (a later time), otherwise another day.
  const sameDay = (gap: number) => pool.find((slot) => localClock(slot.start, zone).date === firstDay && slot.start >= first.end + gap);
  const sameDayLater = sameDay(60 * 60_000) ?? sameDay(0);
  const otherDay = pool.find((slot) => localClock(slot.start, zone).date !== firstDay);
  const second = onDay.length > 1 ? (sameDayLater ?? otherDay) : (otherDay ?? sameDayLater) ?? pool.find((slot) => slot !== first);
  return { slots: second ? [first, second] : [first], keptPreference };
}

function describeTime(slot: AiSlot, zone: string, language: Language): string {
  if (language === 'es') return `a las ${new Intl.DateTimeFormat('es-US', { timeZone: zone, hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }).format(slot.start)}`;
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(slot.start);
}

/** "Tue, Dec 1 at 9:00 AM" (Spanish "mar, 1 dic a las 9:00"). */
export function describeSlot(slot: AiSlot, zone: string, language: Language): string {
  if (language === 'es') {
    const day = new Intl.DateTimeFormat('es-US', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short' }).format(slot.start);
    const time = new Intl.DateTimeFormat('es-US', { timeZone: zone, hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }).format(slot.start);
    return `${day} a las ${time}`;
  }
  const day = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' }).format(slot.start);
  const time = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(slot.start);
  return `${day} at ${time}`;
}

/** "I can do Tue, Dec 1 at 9:00 AM or Wed, Dec 2 at 1:00 PM for a drain cleaning visit. Which works?" */
export function offerText(voice: Voice, typeName: string, slots: readonly AiSlot[], zone: string, options: { missed?: string | null; again?: boolean } = {}): string {
  // One day named once: "Thu, Nov 26 at 8:00 AM or 10:00 AM".
  const sameDay = slots.length > 1 && slots.every((slot) => localClock(slot.start, zone).date === localClock(slots[0]!.start, zone).date);
  const times = slots.map((slot, index) => (sameDay && index > 0 ? describeTime(slot, zone, voice.language) : describeSlot(slot, zone, voice.language)));
  const es = voice.language === 'es';
  const list = times.length > 1 ? `${times.slice(0, -1).join(', ')} ${es ? 'o' : 'or'} ${times.at(-1)}` : (times[0] ?? '');
  const intro = options.missed ? (es ? `No tengo ${options.missed}. ` : `I don't have ${options.missed} open. `) : options.again ? (es ? 'Sin problema. ' : 'No problem. ') : '';
  if (es) return `${intro}Puedo agendar ${typeName} ${list}. ¿Cuál le funciona?`;
  if (voice.tone === 'concise') return `${intro}${typeName}: ${list}. Which works?`;
  return `${intro}I can book ${typeName} ${list}. Which works for you?`;
}

/** "Which works better: A or B?" when the answer to an offer was unclear. */
export function whichSlotText(voice: Voice, slots: readonly AiSlot[], zone: string): string {
  const times = slots.map((slot) => describeSlot(slot, zone, voice.language));
  if (voice.language === 'es') return `¿Cuál le funciona mejor: ${times.join(' o ')}?`;
  return times.length > 1 ? `Which works better: ${times.join(' or ')}?` : `Does ${times[0]} work for you?`;
}

const WEEKDAYS: Array<[number, RegExp]> = [
  [1, /\b(mon|monday|lunes)\b/],
  [2, /\b(tue|tues|tuesday|martes)\b/],
  [3, /\b(wed|weds|wednesday|miercoles)\b/],
  [4, /\b(thu|thur|thurs|thursday|jueves)\b/],
  [5, /\b(fri|friday|viernes)\b/],
  [6, /\b(sat|saturday|sabado)\b/],
  [7, /\b(sun|sunday|domingo)\b/],
];
const FIRST = /\b(first|1st|option 1|#1|number one|the earlier|earlier one|primer[oa]?|la primera|el primero)\b/;
const SECOND = /\b(second|2nd|option 2|#2|number two|the later|later one|the other|the last|segund[oa]|la otra|el otro|la ultima)\b/;
const EITHER = /\b(either|any|whichever|both work|both are fine|doesn'?t matter|cualquiera|lo que sea|las dos)\b/;
const AGREE = /^(yes|yeah|yep|yup|ok|okay|sure|sounds good|that works|works|perfect|great|si|claro|esta bien|perfecto|dale)\b/;
const NEITHER = /\b(neither|none|niether|nope|no good|doesn'?t work|don'?t work|won'?t work|cant|can'?t|cannot|not available|busy|other times?|another time|anything else|something else|later in the week|ninguno|ninguna|no puedo|otro dia|otra hora)\b/;

function weekdayOf(at: number, zone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short' }).format(at);
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(name) + 1;
}

/** Hours a text names ("9", "9am", "1:30 pm", "at 1") as minutes after midnight, both readings of an hour without am/pm. */
function hoursNamed(said: string): number[][] {
  const found: number[][] = [];
  for (const match of said.matchAll(/\b(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?/g)) {
    const hour = Number(match[1]);
    const minute = Number(match[2] ?? '0');
    if (hour < 1 || hour > 12 || minute > 59) continue;
    const meridiem = match[3]?.[0];
    const base = (hour % 12) * 60 + minute;
    found.push(meridiem === 'p' ? [base + 12 * 60] : meridiem === 'a' ? [base] : [base, base + 12 * 60]);
  }
  return found;
}

export type OfferAnswer = { kind: 'pick'; slot: AiSlot; why: string } | { kind: 'neither' } | { kind: 'unclear' };

/** Which of the offered times a reply picks, that none suits, or that it is not clear. */
export function readOfferAnswer(text: string, offered: readonly AiSlot[], zone: string): OfferAnswer {
  const said = normalize(text);
  if (offered.length === 0) return { kind: 'unclear' };
  const only = (slots: AiSlot[], why: string): OfferAnswer | null => (slots.length === 1 ? { kind: 'pick', slot: slots[0]!, why } : null);
  const refused = NEITHER.test(said) || /^no\b/.test(said);
  // A day or an hour that names exactly one of the times offered.
  const days = WEEKDAYS.filter(([, pattern]) => pattern.test(said)).map(([day]) => day);
  const byDay = offered.filter((slot) => days.includes(weekdayOf(slot.start, zone)));
  const hours = hoursNamed(said.replace(/\b\d{1,2}(st|nd|rd|th)\b/g, ''));
  const byHour = offered.filter((slot) => hours.some((readings) => readings.includes(localClock(slot.start, zone).minutes)));
  if (refused && byDay.length === 0 && byHour.length === 0) return { kind: 'neither' };
  const pick =
    (byDay.length > 0 && byHour.length > 0 ? only(byDay.filter((slot) => byHour.includes(slot)), 'named its day and time') : null) ??
    only(byDay, 'named its day') ??
    only(byHour, 'named its time') ??
    (FIRST.test(said) ? only(offered.slice(0, 1), 'said the first') : null) ??
    (SECOND.test(said) && offered.length > 1 ? only(offered.slice(-1), 'said the second') : null) ??
    (EITHER.test(said) ? only(offered.slice(0, 1), 'said either works: the first') : null) ??
    (AGREE.test(said) && offered.length === 1 ? only([...offered], 'agreed') : null);
  if (pick) return pick;
  if (refused || (days.length > 0 && byDay.length === 0)) return { kind: 'neither' };
  return { kind: 'unclear' };
}

/** A reply that asks about times or booking ("when can you come?", "can you book me in thursday"). */
export function asksForTime(text: string): boolean {
  return /\b(book|schedule|appointment|appt|available|availability|opening|openings|when can|what time|what day|come out|come by|soonest|earliest|cita|agendar|cuando pueden|disponible)\b/.test(normalize(text));
}
