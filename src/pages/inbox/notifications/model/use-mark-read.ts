import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/shared/api-react';

/** `notifications.markRead` (some ids, or all with `{}`), then the feed and unread counts are fetched again. */
export function useMarkNotificationsRead() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() }),
    }),
  );
}
