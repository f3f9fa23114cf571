import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';

// Product brief §4: the events a person can be told about.
const EVENTS = [
  { name: 'New lead', detail: 'Someone wrote in, texted or called.' },
  { name: 'Lead qualified', detail: 'The assistant confirmed it’s a job you do, in your area.' },
  { name: 'Needs a person', detail: 'The assistant handed a conversation to your team.' },
  { name: 'Missed call', detail: 'A call nobody picked up.' },
  { name: 'Voicemail', detail: 'A caller left a message.' },
  { name: 'Booking', detail: 'An appointment was booked.' },
  { name: 'Opt-out', detail: 'Someone asked to stop getting texts.' },
  { name: 'Usage', detail: 'You are close to your plan’s limits.' },
  { name: 'Trial ending', detail: 'Your free trial is about to end.' },
];

/** /notifications: the in-app feed, and what it will tell you about. */
export function NotificationsPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Notifications" description="Alerts about new leads, conversations that need you, calls and your account." />

      <EmptyState
        icon="✉"
        title="No notifications yet"
        description="Nothing has happened that needs your attention. Once leads start coming in, each alert shows up here, newest first."
        action={
          <Button component={Link} to="/dashboard" variant="light">
            See what’s left to set up
          </Button>
        }
      />

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="events-title">
        <Title order={2} id="events-title" fz="lg" mb={4}>
          What you’ll be notified about
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          For each of these you choose how to hear about it: here in the app, by email or by text. Your choices don’t change
          your teammates’ alerts.
        </Text>
        <List spacing="xs" size="sm">
          {EVENTS.map((event) => (
            <List.Item key={event.name}>
              <Text span fw={600} size="sm">
                {event.name}
              </Text>{' '}
              — {event.detail}
            </List.Item>
          ))}
        </List>
      </Paper>
    </Stack>
  );
}
