import { Button, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';
import { SectionPanel } from '@/shared/ui/section-panel';

// Product brief §6: appointment reminders go out 24 h and 2 h before.
const DEFAULT_REMINDERS = ['24 hours before', '2 hours before'];

/** /scheduling: appointment types and availability, bookings, and the texts customers get about them. */
export function SchedulingPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Scheduling" description="The visits you offer, when you’re free, and the texts customers get before a visit." />

      <EmptyState
        icon="◷"
        title="No appointment types yet"
        description="Add the kinds of visits you offer, like an estimate or a service call, and when you’re available. Then your team can book them, and so can the assistant while it texts a lead. Start with your business hours."
        action={
          <Button component={Link} to="/settings/company" variant="light">
            Set your business hours
          </Button>
        }
      />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionPanel id="availability-title" title="What you’ll set here">
          <List spacing="xs" size="sm">
            <List.Item>Each type of visit and how long it takes</List.Item>
            <List.Item>The days and hours you take bookings</List.Item>
            <List.Item>Time to leave between jobs</List.Item>
            <List.Item>How much notice you need before a booking</List.Item>
          </List>
        </SectionPanel>

        <SectionPanel id="reminders-title" title="Default reminders" description="Customers get a text confirming each booking, then a reminder:">
          <List spacing="xs" size="sm" aria-labelledby="reminders-title">
            {DEFAULT_REMINDERS.map((reminder) => (
              <List.Item key={reminder}>{reminder}</List.Item>
            ))}
          </List>
        </SectionPanel>
      </SimpleGrid>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="bookings-title">
        <Title order={2} id="bookings-title" fz="lg" mb={4}>
          Upcoming bookings
        </Title>
        <Text size="sm" c="dimmed">
          No bookings yet. Visits booked by your team or the assistant are listed here.
        </Text>
      </Paper>
    </Stack>
  );
}
