import { Badge, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { INTEGRATION_WORDS, SYNC_LOG_STATUS_WORDS } from '@contracts/integrations';
import { useTRPC } from '@/shared/api-react';
import { fullDateTime } from '@/shared/lib/format';
import { usePhoneLayout } from '@/shared/lib/media';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { ScreenSpinner } from '@/shared/ui/spinner';

const STATUS_COLOR = { ok: 'teal', retrying: 'orange', failed: 'red' } as const;

/** Logs → Integrations: what went to or came from Google Calendar, Jobber and Thumbtack, newest first. */
export function IntegrationSyncLog() {
  const trpc = useTRPC();
  const phone = usePhoneLayout();
  const log = useQuery(trpc.integrations.syncLog.queryOptions({ limit: 100 }));
  if (log.isPending) return <ScreenSpinner />;
  if (log.isError) return <LoadError title="Couldn’t load the integrations log" error={log.error} onRetry={log.refetch} />;
  if (log.data.length === 0) {
    return (
      <EmptyState
        icon="⇄"
        title="Nothing synced yet"
        description="When Google Calendar, Jobber or Thumbtack is connected on External integrations, every sync — and every failure, with its reason — is listed here."
      />
    );
  }
  if (phone) {
    return (
      <Stack gap="sm" component="ul" aria-label="Integrations log" p={0} m={0} style={{ listStyle: 'none' }}>
        {log.data.map((row) => (
          <Paper component="li" key={row.id} withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed">
              {fullDateTime(row.at)} · {INTEGRATION_WORDS[row.provider].name} · {row.direction === 'in' ? 'In' : 'Out'}
            </Text>
            <Badge size="sm" variant="light" color={STATUS_COLOR[row.status]}>
              {SYNC_LOG_STATUS_WORDS[row.status]}
            </Badge>
            <Text size="sm">{row.summary}</Text>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label="Integrations log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Tool</Table.Th>
            <Table.Th>Direction</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>What happened</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {log.data.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{fullDateTime(row.at)}</Table.Td>
              <Table.Td>{INTEGRATION_WORDS[row.provider].name}</Table.Td>
              <Table.Td>{row.direction === 'in' ? 'Into LeadLoop' : `To ${INTEGRATION_WORDS[row.provider].name}`}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={STATUS_COLOR[row.status]}>
                  {SYNC_LOG_STATUS_WORDS[row.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{row.summary}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
