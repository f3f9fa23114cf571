import { useMutation } from '@tanstack/react-query';
import { useThreadMutation } from '@/entities/conversation';
import { useTRPC } from '@/shared/api-react';

export function useAssignConversation(id: string) {
  const trpc = useTRPC();
  const { patch, failed, settled } = useThreadMutation(id);
  return useMutation(
    trpc.conversations.assign.mutationOptions({
      onMutate: ({ userId }) => patch({ assignedUserId: userId }),
      onError: failed('Couldn’t assign the conversation'),
      onSettled: settled,
    }),
  );
}
