import { zonedTimeToInstant } from '@contracts/send-window';

/**
 * Calendar days in the company's time zone, for the bookings views and the slot lists: a day is its date
 * (YYYY-MM-DD, the zone's), its start is the instant of that local midnight (so a day of 23 or 25 hours has the
 * hours it has), and a time on the grid is its wall-clock minute. Intl only: no date library in the bundle.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    formatters.set(zone, formatter);
  }
  return formatter;
}

function localParts(at: number, zone: string) {
  const parts = Object.fromEntries(partsFormatter(zone).formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The zone's date of an instant, YYYY-MM-DD. */
export function dayOf(at: number, zone: string): string {
  const { year, month, day } = localParts(at, zone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

function dateParts(day: string) {
  const [year, month, date] = day.split('-').map(Number);
  return { year: year!, month: month!, day: date! };
}

/** The date `days` after (or before) a date. */
export function addDays(day: string, days: number): string {
  const { year, month, day: date } = dateParts(day);
  const moved = new Date(Date.UTC(year, month - 1, date + days));
  return `${moved.getUTCFullYear()}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function weekdayOf(day: string): number {
  const { year, month, day: date } = dateParts(day);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay() || 7;
}

/** The Monday of a date's week. */
export function mondayOf(day: string): string {
  return addDays(day, 1 - weekdayOf(day));
}

/** The instant the date begins in the zone (its local midnight). */
export function dayStart(day: string, zone: string): number {
  return zonedTimeToInstant({ ...dateParts(day), hour: 0, minute: 0 }, zone);
}

/** The wall-clock minute of an instant in the zone (0 … 1439). */
export function minuteOfDay(at: number, zone: string): number {
  const { hour, minute } = localParts(at, zone);
  return hour * 60 + minute;
}

/** The dates from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length <= 400; day = addDays(day, 1)) days.push(day);
  return days;
}

/** "Tue, Jan 12" (with the year when it is not the current one) for a date. */
export function dayHeading(day: string, today?: string): string {
  const { year, month, day: date } = dateParts(day);
  const sameYear = !today || today.startsWith(String(year));
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) }).format(new Date(Date.UTC(year, month - 1, date)));
}

/** "9:00 AM" in the zone. */
export function timeIn(at: number, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(new Date(at));
}

/** "9:00 AM – 10:00 AM" in the zone. */
export function timeRangeIn(start: number, end: number, zone: string): string {
  return `${timeIn(start, zone)} – ${timeIn(end, zone)}`;
}

/** "Tue, Jan 12, 9:00 AM – 10:00 AM" in the zone. */
export function whenIn(start: number, end: number, zone: string): string {
  return `${dayHeading(dayOf(start, zone))}, ${timeRangeIn(start, end, zone)}`;
}

/** "Central Time" style name of the zone, for "times are in …". */
export function zoneName(zone: string, at: number): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'long' }).formatToParts(new Date(at)).find((candidate) => candidate.type === 'timeZoneName');
  return part ? `${part.value} (${zone})` : zone;
}
