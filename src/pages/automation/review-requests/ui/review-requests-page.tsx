import { Button, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';
import { SectionPanel } from '@/shared/ui/section-panel';

// Product brief §6: a request goes 2 h after the job, with one reminder after 3 d.
const DEFAULT_TIMING = ['Sent 2 hours after the job', 'One reminder 3 days later'];
const STATS = ['Sent', 'Clicked'];

/** /review-requests: review texts after a job; stats and the default timing, with no requests sent yet. */
export function ReviewRequestsPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Review requests" description="Ask customers for a review after each job, without chasing them." />

      <EmptyState
        icon="★"
        title="No review requests sent yet"
        description="After a job, LeadLoop texts the customer a link to review you. Send one from a lead when you finish a job, or let them go out on their own after each job."
        action={
          <Button component={Link} to="/leads" variant="light">
            Go to your leads
          </Button>
        }
      />

      <SimpleGrid component="ul" cols={{ base: 1, xs: 2 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Review request results">
        {STATS.map((label) => (
          <Paper key={label} component="li" withBorder radius="md" p="md">
            <Text size="sm" fw={600}>
              {label}
            </Text>
            <Text fz={28} fw={700} lh={1.3} aria-hidden>
              —
            </Text>
            <Text size="xs" c="dimmed">
              No data yet
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionPanel id="review-timing-title" title="Default timing">
          <List spacing="xs" size="sm" aria-labelledby="review-timing-title">
            {DEFAULT_TIMING.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </SectionPanel>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="review-fair-title">
          <Title order={2} id="review-fair-title" fz="lg" mb={4}>
            Every customer is asked
          </Title>
          <Text size="sm" c="dimmed">
            Everyone gets the same public review link. LeadLoop never screens out unhappy customers first: Google’s review rules
            forbid it, and honest reviews are the ones people trust.
          </Text>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
