import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/shared/api';
import { invalidatePhoneSettings } from '@/entities/company';

type Outputs = inferRouterOutputs<AppRouter>;
export type PhoneSettings = Outputs['phone']['get'];
export type TestDevice = Outputs['phone']['simulator']['devices'][number];
export type DeviceBehavior = TestDevice['behavior'];
export type ThreadText = Outputs['phone']['simulator']['thread'][number];

/** After any change on this tab: everything under `phone.*` is refetched (number, lists, test phone). */
export function useRefreshPhone() {
  const queryClient = useQueryClient();
  return () => invalidatePhoneSettings(queryClient);
}

/** After a change made on this tab: a toast saying what changed, and the tab refreshed. */
export function usePhoneSaved() {
  const refresh = useRefreshPhone();
  return (message: string) => {
    notifications.show({ color: 'teal', message });
    void refresh();
  };
}
