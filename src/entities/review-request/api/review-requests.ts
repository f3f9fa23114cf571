import type { inferRouterOutputs } from '@trpc/server';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { AppRouter } from '@/shared/api';
import { apiKeys, useTRPC } from '@/shared/api-react';

type Outputs = inferRouterOutputs<AppRouter>['reviews'];
export type ReviewSettingsView = Outputs['settings']['get'];
export type ReviewRequestRow = Outputs['list'][number];
export type ReviewStatsView = Outputs['stats'];

export function useReviewSettings() {
  const trpc = useTRPC();
  return useQuery(trpc.reviews.settings.get.queryOptions());
}

export function useReviewRequests() {
  const trpc = useTRPC();
  return useQuery(trpc.reviews.list.queryOptions({ limit: 100 }));
}

export function useReviewStats(period: { from: number; to: number }) {
  const trpc = useTRPC();
  return useQuery(trpc.reviews.stats.queryOptions(period));
}

/** After requests went out (a list, a lead, a client): the list and the stats are read again. */
export function invalidateReviewRequests(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: apiKeys.reviews.list.pathKey() });
  void queryClient.invalidateQueries({ queryKey: apiKeys.reviews.stats.pathKey() });
}

export function setCachedReviewSettings(queryClient: QueryClient, view: ReviewSettingsView) {
  queryClient.setQueryData(apiKeys.reviews.settings.get.queryKey(), view);
}
