import { Temporal } from 'temporal-polyfill';
import type { DashboardPeriod } from '@contracts/dashboard';

/** [from, to) in epoch ms. */
export interface Range {
  from: number;
  to: number;
}

export interface PeriodBounds {
  period: DashboardPeriod;
  zone: string;
  /** From the first local midnight of the period up to this moment (inclusive). */
  current: Range;
  /** The stretch just before, cut at the same local time of its own last day: like with like (decision 0053). */
  previous: Range;
  /** The local calendar days of the current period, oldest first (today last): YYYY-MM-DD. */
  days: string[];
  /** The local calendar days the previous stretch covers, first and last. */
  previousDays: { first: string; last: string };
  /** Local midnight of the previous stretch's last day: from there to `previous.to` it is counted lead by lead (a day cut short). */
  previousLastDayStart: number;
}

const DAY_PERIODS = { today: 1, '7d': 7, '30d': 30, '90d': 90 } as const;

/** Local midnight of a calendar day (a day whose midnight is skipped by a clock change starts at the first valid instant). */
const startOfDay = (date: Temporal.PlainDate, zone: string) => date.toZonedDateTime({ timeZone: zone }).epochMilliseconds;

/**
 * The period an owner chose, in the company's time zone: calendar days as the company lives them (a day of a
 * daylight-saving change has 23 or 25 hours; a lead at 23:30 local belongs to that day whatever the date in UTC).
 * "7 days" is today and the 6 days before; "this month" starts on the 1st. The previous stretch starts as far
 * before and is cut at the same local time of day (and day of the period), so the morning of today is compared
 * with yesterday's morning, not with all of yesterday; a month cut past its own end is the whole month.
 */
export function periodBounds(period: DashboardPeriod, nowMs: number, zone: string): PeriodBounds {
  const now = Temporal.Instant.fromEpochMilliseconds(nowMs).toZonedDateTimeISO(zone);
  const today = now.toPlainDate();
  const currentStart = period === 'month' ? today.with({ day: 1 }) : today.subtract({ days: DAY_PERIODS[period] - 1 });
  const previousStart = period === 'month' ? currentStart.subtract({ months: 1 }) : currentStart.subtract({ days: DAY_PERIODS[period] });
  const currentFrom = startOfDay(currentStart, zone);
  // The wall-clock time elapsed since the period began (days, then hours…), laid on the previous stretch.
  const elapsed = now.toPlainDateTime().since(currentStart.toPlainDateTime());
  const previousCut = previousStart.toPlainDateTime().add(elapsed).toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
  const previousTo = Math.min(previousCut + 1, currentFrom);

  const days: string[] = [];
  for (let day = currentStart; Temporal.PlainDate.compare(day, today) <= 0; day = day.add({ days: 1 })) days.push(day.toString());
  const previousLast = Temporal.Instant.fromEpochMilliseconds(previousTo - 1).toZonedDateTimeISO(zone).toPlainDate();
  return {
    period,
    zone,
    current: { from: currentFrom, to: nowMs + 1 },
    previous: { from: startOfDay(previousStart, zone), to: previousTo },
    days,
    previousDays: { first: previousStart.toString(), last: previousLast.toString() },
    previousLastDayStart: startOfDay(previousLast, zone),
  };
}
