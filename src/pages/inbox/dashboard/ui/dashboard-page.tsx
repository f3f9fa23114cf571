import { Button, Grid, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '@/shared/ui/page-header';
import { KpiCard } from './kpi-card';
import { SetupChecklist } from './setup-checklist';

const PERIODS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
];

const KPIS = [
  { label: 'New leads', hint: 'Inquiries from every channel' },
  { label: 'Qualified', hint: 'Leads the assistant or your team qualified' },
  { label: 'Median first response', hint: 'How fast a new lead gets its first text' },
  { label: 'AI-answered calls', hint: 'Calls the assistant picked up for you' },
  { label: 'Bookings', hint: 'Appointments booked by your team or the assistant' },
];

const FUNNEL = [
  { label: 'Missed calls', hint: 'Calls nobody picked up' },
  { label: 'Texted back', hint: 'Callers who got a text' },
  { label: 'Replied', hint: 'Callers who texted back' },
  { label: 'Qualified', hint: 'Callers who became real jobs' },
];

/** /dashboard: how leads are doing this period vs the last, what needs a person, and the setup still to do. */
export function DashboardPage() {
  const [period, setPeriod] = useState('30');

  return (
    <Stack gap="lg">
      <PageHeader
        title="Dashboard"
        description="How your leads are doing, what needs you, and what is left to set up."
        actions={<SegmentedControl aria-label="Period" data={PERIODS} value={period} onChange={setPeriod} size="sm" />}
      />

      <SetupChecklist />

      <Stack component="section" aria-labelledby="results-title" gap="sm">
        <div>
          <Title order={2} id="results-title" fz="lg">
            Results
          </Title>
          <Text size="sm" c="dimmed">
            Last {period} days compared with the {period} days before. Numbers appear once your first leads arrive.
          </Text>
        </div>
        <SimpleGrid component="ul" cols={{ base: 2, md: 3, lg: 5 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {KPIS.map((kpi) => (
            <KpiCard key={kpi.label} label={kpi.label} hint={kpi.hint} />
          ))}
        </SimpleGrid>
      </Stack>

      <Stack component="section" aria-labelledby="funnel-title" gap="sm">
        <div>
          <Title order={2} id="funnel-title" fz="lg">
            Missed calls turned into leads
          </Title>
          <Text size="sm" c="dimmed">
            Each step counts the callers who made it that far.
          </Text>
        </div>
        <SimpleGrid component="ol" cols={{ base: 2, md: 4 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {FUNNEL.map((step) => (
            <KpiCard key={step.label} label={step.label} hint={step.hint} />
          ))}
        </SimpleGrid>
      </Stack>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%" component="section" aria-labelledby="sources-title">
            <Title order={2} id="sources-title" fz="lg" mb={4}>
              Leads by source
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              See which channel brings you the most work: website chat, forms, popups, missed calls, answered calls, texts and
              emails.
            </Text>
            <Text size="sm">No leads yet, so there is nothing to compare.</Text>
            <Group mt="md">
              <Button component={Link} to="/chat-widget/styles" variant="default" size="sm">
                Add the chat widget to your website
              </Button>
            </Group>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%" component="section" aria-labelledby="attention-title">
            <Title order={2} id="attention-title" fz="lg" mb={4}>
              Needs your attention
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              Conversations the assistant hands to a person, unread texts and new voicemails, so nothing slips through.
            </Text>
            <Text size="sm">Nothing needs you right now.</Text>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
