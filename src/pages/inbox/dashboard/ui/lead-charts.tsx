import { Anchor, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LEAD_SOURCE_WORDS } from '@contracts/lead';
import { type DashboardSummary, shortDay } from '../model/summary';

// recharts is loaded only when a chart is drawn (its own chunk): not with the dashboard, never with sign-in.
const DayChart = lazy(() => import('./recharts-charts').then((charts) => ({ default: charts.DayChart })));
const SourceChart = lazy(() => import('./recharts-charts').then((charts) => ({ default: charts.SourceChart })));

const periodWords = (summary: DashboardSummary) =>
  summary.current.firstDay === summary.current.lastDay ? `on ${shortDay(summary.current.firstDay)}` : `from ${shortDay(summary.current.firstDay)} to ${shortDay(summary.current.lastDay)}`;

/** Leads of the period per channel, largest first: a chart, and each channel opening /leads filtered to it and the period. */
export function LeadsBySource({ summary }: { summary: DashboardSummary }) {
  const sources = [...summary.leadsBySource].sort((a, b) => b.count - a.count);
  const from = summary.current.firstDay;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%" component="section" aria-labelledby="sources-title">
      <Title order={2} id="sources-title" fz="lg" mb={4}>
        Leads by source
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Which channel brought the leads {periodWords(summary)}.
      </Text>
      {sources.length === 0 ? (
        <Text size="sm">No leads {periodWords(summary)}.</Text>
      ) : (
        <>
          <div aria-hidden data-testid="source-chart">
            <Suspense fallback={<Skeleton h={sources.length * 32 + 24} />}>
              <SourceChart sources={sources.map((s) => ({ label: LEAD_SOURCE_WORDS[s.source], count: s.count }))} />
            </Suspense>
          </div>
          <Stack component="ul" gap={2} p={0} m={0} mt="sm" style={{ listStyle: 'none' }} aria-label="Leads by source">
            {sources.map((s) => (
              <Group component="li" key={s.source} aria-label={`${LEAD_SOURCE_WORDS[s.source]}: ${s.count}`} justify="space-between" gap="xs">
                <Anchor size="sm" renderRoot={(props) => <Link to="/leads" search={{ source: s.source, from }} {...props} />}>
                  {LEAD_SOURCE_WORDS[s.source]}
                </Anchor>
                <Text size="sm" fw={600}>
                  {s.count}
                </Text>
              </Group>
            ))}
          </Stack>
        </>
      )}
    </Paper>
  );
}

/** One bar per day of the period in the company's time zone; a list (read by screen readers) says each day's count. */
export function LeadsByDay({ summary }: { summary: DashboardSummary }) {
  const days = summary.leadsByDay;
  const total = days.reduce((sum, d) => sum + d.count, 0);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="days-title">
      <Title order={2} id="days-title" fz="lg" mb={4}>
        Leads by day
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {total} {total === 1 ? 'lead' : 'leads'} {periodWords(summary)} ({summary.timezone.replaceAll('_', ' ')} time).
      </Text>
      {total > 0 ? (
        <div aria-hidden data-testid="day-chart">
          <Suspense fallback={<Skeleton h={180} />}>
            <DayChart days={days.map((d) => ({ label: shortDay(d.day), count: d.count }))} />
          </Suspense>
        </div>
      ) : (
        <Text size="sm">No leads {periodWords(summary)}.</Text>
      )}
      <VisuallyHidden>
        <ol aria-label="Leads by day">
          {days.map((d) => (
            <li key={d.day} aria-label={`${shortDay(d.day)}: ${d.count}`} data-count={d.count}>
              {shortDay(d.day)}: {d.count}
            </li>
          ))}
        </ol>
      </VisuallyHidden>
    </Paper>
  );
}
