import { Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { LEAD_SOURCE_WORDS } from '@contracts/lead';
import { type DashboardSummary, shortDay } from '../model/summary';

/** Leads of the period per channel, largest first, each opening /leads filtered to that channel and period. */
export function LeadsBySource({ summary }: { summary: DashboardSummary }) {
  const sources = [...summary.leadsBySource].sort((a, b) => b.count - a.count);
  const max = Math.max(1, ...sources.map((s) => s.count));
  const from = summary.leadsByDay[0]?.day;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%" component="section" aria-labelledby="sources-title">
      <Title order={2} id="sources-title" fz="lg" mb={4}>
        Leads by source
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Which channel brought you leads in the last {summary.days} days.
      </Text>
      {sources.length === 0 ? (
        <Text size="sm">No leads in the last {summary.days} days.</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Leads by source">
          {sources.map((s) => (
            <li key={s.source} aria-label={`${LEAD_SOURCE_WORDS[s.source]}: ${s.count}`}>
              <Group justify="space-between" gap="xs" mb={2}>
                <Anchor size="sm" renderRoot={(props) => <Link to="/leads" search={from ? { source: s.source, from } : { source: s.source }} {...props} />}>
                  {LEAD_SOURCE_WORDS[s.source]}
                </Anchor>
                <Text size="sm" fw={600}>
                  {s.count}
                </Text>
              </Group>
              <Box h={8} bg="teal.6" style={{ width: `${(s.count / max) * 100}%`, borderRadius: 4 }} aria-hidden />
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** One bar per day of the period in the company's time zone; the list beneath the bars reads out each day. */
export function LeadsByDay({ summary }: { summary: DashboardSummary }) {
  const days = summary.leadsByDay;
  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((sum, d) => sum + d.count, 0);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="days-title">
      <Title order={2} id="days-title" fz="lg" mb={4}>
        Leads by day
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {total} {total === 1 ? 'lead' : 'leads'} from {days[0] ? shortDay(days[0].day) : ''} to {days.at(-1) ? shortDay(days.at(-1)!.day) : ''} ({summary.timezone.replace('_', ' ')} time).
      </Text>
      <Group component="ol" aria-label="Leads by day" gap={2} align="flex-end" wrap="nowrap" h={96} p={0} m={0} style={{ listStyle: 'none' }}>
        {days.map((d) => (
          <Box
            component="li"
            key={d.day}
            aria-label={`${shortDay(d.day)}: ${d.count}`}
            title={`${shortDay(d.day)}: ${d.count}`}
            style={{ flex: 1, minWidth: 1, height: `${Math.max(2, (d.count / max) * 100)}%` }}
            bg={d.count > 0 ? 'teal.6' : 'gray.2'}
            data-count={d.count}
          />
        ))}
      </Group>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {days[0] ? shortDay(days[0].day) : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {days.at(-1) ? shortDay(days.at(-1)!.day) : ''}
        </Text>
      </Group>
    </Paper>
  );
}
