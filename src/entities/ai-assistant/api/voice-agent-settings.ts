import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/shared/api';
import { apiKeys, useTRPC } from '@/shared/api-react';

/** `voiceAgent.settings.get`: AI call answering's three settings tabs, their version, readiness, and what the assistant knows. */
export type VoiceAgentSettingsView = inferRouterOutputs<AppRouter>['voiceAgent']['settings']['get'];

export function useVoiceAgentSettings() {
  const trpc = useTRPC();
  return useQuery(trpc.voiceAgent.settings.get.queryOptions());
}

export function setCachedVoiceAgentSettings(queryClient: QueryClient, settings: VoiceAgentSettingsView) {
  queryClient.setQueryData(apiKeys.voiceAgent.settings.get.queryKey(), settings);
}

/** The three tabs' saves (each answers with the whole view, kept in the cache) and a fresh read after a conflict. */
export function useVoiceAgentMutations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return {
    saveBasic: useMutation(trpc.voiceAgent.settings.saveBasic.mutationOptions()),
    saveAgent: useMutation(trpc.voiceAgent.settings.saveAgent.mutationOptions()),
    saveFollowUps: useMutation(trpc.voiceAgent.settings.saveFollowUps.mutationOptions()),
    readCurrent: () => queryClient.fetchQuery({ ...trpc.voiceAgent.settings.get.queryOptions(), staleTime: 0 }),
    onSaved: (settings: VoiceAgentSettingsView) => setCachedVoiceAgentSettings(queryClient, settings),
  };
}
