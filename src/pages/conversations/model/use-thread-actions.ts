import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../shared/api/react';
import type { Thread } from './thread-types';

/**
 * The header's actions (AI/human, assign, close/reopen). Each shows its result at once in the open thread and
 * puts it back if the server refuses; the list refreshes afterwards (a thread may leave the current filter).
 */
export function useThreadActions(id: string) {
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

  const setMode = useMutation(
    trpc.conversations.setMode.mutationOptions({
      onMutate: ({ mode }) => patch({ mode }),
      onError: failed('Couldn’t switch who replies'),
      onSettled: settled,
    }),
  );
  const assign = useMutation(
    trpc.conversations.assign.mutationOptions({
      onMutate: ({ userId }) => patch({ assignedUserId: userId }),
      onError: failed('Couldn’t assign the conversation'),
      onSettled: settled,
    }),
  );
  const setStatus = useMutation(
    trpc.conversations.setStatus.mutationOptions({
      onMutate: ({ status }) => patch({ status }),
      onError: failed('Couldn’t update the conversation'),
      onSettled: settled,
    }),
  );
  return { setMode, assign, setStatus };
}
