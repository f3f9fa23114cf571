import type { inferRouterOutputs } from '@trpc/server';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { AppRouter } from '@/shared/api';
import { apiKeys, useTRPC } from '@/shared/api-react';

type Outputs = inferRouterOutputs<AppRouter>['registration'];
export type TextingRegistrationView = Outputs['get'];
export type TextingRegistrationSummary = Outputs['summary'];

export function useTextingRegistration() {
  const trpc = useTRPC();
  return useQuery(trpc.registration.get.queryOptions());
}

export function useTextingRegistrationSummary() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.registration.summary.queryOptions(), staleTime: 60_000 });
}

/** A save or a submission's answer is the registration as it now stands: shown at once, then read again. */
export function setCachedTextingRegistration(queryClient: QueryClient, next: TextingRegistrationView) {
  queryClient.setQueryData(apiKeys.registration.get.queryKey(), next);
  invalidateTextingRegistration(queryClient);
}

/** After a save or a submission: the wizard and every warning read it again. */
export function invalidateTextingRegistration(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: apiKeys.registration.get.pathKey() });
  void queryClient.invalidateQueries({ queryKey: apiKeys.registration.summary.pathKey() });
}
