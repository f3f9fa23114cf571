import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { type ClientsFilters, clientsSearchParams, NO_CLIENT_FILTERS, readClientsSearch } from './clients-search';

type Search = Record<string, unknown>;

/** The /clients search, filter and page, read from and written to the address bar. */
export function useClientsSearch() {
  const search = useSearch({ strict: false, select: (s) => s as Search });
  const navigate = useNavigate();
  const filters = useMemo(() => readClientsSearch(search), [search]);
  const go = (next: (current: ClientsFilters) => ClientsFilters, replace: boolean) =>
    void navigate({ to: '/clients', search: (prev: Search) => clientsSearchParams(next(readClientsSearch(prev))), replace });
  return {
    filters,
    setFilters: (patch: Partial<Omit<ClientsFilters, 'page'>>) => go((current) => ({ ...current, ...patch, page: 1 }), true),
    clearFilters: () => go(() => NO_CLIENT_FILTERS, true),
    setPage: (page: number) => go((current) => ({ ...current, page }), false),
  };
}
