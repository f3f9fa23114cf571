import type { QueryClient } from '@tanstack/react-query';
import { apiKeys } from '@/shared/api-react';

/** /logs' server state: the message log, the failed tasks (dead letters) and the audit log. */
export const logKeys = {
  all: () => apiKeys.logs.pathKey(),
  deadLetters: () => apiKeys.logs.deadLetters.pathKey(),
};

/** Every log (a text was sent, delivered or failed: the message log and the failed tasks show it). */
export function invalidateLogs(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: logKeys.all() });
}

export function invalidateDeadLetters(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: logKeys.deadLetters() });
}
