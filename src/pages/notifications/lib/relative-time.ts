import { useEffect, useState } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "yesterday", "3 days ago", then the date ("Mar 4", or "Mar 4, 2024" in another year). */
export function relativeTime(at: number, now: number, locale?: string): string {
  const diff = at - now;
  const abs = Math.abs(diff);
  if (abs < MINUTE) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (abs < HOUR) return format.format(Math.round(diff / MINUTE), 'minute');
  if (abs < DAY) return format.format(Math.round(diff / HOUR), 'hour');
  if (abs < 7 * DAY) return format.format(Math.round(diff / DAY), 'day');
  const date = new Date(at);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return date.toLocaleDateString(locale, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
}

/** The current time, refreshed every `intervalMs`, so relative times ("5 minutes ago") stay true on an open page. */
export function useNow(intervalMs = MINUTE): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
