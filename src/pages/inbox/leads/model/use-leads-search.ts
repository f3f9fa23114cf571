import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { type LeadsFilters, leadsSearchParams, NO_FILTERS, readLeadsSearch, readOpenLead } from './leads-search';

type Search = Record<string, unknown>;

/**
 * The /leads filters, page and open lead, read from and written to the address bar. Writers start from the
 * latest location (not this render's), so a debounced search can't undo a filter chosen meanwhile.
 */
export function useLeadsSearch() {
  const search = useSearch({ strict: false, select: (s) => s as Search });
  const navigate = useNavigate();
  const filters = useMemo(() => readLeadsSearch(search), [search]);
  const openLead = readOpenLead(search);

  const go = (next: (current: LeadsFilters, lead: string | null) => [LeadsFilters, string | null], replace: boolean) =>
    void navigate({
      to: '/leads',
      search: (prev: Search) => {
        const [nextFilters, nextLead] = next(readLeadsSearch(prev), readOpenLead(prev));
        return leadsSearchParams(nextFilters, nextLead);
      },
      replace,
    });

  return {
    filters,
    openLead,
    /** Changing a filter goes back to page 1 and replaces the history entry (typing isn't a step back). */
    setFilters: (patch: Partial<Omit<LeadsFilters, 'page'>>) => go((current, lead) => [{ ...current, ...patch, page: 1 }, lead], true),
    clearFilters: () => go((_current, lead) => [NO_FILTERS, lead], true),
    setPage: (page: number) => go((current, lead) => [{ ...current, page }, lead], false),
    openLeadDrawer: (id: string) => go((current) => [current, id], false),
    closeLeadDrawer: () => go((current) => [current, null], false),
  };
}
