/**
 * Dates as the inbox and the thread show them. Every function takes the time zone as an option (the viewer's by
 * default) so tests don't depend on the machine's zone. English labels, like the rest of the app.
 */
import { dateTimeFormat } from './intl';

const LOCALE = 'en-US';

interface ZoneOption {
  timeZone?: string | undefined;
}

function format(at: number, options: Intl.DateTimeFormatOptions, zone: ZoneOption): string {
  return dateTimeFormat(LOCALE, { ...options, timeZone: zone.timeZone }).format(new Date(at));
}

/** Days since the epoch of the calendar day `at` falls on in the zone, to compare days across DST changes. */
function dayNumber(at: number, zone: ZoneOption): number {
  const parts = dateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: zone.timeZone }).format(new Date(at));
  const [year, month, day] = parts.split('-').map(Number);
  return Math.round(Date.UTC(year!, month! - 1, day!) / 86_400_000);
}

function sameYear(at: number, now: number, zone: ZoneOption): boolean {
  return format(at, { year: 'numeric' }, zone) === format(now, { year: 'numeric' }, zone);
}

/** "9:41 AM" */
export function clockTime(at: number, zone: ZoneOption = {}): string {
  return format(at, { hour: 'numeric', minute: '2-digit' }, zone);
}

/** "Sat, Nov 21, 2026, 9:41 AM": for tooltips and `<time title>`. */
export function fullDateTime(at: number, zone: ZoneOption = {}): string {
  return format(at, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }, zone);
}

/** "Nov 21, 2026" */
export function calendarDate(at: number, zone: ZoneOption = {}): string {
  return format(at, { month: 'short', day: 'numeric', year: 'numeric' }, zone);
}

/**
 * The thread list's short time: "now", "12 min", then the clock time today, "Yesterday", a weekday within the
 * week, and a date after that.
 */
export function listTime(at: number, now: number, zone: ZoneOption = {}): string {
  const elapsed = now - at;
  if (elapsed < 60_000) return 'now';
  if (elapsed < 3_600_000) return `${Math.floor(elapsed / 60_000)} min`;
  const days = dayNumber(now, zone) - dayNumber(at, zone);
  if (days <= 0) return clockTime(at, zone);
  if (days === 1) return 'Yesterday';
  if (days < 7) return format(at, { weekday: 'short' }, zone);
  return sameYear(at, now, zone) ? format(at, { month: 'short', day: 'numeric' }, zone) : calendarDate(at, zone);
}

/** The separator above each day's texts: "Today", "Yesterday", "Sat, Nov 21" (with the year if not this one). */
export function dayLabel(at: number, now: number, zone: ZoneOption = {}): string {
  const days = dayNumber(now, zone) - dayNumber(at, zone);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return format(at, { weekday: 'short', month: 'short', day: 'numeric', ...(sameYear(at, now, zone) ? {} : { year: 'numeric' }) }, zone);
}

export function sameDay(a: number, b: number, zone: ZoneOption = {}): boolean {
  return dayNumber(a, zone) === dayNumber(b, zone);
}

/** What time it is for the client: "Sat, 3:42 PM CST", or null for a zone this browser doesn't know. */
export function localTimeIn(timeZone: string, now: number): string | null {
  try {
    return format(now, { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }, { timeZone });
  } catch {
    return null;
  }
}
