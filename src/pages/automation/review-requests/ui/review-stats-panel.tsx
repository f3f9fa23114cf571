import { Paper, Select, SimpleGrid, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { LoadError } from '@/shared/ui/load-error';
import { SectionPanel } from '@/shared/ui/section-panel';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { type ReviewStatsView, useReviewStats } from '@/entities/review-request';

const PERIODS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
];
const DAY = 24 * 60 * 60 * 1000;
const FIGURES = [
  { key: 'sent', label: 'Sent' },
  { key: 'delivered', label: 'Delivered' },
  { key: 'clicked', label: 'Clicked' },
  { key: 'unhappy', label: 'Unhappy replies' },
] as const;

const share = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '—');

/** Results of the requests sent in a period, beside the period before, and per review link. */
export function ReviewStatsPanel() {
  const [days, setDays] = useState('30');
  const [now] = useState(() => Math.floor(Date.now() / 60_000) * 60_000);
  const stats = useReviewStats({ from: now - Number(days) * DAY, to: now });
  return (
    <SectionPanel id="review-stats-title" title="Results" description="Requests sent in the period: how many went out, arrived, and had their link opened, against the period before.">
      <Select aria-label="Period" w={180} mb="sm" data={PERIODS} value={days} allowDeselect={false} onChange={(value) => value && setDays(value)} />
      {stats.isPending ? <ScreenSpinner /> : stats.isError ? <LoadError title="Couldn’t load the results" error={stats.error} onRetry={stats.refetch} /> : <Figures stats={stats.data} />}
    </SectionPanel>
  );
}

function Figures({ stats }: { stats: ReviewStatsView }) {
  return (
    <>
      <SimpleGrid component="ul" cols={{ base: 2, sm: 4 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Review request results">
        {FIGURES.map(({ key, label }) => (
          <Paper key={key} component="li" withBorder radius="md" p="md">
            <Text size="sm" fw={600}>
              {label}
            </Text>
            <Text fz={28} fw={700} lh={1.3}>
              {stats.current[key]}
            </Text>
            <Text size="xs" c="dimmed">
              {stats.previous[key]} the period before
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {stats.links.length > 0 ? (
        <Table.ScrollContainer minWidth={420} mt="md">
          <Table aria-label="Per review link">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Link</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Clicked</Table.Th>
                <Table.Th>Click rate</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.links.map((link) => (
                <Table.Tr key={link.linkId}>
                  <Table.Td>{link.label}</Table.Td>
                  <Table.Td>{link.sent}</Table.Td>
                  <Table.Td>{link.clicked}</Table.Td>
                  <Table.Td>{share(link.clicked, link.sent)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </>
  );
}
