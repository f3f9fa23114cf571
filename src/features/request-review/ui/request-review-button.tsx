import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateReviewRequests } from '@/entities/review-request';
import { useTRPC } from '@/shared/api-react';

export const REQUEST_REVIEW_LABEL = 'Request review';

/**
 * "Request review" on a lead or a client: texts them the review link now through the outbound pipeline (held to
 * their send window at night). Says what happened, or why it can't be sent (opted out, asked recently, no link yet).
 */
export function RequestReviewButton({ target, size = 'sm' }: { target: { leadId: string } | { contactId: string }; size?: 'xs' | 'sm' }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const request = useMutation(
    trpc.reviews.request.mutationOptions({
      onSuccess: (result) => {
        invalidateReviewRequests(queryClient);
        if (result.outcome === 'skipped') setRefusal(result.reason ?? 'The review request was not sent.');
        else notifications.show({ color: 'green', title: 'Review request sent', message: result.note ?? 'The review link is on its way.' });
      },
      onError: (error) => setRefusal(error.message || 'Please try again.'),
    }),
  );
  return (
    <>
      <Button size={size} variant="default" loading={request.isPending} onClick={() => request.mutate(target)}>
        {REQUEST_REVIEW_LABEL}
      </Button>
      <Modal opened={refusal !== null} onClose={() => setRefusal(null)} title="The review request wasn’t sent" closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap="md">
          <Alert color="orange" variant="light" role="alert">
            <Text size="sm">{refusal}</Text>
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
