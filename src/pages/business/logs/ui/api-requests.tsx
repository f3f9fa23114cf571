import { Badge, Button, Code, Group, SegmentedControl, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTRPC, useTRPCClient } from '@/shared/api-react';
import { fullDateTime } from '@/shared/lib/format';
import { CsvButton } from '@/shared/ui/csv-button';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { MoreButton } from '@/shared/ui/more-button';

const PAGE_SIZE = 50;
const OUTCOMES = [
  { value: 'all', label: 'All' },
  { value: 'success', label: 'Succeeded' },
  { value: 'client_error', label: 'Refused' },
  { value: 'server_error', label: 'Failed' },
] as const;
type Outcome = (typeof OUTCOMES)[number]['value'];

const statusColor = (status: number) => (status >= 500 ? 'red' : status >= 400 ? 'orange' : 'green');

/** Logs → API requests: every request made with one of the company's API keys (key, route, status, latency). */
export function ApiRequests() {
  const trpc = useTRPC();
  const [outcome, setOutcome] = useState<Outcome>('all');
  const requests = useInfiniteQuery(
    trpc.publicApi.requests.infiniteQueryOptions({ limit: PAGE_SIZE, ...(outcome === 'all' ? {} : { outcome }) }, { getNextPageParam: (last) => last.nextCursor }),
  );
  const client = useTRPCClient();
  const filter = (
    <Group justify="space-between" mb="md">
      <SegmentedControl aria-label="Outcome" size="xs" data={[...OUTCOMES]} value={outcome} onChange={(value) => setOutcome(value as Outcome)} />
      <CsvButton what="requests" load={() => client.publicApi.exportRequestsCsv.query(outcome === 'all' ? {} : { outcome })} />
    </Group>
  );
  if (requests.isPending) return <ScreenSpinner />;
  if (requests.isError) return <LoadError title="Couldn’t load the API requests" error={requests.error} onRetry={requests.refetch} />;
  const rows = requests.data.pages.flatMap((page) => page.items);
  if (rows.length === 0) {
    return (
      <>
        {outcome === 'all' ? null : filter}
        <EmptyState
          icon="⇄"
          title={outcome === 'all' ? 'No API requests yet' : 'No requests with this outcome'}
          description="Each request another tool makes with one of your API keys is listed here: which key, what it asked for, the answer and how long it took."
          action={
            <Button component={Link} to="/settings/api-keys" variant="light">
              Manage API keys
            </Button>
          }
        />
      </>
    );
  }
  return (
    <>
      {filter}
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label="API requests" verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Key</Table.Th>
              <Table.Th>Request</Table.Th>
              <Table.Th>Answer</Table.Th>
              <Table.Th>Time</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="api-request-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{fullDateTime(row.at)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{row.key}</Text>
                  {row.ip ? (
                    <Text size="xs" c="dimmed">
                      from {row.ip}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Code>
                    {row.method} {row.route}
                  </Code>
                </Table.Td>
                <Table.Td>
                  <Badge color={statusColor(row.status)} variant="light">
                    {row.status}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.latencyMs} ms</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <MoreButton pages={requests} label="Show older requests" />
    </>
  );
}
