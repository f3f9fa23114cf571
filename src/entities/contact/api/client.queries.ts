import type { QueryClient } from '@tanstack/react-query';
import { apiKeys } from '@/shared/api-react';
import type { ClientDetail } from '../model/types';

/** The clients' server state (the API calls them `clients`): keys, and what refreshes or edits them. */
export const clientKeys = {
  all: () => apiKeys.clients.pathKey(),
  list: () => apiKeys.clients.list.pathKey(),
  details: () => apiKeys.clients.get.pathKey(),
  detail: (id: string) => apiKeys.clients.get.queryKey({ id }),
};

/** Every client query: the list, each client page, the duplicate candidates. */
export function invalidateClients(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: clientKeys.all() });
}

export function invalidateClientList(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: clientKeys.list() });
}

/** One client's page, or every client page open or cached (its timeline shows texts, calls and leads). */
export function invalidateClientDetails(queryClient: QueryClient, id?: string) {
  return queryClient.invalidateQueries({ queryKey: id ? clientKeys.detail(id) : clientKeys.details() });
}

/** The client as the server just answered it. */
export function setCachedClient(queryClient: QueryClient, client: ClientDetail) {
  queryClient.setQueryData(clientKeys.detail(client.id), client);
}
