import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useRef } from 'react';
import type { AppRouter } from '@/shared/api';
import { useTRPC } from '@/shared/api-react';
import { useThread } from '@/entities/conversation';
import { invalidateHeldReplies } from '@/entities/ai-assistant';

/** One reply the assistant held in approval mode (`ai.drafts.list`): its words, why it waits, when. */
export type AiDraft = inferRouterOutputs<AppRouter>['ai']['drafts']['list'][number];

/**
 * The thread's held replies, oldest first. The app's live updates refetch the open thread on each of its events (a
 * text, a change of who replies, a reply decided); the held replies are refetched with every such refresh of the
 * thread, so a reply someone approved on another screen leaves this one too. Call it once per open thread.
 */
export function useAiDrafts(conversationId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const drafts = useQuery(trpc.ai.drafts.list.queryOptions({ conversationId }));
  const { dataUpdatedAt } = useThread(conversationId);
  const seen = useRef(dataUpdatedAt);
  useEffect(() => {
    // The first fetch of the thread comes with the first fetch of the drafts: only later refreshes ask again.
    if (seen.current === dataUpdatedAt) return;
    const first = seen.current === 0;
    seen.current = dataUpdatedAt;
    if (!first) void invalidateHeldReplies(queryClient, conversationId);
  }, [dataUpdatedAt, conversationId, queryClient]);
  return drafts;
}
