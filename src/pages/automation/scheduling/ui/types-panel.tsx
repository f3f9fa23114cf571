import { Alert, Badge, Button, Group, Modal, MultiSelect, NumberInput, Radio, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { APPOINTMENT_LOCATION_WORDS, APPOINTMENT_LOCATIONS, type AppointmentLocation } from '@contracts/scheduling';
import { apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { type AppointmentType, invalidateSchedulingSetup } from '@/entities/appointment';
import { memberLabel, memberName, type TeamMember } from '@/entities/user';
import { formField, NEW_TYPE, type TypeFormErrors, type TypeFormValues, typeInput, validateType } from '../model/type-form';

function valuesOf(type: AppointmentType): TypeFormValues {
  return {
    name: type.name,
    durationMinutes: type.durationMinutes,
    bufferBeforeMinutes: type.bufferBeforeMinutes,
    bufferAfterMinutes: type.bufferAfterMinutes,
    minNoticeHours: type.minNoticeMinutes / 60,
    horizonDays: type.horizonDays,
    location: type.location,
    userIds: type.userIds,
  };
}

const minutes = (value: number) => (value % 60 === 0 && value >= 60 ? `${value / 60} h` : `${value} min`);

/** Create or edit a type: every field the server takes, checked at the field first, the server's word after. */
function TypeForm({ type, members, onDone }: { type: AppointmentType | null; members: TeamMember[]; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TypeFormValues>(type ? valuesOf(type) : NEW_TYPE);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TypeFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const onError = (error: { message: string }) => {
    const fields: TypeFormErrors = {};
    for (const [field, message] of Object.entries(apiFieldErrors(error))) {
      const key = formField(field);
      if (key) fields[key] = message;
    }
    setServerErrors(fields);
    setFailure(Object.keys(fields).length ? null : error.message || 'Saving failed. Please try again.');
  };
  const onSuccess = (saved: { name: string }) => {
    void invalidateSchedulingSetup(queryClient);
    notifications.show({ color: 'teal', message: type ? `${saved.name} saved` : `${saved.name} added` });
    onDone();
  };
  const create = useMutation(trpc.scheduling.types.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.scheduling.types.update.mutationOptions({ onSuccess, onError }));
  const errors = validateType(values);
  const errorFor = (field: keyof TypeFormValues) => serverErrors[field] ?? (submitted ? errors[field] : undefined);
  const set = <K extends keyof TypeFormValues>(field: K, value: TypeFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (serverErrors[field]) setServerErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const number = (value: number | string): number | '' => (value === '' ? '' : Number(value));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    setFailure(null);
    if (type) update.mutate({ id: type.id, active: type.active, ...typeInput(values) });
    else create.mutate(typeInput(values));
  };
  const pending = create.isPending || update.isPending;
  return (
    <form onSubmit={submit} noValidate aria-label={type ? `Edit ${type.name}` : 'New appointment type'}>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" role="alert" title="Not saved">
            {failure}
          </Alert>
        ) : null}
        <TextInput label="Name" required placeholder="e.g. Estimate visit" value={values.name} onChange={(event) => set('name', event.currentTarget.value)} error={errorFor('name')} maxLength={120} data-autofocus />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <NumberInput clampBehavior="none" label="Duration (minutes)" required min={5} max={720} step={15} allowDecimal={false} value={values.durationMinutes} onChange={(value) => set('durationMinutes', number(value))} error={errorFor('durationMinutes')} />
          <NumberInput clampBehavior="none" label="Buffer before (minutes)" description="Travel, set-up" min={0} max={240} step={5} allowDecimal={false} value={values.bufferBeforeMinutes} onChange={(value) => set('bufferBeforeMinutes', number(value))} error={errorFor('bufferBeforeMinutes')} />
          <NumberInput clampBehavior="none" label="Buffer after (minutes)" description="Clean-up, travel" min={0} max={240} step={5} allowDecimal={false} value={values.bufferAfterMinutes} onChange={(value) => set('bufferAfterMinutes', number(value))} error={errorFor('bufferAfterMinutes')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput clampBehavior="none" label="Minimum notice (hours)" description="How soon it can be booked" min={0} max={720} decimalScale={2} value={values.minNoticeHours} onChange={(value) => set('minNoticeHours', number(value))} error={errorFor('minNoticeHours')} />
          <NumberInput clampBehavior="none" label="Book up to (days ahead)" min={1} max={365} allowDecimal={false} value={values.horizonDays} onChange={(value) => set('horizonDays', number(value))} error={errorFor('horizonDays')} />
        </SimpleGrid>
        <Radio.Group label="Where" value={values.location} onChange={(value) => set('location', value as AppointmentLocation)} error={errorFor('location')}>
          <Group gap="md" mt={4}>
            {APPOINTMENT_LOCATIONS.map((location) => (
              <Radio key={location} value={location} label={APPOINTMENT_LOCATION_WORDS[location]} />
            ))}
          </Group>
        </Radio.Group>
        <MultiSelect
          label="Who takes it"
          description="Leave empty for anyone on the team."
          placeholder={values.userIds.length ? undefined : 'Anyone on the team'}
          data={members.map((member) => ({ value: member.id, label: memberLabel(member) }))}
          value={values.userIds}
          onChange={(next) => set('userIds', next)}
          error={errorFor('userIds')}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {type ? 'Save' : 'Add appointment type'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** On or off: off, nobody can book it (staff or the assistant); bookings already made stay. */
function ActiveToggle({ type }: { type: AppointmentType }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toggle = useMutation(
    trpc.scheduling.types.update.mutationOptions({
      onSuccess: (saved) => {
        void invalidateSchedulingSetup(queryClient);
        notifications.show({ color: 'teal', message: saved.active ? `${saved.name} can be booked again` : `${saved.name} is turned off: nobody can book it` });
      },
      onError: (error) => notifications.show({ color: 'red', title: 'Not saved', message: error.message }),
    }),
  );
  const { id, name, durationMinutes, bufferBeforeMinutes, bufferAfterMinutes, minNoticeMinutes, horizonDays, location, userIds, active } = type;
  return (
    <Button size="xs" variant="default" loading={toggle.isPending} onClick={() => toggle.mutate({ id, name, durationMinutes, bufferBeforeMinutes, bufferAfterMinutes, minNoticeMinutes, horizonDays, location, userIds, active: !active })} aria-label={`${active ? 'Turn off' : 'Turn on'} ${name}`}>
      {active ? 'Turn off' : 'Turn on'}
    </Button>
  );
}

/** The kinds of appointments the company offers: list, add, edit, turn off (owner or admin). */
export function TypesPanel({ members, canEdit }: { members: TeamMember[]; canEdit: boolean }) {
  const trpc = useTRPC();
  const types = useQuery(trpc.scheduling.types.list.queryOptions());
  const [editing, setEditing] = useState<AppointmentType | 'new' | null>(null);
  if (types.isPending) return null;
  if (types.isError) return <LoadError title="Couldn’t load your appointment types" error={types.error} onRetry={types.refetch} />;
  const who = (type: AppointmentType) =>
    type.userIds.length === 0 ? 'Anyone on the team' : type.userIds.map((userId) => { const member = members.find((candidate) => candidate.id === userId); return member ? memberName(member) : 'Former team member'; }).join(', ');
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {canEdit ? 'The visits you offer. Your team books them here; the assistant can offer their free times to a lead.' : 'The visits you offer. Only the owner or an admin can change them.'}
        </Text>
        {canEdit ? <Button onClick={() => setEditing('new')}>New appointment type</Button> : null}
      </Group>
      {types.data.length === 0 ? (
        <EmptyState icon="◷" title="No appointment types yet" description="Add the kinds of visits you offer, like an estimate or a service call: how long each takes, who takes it, and how much notice you need." />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" aria-label="Appointment types">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Length</Table.Th>
                <Table.Th>Buffers</Table.Th>
                <Table.Th>Notice · ahead</Table.Th>
                <Table.Th>Where</Table.Th>
                <Table.Th>Who takes it</Table.Th>
                {canEdit ? <Table.Th aria-label="Actions" /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.data.map((type) => (
                <Table.Tr key={type.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text fw={600} size="sm">
                        {type.name}
                      </Text>
                      <Badge color={type.active ? 'teal' : 'gray'} variant="light">
                        {type.active ? 'On' : 'Off'}
                      </Badge>
                    </Group>
                  </Table.Td>
                  <Table.Td>{minutes(type.durationMinutes)}</Table.Td>
                  <Table.Td>
                    {type.bufferBeforeMinutes || type.bufferAfterMinutes ? `${minutes(type.bufferBeforeMinutes)} before, ${minutes(type.bufferAfterMinutes)} after` : 'None'}
                  </Table.Td>
                  <Table.Td>
                    {type.minNoticeMinutes ? minutes(type.minNoticeMinutes) : 'No'} notice · {type.horizonDays} days
                  </Table.Td>
                  <Table.Td>{APPOINTMENT_LOCATION_WORDS[type.location]}</Table.Td>
                  <Table.Td>{who(type)}</Table.Td>
                  {canEdit ? (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Button size="xs" variant="light" onClick={() => setEditing(type)} aria-label={`Edit ${type.name}`}>
                          Edit
                        </Button>
                        <ActiveToggle type={type} />
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'New appointment type' : 'Edit appointment type'} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
        {editing !== null ? <TypeForm type={editing === 'new' ? null : editing} members={members} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </Stack>
  );
}
