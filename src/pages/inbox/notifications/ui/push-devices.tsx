import { Alert, Badge, Button, Checkbox, Group, Paper, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTRPC } from '@/shared/api-react';
import { formatDateTime } from '@/shared/lib/format';
import { browserPushSupport, deviceLabel, type PushSupport, subscribeThisDevice, thisDeviceEndpoint, unsubscribeThisDevice } from '@/shared/lib/web-push';
import { SectionPanel } from '@/shared/ui/section-panel';
import { NOTIFICATION_EVENT_WORDS, NOTIFICATION_EVENTS, type NotificationEvent, PUSH_PREVIEW_WORDS, PUSH_PREVIEWS, type PushPreview } from '@contracts/notification';
import { invalidatePushDevices } from '@/entities/notification';

const EVENTS = NOTIFICATION_EVENTS.map((value) => ({ value, label: NOTIFICATION_EVENT_WORDS[value].label }));
const PREVIEWS = PUSH_PREVIEWS.map((value) => ({ value, label: PUSH_PREVIEW_WORDS[value] }));
/** A new device starts with the events an owner between jobs cannot miss. */
const DEFAULT_EVENTS: NotificationEvent[] = ['new_lead', 'new_message'];

const SUPPORT_WORDS: Record<Exclude<PushSupport, { ok: true }>['reason'], string> = {
  unsupported: 'This browser can’t receive push notifications. On an iPhone, add LeadLoop to your Home Screen first (Share → Add to Home Screen), then open it from there.',
  insecure: 'Push notifications need a secure (https) address. Open LeadLoop through its https address to turn them on.',
  denied: 'Notifications are blocked for this site. Allow them in your browser’s site settings, then come back here.',
  'no-worker': 'This browser could not start LeadLoop’s background worker, which push notifications need.',
};

/** Web Push per device: turn it on for this browser, and choose per device what it is told and how much it shows. */
export function PushDevices() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const config = useQuery(trpc.notifications.push.config.queryOptions());
  const devices = useQuery(trpc.notifications.push.devices.queryOptions());
  const [support] = useState(browserPushSupport);
  const [ownEndpoint, setOwnEndpoint] = useState<string | null>(null);
  const [turningOn, setTurningOn] = useState(false);

  useEffect(() => {
    let live = true;
    void thisDeviceEndpoint()
      .then((endpoint) => live && setOwnEndpoint(endpoint))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const refresh = () => invalidatePushDevices(queryClient);
  const failed = (title: string) => (error: { message: string }) => notifications.show({ color: 'red', title, message: error.message });
  const subscribe = useMutation(trpc.notifications.push.subscribe.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.notifications.push.update.mutationOptions({ onSuccess: refresh, onError: failed('Your choice was not saved') }));
  const remove = useMutation(trpc.notifications.push.remove.mutationOptions({ onSuccess: refresh, onError: failed('The device was not removed') }));

  const thisDevice = devices.data?.find((device) => device.endpoint === ownEndpoint) ?? null;

  const turnOn = async () => {
    const publicKey = config.data?.publicKey;
    if (!publicKey) return;
    setTurningOn(true);
    try {
      const subscription = await subscribeThisDevice(publicKey);
      await subscribe.mutateAsync({ ...subscription, label: deviceLabel(navigator.userAgent), events: DEFAULT_EVENTS, preview: 'full' });
      setOwnEndpoint(subscription.endpoint);
      notifications.show({ color: 'teal', title: 'Push notifications are on', message: 'This device will be told about new leads and replies.' });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Push notifications were not turned on', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setTurningOn(false);
    }
  };

  const removeDevice = async (id: string, isThisDevice: boolean) => {
    await remove.mutateAsync({ id });
    if (isThisDevice) {
      await unsubscribeThisDevice().catch(() => undefined);
      setOwnEndpoint(null);
    }
  };

  return (
    <SectionPanel
      id="push-title"
      title="Push notifications on your devices"
      description="Get a notification on your phone or computer the moment something happens, even with LeadLoop closed."
    >
      {config.isPending || devices.isPending ? (
        <Skeleton height={120} radius="md" />
      ) : config.isError || devices.isError ? (
        <Alert color="red">{(config.error ?? devices.error)?.message}</Alert>
      ) : !config.data.available ? (
        <Alert color="gray" variant="light" role="note">
          Push notifications aren’t set up on this LeadLoop server yet: its administrator sets the VAPID keys (see the README). In-app, email and text alerts above work without them.
        </Alert>
      ) : (
        <Stack gap="sm">
          {!support.ok ? (
            <Alert color="yellow" variant="light" role="note">
              {SUPPORT_WORDS[support.reason]}
            </Alert>
          ) : thisDevice ? null : (
            <Group justify="space-between" wrap="wrap">
              <Text size="sm">This device doesn’t get push notifications yet.</Text>
              <Button onClick={() => void turnOn()} loading={turningOn} mih={44}>
                Turn on for this device
              </Button>
            </Group>
          )}
          {devices.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              No device gets push notifications yet.
            </Text>
          ) : (
            devices.data.map((device) => {
              const isThisDevice = device.endpoint === ownEndpoint;
              return (
                <Paper key={device.id} withBorder radius="md" p="md" component="article" aria-label={device.label}>
                  <Group justify="space-between" align="flex-start" wrap="wrap" mb="xs">
                    <div>
                      <Group gap="xs">
                        <Text fw={600}>{device.label}</Text>
                        {isThisDevice ? <Badge variant="light">This device</Badge> : null}
                      </Group>
                      <Text size="xs" c="dimmed">
                        Added {formatDateTime(device.createdAt)}
                        {device.lastSentAt ? ` · last notified ${formatDateTime(device.lastSentAt)}` : ' · not notified yet'}
                      </Text>
                    </div>
                    <Button variant="subtle" color="red" mih={44} loading={remove.isPending && remove.variables?.id === device.id} onClick={() => void removeDevice(device.id, isThisDevice)}>
                      Remove
                    </Button>
                  </Group>
                  <Checkbox.Group
                    label="Tell this device about"
                    value={device.events}
                    onChange={(events) => update.mutate({ id: device.id, events: events as NotificationEvent[] })}
                  >
                    <Group gap="md" mt={6} wrap="wrap">
                      {EVENTS.map((event) => (
                        <Checkbox key={event.value} value={event.value} label={event.label} styles={{ body: { minHeight: 44, alignItems: 'center' } }} />
                      ))}
                    </Group>
                  </Checkbox.Group>
                  <Radio.Group
                    mt="sm"
                    label="What the lock screen shows"
                    value={device.preview}
                    onChange={(preview) => update.mutate({ id: device.id, preview: preview as PushPreview })}
                  >
                    <Group gap="md" mt={6} wrap="wrap">
                      {PREVIEWS.map((preview) => (
                        <Radio key={preview.value} value={preview.value} label={preview.label} styles={{ body: { minHeight: 44, alignItems: 'center' } }} />
                      ))}
                    </Group>
                  </Radio.Group>
                </Paper>
              );
            })
          )}
        </Stack>
      )}
    </SectionPanel>
  );
}
