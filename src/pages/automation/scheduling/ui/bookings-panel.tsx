import { Button, Group, SegmentedControl, Stack, Switch, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SCHEDULING_FALLBACK_ZONE } from '@contracts/scheduling';
import { useTRPC } from '@/shared/api-react';
import { useNow } from '@/shared/lib/format';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { addDays, AppointmentBadges, type AppointmentListItem, dayHeading, dayOf, daysBetween, dayStart, mondayOf, timeRangeIn, zoneName } from '@/entities/appointment';
import { BookingDetails } from './booking-details';
import { TimeGrid } from './time-grid';

type View = 'day' | 'week' | 'list';
const VIEWS = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'list', label: 'Upcoming' },
];
/** The zone the server reckons in until it has said (it answers with the company's own with every list). */
const FIRST_GUESS_ZONE = SCHEDULING_FALLBACK_ZONE;
const UPCOMING_DAYS = 62;

function UpcomingList({ appointments, zone, onOpen }: { appointments: readonly AppointmentListItem[]; zone: string; onOpen: (appointment: AppointmentListItem) => void }) {
  if (appointments.length === 0) {
    return <EmptyState icon="◷" title="No upcoming bookings" description="Bookings made by your team or the assistant for the next two months are listed here." />;
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" aria-label="Upcoming bookings" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Appointment</Table.Th>
            <Table.Th>With</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {appointments.map((appointment) => (
            <Table.Tr key={appointment.id} style={{ textDecoration: appointment.status === 'cancelled' ? 'line-through' : undefined }}>
              <Table.Td>
                <Button variant="subtle" size="compact-sm" onClick={() => onOpen(appointment)} aria-label={`${appointment.clientName}, ${dayHeading(dayOf(appointment.start, zone))}, ${timeRangeIn(appointment.start, appointment.end, zone)}`}>
                  {dayHeading(dayOf(appointment.start, zone))}, {timeRangeIn(appointment.start, appointment.end, zone)}
                </Button>
              </Table.Td>
              <Table.Td>{appointment.clientName}</Table.Td>
              <Table.Td>{appointment.typeName}</Table.Td>
              <Table.Td>{appointment.memberName}</Table.Td>
              <Table.Td>
                <AppointmentBadges appointment={appointment} size="xs" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Bookings: a day or week on a time grid in the company's zone, or the upcoming ones as a list; each opens its details. */
export function BookingsPanel() {
  const trpc = useTRPC();
  const now = useNow();
  const [view, setView] = useState<View>('day');
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const [showCancelled, setShowCancelled] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [zone, setZone] = useState(FIRST_GUESS_ZONE);

  const today = dayOf(now, zone);
  const day = chosenDay ?? today;
  const days = view === 'week' ? daysBetween(mondayOf(day), addDays(mondayOf(day), 6)) : [day];
  const range = view === 'list' ? { from: now, days: UPCOMING_DAYS } : { from: dayStart(days[0]!, zone), days: days.length };
  const list = useQuery({ ...trpc.scheduling.appointments.list.queryOptions(range), placeholderData: keepPreviousData });
  if (list.data && list.data.zone !== zone) setZone(list.data.zone);
  // Until the server has said the company's zone, "today" is only a guess (New York's day): a day chosen from it
  // would stay a day off once the zone is known (between New York's and Chicago's midnight, for instance).
  const zoneKnown = list.data !== undefined;

  const all = list.data?.items ?? [];
  const shown = showCancelled ? all : all.filter((appointment) => appointment.status !== 'cancelled');
  const cancelledCount = all.length - all.filter((appointment) => appointment.status !== 'cancelled').length;
  const open = all.find((appointment) => appointment.id === openId) ?? null;
  const step = view === 'week' ? 7 : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <SegmentedControl aria-label="View" size="sm" data={VIEWS} value={view} onChange={(next) => setView(next as View)} />
          {view !== 'list' ? (
            <Group gap={4}>
              <Button size="xs" variant="default" disabled={!zoneKnown} onClick={() => setChosenDay(addDays(day, -step))} aria-label={view === 'week' ? 'Previous week' : 'Previous day'}>
                ‹
              </Button>
              <Button size="xs" variant="default" disabled={!zoneKnown} onClick={() => setChosenDay(null)}>
                Today
              </Button>
              <Button size="xs" variant="default" disabled={!zoneKnown} onClick={() => setChosenDay(addDays(day, step))} aria-label={view === 'week' ? 'Next week' : 'Next day'}>
                ›
              </Button>
              <Text size="sm" fw={600} ml="xs">
                {view === 'week' ? `${dayHeading(days[0]!, today)} – ${dayHeading(days.at(-1)!, today)}` : dayHeading(day, today)}
              </Text>
            </Group>
          ) : null}
        </Group>
        <Switch size="sm" label={`Show cancelled${cancelledCount ? ` (${cancelledCount})` : ''}`} checked={showCancelled} onChange={(event) => setShowCancelled(event.currentTarget.checked)} />
      </Group>
      <Text size="xs" c="dimmed">
        Times are in your company’s time zone: {zoneName(zone, now)}.
      </Text>

      {list.isError && !list.data ? (
        <LoadError title="Couldn’t load the bookings" error={list.error} onRetry={list.refetch} />
      ) : view === 'list' ? (
        list.data ? <UpcomingList appointments={shown} zone={zone} onOpen={(appointment) => setOpenId(appointment.id)} /> : null
      ) : (
        <Stack gap={4} aria-busy={list.isFetching}>
          <TimeGrid days={days} appointments={shown} zone={zone} today={today} label={view === 'week' ? 'Week view' : 'Day view'} onOpen={(appointment) => setOpenId(appointment.id)} />
          {list.data && shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              No bookings {view === 'week' ? 'this week' : 'on this day'}.
            </Text>
          ) : null}
        </Stack>
      )}
      <BookingDetails appointment={open} zone={zone} now={now} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
