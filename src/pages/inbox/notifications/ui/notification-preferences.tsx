import { Alert, Anchor, Paper, Skeleton, Stack, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTRPC } from '@/shared/api-react';
import { usePhoneLayout } from '@/shared/lib/media';
import { SectionPanel } from '@/shared/ui/section-panel';
import { NOTIFICATION_CHANNEL_WORDS, NOTIFICATION_CHANNELS, NOTIFICATION_EVENT_WORDS, type NotificationEvent } from '@contracts/notification';
import { cachedPreferences } from '@/entities/notification';
import { usePhoneSettings } from '@/entities/company';

const CHANNELS = NOTIFICATION_CHANNELS.map((value) => ({ value, label: NOTIFICATION_CHANNEL_WORDS[value] }));

/** Per-user channels for each event. Switches answer at once (optimistic) and flip back if the save fails. */
export function NotificationPreferences() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const preferences = useQuery(trpc.notifications.preferences.queryOptions());
  const phone = usePhoneSettings();
  const mutationKey = trpc.notifications.setPreference.mutationKey();

  const setPreference = useMutation(
    trpc.notifications.setPreference.mutationOptions({
      onMutate: (input) => cachedPreferences.edit(queryClient, (rows) => rows.map((row) => (row.event === input.event ? { ...row, [input.channel]: input.enabled } : row))),
      onError: (error, _input, context) => {
        cachedPreferences.set(queryClient, context?.previous);
        notifications.show({ color: 'red', title: 'Your choice was not saved', message: error.message });
      },
      onSuccess: (rows) => {
        // With other switches still saving, their optimistic values stay until the last answer arrives.
        if (queryClient.isMutating({ mutationKey }) <= 1) cachedPreferences.set(queryClient, rows);
      },
    }),
  );

  const phoneLayout = usePhoneLayout();
  const change = (event: NotificationEvent, channel: (typeof NOTIFICATION_CHANNELS)[number], enabled: boolean) => setPreference.mutate({ event, channel, enabled });

  const noAlertPhone = phone.data !== undefined && phone.data.alertPhone === null;
  const textsOn = preferences.data?.some((row) => row.sms) ?? false;

  return (
    <SectionPanel
      id="preferences-title"
      title="How you’re notified"
      description="Choose how you hear about each event. Your choices don’t change your teammates’ alerts."
    >
      {preferences.isPending ? (
        <Skeleton height={200} radius="md" />
      ) : preferences.isError ? (
        <Alert color="red">{preferences.error.message}</Alert>
      ) : phoneLayout ? (
        // On a phone: one block per event with its three labelled switches (no table to scroll sideways).
        <Stack gap="sm" component="ul" aria-labelledby="preferences-title" p={0} m={0} style={{ listStyle: 'none' }}>
          {preferences.data.map((row) => {
            const event = NOTIFICATION_EVENT_WORDS[row.event as NotificationEvent];
            return (
              <Paper component="li" key={row.event} withBorder radius="md" p="sm" data-testid="preference-block">
                <Text size="sm" fw={600} id={`preference-${row.event}`}>
                  {event?.label ?? row.event}
                </Text>
                {event ? (
                  <Text size="xs" c="dimmed">
                    {event.detail}
                  </Text>
                ) : null}
                <Stack gap={0} mt={4} role="group" aria-labelledby={`preference-${row.event}`}>
                  {CHANNELS.map((channel) => (
                    <Switch
                      key={channel.value}
                      label={channel.label}
                      labelPosition="left"
                      aria-label={`${event?.label ?? row.event}: ${channel.label}`}
                      checked={row[channel.value]}
                      onChange={(e) => change(row.event, channel.value, e.currentTarget.checked)}
                      styles={{ body: { justifyContent: 'space-between' }, labelWrapper: { flex: 1 } }}
                    />
                  ))}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-labelledby="preferences-title" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                {CHANNELS.map((channel) => (
                  <Table.Th key={channel.value} ta="center">
                    {channel.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preferences.data.map((row) => {
                const event = NOTIFICATION_EVENT_WORDS[row.event as NotificationEvent];
                return (
                  <Table.Tr key={row.event}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {event?.label ?? row.event}
                      </Text>
                      {event ? (
                        <Text size="xs" c="dimmed">
                          {event.detail}
                        </Text>
                      ) : null}
                    </Table.Td>
                    {CHANNELS.map((channel) => (
                      <Table.Td key={channel.value}>
                        <Switch
                          mx="auto"
                          w="fit-content"
                          aria-label={`${event?.label ?? row.event}: ${channel.label}`}
                          checked={row[channel.value]}
                          onChange={(e) => change(row.event, channel.value, e.currentTarget.checked)}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="sm" c="dimmed" mt="sm">
        Texts go to your company’s alert number, set in{' '}
        <Anchor component={Link} to="/settings/phone" inherit>
          Settings → Phone
        </Anchor>
        .
      </Text>
      {noAlertPhone && textsOn ? (
        <Alert color="yellow" variant="light" mt="sm" role="note">
          Your company has no alert number yet, so text alerts can’t be sent. Add one in Settings → Phone.
        </Alert>
      ) : null}
    </SectionPanel>
  );
}
