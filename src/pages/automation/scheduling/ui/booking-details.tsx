import { Alert, Anchor, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { APPOINTMENT_LOCATION_WORDS } from '@contracts/scheduling';
import { apiErrorCode, apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { formatPhone } from '@/shared/lib/format';
import { AppointmentBadges, type AppointmentListItem, invalidateBookings, SlotSelect, whenIn } from '@/entities/appointment';
import { invalidateDashboard } from '@/entities/company';
import { memberLabel, useTeamMembers } from '@/entities/user';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w="32%" fw={500} c="dimmed" style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

const SAME = '';

/** A new free time of the booking's type (and, if wanted, another member); the server has the last word. */
function MoveForm({ appointment, onDone, onBack }: { appointment: AppointmentListItem; onDone: () => void; onBack: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const members = useTeamMembers();
  const slots = useQuery(trpc.scheduling.slots.queryOptions({ typeId: appointment.typeId }));
  const [start, setStart] = useState<number | null>(null);
  const [userId, setUserId] = useState<string>(SAME);
  const [errors, setErrors] = useState<{ start?: string; userId?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const move = useMutation(
    trpc.scheduling.appointments.move.mutationOptions({
      onSuccess: (moved) => {
        void invalidateBookings(queryClient);
        void invalidateDashboard(queryClient);
        const zone = slots.data?.zone;
        notifications.show({ color: 'teal', message: `Moved${zone ? ` to ${whenIn(new Date(moved.startsAt).getTime(), new Date(moved.endsAt).getTime(), zone)}` : ''}. ${appointment.clientName} gets a text with the new time.` });
        onDone();
      },
      onError: (error) => {
        if (apiErrorCode(error) === 'CONFLICT' && /taken/.test(error.message)) {
          setErrors({ start: error.message });
          setStart(null);
          void slots.refetch();
          return;
        }
        const fields = apiFieldErrors(error);
        setErrors(fields);
        setFailure(Object.keys(fields).length ? null : error.message || 'Moving failed. Please try again.');
      },
    }),
  );
  const chosen = slots.data?.slots.find((slot) => slot.start === start);
  // Only people who could take a free time of this type: those the slots name.
  const takers = new Set((slots.data?.slots ?? []).flatMap((slot) => slot.userIds));
  const memberOptions = [
    { value: SAME, label: 'Whoever is free (its own person first)' },
    ...(members.data ?? []).filter((member) => takers.has(member.id) && (!chosen || chosen.userIds.includes(member.id))).map((member) => ({ value: member.id, label: memberLabel(member) })),
  ];
  return (
    <form
      aria-label="Move the booking"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (start === null) {
          setErrors({ start: 'Choose a free time' });
          return;
        }
        setErrors({});
        setFailure(null);
        move.mutate({ id: appointment.id, start, userId: userId === SAME ? null : userId });
      }}
    >
      <Stack gap="md">
        {failure ? (
          <Alert color="red" role="alert" title="Not moved">
            {failure}
          </Alert>
        ) : null}
        {slots.isError ? (
          <Alert color="red" role="alert" title="Couldn’t load the free times">
            {slots.error.message}
          </Alert>
        ) : null}
        <SlotSelect
          label="New time"
          slots={slots.data?.slots ?? []}
          zone={slots.data?.zone ?? 'UTC'}
          value={start}
          onChange={(next) => {
            setStart(next);
            setErrors(({ start: _gone, ...rest }) => rest);
          }}
          userId={userId === SAME ? null : userId}
          disabled={slots.isPending}
          placeholder={slots.isPending ? 'Loading free times…' : undefined}
          error={errors.start}
        />
        <Select label="Team member" data={memberOptions} value={userId} onChange={(next) => setUserId(next ?? SAME)} error={errors.userId} allowDeselect={false} comboboxProps={{ withinPortal: true }} />
        <Text size="xs" c="dimmed">
          {appointment.clientName} gets a text with the new time and a new calendar link; reminders follow the new time.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onBack} disabled={move.isPending}>
            Back
          </Button>
          <Button type="submit" loading={move.isPending}>
            Move booking
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CancelConfirm({ appointment, onDone, onBack }: { appointment: AppointmentListItem; onDone: () => void; onBack: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = useMutation(
    trpc.scheduling.appointments.cancel.mutationOptions({
      onSuccess: () => {
        void invalidateBookings(queryClient);
        void invalidateDashboard(queryClient);
        notifications.show({ color: 'teal', message: `Cancelled. ${appointment.clientName} gets a text that it is cancelled.` });
        onDone();
      },
      onError: (error) => setFailure(error.message || 'Cancelling failed. Please try again.'),
    }),
  );
  return (
    <Stack gap="md">
      {failure ? (
        <Alert color="red" role="alert" title="Not cancelled">
          {failure}
        </Alert>
      ) : null}
      <Text size="sm">The customer will get a text that it is cancelled. Its time is free again at once.</Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onBack} disabled={cancel.isPending}>
          Keep it
        </Button>
        <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate({ id: appointment.id })}>
          Cancel booking
        </Button>
      </Group>
    </Stack>
  );
}

/** One booking: who, when, where, what the customer said; move it or cancel it while it is ahead. */
export function BookingDetails({ appointment, zone, now, onClose }: { appointment: AppointmentListItem | null; zone: string; now: number; onClose: () => void }) {
  const [mode, setMode] = useState<'view' | 'move' | 'cancel'>('view');
  const close = () => {
    setMode('view');
    onClose();
  };
  const title = mode === 'move' ? 'Move booking' : mode === 'cancel' ? 'Cancel this booking?' : 'Booking';
  return (
    <Modal opened={appointment !== null} onClose={close} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {appointment ? (
        mode === 'move' ? (
          <MoveForm appointment={appointment} onDone={close} onBack={() => setMode('view')} />
        ) : mode === 'cancel' ? (
          <CancelConfirm appointment={appointment} onDone={close} onBack={() => setMode('view')} />
        ) : (
          <Stack gap="md">
            <Stack gap={4}>
              <Text fw={600} size="lg">
                {whenIn(appointment.start, appointment.end, zone)}
              </Text>
              <AppointmentBadges appointment={appointment} />
            </Stack>
            <Table aria-label="Booking details" verticalSpacing={6} withRowBorders={false} layout="fixed">
              <Table.Tbody>
                <Row label="Client">
                  <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/clients/$id" params={{ id: appointment.contactId }} />}>
                    {appointment.clientName}
                  </Anchor>
                  {appointment.phone && formatPhone(appointment.phone) !== appointment.clientName ? ` · ${formatPhone(appointment.phone)}` : ''}
                </Row>
                <Row label="Lead">
                  {appointment.leadId ? (
                    <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/leads" search={{ lead: appointment.leadId ?? '' }} />}>
                      Open lead
                    </Anchor>
                  ) : (
                    'Not linked to a lead'
                  )}
                </Row>
                <Row label="Appointment">{appointment.typeName}</Row>
                <Row label="With">{appointment.memberName || 'A former team member'}</Row>
                <Row label="Where">{appointment.location === 'customer_address' ? appointment.address || 'At the customer’s address (none given)' : APPOINTMENT_LOCATION_WORDS[appointment.location]}</Row>
                <Row label="Notes">{appointment.notes || 'None'}</Row>
                <Row label="Booked by">{appointment.bookedBy === 'assistant' ? 'The assistant' : 'Your team'}</Row>
              </Table.Tbody>
            </Table>
            {appointment.status === 'booked' && appointment.start > now ? (
              <Group justify="flex-end" gap="xs">
                <Button variant="default" color="red" onClick={() => setMode('cancel')}>
                  Cancel booking
                </Button>
                <Button onClick={() => setMode('move')}>Move</Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {appointment.status === 'cancelled' ? 'This booking is cancelled.' : 'This booking has started or is over, so it can’t be moved or cancelled.'}
              </Text>
            )}
          </Stack>
        )
      ) : null}
    </Modal>
  );
}
