import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { REVIEW_REQUEST_STATE_WORDS, REVIEW_SOURCE_WORDS, type ReviewRequestState, UNHAPPY_WORDS } from '@contracts/reviews';
import { formatDateTime } from '@/shared/lib/format';
import { SectionPanel } from '@/shared/ui/section-panel';
import type { ReviewRequestRow } from '@/entities/review-request';

const STATE_COLORS: Record<ReviewRequestState, string> = {
  waiting: 'gray',
  scheduled: 'blue',
  sending: 'blue',
  sent: 'teal',
  delivered: 'green',
  failed: 'red',
  blocked: 'orange',
  skipped: 'orange',
  cancelled: 'gray',
};

const when = (at: number | null) => (at ? formatDateTime(at) : '—');

function reminderWords(row: ReviewRequestRow): string {
  if (row.reminder.sentAt) return `Reminded ${formatDateTime(row.reminder.sentAt)}`;
  if (row.reminder.skipReason) return `No reminder: ${row.reminder.skipReason}`;
  if (row.reminder.dueAt) return `Reminder ${formatDateTime(row.reminder.dueAt)}`;
  return '';
}

/** The latest requests: who, how it went, sent, delivered, clicked, the reminder, an unhappy reply. */
export function ReviewRequestsTable({ rows }: { rows: ReviewRequestRow[] }) {
  return (
    <SectionPanel id="review-list-heading" title="Requests">
      <Table.ScrollContainer minWidth={760}>
        <Table aria-labelledby="review-list-heading" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Client</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Sent</Table.Th>
              <Table.Th>Delivered</Table.Th>
              <Table.Th>Clicked</Table.Th>
              <Table.Th>Reply</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/clients/$id" params={{ id: row.client.id }} />}>
                    {row.client.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {REVIEW_SOURCE_WORDS[row.source]}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATE_COLORS[row.state]}>
                    {REVIEW_REQUEST_STATE_WORDS[row.state]}
                  </Badge>
                  {row.state === 'waiting' && row.dueAt ? <Text size="xs">Due {formatDateTime(row.dueAt)}</Text> : null}
                  {row.state === 'scheduled' && row.scheduledFor ? <Text size="xs">Goes {formatDateTime(row.scheduledFor)}</Text> : null}
                  {row.reason ? (
                    <Text size="xs" c="dimmed">
                      {row.reason}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {reminderWords(row)}
                  </Text>
                </Table.Td>
                <Table.Td>{when(row.sentAt)}</Table.Td>
                <Table.Td>{when(row.deliveredAt)}</Table.Td>
                <Table.Td>{row.clickedAt ? `Yes, ${formatDateTime(row.clickedAt)}` : 'Not yet'}</Table.Td>
                <Table.Td>
                  {row.unhappyAt ? (
                    <Anchor size="sm" c="red" renderRoot={(props) => <Link {...props} to="/conversations" search={{ c: row.conversationId ?? '' }} />}>
                      {UNHAPPY_WORDS}
                    </Anchor>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </SectionPanel>
  );
}
