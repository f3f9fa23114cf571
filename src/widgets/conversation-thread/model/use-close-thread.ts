import { useMutation } from '@tanstack/react-query';
import { useThreadMutation } from '@/entities/conversation';
import { useTRPC } from '@/shared/api-react';

/** Close a finished thread or reopen it (a new text from the client reopens it too). */
export function useCloseThread(id: string) {
  const trpc = useTRPC();
  const { patch, failed, settled } = useThreadMutation(id);
  return useMutation(
    trpc.conversations.setStatus.mutationOptions({
      onMutate: ({ status }) => patch({ status }),
      onError: failed('Couldn’t update the conversation'),
      onSettled: settled,
    }),
  );
}
