import type { inferRouterOutputs } from '@trpc/server';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { AppRouter } from '@/shared/api';
import { apiKeys, useTRPC } from '@/shared/api-react';

/** `ai.settings.get`: the saved settings, the version, whether the caller may save, the zone, and "on now?". */
export type AiSettingsView = inferRouterOutputs<AppRouter>['ai']['settings']['get'];

/** The assistant's server state: its settings, the replies it holds, its price book, its decision log. */
export const aiKeys = {
  settings: () => apiKeys.ai.settings.get.queryKey(),
  heldReplies: (conversationId?: string) => (conversationId ? apiKeys.ai.drafts.list.queryKey({ conversationId }) : apiKeys.ai.drafts.pathKey()),
  priceBook: () => apiKeys.ai.priceBook.list.queryKey(),
  decisionLog: () => apiKeys.ai.turns.pathKey(),
  /** The decision log read page after page (its own infinite query over `ai.turns`). */
  decisionLogPages: (pageSize: number, action: string | null = null) => [...apiKeys.ai.turns.pathKey(), { pages: pageSize, action }] as const,
};

export function useAiSettings() {
  const trpc = useTRPC();
  return useQuery(trpc.ai.settings.get.queryOptions());
}

export function setCachedAiSettings(queryClient: QueryClient, settings: AiSettingsView) {
  queryClient.setQueryData(aiKeys.settings(), settings);
}

/** One thread's held replies, or every thread's. */
export function invalidateHeldReplies(queryClient: QueryClient, conversationId?: string) {
  return queryClient.invalidateQueries({ queryKey: aiKeys.heldReplies(conversationId) });
}

export function invalidatePriceBook(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: aiKeys.priceBook() });
}

export function invalidateDecisionLog(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: aiKeys.decisionLog() });
}
