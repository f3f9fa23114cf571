import { Button, Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { PhoneInput } from '@/shared/ui/phone-input';
import { SectionPanel } from '@/shared/ui/section-panel';
import { ApiErrorAlert } from './api-error-alert';
import { ConfirmModal } from '@/shared/ui/confirm-modal';
import { formatPhone } from '@/shared/lib/format';
import { type PhoneSettings, usePhoneSaved } from './phone-settings';
import { usePhoneField } from './use-phone-field';

type ProtectedNumber = PhoneSettings['protectedNumbers'][number];

export function ProtectedNumbersPanel({ numbers }: { numbers: ProtectedNumber[] }) {
  const trpc = useTRPC();
  const phoneSaved = usePhoneSaved();
  const [removing, setRemoving] = useState<ProtectedNumber | null>(null);
  const remove = useMutation(
    trpc.phone.removeProtected.mutationOptions({
      onSuccess: () => {
        phoneSaved(`${removing ? formatPhone(removing.e164) : 'The number'} is no longer protected`);
        setRemoving(null);
      },
      onError: () => setRemoving(null),
    }),
  );

  return (
    <SectionPanel
      id="protected-numbers-title"
      title="Protected numbers"
      description="Automations, follow-ups and the AI assistant never text these numbers: your staff, family, suppliers. You can still text them yourself from a conversation."
    >
      <Stack gap="md">
        <ApiErrorAlert error={remove.error} />
        {numbers.length === 0 ? (
          <Text size="sm" c="dimmed">
            No protected numbers yet.
          </Text>
        ) : (
          <Table aria-label="Protected numbers" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Label</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {numbers.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatPhone(entry.e164)}</Table.Td>
                  <Table.Td>{entry.label ?? <Text span c="dimmed" size="sm">—</Text>}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(entry)} aria-label={`Remove ${formatPhone(entry.e164)}`}>
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <AddProtectedForm />
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={`Remove ${removing ? formatPhone(removing.e164) : ''} from protected numbers?`}
        confirmLabel="Remove"
        danger
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      >
        <Text size="sm">Automations and the assistant may text this number again.</Text>
      </ConfirmModal>
    </SectionPanel>
  );
}

function AddProtectedForm() {
  const trpc = useTRPC();
  const phoneSaved = usePhoneSaved();
  const phone = usePhoneField();
  const [label, setLabel] = useState('');
  const add = useMutation(
    trpc.phone.addProtected.mutationOptions({
      onSuccess: (saved) => {
        phoneSaved(`${formatPhone(saved.e164)} is protected`);
        phone.clear();
        setLabel('');
      },
    }),
  );
  const fields = apiFieldErrors(add.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    phone.markSubmitted();
    if (phone.e164) add.mutate({ phone: phone.e164, label: label.trim() || null });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add a protected number">
      <Stack gap="sm">
        <ApiErrorAlert error={add.error} shownFields={['phone', 'label']} />
        <Group align="flex-start" gap="sm" grow preventGrowOverflow={false}>
          <PhoneInput
            label="Number to protect"
            value={phone.value}
            onChange={phone.setValue}
            error={phone.error ?? fields.phone}
          />
          <TextInput
            label="Label (optional)"
            placeholder="e.g. Supplier, my wife"
            maxLength={80}
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            error={fields.label}
          />
        </Group>
        <Group>
          <Button type="submit" variant="light" loading={add.isPending}>
            Add number
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
