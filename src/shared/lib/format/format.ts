/**
 * How the app shows phones, money and times. Dates use the browser's locale and time zone: "created 3 hr. ago"
 * and day filters are the user's local time, as they expect. Labels are English, like the rest of the app.
 */
import { dateTimeFormat, relativeTimeFormat } from './intl';

export { formatPhone } from '@contracts/phone';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const money = { whole: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0 }), cents: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }) };

/** Cents in: 125000 → "$1,250", 9950 → "$99.50" (cents only when there are some). */
export function formatMoney(cents: number): string {
  return (cents % 100 === 0 ? money.whole : money.cents).format(cents / 100);
}

/** "Nov 21, 2026, 3:42 PM" in the viewer's locale and zone. */
export function formatDateTime(at: number, locale?: string): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

export interface RelativeOptions {
  /** "5 min. ago" in tables (the default), "5 minutes ago" in a feed. */
  style?: 'short' | 'long';
  locale?: string;
}

/**
 * "just now", "5 min. ago", "3 hr. ago", "yesterday", "3 days ago", then the date ("Mar 4", or "Mar 4, 2024"
 * in another year). Times a little in the future (a clock running ahead) read the same way, "in 5 min.".
 */
export function formatRelative(at: number, now: number, { style = 'short', locale }: RelativeOptions = {}): string {
  const diff = at - now;
  const abs = Math.abs(diff);
  if (abs < MINUTE) return 'just now';
  const relative = relativeTimeFormat(locale, { numeric: 'auto', style });
  // Whole units already passed: 59 minutes is "59 min. ago", not "1 hr. ago".
  const whole = (unit: number) => Math.sign(diff) * Math.floor(abs / unit);
  if (abs < HOUR) return relative.format(whole(MINUTE), 'minute');
  if (abs < DAY) return relative.format(whole(HOUR), 'hour');
  if (abs < 7 * DAY) return relative.format(whole(DAY), 'day');
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return dateTimeFormat(locale, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) }).format(at);
}
