import { Box, Button, Group, Skeleton, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiErrorCode } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { EmptyState } from '@/shared/ui/empty-state';
import { invalidateConversationList, isThreadId, type Thread, updateCachedThread, type useThread } from '@/entities/conversation';
import { Composer } from '@/features/send-message';
import { useAiDrafts } from '../api/use-ai-drafts';
import { HeldReplies } from './held-replies';
import { MessageLog } from './message-log';
import { ThreadHeader } from './thread-header';
import { LoadError } from '@/shared/ui/load-error';

export interface ThreadPaneProps {
  threadId: string | null;
  query: ReturnType<typeof useThread>;
  onBack?: (() => void) | undefined;
  onInfo?: (() => void) | undefined;
  onDeselect: () => void;
}

/** The middle pane: nothing chosen yet, loading, gone, failed, or the thread with its reply box. */
export function ThreadPane({ threadId, query, onBack, onInfo, onDeselect }: ThreadPaneProps) {
  if (!threadId) {
    return (
      <Box p="sm">
        <EmptyState
          icon="✉"
          title="No conversation open"
          description="Choose a conversation to read it, see whether each text was delivered, and reply. Take over from the assistant and you’re in control; it stays quiet until you hand the conversation back."
        />
      </Box>
    );
  }
  const code = apiErrorCode(query.error);
  if (!isThreadId(threadId) || code === 'NOT_FOUND' || code === 'BAD_REQUEST') {
    return (
      <Box p="sm">
        <EmptyState
          title="Conversation not found"
          description="It may have been merged into another client’s conversation, or the link is incomplete."
          action={
            <Button variant="default" size="sm" onClick={onDeselect}>
              Back to all conversations
            </Button>
          }
        />
      </Box>
    );
  }
  if (query.isPending) return <ThreadSkeleton />;
  if (query.isError) {
    return (
      <Box p="sm">
        <LoadError
          title="Couldn’t load this conversation"
          error={query.error}
          onRetry={query.refetch}
          extra={
            onBack ? (
              <Button size="xs" variant="default" onClick={onBack}>
                Back
              </Button>
            ) : null
          }
        />
      </Box>
    );
  }
  return <OpenThread key={query.data.id} thread={query.data} onBack={onBack} onInfo={onInfo} />;
}

function OpenThread({ thread, onBack, onInfo }: { thread: Thread; onBack?: (() => void) | undefined; onInfo?: (() => void) | undefined }) {
  useMarkRead(thread);
  // Once per open thread: the header counts the held replies, the cards above the reply box show them.
  const drafts = useAiDrafts(thread.id);
  return (
    <Stack gap={0} h="100%" style={{ minHeight: 0 }}>
      <ThreadHeader thread={thread} heldReplies={drafts.data?.length ?? 0} onBack={onBack} onInfo={onInfo} />
      <MessageLog thread={thread} />
      <HeldReplies thread={thread} query={drafts} />
      <Composer thread={thread} compact={onBack !== undefined} />
    </Stack>
  );
}

/**
 * Opening a thread with unread texts marks it read, and so does a text arriving while it is open. Once per
 * newest text, so a refetch that still shows the old count doesn't ask again.
 */
function useMarkRead(thread: Thread) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { mutate: markRead } = useMutation(
    trpc.conversations.markRead.mutationOptions({
      onSuccess: (_result, { id }) => {
        updateCachedThread(queryClient, id, (previous) => ({ ...previous, unreadCount: 0 }));
        void invalidateConversationList(queryClient);
      },
    }),
  );
  const markedFor = useRef<string | null>(null);
  const newest = thread.messages.at(-1)?.id ?? '';
  useEffect(() => {
    if (thread.unreadCount === 0) return;
    const key = `${thread.id}:${newest}`;
    if (markedFor.current === key) return;
    markedFor.current = key;
    markRead({ id: thread.id });
  }, [thread.id, thread.unreadCount, newest, markRead]);
}

function ThreadSkeleton() {
  return (
    <Stack gap="md" p="md" aria-busy="true" aria-label="Loading conversation">
      <Skeleton height={20} width="40%" />
      <Skeleton height={12} width="25%" />
      {[60, 45, 70, 40].map((width, index) => (
        <Group key={index} justify={index % 2 ? 'flex-end' : 'flex-start'}>
          <Skeleton height={44} width={`${width}%`} radius="lg" />
        </Group>
      ))}
    </Stack>
  );
}
