import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/shared/api';
import { apiKeys, useTRPC } from '@/shared/api-react';

type Preferences = inferRouterOutputs<AppRouter>['notifications']['preferences'];

/** Notifications' server state: the feed, the unread count, each user's channels, the push devices. */
export const notificationKeys = {
  all: () => apiKeys.notifications.pathKey(),
  preferences: () => apiKeys.notifications.preferences.queryKey(),
  pushDevices: () => apiKeys.notifications.push.devices.queryKey(),
};

/** How many notifications the signed-in user has not read (the bell, the page's title). */
export function useUnreadNotifications(): number {
  const trpc = useTRPC();
  return useQuery(trpc.notifications.unreadCount.queryOptions()).data?.count ?? 0;
}

/** The feed and the unread counts. */
export function invalidateNotifications(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all() });
}

export function invalidatePushDevices(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.pushDevices() });
}

/** The caller's channel choices as the screen shows them while a change is saving (optimistic), and back. */
export const cachedPreferences = {
  async edit(queryClient: QueryClient, update: (rows: Preferences) => Preferences): Promise<{ previous: Preferences | undefined }> {
    const key = notificationKeys.preferences();
    await queryClient.cancelQueries({ queryKey: key });
    const previous = queryClient.getQueryData(key);
    queryClient.setQueryData(key, (rows) => (rows ? update(rows) : rows));
    return { previous };
  },
  set(queryClient: QueryClient, rows: Preferences | undefined) {
    if (rows) queryClient.setQueryData(notificationKeys.preferences(), rows);
  },
};
