export { cachedPreferences, invalidateNotifications, invalidatePushDevices, notificationKeys, useUnreadNotifications } from './api/notification.queries';
