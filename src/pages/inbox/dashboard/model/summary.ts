import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/shared/api';

export type DashboardSummary = inferRouterOutputs<AppRouter>['dashboard']['summary'];
export type DashboardPeriod = DashboardSummary['days'];
export type AttentionItem = DashboardSummary['needsAttention']['items'][number];

export const PERIODS: { value: `${DashboardPeriod}`; label: string }[] = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
];

/** "4 min", "1 h 5 min", "35 s", "2 days": a first-response time as an owner reads it. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

/** How a figure compares with the period before, in words: "3 more than the 30 days before". */
export function comparison(current: number, previous: number, days: number): string {
  const before = `the ${days} days before`;
  if (current === previous) return `Same as ${before} (${previous})`;
  const difference = Math.abs(current - previous);
  return `${difference} ${current > previous ? 'more' : 'fewer'} than ${before} (${previous})`;
}

/** "Nov 2" for a YYYY-MM-DD day (a calendar day, so read in UTC to keep the date as written). */
export function shortDay(day: string): string {
  return new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

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
