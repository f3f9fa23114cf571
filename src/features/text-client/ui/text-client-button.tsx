import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { apiErrorCode } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { type CannotText, cannotText } from '../model/can-text';
import { invalidateClientDetails } from '@/entities/contact';
import { invalidateConversationList } from '@/entities/conversation';

export const TEXT_CLIENT_LABEL = 'Text this client';

/**
 * "Text this client": opens the client's conversation in the inbox, started on the business number if there is
 * none yet (`conversations.start`). When LeadLoop may not text them (blocked, opted out, no consent on record) or
 * the server refuses (no business number yet), a click says why and what to do instead of doing nothing.
 */
export function TextClientButton({ contactId, size = 'sm', variant = 'filled' }: { contactId: string; size?: 'xs' | 'sm'; variant?: 'filled' | 'light' | 'default' }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const client = useQuery(trpc.clients.get.queryOptions({ id: contactId }));
  const [refusal, setRefusal] = useState<(CannotText & { toPhoneSettings?: boolean }) | null>(null);
  const start = useMutation(
    trpc.conversations.start.mutationOptions({
      onSuccess: ({ conversationId }) => {
        void invalidateConversationList(queryClient);
        void invalidateClientDetails(queryClient, contactId);
        void navigate({ to: '/conversations', search: { c: conversationId } });
      },
      onError: (error) =>
        setRefusal({
          title: 'The conversation didn’t open',
          reason: error.message || 'Please try again.',
          toPhoneSettings: apiErrorCode(error) === 'PRECONDITION_FAILED' && /Settings → Phone/.test(error.message),
        }),
    }),
  );

  const click = () => {
    if (!client.data) return;
    const why = cannotText(client.data, client.data.consent);
    if (why) setRefusal(why);
    else start.mutate({ contactId });
  };

  return (
    <>
      <Button size={size} variant={variant} onClick={click} loading={start.isPending || client.isPending}>
        {TEXT_CLIENT_LABEL}
      </Button>
      {client.isError ? (
        <Text size="xs" c="red" role="alert">
          Couldn’t check whether this client can be texted: {client.error.message}
        </Text>
      ) : null}
      <Modal opened={refusal !== null} onClose={() => setRefusal(null)} title={refusal?.title ?? ''} closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap="md">
          <Alert color="orange" variant="light" role="alert">
            <Text size="sm">{refusal?.reason}</Text>
            {refusal?.toPhoneSettings ? (
              <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/settings/phone" />}>
                Open Settings → Phone
              </Anchor>
            ) : null}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRefusal(null)}>
              OK
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
