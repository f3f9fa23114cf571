import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ClientDetail, invalidateClients } from '@/entities/contact';
import { useTRPC } from '@/shared/api-react';
import { invalidateLeads } from '@/entities/lead';

/** Block or unblock, after saying what it means. */
export function BlockClientButton({ client }: { client: ClientDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const setBlocked = useMutation(
    trpc.clients.setBlocked.mutationOptions({
      onSuccess: ({ blocked }) => {
        setConfirming(false);
        void invalidateClients(queryClient);
        void invalidateLeads(queryClient);
        notifications.show({ color: 'teal', message: blocked ? `${client.name} is blocked` : `${client.name} is unblocked` });
      },
      onError: (error) => notifications.show({ color: 'red', title: 'Nothing changed', message: error.message || 'Please try again.' }),
    }),
  );
  const blocking = !client.blocked;
  return (
    <>
      <Button variant={blocking ? 'light' : 'default'} color={blocking ? 'red' : undefined} onClick={() => setConfirming(true)}>
        {blocking ? 'Block' : 'Unblock'}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={blocking ? `Block ${client.name}?` : `Unblock ${client.name}?`}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          {blocking ? (
            <Text size="sm">
              LeadLoop will stop sending texts to {client.name}: none from your team, the AI assistant or automations. Their
              history stays here, and you can unblock them at any time.
            </Text>
          ) : (
            <Text size="sm">
              Texts to {client.name} can go out again.
              {client.optedOut ? ' They also opted out, so LeadLoop still won’t text them until they text START.' : ''}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={setBlocked.isPending}>
              Cancel
            </Button>
            <Button color={blocking ? 'red' : undefined} loading={setBlocked.isPending} onClick={() => setBlocked.mutate({ id: client.id, blocked: blocking })}>
              {blocking ? 'Block client' : 'Unblock client'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

