import { Button, Stack } from '@mantine/core';
import { PageHeader } from '@/shared/ui/page-header';
import { useMarkNotificationsRead } from '../model/use-mark-read';
import { NotificationFeed } from './notification-feed';
import { NotificationPreferences } from './notification-preferences';
import { PushDevices } from './push-devices';
import { useUnreadNotifications } from '@/entities/notification';

/** /notifications: the caller's in-app feed, and how they want to hear about each event. */
export function NotificationsPage() {
  const unread = useUnreadNotifications();
  const markAllRead = useMarkNotificationsRead();

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
      <NotificationFeed />
      <NotificationPreferences />
      <PushDevices />
    </Stack>
  );
}
