import type { QueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/shared/api';
import { apiKeys } from '@/shared/api-react';

type Assignment = inferRouterOutputs<AppRouter>['team']['assignment']['get'];

/** After an invitation, a role change or a removal: the /users overview and every list of the team read again. */
export function invalidateTeam(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: apiKeys.team.overview.queryKey() }), queryClient.invalidateQueries({ queryKey: apiKeys.team.members.queryKey() })]);
}

/** The assignment setting as the server saved it. */
export function setCachedAssignment(queryClient: QueryClient, saved: Assignment) {
  queryClient.setQueryData(apiKeys.team.assignment.get.queryKey(), saved);
}
