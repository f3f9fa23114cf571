import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/shared/api-react';
import { invalidateNotifications } from '@/entities/notification';

/** `notifications.markRead` (some ids, or all with `{}`), then the feed and unread counts are fetched again. */
export function useMarkNotificationsRead() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: () => invalidateNotifications(queryClient),
    }),
  );
}
