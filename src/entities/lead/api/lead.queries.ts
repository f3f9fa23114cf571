import type { QueryClient } from '@tanstack/react-query';
import { apiKeys } from '@/shared/api-react';
import type { LeadDetail } from '../model/types';

/** The leads' server state: keys, and what refreshes or edits them. */
export const leadKeys = {
  all: () => apiKeys.leads.pathKey(),
  list: () => apiKeys.leads.list.pathKey(),
  detail: (id: string) => apiKeys.leads.get.queryKey({ id }),
};

/** Every lead query: the list, each lead, the export's count. */
export function invalidateLeads(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: leadKeys.all() });
}

export function invalidateLeadList(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: leadKeys.list() });
}

/** The lead as the server just answered it (the drawer shows it without a refetch). */
export function setCachedLead(queryClient: QueryClient, lead: LeadDetail) {
  queryClient.setQueryData(leadKeys.detail(lead.id), lead);
}
