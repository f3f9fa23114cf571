import { skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/shared/api-react';
import { isUuid } from '@/shared/lib/search-params';

export function isThreadId(id: string | null): id is string {
  return id !== null && isUuid(id);
}

/** The open thread (`conversations.get`); shared by the thread and the side panel through the query cache. */
export function useThread(id: string | null) {
  const trpc = useTRPC();
  return useQuery(trpc.conversations.get.queryOptions(isThreadId(id) ? { id } : skipToken));
}
