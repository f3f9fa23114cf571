import type { inferRouterOutputs } from '@trpc/server';
import { DASHBOARD_PERIOD_WORDS, DASHBOARD_PERIODS, type DashboardPeriod, isDashboardPeriod } from '@contracts/dashboard';
import type { AppRouter } from '@/shared/api';
import { formatMoney } from '@/shared/lib/format';

export type DashboardSummary = inferRouterOutputs<AppRouter>['dashboard']['summary'];
export type AttentionItem = DashboardSummary['needsAttention']['items'][number];
export type { DashboardPeriod };

export const DEFAULT_PERIOD: DashboardPeriod = '30d';
export const PERIODS = DASHBOARD_PERIODS.map((value) => ({ value, label: DASHBOARD_PERIOD_WORDS[value] }));

/** The period in the address bar (`?period=7d`), or the default for anything else. */
export const readPeriod = (value: unknown): DashboardPeriod => (typeof value === 'string' && isDashboardPeriod(value) ? value : DEFAULT_PERIOD);

/** "4 min", "1 h 5 min", "35 s", "2 days": a first-response time as an owner reads it. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

/** "Nov 2" for a YYYY-MM-DD day (a calendar day, so read in UTC to keep the date as written). */
export function shortDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/** "2:15 PM" in the company's zone. */
const clockIn = (at: number, zone: string) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(at);

/** What the period covers and what it is compared with, in words: "Nov 1 – Nov 30 compared with Oct 1 – Oct 30, 11:45 PM". */
export function periodSentence(summary: DashboardSummary): string {
  const { current, previous, timezone } = summary;
  const span = (first: string, last: string) => (first === last ? shortDay(first) : `${shortDay(first)} – ${shortDay(last)}`);
  return `${span(current.firstDay, current.lastDay)} (until ${clockIn(current.to, timezone)}) compared with ${span(previous.firstDay, previous.lastDay)} until ${clockIn(previous.to, timezone)}, ${timezone.replaceAll('_', ' ')} time.`;
}

/** The previous stretch, short: "yesterday", "the 7 days before", "last month". */
export function previousWords(period: DashboardPeriod): string {
  switch (period) {
    case 'today':
      return 'yesterday';
    case 'month':
      return 'last month';
    default:
      return `the ${DASHBOARD_PERIOD_WORDS[period]} before`;
  }
}

/** How a count compares with the stretch before, in words: "3 more than the 7 days before (2)". */
export function comparison(current: number, previous: number, period: DashboardPeriod): string {
  const before = previousWords(period);
  if (current === previous) return `Same as ${before} (${previous})`;
  const difference = Math.abs(current - previous);
  return `${difference} ${current > previous ? 'more' : 'fewer'} than ${before} (${previous})`;
}

/** The same for money: "$1,200 more than last month ($300)". */
export function moneyComparison(current: number, previous: number, period: DashboardPeriod): string {
  const before = previousWords(period);
  if (current === previous) return `Same as ${before} (${formatMoney(previous)})`;
  return `${formatMoney(Math.abs(current - previous))} ${current > previous ? 'more' : 'less'} than ${before} (${formatMoney(previous)})`;
}

/** "67%" of a whole (callers say what to show when the whole is zero). */
export const share = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;

/** Where an item of "needs your attention" opens. */
export function attentionLink(item: AttentionItem): { to: '/conversations'; search: { c: string } } | { to: '/leads'; search: { lead: string } } | null {
  if (item.conversationId) return { to: '/conversations', search: { c: item.conversationId } };
  if (item.leadId) return { to: '/leads', search: { lead: item.leadId } };
  return null;
}

export const ATTENTION_WORDS: Record<AttentionItem['kind'], string> = {
  unanswered: 'No reply yet',
  needs_human: 'Needs a person',
  unread: 'Unread',
  failed: 'Text failed',
};

/** Dollars typed in a field → whole cents (null when empty or not a number). */
export function centsFrom(value: number | string): number | null {
  if (value === '' || value === null) return null;
  const number = typeof value === 'number' ? value : Number(String(value).replaceAll(',', ''));
  return Number.isFinite(number) ? Math.round(number * 100) : null;
}
