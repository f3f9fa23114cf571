import type { inferRouterOutputs } from '@trpc/server';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { AppRouter } from '@/shared/api';
import { apiKeys, useTRPC } from '@/shared/api-react';

type Outputs = inferRouterOutputs<AppRouter>['flows'];

/** `flows.list`: every flow with its status, trigger, runs by outcome and last run (the follow-ups first). */
export type FlowListItem = Outputs['list'][number];
/** `flows.get`: the editor's view — the draft, its problems, the published number, the versions. */
export type FlowView = Outputs['get'];

export function useFlows() {
  const trpc = useTRPC();
  return useQuery(trpc.flows.list.queryOptions());
}

/** One flow (null: an address that names none, nothing is asked). */
export function useFlow(id: string | null) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.flows.get.queryOptions({ id: id ?? '' }), enabled: id !== null });
}

/** After a save in the editor: the cached view is the server's answer, and the list is read again. */
export function setCachedFlow(queryClient: QueryClient, view: FlowView) {
  queryClient.setQueryData(apiKeys.flows.get.queryKey({ id: view.id }), view);
  void queryClient.invalidateQueries({ queryKey: apiKeys.flows.list.queryKey() });
}

/** Everything about flows read again (runs moved on: a skipped wait, time moved forward for test phones). */
export function invalidateFlows(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: apiKeys.flows.pathKey() });
}
