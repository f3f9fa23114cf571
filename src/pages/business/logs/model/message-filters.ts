import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { MESSAGE_STATUSES, type MessageStatus } from '@contracts/message';
import type { AppRouter } from '@/shared/api';
import { localDayEnd, localDayStart } from '@/shared/lib/search-params';

export type MessageLogInput = inferRouterInputs<AppRouter>['logs']['messages'];
export type MessageLogRow = inferRouterOutputs<AppRouter>['logs']['messages']['items'][number];
export type Direction = 'inbound' | 'outbound';

export const PAGE_SIZE = 25;

const STATUS_VALUES = new Set<string>(MESSAGE_STATUSES);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as they sit in the address bar (?status=failed,blocked&direction=outbound&q=…&from=…&to=…&page=2). */
export interface MessageFilters {
  status: MessageStatus[];
  direction: Direction | null;
  search: string;
  /** Local calendar days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  page: number;
}

export const NO_FILTERS: MessageFilters = { status: [], direction: null, search: '', from: '', to: '', page: 1 };

export function parseFilters(searchStr: string): MessageFilters {
  const params = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr);
  const direction = params.get('direction');
  const page = Number(params.get('page'));
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DATE.test(value) ? value : '';
  };
  return {
    status: (params.get('status') ?? '').split(',').filter((s): s is MessageStatus => STATUS_VALUES.has(s)),
    direction: direction === 'inbound' || direction === 'outbound' ? direction : null,
    search: (params.get('q') ?? '').slice(0, 100),
    from: day('from'),
    to: day('to'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string for these filters ("" with none), leaving out what is the default. */
export function filtersToSearch(filters: MessageFilters): string {
  const params = new URLSearchParams();
  if (filters.status.length) params.set('status', filters.status.join(','));
  if (filters.direction) params.set('direction', filters.direction);
  if (filters.search.trim()) params.set('q', filters.search.trim());
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function hasFilters(filters: MessageFilters): boolean {
  return filters.status.length > 0 || filters.direction !== null || filters.search.trim() !== '' || filters.from !== '' || filters.to !== '';
}

/** What `logs.messages` is asked: only the filters in use; the "to" day is included (the API's `to` is exclusive). */
export function toApiInput(filters: MessageFilters): MessageLogInput {
  const from = localDayStart(filters.from);
  const to = localDayEnd(filters.to);
  return {
    ...(filters.status.length ? { status: filters.status } : {}),
    ...(filters.direction ? { direction: filters.direction } : {}),
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(from === null ? {} : { from }),
    ...(to === null ? {} : { to }),
    page: filters.page,
    pageSize: PAGE_SIZE,
  };
}
