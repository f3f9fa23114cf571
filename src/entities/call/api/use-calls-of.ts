import { useInfiniteQuery } from '@tanstack/react-query';
import { useTRPC } from '@/shared/api-react';

/** How many calls a client's timeline or a thread loads at a time (newest first). */
export const CALLS_PER_PAGE = 50;

/**
 * One client's calls (their timeline) or one thread's (call items between the texts), newest first and paged;
 * refetched by the live `call` event like every `calls.*` query.
 */
export function useCallsOf(filter: { contactId: string } | { conversationId: string }) {
  const trpc = useTRPC();
  return useInfiniteQuery(trpc.calls.list.infiniteQueryOptions({ ...filter, limit: CALLS_PER_PAGE }, { getNextPageParam: (last) => last.nextCursor ?? undefined }));
}
