import type { inferRouterOutputs } from '@trpc/server';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { AppRouter } from '@/shared/api';
import { apiKeys, useTRPC } from '@/shared/api-react';

/** `flows.followUps.get`: the no-reply follow-ups, who is in them now, what went out this week, the latest runs. */
export type FollowUpsView = inferRouterOutputs<AppRouter>['flows']['followUps']['get'];

export function useFollowUps() {
  const trpc = useTRPC();
  return useQuery(trpc.flows.followUps.get.queryOptions());
}

export function setCachedFollowUps(queryClient: QueryClient, view: FollowUpsView) {
  queryClient.setQueryData(apiKeys.flows.followUps.get.queryKey(), view);
}
