import { Button, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../shared/api/react';
import { PageHeader } from '../../../shared/ui/page-header';
import { type FeedFilter, NotificationFeed } from './notification-feed';
import { NotificationPreferences } from './notification-preferences';

/** /notifications: the caller's in-app feed, and how they want to hear about each event. */
export function NotificationsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<FeedFilter>('all');
  const unread = useQuery(trpc.notifications.unreadCount.queryOptions()).data?.count ?? 0;
  const markAllRead = useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() }),
    }),
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Notifications"
        description="Alerts about new leads, replies, opt-outs and texts that didn’t go through."
        actions={
          <Button variant="default" onClick={() => markAllRead.mutate({})} loading={markAllRead.isPending} disabled={unread === 0}>
            Mark all as read
          </Button>
        }
      />
      <NotificationFeed filter={filter} onFilterChange={setFilter} />
      <NotificationPreferences />
    </Stack>
  );
}
