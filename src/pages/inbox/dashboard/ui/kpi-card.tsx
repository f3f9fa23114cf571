import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure on the dashboard, from the summary the server counted, with what it is compared with. */
export function KpiCard({ label, value, note, hint }: { label: string; value: ReactNode; note: string; hint: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={label}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3} data-testid="kpi-value">
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </Paper>
  );
}
