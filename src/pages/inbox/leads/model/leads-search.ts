import { isLeadSource, isLeadStatus, type LeadSource, type LeadStatus } from '@contracts/lead';
import type { LeadListInput } from '@/entities/lead';
import { isUuid, localDayEnd, localDayStart, searchText } from '@/shared/lib/search-params';

export const LEADS_PAGE_SIZE = 25;

/**
 * The /leads filters as they live in the address bar, all plain strings so a reload or a shared link shows the
 * same list: `?status=new,qualified&source=form&assigned=me&from=2025-03-01&to=2025-03-31&q=leak&page=2&lead=<id>`.
 * Dates are calendar days in the viewer's time zone; `to` includes its whole day.
 */
export interface LeadsFilters {
  status: LeadStatus[];
  source: LeadSource[];
  /** 'me', 'unassigned' or a team member's id; null = anyone. */
  assigned: string | null;
  from: string | null;
  to: string | null;
  q: string;
  page: number;
}

export const NO_FILTERS: LeadsFilters = { status: [], source: [], assigned: null, from: null, to: null, q: '', page: 1 };

const MAX_SEARCH = 100;

function list<T extends string>(value: unknown, accept: (item: string) => item is T): T[] {
  const items = searchText(value)
    .split(',')
    .map((item) => item.trim())
    .filter(accept);
  return [...new Set(items)];
}

function assignedFrom(value: unknown): string | null {
  const assigned = searchText(value);
  return assigned === 'me' || assigned === 'unassigned' || isUuid(assigned) ? assigned : null;
}

/** Reads the filters from the search params, dropping anything unknown or malformed. */
export function readLeadsSearch(search: Record<string, unknown>): LeadsFilters {
  const from = searchText(search.from);
  const to = searchText(search.to);
  const page = Number.parseInt(searchText(search.page), 10);
  return {
    status: list(search.status, isLeadStatus),
    source: list(search.source, isLeadSource),
    assigned: assignedFrom(search.assigned),
    from: localDayStart(from) === null ? null : from,
    to: localDayStart(to) === null ? null : to,
    q: searchText(search.q).slice(0, MAX_SEARCH),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The lead whose drawer is open (`?lead=<id>`), if any. */
export function readOpenLead(search: Record<string, unknown>): string | null {
  return searchText(search.lead) || null;
}

/** Search params for these filters: empty ones are left out, so a clean list is a clean `/leads`. */
export function leadsSearchParams(filters: LeadsFilters, lead?: string | null): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.status.length) params.status = filters.status.join(',');
  if (filters.source.length) params.source = filters.source.join(',');
  if (filters.assigned) params.assigned = filters.assigned;
  if (filters.from) params.from = filters.from;
  if (filters.to) params.to = filters.to;
  if (filters.q.trim()) params.q = filters.q;
  if (filters.page > 1) params.page = String(filters.page);
  if (lead) params.lead = lead;
  return params;
}

export function hasActiveFilters(filters: LeadsFilters): boolean {
  return Boolean(filters.status.length || filters.source.length || filters.assigned || filters.from || filters.to || filters.q.trim());
}

export function isDateRangeReversed(filters: Pick<LeadsFilters, 'from' | 'to'>): boolean {
  return Boolean(filters.from && filters.to && filters.from > filters.to);
}

export type LeadsQueryFilters = Omit<LeadListInput, 'page' | 'pageSize'>;

/** The filters as `leads.list` / `leads.exportCsv` take them (dates → epoch ms at local midnight). */
export function queryFilters(filters: LeadsFilters): LeadsQueryFilters {
  const input: LeadsQueryFilters = {};
  if (filters.status.length) input.status = filters.status;
  if (filters.source.length) input.source = filters.source;
  if (filters.assigned) input.assigned = filters.assigned;
  const from = filters.from ? localDayStart(filters.from) : null;
  const to = filters.to ? localDayEnd(filters.to) : null;
  if (from !== null) input.from = from;
  if (to !== null) input.to = to;
  const search = filters.q.trim();
  if (search) input.search = search;
  return input;
}

export function listInput(filters: LeadsFilters): LeadListInput {
  return { ...queryFilters(filters), page: filters.page, pageSize: LEADS_PAGE_SIZE };
}
