import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AiCallOutcome } from '@contracts/voice-agent';
import type { AppRouter } from '@/shared/api';
import { useTRPC } from '@/shared/api-react';

export { useVoiceAgentMutations, useVoiceAgentSettings, type VoiceAgentSettingsView } from '@/entities/ai-assistant';

type Calls = inferRouterOutputs<AppRouter>['voiceAgent']['calls'];
/** One call the assistant took, as History lists it. */
export type AiCallItem = Calls['list']['items'][number];
/** One call with its transcript turn by turn and the answers it took. */
export type AiCallDetail = Calls['get'];

export const AI_CALLS_PER_PAGE = 25;

/**
 * History, newest first, a page at a time ("Load more" follows the server's cursor). Live events refetch it
 * (`invalidateAiCalls`, src/app/protected/live-updates.ts) when the assistant finishes a call.
 */
export function useAiCalls(outcome: AiCallOutcome | null) {
  const trpc = useTRPC();
  const input = { limit: AI_CALLS_PER_PAGE, ...(outcome ? { outcome } : {}) };
  return useInfiniteQuery(trpc.voiceAgent.calls.list.infiniteQueryOptions(input, { getNextPageParam: (last) => last.nextCursor ?? undefined }));
}

export function useAiCall(id: string | null) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.voiceAgent.calls.get.queryOptions({ id: id ?? '' }), enabled: id !== null });
}
