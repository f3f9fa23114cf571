import { Badge, Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { MAX_LIST_LINES } from '@contracts/reviews';
import { apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { SectionPanel } from '@/shared/ui/section-panel';
import { invalidateReviewRequests } from '@/entities/review-request';

const OUTCOME_WORDS = { sent: 'Sent', scheduled: 'Scheduled', skipped: 'Skipped' } as const;

/** "Send to a list": pasted lines "name, phone"; each line reported back, sent or skipped with its reason. */
export function SendToListPanel({ disabledReason }: { disabledReason: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation(
    trpc.reviews.requestList.mutationOptions({
      onSuccess: () => invalidateReviewRequests(queryClient),
      onError: (failure) => setError(apiFieldErrors(failure).text ?? failure.message),
    }),
  );
  const lines = text.split('\n').filter((line) => line.trim() !== '').length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (lines === 0) return setError('Paste at least one line: a name and a phone number.');
    if (lines > MAX_LIST_LINES) return setError(`At most ${MAX_LIST_LINES} lines at a time.`);
    send.mutate({ text });
  };

  return (
    <SectionPanel
      id="review-list-title"
      title="Send to a list"
      description="One customer per line: name, phone. Only your clients are texted (people who texted you, or whose consent your team recorded), each at most once in 30 days."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Textarea
            label="Customers"
            placeholder={'Jane Doe, (312) 555-0111\nBob Smith, 312-555-0122'}
            autosize
            minRows={4}
            maxRows={12}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error}
          />
          {disabledReason ? (
            <Text size="sm" c="orange">
              {disabledReason}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" loading={send.isPending} disabled={disabledReason !== null}>
              Send review requests
            </Button>
          </Group>
          {send.data ? (
            <Table.ScrollContainer minWidth={480}>
              <Table aria-label="What happened to each line">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Line</Table.Th>
                    <Table.Th>Customer</Table.Th>
                    <Table.Th>Result</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {send.data.lines.map((line) => (
                    <Table.Tr key={line.line}>
                      <Table.Td>{line.line}</Table.Td>
                      <Table.Td>{[line.name, line.phone].filter(Boolean).join(' · ') || line.text}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={line.outcome === 'skipped' ? 'gray' : 'green'}>
                          {OUTCOME_WORDS[line.outcome]}
                        </Badge>{' '}
                        {line.reason ? <Text span size="sm">{line.reason}</Text> : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
        </Stack>
      </form>
    </SectionPanel>
  );
}
