import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { Thread } from '../model/types';
import { invalidateConversations, patchCachedThread, restoreCachedThread } from './conversation.queries';

/**
 * For a change to the open thread (who replies, who owns it, open/closed): show it at once in the thread, put it
 * back and explain if the server refuses, and refresh the list afterwards (a thread may leave the current filter).
 * Spread the result into a tRPC `mutationOptions` with `onMutate: (input) => patch({...})`.
 */
export function useThreadMutation(id: string) {
  const queryClient = useQueryClient();
  const patch = (changes: Partial<Thread>) => patchCachedThread(queryClient, id, changes);
  const failed = (title: string) => (error: { message: string }, _input: unknown, context: { previous: Thread | undefined } | undefined) => {
    restoreCachedThread(queryClient, id, context?.previous);
    notifications.show({ color: 'red', title, message: error.message });
  };
  const settled = () => invalidateConversations(queryClient);
  return { patch, failed, settled };
}
