import { Paper, Text } from '@mantine/core';

/**
 * One number on the dashboard. With no data it shows a dash and says so, rather than a zero that would read as a
 * real result.
 */
export function KpiCard({ label, hint }: { label: string; hint: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3} aria-hidden>
        —
      </Text>
      <Text size="xs" c="dimmed">
        No data yet
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </Paper>
  );
}
