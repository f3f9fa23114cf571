import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/shared/api-react';
import { formatDateTime } from '@/shared/lib/format';
import { EmptyState } from '@/shared/ui/empty-state';
import { PagedResults } from '@/shared/ui/paged-results';
import { invalidateDeadLetters } from '@/entities/message';

const PAGE_SIZE = 25;

/**
 * Logs → Failed tasks: background work that failed for good (an email, a notification, a text, a delivery report)
 * with its error in plain words, so nothing fails silently. Each can be tried again once the cause is fixed.
 */
export function DeadLetters() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...trpc.logs.deadLetters.queryOptions({ page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const retry = useMutation(
    trpc.logs.retryJob.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'teal', message: 'Queued again. It runs in a moment; if it fails again it comes back here.' });
        void invalidateDeadLetters(queryClient);
      },
      onError: (error) => notifications.show({ color: 'red', title: 'Couldn’t retry', message: error.message }),
    }),
  );

  if (list.isSuccess && list.data.total === 0 && page === 1) {
    return (
      <EmptyState
        icon="✓"
        title="Nothing has failed"
        description="When an email, a notification or a text can’t be sent after every retry, it’s listed here with the reason, and you can try it again."
      />
    );
  }
  const items = list.data?.items ?? [];
  return (
    <PagedResults
      noun="failed tasks"
      query={list}
      total={list.data?.total}
      shown={items.length}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={setPage}
      noMatch={{ title: 'No failed tasks on this page', description: 'Go back to the first page.', onClear: () => setPage(1) }}
    >
      <Paper withBorder radius="md">
        <Table verticalSpacing="sm" aria-label="Failed tasks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Failed</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Why</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Text size="sm">{item.failedAt ? formatDateTime(item.failedAt) : '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {item.kind}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.attempts === 1 ? 'Tried once' : `Tried ${item.attempts} times`}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.problem}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <Button
                      size="xs"
                      variant="light"
                      loading={retry.isPending && retry.variables?.id === item.id}
                      onClick={() => retry.mutate({ id: item.id })}
                      aria-label={`Try again: ${item.kind}`}
                    >
                      Try again
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </PagedResults>
  );
}
