import type { inferRouterOutputs } from '@trpc/server';
import { useQuery } from '@tanstack/react-query';
import type { AppRouter } from '@/shared/api';
import { useTRPC } from '@/shared/api-react';

export type TeamMember = inferRouterOutputs<AppRouter>['team']['members'][number];

/** The company's team (`team.members`), for assigning and naming people; it rarely changes. */
export function useTeamMembers() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.team.members.queryOptions(), staleTime: 5 * 60_000 });
}
