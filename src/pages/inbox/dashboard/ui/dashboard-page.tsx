import { Grid, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/shared/api-react';
import { useNow } from '@/shared/lib/format';
import { LoadError } from '@/shared/ui/load-error';
import { PageHeader } from '@/shared/ui/page-header';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { comparison, type DashboardPeriod, type DashboardSummary, formatDuration, PERIODS } from '../model/summary';
import { KpiCard, NotBuiltCard } from './kpi-card';
import { LeadsByDay, LeadsBySource } from './lead-charts';
import { MissedCallFunnel } from './missed-call-funnel';
import { NeedsAttention } from './needs-attention';
import { SetupChecklist } from './setup-checklist';
import { TextingRegistrationWarning } from '@/entities/texting-registration';

function medianNote(summary: DashboardSummary): string {
  const { current, previous } = summary.firstResponse;
  const answered = `${current.answered} of ${current.leads} ${current.leads === 1 ? 'lead' : 'leads'} answered`;
  if (previous.medianSeconds === null) return answered;
  return `${answered}; ${formatDuration(previous.medianSeconds)} the ${summary.days} days before`;
}

function Results({ summary }: { summary: DashboardSummary }) {
  const { days } = summary;
  const median = summary.firstResponse.current.medianSeconds;
  return (
    <Stack component="section" aria-labelledby="results-title" gap="sm">
      <div>
        <Title order={2} id="results-title" fz="lg">
          Results
        </Title>
        <Text size="sm" c="dimmed">
          Last {days} days compared with the {days} days before.
        </Text>
      </div>
      <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        <KpiCard
          label="New leads"
          value={summary.newLeads.current}
          note={comparison(summary.newLeads.current, summary.newLeads.previous, days)}
          hint="Inquiries from every channel"
        />
        <KpiCard
          label="Qualified"
          value={summary.qualified.current}
          note={comparison(summary.qualified.current, summary.qualified.previous, days)}
          hint="New leads qualified by the assistant or your team, booked or won"
        />
        <KpiCard
          label="Handed to your team"
          value={summary.handoffs.current}
          note={comparison(summary.handoffs.current, summary.handoffs.previous, days)}
          hint="Threads the assistant passed to a person: asked for someone, upset, an emergency, its daily limit"
        />
        <KpiCard
          label="Median first response"
          value={median === null ? 'No replies yet' : formatDuration(median)}
          note={medianNote(summary)}
          hint="How fast a new lead gets its first text from you"
        />
        <NotBuiltCard label="AI-answered calls" fedBy="Counted once AI call answering is built; it isn't yet." />
        <KpiCard
          label="Bookings"
          value={summary.bookings.current}
          note={comparison(summary.bookings.current, summary.bookings.previous, days)}
          hint="Appointments booked by your team or the assistant, not cancelled since"
        />
      </SimpleGrid>
    </Stack>
  );
}

/** /dashboard: how leads are doing this period vs the last, what needs a person, and the setup still to do — all from `dashboard.summary`. */
export function DashboardPage() {
  const trpc = useTRPC();
  const now = useNow();
  const [period, setPeriod] = useState<DashboardPeriod>(30);
  const query = useQuery({ ...trpc.dashboard.summary.queryOptions({ days: period }), placeholderData: keepPreviousData });
  const summary = query.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Dashboard"
        description="How your leads are doing, what needs you, and what is left to set up."
        actions={
          <SegmentedControl
            aria-label="Period"
            data={PERIODS}
            value={String(period)}
            onChange={(value) => setPeriod(Number(value) as DashboardPeriod)}
            size="sm"
          />
        }
      />

      {query.isError && !summary ? (
        <LoadError title="Couldn’t load the dashboard" error={query.error} onRetry={query.refetch} />
      ) : !summary ? (
        <ScreenSpinner />
      ) : (
        <Stack gap="lg" aria-busy={query.isPlaceholderData} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          <TextingRegistrationWarning />
          <SetupChecklist setup={summary.setup} />
          <Results summary={summary} />

          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <NeedsAttention attention={summary.needsAttention} now={now} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <LeadsBySource summary={summary} />
            </Grid.Col>
          </Grid>

          <LeadsByDay summary={summary} />

          <MissedCallFunnel summary={summary} />
        </Stack>
      )}
    </Stack>
  );
}
