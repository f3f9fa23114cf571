import { Alert, Button, Grid, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TextingRegistrationWarning } from '@/entities/texting-registration';
import { useTRPC } from '@/shared/api-react';
import { clockTime, useNow } from '@/shared/lib/format';
import { LoadError } from '@/shared/ui/load-error';
import { PageHeader } from '@/shared/ui/page-header';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { type DashboardPeriod, PERIODS } from '../model/summary';
import { useDashboardPeriod } from '../model/use-dashboard-period';
import { LeadsByDay, LeadsBySource } from './lead-charts';
import { MissedCallFunnel } from './missed-call-funnel';
import { NeedsAttention } from './needs-attention';
import { RecoveredRevenue } from './recovered-revenue';
import { Results } from './results';
import { SetupChecklist } from './setup-checklist';

/** Longest wait for a time-driven change (a lead joining "no reply yet"); shorter ones are asked for exactly. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * /dashboard: how the period's leads are doing against the same stretch before, what the missed-call text-back
 * recovered, what needs a person, and the setup still to do — all from `dashboard.summary`. It stays current while
 * open: the live events refetch it (src/app/protected/live-updates.ts), and when only time will change a figure
 * (a new lead's 5 minutes without a reply) it asks again at that moment.
 */
export function DashboardPage() {
  const trpc = useTRPC();
  const now = useNow();
  const [period, setPeriod] = useDashboardPeriod();
  const query = useQuery({ ...trpc.dashboard.summary.queryOptions({ period }), placeholderData: keepPreviousData });
  const summary = query.data;
  const refreshAt = summary?.needsAttention.refreshAt ?? null;
  const { refetch } = query;

  useEffect(() => {
    if (refreshAt === null) return;
    const timer = setTimeout(() => void refetch(), Math.min(MAX_TIMER_MS, Math.max(1_000, refreshAt - Date.now())));
    return () => clearTimeout(timer);
  }, [refreshAt, refetch]);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Dashboard"
        description="How your leads are doing, what the text-back recovered, what needs you, and what is left to set up."
        actions={
          <SegmentedControl aria-label="Period" data={PERIODS} value={period} onChange={(value) => setPeriod(value as DashboardPeriod)} size="sm" style={{ maxWidth: '100%', overflowX: 'auto' }} />
        }
      />

      {query.isError && !summary ? (
        <LoadError title="Couldn’t load the dashboard" error={query.error} onRetry={query.refetch} />
      ) : !summary ? (
        <ScreenSpinner />
      ) : (
        <Stack gap="lg" aria-busy={query.isPlaceholderData} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          {query.isError ? (
            <Alert color="yellow" variant="light" title="Couldn’t refresh the dashboard">
              <Group justify="space-between" gap="xs">
                <Text size="sm">These figures are from {clockTime(query.dataUpdatedAt)}: the latest changes are not in them yet.</Text>
                <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                  Try again
                </Button>
              </Group>
            </Alert>
          ) : null}
          <TextingRegistrationWarning />
          <SetupChecklist setup={summary.setup} />
          <Results summary={summary} />

          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <NeedsAttention attention={summary.needsAttention} now={now} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <RecoveredRevenue summary={summary} />
            </Grid.Col>
          </Grid>

          <MissedCallFunnel summary={summary} />

          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <LeadsByDay summary={summary} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <LeadsBySource summary={summary} />
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </Stack>
  );
}
