import { useMutation } from '@tanstack/react-query';
import { useThreadMutation } from '@/entities/conversation';
import { useTRPC } from '@/shared/api-react';

/** Switch who replies in a thread: the AI, or the team (the AI then stays quiet until it is handed back). */
export function useTakeOver(id: string) {
  const trpc = useTRPC();
  const { patch, failed, settled } = useThreadMutation(id);
  return useMutation(
    trpc.conversations.setMode.mutationOptions({
      onMutate: ({ mode }) => patch({ mode }),
      onError: failed('Couldn’t switch who replies'),
      onSettled: settled,
    }),
  );
}
