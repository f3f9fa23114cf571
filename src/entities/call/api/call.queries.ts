import type { QueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/shared/api';
import { apiKeys } from '@/shared/api-react';

type Outputs = inferRouterOutputs<AppRouter>;

/** The calls' server state: history, the ringing card, the missed-call settings and the uploaded greeting. */
export const callKeys = {
  all: () => apiKeys.calls.pathKey(),
  missedCallSettings: () => apiKeys.missedCalls.settings.get.queryKey(),
  greeting: () => apiKeys.recordings.greeting.queryKey(),
  /** AI call answering → History: the calls the assistant took (the list pages and each call's transcript). */
  aiCalls: () => apiKeys.voiceAgent.calls.pathKey(),
};

/** Every call query: Missed calls → History, a client's or a thread's calls, the incoming-call card. */
export function invalidateCalls(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: callKeys.all() });
}

/** Every query of the calls the AI assistant answered: a call it finished shows up without a reload. */
export function invalidateAiCalls(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: callKeys.aiCalls() });
}

export function setCachedMissedCallSettings(queryClient: QueryClient, settings: Outputs['missedCalls']['settings']['get']) {
  queryClient.setQueryData(callKeys.missedCallSettings(), settings);
}

export function invalidateMissedCallSettings(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: callKeys.missedCallSettings() });
}

export function setCachedGreeting(queryClient: QueryClient, greeting: Outputs['recordings']['greeting']) {
  queryClient.setQueryData(callKeys.greeting(), greeting);
}

export function invalidateGreeting(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: callKeys.greeting() });
}
