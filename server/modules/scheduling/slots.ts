import { Temporal } from 'temporal-polyfill';
import type { DateOverrides, DayHours, WorkingWeek } from '@contracts/scheduling';

/**
 * Free appointment slots (issue 24): a team member's weekly hours (or a date's override) in the company's time
 * zone, walked day by day with Temporal so a daylight-saving change moves nothing ("9 am" stays 9 am local; a day
 * of 23 or 25 hours has the hours it has), less what is already booked (each booking with its buffers), the
 * minimum notice and the booking horizon. Pure: the service reads the rows, and the database's exclusion
 * constraint has the last word when two people take the same time at once.
 */
export interface SlotRules {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  /** Slots start on this grid, counted from each working stretch's start. */
  stepMinutes: number;
}

export interface Interval {
  start: number;
  end: number;
}

export interface Slot {
  /** The appointment itself (ms since the epoch). */
  start: number;
  end: number;
  /** What it holds on the calendar: the appointment with its buffers. */
  blockStart: number;
  blockEnd: number;
}

const MINUTE = 60_000;

/** The instant of `minute` minutes after local midnight of `date` in `zone` (a time skipped by DST moves later). */
function atMinute(date: Temporal.PlainDate, minute: number, zone: string): number {
  return date.toPlainDateTime({ hour: 0, minute: 0 }).add({ minutes: minute }).toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
}

/** The hours worked on a date: its override, else the week's day. */
export function hoursOn(date: Temporal.PlainDate, weekly: WorkingWeek, overrides: DateOverrides): DayHours[] {
  return overrides[date.toString()] ?? weekly[String(date.dayOfWeek) as keyof WorkingWeek] ?? [];
}

/** The local date of an instant in a zone. */
export function localDate(at: number, zone: string): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone).toPlainDate();
}

/** Whether an appointment [start, end) lies inside one working stretch of its day. */
export function withinHours(input: { zone: string; weekly: WorkingWeek; overrides: DateOverrides; start: number; end: number }): boolean {
  const date = localDate(input.start, input.zone);
  return hoursOn(date, input.weekly, input.overrides).some((stretch) => atMinute(date, stretch.start, input.zone) <= input.start && input.end <= atMinute(date, stretch.end, input.zone));
}

/** The slots one person could take, from `now` to the horizon, earliest first. */
export function freeSlots(input: { zone: string; weekly: WorkingWeek; overrides: DateOverrides; rules: SlotRules; busy: readonly Interval[]; now: number }): Slot[] {
  const { zone, rules, busy, now } = input;
  const today = localDate(now, zone);
  const earliest = now + rules.minNoticeMinutes * MINUTE;
  const latest = now + rules.horizonDays * 24 * 60 * MINUTE;
  const slots: Slot[] = [];
  // A wall time skipped by spring-forward lands on the next one: the same instant is one slot.
  const starts = new Set<number>();
  for (let offset = 0; offset <= rules.horizonDays; offset += 1) {
    const date = today.add({ days: offset });
    for (const stretch of hoursOn(date, input.weekly, input.overrides)) {
      const stretchEnd = atMinute(date, stretch.end, zone);
      for (let minute = stretch.start; minute + rules.durationMinutes <= stretch.end; minute += rules.stepMinutes) {
        const start = atMinute(date, minute, zone);
        const end = start + rules.durationMinutes * MINUTE;
        if (end > stretchEnd || start < earliest || start > latest || starts.has(start)) continue;
        const blockStart = start - rules.bufferBeforeMinutes * MINUTE;
        const blockEnd = end + rules.bufferAfterMinutes * MINUTE;
        if (busy.some((taken) => taken.start < blockEnd && blockStart < taken.end)) continue;
        starts.add(start);
        slots.push({ start, end, blockStart, blockEnd });
      }
    }
  }
  return slots;
}
