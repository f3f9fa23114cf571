import { Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntegrationCard, MAX_BUSY_CALENDARS } from '@contracts/integrations';
import { useTRPC } from '@/shared/api-react';
import { notifications } from '@mantine/notifications';

/** Google Calendar's choice: which calendars' busy times keep slots from being offered, which one receives bookings. */
export function CalendarChoice({ card, canChange, onSaved }: { card: IntegrationCard; canChange: boolean; onSaved: () => Promise<unknown> }) {
  const trpc = useTRPC();
  const [busy, setBusy] = useState<string[]>(() => card.calendars.filter((c) => c.busy).map((c) => c.id));
  const [write, setWrite] = useState<string | null>(card.writeCalendarId);
  const save = useMutation(
    trpc.integrations.setCalendars.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', message: 'Calendar choice saved. LeadLoop reads your calendars again now.' });
        await onSaved();
      },
    }),
  );
  const changed = busy.join('\n') !== card.calendars.filter((c) => c.busy).map((c) => c.id).join('\n') || write !== card.writeCalendarId;
  if (card.calendars.length === 0) return <Text size="sm">This Google account has no calendars LeadLoop can read.</Text>;
  return (
    <Stack gap="xs">
      <Checkbox.Group
        label="Busy times from these calendars block the times the assistant offers"
        value={busy}
        onChange={(next) => setBusy(next.slice(0, MAX_BUSY_CALENDARS))}
      >
        <Stack gap={6} mt={6}>
          {card.calendars.map((calendar) => (
            <Checkbox key={calendar.id} value={calendar.id} label={`${calendar.name}${calendar.primary ? ' (main)' : ''}`} disabled={!canChange} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Select
        label="Add bookings to"
        data={card.calendars.map((calendar) => ({ value: calendar.id, label: calendar.name }))}
        value={write}
        onChange={setWrite}
        clearable
        placeholder="Don’t add bookings to a calendar"
        disabled={!canChange}
      />
      {save.isError ? (
        <Text size="sm" c="red" role="alert">
          {save.error.message}
        </Text>
      ) : null}
      {canChange ? (
        <Group>
          <Button size="xs" variant="light" disabled={!changed} loading={save.isPending} onClick={() => save.mutate({ busyCalendarIds: busy, writeCalendarId: write })}>
            Save calendar choice
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
