import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter } from '@/shared/api';
import { searchText } from '@/shared/lib/search-params';

export const CLIENTS_PAGE_SIZE = 25;

export type ClientsShow = 'all' | 'subscribed' | 'opted-out';

/** The /clients list in the address bar, as plain strings: `?q=jane&show=opted-out&page=2`. */
export interface ClientsFilters {
  q: string;
  show: ClientsShow;
  page: number;
}

export const NO_CLIENT_FILTERS: ClientsFilters = { q: '', show: 'all', page: 1 };

export function readClientsSearch(search: Record<string, unknown>): ClientsFilters {
  const show = searchText(search.show);
  const page = Number.parseInt(searchText(search.page), 10);
  return {
    q: searchText(search.q).slice(0, 100),
    show: show === 'subscribed' || show === 'opted-out' ? show : 'all',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

export function clientsSearchParams(filters: ClientsFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.q.trim()) params.q = filters.q;
  if (filters.show !== 'all') params.show = filters.show;
  if (filters.page > 1) params.page = String(filters.page);
  return params;
}

export function hasClientFilters(filters: ClientsFilters): boolean {
  return Boolean(filters.q.trim()) || filters.show !== 'all';
}

export function clientsListInput(filters: ClientsFilters): inferRouterInputs<AppRouter>['clients']['list'] {
  const search = filters.q.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.show === 'all' ? {} : { optedOut: filters.show === 'opted-out' }),
    page: filters.page,
    pageSize: CLIENTS_PAGE_SIZE,
  };
}
