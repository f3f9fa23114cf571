import { Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { DASHBOARD_PERIOD_WORDS } from '@contracts/dashboard';
import { type DashboardSummary, previousWords, share } from '../model/summary';

/**
 * Missed calls → texted back → replied → qualified → booked for the period, from `dashboard.summary`: each step
 * with its count, its share of the step before and a bar against the missed calls. No missed calls: says so.
 */
export function MissedCallFunnel({ summary }: { summary: DashboardSummary }) {
  const { missed, textedBack, replied, qualified, booked } = summary.missedCalls.current;
  const previous = summary.missedCalls.previous;
  const steps = [
    { label: 'Missed calls', count: missed, note: 'Nobody answered' },
    { label: 'Texted back', count: textedBack, note: `${share(textedBack, Math.max(1, missed))} of missed calls` },
    { label: 'Replied', count: replied, note: textedBack > 0 ? `${share(replied, textedBack)} of those texted back` : 'No text-backs to reply to' },
    { label: 'Qualified', count: qualified, note: replied > 0 ? `${share(qualified, replied)} of those who replied` : 'No replies yet' },
    { label: 'Booked', count: booked, note: qualified > 0 ? `${share(booked, qualified)} of those qualified` : 'None qualified yet' },
  ];
  const periodWords = summary.period === 'today' ? 'today' : summary.period === 'month' ? 'this month' : `in the last ${DASHBOARD_PERIOD_WORDS[summary.period]}`;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="funnel-title">
      <Title order={2} id="funnel-title" fz="lg" mb={4}>
        Missed calls
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Calls nobody answered {periodWords}, how many callers got the text-back, how many replied, and how many of those leads are
        qualified and booked. {previousWords(summary.period).replace(/^./, (c) => c.toUpperCase())}: {previous.missed} missed, {previous.booked} booked.
      </Text>
      {missed === 0 ? (
        <Text size="sm">No missed calls {periodWords}.</Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Missed calls funnel">
          {steps.map((step) => (
            <li key={step.label} aria-label={`${step.label}: ${step.count}`}>
              <Group justify="space-between" gap="xs" mb={2} wrap="nowrap">
                <Text size="sm">{step.label}</Text>
                <Text size="sm">
                  <Text span fw={600} inherit>
                    {step.count}
                  </Text>{' '}
                  <Text span c="dimmed" size="xs">
                    · {step.note}
                  </Text>
                </Text>
              </Group>
              <Box h={8} bg="blue.6" style={{ width: `${(step.count / missed) * 100}%`, minWidth: step.count > 0 ? 4 : 0, borderRadius: 4 }} aria-hidden />
            </li>
          ))}
        </Stack>
      )}
      {missed > textedBack ? (
        <Text size="xs" c="dimmed" mt="md">
          Calls not texted back were skipped (a repeat caller, an opted-out or hidden number…), are still waiting, or the text failed.
        </Text>
      ) : null}
      <Anchor size="xs" mt={missed > textedBack ? 0 : 'md'} data-standalone renderRoot={(props) => <Link {...props} to="/missed-calls/history" />}>
        See every call in the call history
      </Anchor>
    </Paper>
  );
}
