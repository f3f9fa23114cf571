import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { APPOINTMENT_LOCATION_WORDS } from '@contracts/scheduling';
import { apiErrorCode, apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { invalidateBookings, SlotSelect, whenIn } from '@/entities/appointment';
import { invalidateDashboard } from '@/entities/company';
import { invalidateClientDetails } from '@/entities/contact';
import { invalidateLeads } from '@/entities/lead';
import { memberLabel, useTeamMembers } from '@/entities/user';
import { ClientPicker, type PickedClient } from './client-picker';

export interface BookAppointmentModalProps {
  opened: boolean;
  onClose: () => void;
  /** Prefilled from a lead or a conversation: the client is then fixed. */
  client?: PickedClient | null;
  leadId?: string | null;
  onBooked?: (appointment: { id: string }) => void;
}

type Field = 'typeId' | 'contactId' | 'start' | 'userId' | 'address' | 'notes';
const ANYONE = '';

/** The client's address on one line, as a visit's address. */
function addressOf(client: { addressLine1: string | null; city: string | null; region: string | null; postalCode: string | null }): string {
  const place = [client.city, [client.region, client.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [client.addressLine1, place].filter(Boolean).join(', ');
}

function BookForm({ client: fixedClient, leadId, onClose, onBooked }: Omit<BookAppointmentModalProps, 'opened'>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const types = useQuery(trpc.scheduling.types.list.queryOptions());
  const members = useTeamMembers();
  const [typeId, setTypeId] = useState<string | null>(null);
  const [client, setClient] = useState<PickedClient | null>(fixedClient ?? null);
  const [start, setStart] = useState<number | null>(null);
  const [userId, setUserId] = useState<string>(ANYONE);
  /** What staff typed as the address; until then, the client's address on file. */
  const [typedAddress, setTypedAddress] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const active = (types.data ?? []).filter((type) => type.active);
  const type = active.find((candidate) => candidate.id === typeId) ?? null;
  const slots = useQuery({ ...trpc.scheduling.slots.queryOptions({ typeId: typeId ?? '' }), enabled: Boolean(typeId) });
  const clientDetail = useQuery({ ...trpc.clients.get.queryOptions({ id: client?.id ?? '' }), enabled: Boolean(client) });
  const atTheirPlace = type?.location === 'customer_address';

  // A visit at the customer's: their address on file, until someone types another.
  const knownAddress = clientDetail.data ? addressOf(clientDetail.data) : '';
  const address = atTheirPlace ? (typedAddress ?? knownAddress) : '';

  const book = useMutation(
    trpc.scheduling.appointments.book.mutationOptions({
      onSuccess: (appointment) => {
        void invalidateBookings(queryClient);
        void invalidateLeads(queryClient);
        void invalidateDashboard(queryClient);
        if (client) void invalidateClientDetails(queryClient, client.id);
        const zone = slots.data?.zone;
        notifications.show({ color: 'teal', message: `Booked${client ? ` ${client.name}` : ''}${zone && start !== null && type ? ` for ${whenIn(start, start + type.durationMinutes * 60_000, zone)}` : ''}. They get a text with the time.` });
        onBooked?.(appointment);
        onClose();
      },
      onError: (error) => {
        const fields = apiFieldErrors(error) as Partial<Record<Field, string>>;
        if (apiErrorCode(error) === 'CONFLICT' && /taken/.test(error.message)) {
          // Someone took the time meanwhile: say so at the time, and show what is free now.
          setServerErrors({ start: error.message });
          setStart(null);
          void slots.refetch();
          return;
        }
        setServerErrors(fields);
        setFailure(Object.keys(fields).length ? null : error.message || 'Booking failed. Please try again.');
      },
    }),
  );

  const clientErrors: Partial<Record<Field, string>> = {};
  if (!typeId) clientErrors.typeId = 'Choose the kind of appointment';
  if (!client) clientErrors.contactId = 'Choose the client';
  if (start === null) clientErrors.start = 'Choose a free time';
  const errorFor = (field: Field) => serverErrors[field] ?? (submitted ? clientErrors[field] : undefined);
  const clearError = (field: Field) => {
    setFailure(null);
    if (serverErrors[field]) setServerErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const takers = type ? (members.data ?? []).filter((member) => type.userIds.length === 0 || type.userIds.includes(member.id)) : [];
  const chosenSlot = slots.data?.slots.find((slot) => slot.start === start);
  const memberOptions = [
    { value: ANYONE, label: 'Whoever is free' },
    ...takers.filter((member) => !chosenSlot || chosenSlot.userIds.includes(member.id)).map((member) => ({ value: member.id, label: memberLabel(member) })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(clientErrors).length > 0 || !typeId || !client || start === null) return;
    setServerErrors({});
    setFailure(null);
    book.mutate({
      typeId,
      start,
      contactId: client.id,
      leadId: leadId ?? null,
      userId: userId === ANYONE ? null : userId,
      address: address.trim() || null,
      notes: notes.trim() || null,
    });
  };

  if (types.isSuccess && active.length === 0) {
    return (
      <Stack gap="sm">
        <Text size="sm">There is nothing to book yet: add the kinds of appointments you offer first.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button renderRoot={(props) => <Link {...props} to="/scheduling" />} onClick={onClose}>
            Add an appointment type
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Book an appointment">
      <Stack gap="md">
        {failure ? (
          <Alert color="red" role="alert" title="Not booked">
            {failure}
          </Alert>
        ) : null}
        {types.isError ? (
          <Alert color="red" role="alert" title="Couldn’t load your appointment types">
            {types.error.message}
          </Alert>
        ) : null}
        <Select
          label="Appointment type"
          required
          data={active.map((candidate) => ({ value: candidate.id, label: `${candidate.name} · ${candidate.durationMinutes} min` }))}
          value={typeId}
          onChange={(next) => {
            setTypeId(next);
            setStart(null);
            setUserId(ANYONE);
            clearError('typeId');
            clearError('start');
          }}
          description={type ? APPOINTMENT_LOCATION_WORDS[type.location] : undefined}
          error={errorFor('typeId')}
          placeholder={types.isPending ? 'Loading…' : 'Choose one'}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {fixedClient ? (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              Client
            </Text>
            <Text size="sm">{fixedClient.name}</Text>
          </Stack>
        ) : (
          <ClientPicker
            value={client}
            onChange={(next) => {
              setClient(next);
              clearError('contactId');
            }}
            error={errorFor('contactId')}
          />
        )}
        {typeId && slots.isError ? (
          <Alert color="red" role="alert" title="Couldn’t load the free times">
            {slots.error.message}
          </Alert>
        ) : null}
        <SlotSelect
          slots={slots.data?.slots ?? []}
          zone={slots.data?.zone ?? 'UTC'}
          value={start}
          onChange={(next) => {
            setStart(next);
            clearError('start');
          }}
          userId={userId === ANYONE ? null : userId}
          description={slots.data ? `Free times in your company’s time zone (${slots.data.zone}).` : undefined}
          placeholder={!typeId ? 'Choose the appointment type first' : slots.isPending ? 'Loading free times…' : undefined}
          disabled={!typeId || slots.isPending}
          error={errorFor('start')}
        />
        <Select
          label="Team member"
          data={memberOptions}
          value={userId}
          onChange={(next) => {
            setUserId(next ?? ANYONE);
            clearError('userId');
          }}
          disabled={!type}
          error={errorFor('userId')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {atTheirPlace ? (
          <TextInput
            label="Address"
            description={knownAddress ? 'The client’s address on file; change it if the job is elsewhere.' : 'Where the visit is. The client has no address on file.'}
            value={address}
            onChange={(event) => {
              setTypedAddress(event.currentTarget.value);
              clearError('address');
            }}
            maxLength={300}
            error={errorFor('address')}
          />
        ) : null}
        <Textarea label="Notes for the team" autosize minRows={2} maxRows={6} maxLength={2000} value={notes} onChange={(event) => setNotes(event.currentTarget.value)} error={errorFor('notes')} />
        <Text size="xs" c="dimmed">
          The client gets a text with the time{atTheirPlace ? ' and address' : ''} and a calendar link, then reminders 24 and 2 hours before.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={book.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={book.isPending}>
            Book
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Book an appointment": a type, the client, a free time, who takes it, where, notes. Starts empty each time it opens. */
export function BookAppointmentModal({ opened, onClose, ...rest }: BookAppointmentModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Book an appointment" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? <BookForm onClose={onClose} {...rest} /> : null}
    </Modal>
  );
}
