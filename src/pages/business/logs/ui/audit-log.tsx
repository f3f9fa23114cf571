import { Anchor, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTRPC, useTRPCClient } from '@/shared/api-react';
import { CsvButton } from '@/shared/ui/csv-button';
import { fullDateTime } from '@/shared/lib/format';
import { usePhoneLayout } from '@/shared/lib/media';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { MoreButton } from '@/shared/ui/more-button';

const PAGE_SIZE = 50;

type ActorKind = 'user' | 'support' | 'system';
const ACTOR_KIND_WORDS: Record<ActorKind, string> = { user: 'Your team', support: 'LeadLoop support', system: 'LeadLoop' };

/** Logs → Audit: who changed what, newest first, from `logs.audit` (keyset pages: "Show older changes"). */
export function AuditLog() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const phone = usePhoneLayout();
  const [actorKind, setActorKind] = useState<ActorKind | null>(null);
  const filters = actorKind ? { actorKind } : {};
  const audit = useInfiniteQuery(trpc.logs.audit.infiniteQueryOptions({ limit: PAGE_SIZE, ...filters }, { getNextPageParam: (last) => last.nextCursor }));
  const bar = (
    <Group gap="sm" align="flex-end" justify="space-between" wrap="wrap" mb="md">
      <Select
        label="Who"
        placeholder="Anyone"
        clearable
        w={200}
        data={(Object.keys(ACTOR_KIND_WORDS) as ActorKind[]).map((value) => ({ value, label: ACTOR_KIND_WORDS[value] }))}
        value={actorKind}
        onChange={(value) => setActorKind(value as ActorKind | null)}
      />
      <CsvButton what="changes" load={() => client.logs.exportCsv.audit.query(filters)} />
    </Group>
  );
  if (audit.isPending) return <ScreenSpinner />;
  if (audit.isError) return <LoadError title="Couldn’t load the audit log" error={audit.error} onRetry={audit.refetch} />;
  const rows = audit.data.pages.flatMap((page) => page.items);
  if (rows.length === 0 && actorKind) {
    return (
      <>
        {bar}
        <EmptyState icon="☰" title="No changes match" description="Try anyone." />
      </>
    );
  }
  if (rows.length === 0) {
    return (
      <EmptyState
        icon="☰"
        title="No changes recorded yet"
        description="Who changed what, and when: settings, your business number, leads and clients. Changes are listed here as your team makes them."
      />
    );
  }
  return (
    <>
      {bar}
      {phone ? (
        // On a phone: one card per change (when, who, what, details), nothing to scroll sideways.
        <Stack gap="sm" component="ul" aria-label="Audit log" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <Paper component="li" key={row.id} withBorder radius="md" p="sm" data-testid="audit-row">
              <Text size="xs" c="dimmed">
                {fullDateTime(row.at)} · {row.actor}
              </Text>
              {row.link ? (
                <Anchor size="sm" fw={600} display="inline-flex" mih={44} style={{ alignItems: 'center' }} renderRoot={(props) => <Link to={row.link!} {...props} />}>
                  {row.what}
                </Anchor>
              ) : (
                <Text size="sm" fw={600}>
                  {row.what}
                </Text>
              )}
              {row.detail ? (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {row.detail}
                </Text>
              ) : null}
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Audit log" verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid="audit-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{fullDateTime(row.at)}</Table.Td>
                  <Table.Td>{row.actor}</Table.Td>
                  <Table.Td>
                    {row.link ? (
                      <Anchor size="sm" renderRoot={(props) => <Link to={row.link!} {...props} />}>
                        {row.what}
                      </Anchor>
                    ) : (
                      row.what
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {row.detail ?? ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <MoreButton pages={audit} label="Show older changes" />
    </>
  );
}
