import type { inferRouterOutputs } from '@trpc/server';
import { useQuery } from '@tanstack/react-query';
import type { AppRouter } from '@/shared/api';
import { useTRPC } from '@/shared/api-react';

/** `ai.settings.get`: the saved settings, the version, whether the caller may save, the zone, and "on now?". */
export type AiSettingsView = inferRouterOutputs<AppRouter>['ai']['settings']['get'];

export function useAiSettings() {
  const trpc = useTRPC();
  return useQuery(trpc.ai.settings.get.queryOptions());
}
