import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/shared/api-react';
import type { Thread } from '../model/types';

/**
 * For a change to the open thread (who replies, who owns it, open/closed): show it at once in the thread, put it
 * back and explain if the server refuses, and refresh the list afterwards (a thread may leave the current filter).
 * Spread the result into a tRPC `mutationOptions` with `onMutate: (input) => patch({...})`.
 */
export function useThreadMutation(id: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const threadKey = trpc.conversations.get.queryKey({ id });

  async function patch(changes: Partial<Thread>) {
    await queryClient.cancelQueries({ queryKey: threadKey });
    const previous = queryClient.getQueryData(threadKey);
    if (previous) queryClient.setQueryData(threadKey, { ...previous, ...changes });
    return { previous };
  }
  const failed = (title: string) => (error: { message: string }, _input: unknown, context: { previous: Thread | undefined } | undefined) => {
    if (context?.previous) queryClient.setQueryData(threadKey, context.previous);
    notifications.show({ color: 'red', title, message: error.message });
  };
  const settled = () => queryClient.invalidateQueries({ queryKey: trpc.conversations.pathKey() });
  return { patch, failed, settled };
}
