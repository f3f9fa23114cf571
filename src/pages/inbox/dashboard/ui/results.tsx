import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '@/shared/lib/format';
import { comparison, type DashboardSummary, formatDuration, moneyComparison, periodSentence, previousWords, share } from '../model/summary';
import { KpiCard } from './kpi-card';

function medianNote(summary: DashboardSummary): string {
  const { current, previous } = summary.leads;
  const answered = `${current.answered} of ${current.leads} ${current.leads === 1 ? 'lead' : 'leads'} answered`;
  if (previous.medianFirstResponseSeconds === null) return answered;
  return `${answered}; ${formatDuration(previous.medianFirstResponseSeconds)} ${previousWords(summary.period)}`;
}

function aiNote(summary: DashboardSummary): string {
  const { current, previous } = summary.leads;
  const calls = summary.aiAnsweredCalls.current;
  const callWords = `${calls} ${calls === 1 ? 'call' : 'calls'} answered by the AI`;
  const before = previous.leads > 0 ? `; ${share(previous.aiHandled, previous.leads)} ${previousWords(summary.period)}` : '';
  return `${current.aiHandled} of ${current.leads} ${current.leads === 1 ? 'lead' : 'leads'}, ${callWords}${before}`;
}

/** The period's figures, each beside the same stretch before it. */
export function Results({ summary }: { summary: DashboardSummary }) {
  const { period, leads } = summary;
  const median = leads.current.medianFirstResponseSeconds;
  const won = leads.current;
  return (
    <Stack component="section" aria-labelledby="results-title" gap="sm">
      <div>
        <Title order={2} id="results-title" fz="lg">
          Results
        </Title>
        <Text size="sm" c="dimmed" data-testid="period-sentence">
          {periodSentence(summary)} Leads are counted on the day they arrived, with how far they have got since.
        </Text>
      </div>
      <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        <KpiCard label="New leads" value={leads.current.leads} note={comparison(leads.current.leads, leads.previous.leads, period)} hint="Inquiries from every channel" />
        <KpiCard
          label="Qualified"
          value={leads.current.qualified}
          note={comparison(leads.current.qualified, leads.previous.qualified, period)}
          hint="New leads qualified by the assistant or your team, booked or won"
        />
        <KpiCard label="Booked" value={leads.current.booked} note={comparison(leads.current.booked, leads.previous.booked, period)} hint="New leads with a booked job, or won" />
        <KpiCard
          label="Won value"
          value={formatMoney(won.wonValueCents)}
          note={moneyComparison(won.wonValueCents, leads.previous.wonValueCents, period)}
          hint={
            won.won === 0
              ? 'No lead of this period is marked won yet'
              : `${won.won} won ${won.won === 1 ? 'lead' : 'leads'}${won.wonWithValue < won.won ? `, ${won.won - won.wonWithValue} without a job value` : ''}`
          }
        />
        <KpiCard
          label="Median first response"
          value={median === null ? 'No replies yet' : formatDuration(median)}
          note={medianNote(summary)}
          hint="How fast a new lead gets its first text from you, the assistant or an automation"
        />
        <KpiCard
          label="Handled by AI"
          value={leads.current.leads === 0 ? 'No leads yet' : share(leads.current.aiHandled, leads.current.leads)}
          note={aiNote(summary)}
          hint="New leads the assistant answered (by text or on a call) with no text from your team"
        />
        <KpiCard
          label="Handed to your team"
          value={summary.handoffs.current}
          note={comparison(summary.handoffs.current, summary.handoffs.previous, period)}
          hint="Threads the assistant passed to a person: asked for someone, upset, an emergency, its daily limit"
        />
      </SimpleGrid>
    </Stack>
  );
}
