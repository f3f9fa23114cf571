import { Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/shared/ui/page-header';

// Product brief §4: the events that can start a flow.
const TRIGGERS = [
  { id: 'lead-created', title: 'A new lead arrives', detail: 'Pick which sources count: chat widget, form, missed call and more.' },
  { id: 'missed-call', title: 'A call is missed', detail: 'When a call to your business goes unanswered.' },
  { id: 'keyword', title: 'A keyword is texted', detail: 'When someone texts a word you choose, like QUOTE.' },
  { id: 'no-reply', title: 'No reply for a while', detail: 'When a lead hasn’t answered for as long as you set.' },
  { id: 'status-changed', title: 'A lead’s status changes', detail: 'For example, when a lead is marked booked or won.' },
  { id: 'form-submitted', title: 'A form is sent', detail: 'When someone sends the form on your website.' },
  { id: 'webhook-in', title: 'Another tool sends an update', detail: 'When a tool you use sends LeadLoop a webhook.' },
];

const STEPS = [
  'Send a text or an email',
  'Let the assistant talk with the lead toward a goal',
  'Wait, or wait until daytime hours for the person',
  'Go one way or another depending on the lead',
  'Assign the lead to someone on your team',
  'Change the lead’s status or add a tag',
  'Notify your team',
  'Send a webhook to another tool',
  'Stop',
];

/**
 * /flows/new: what a flow will be made of. Flows can't be created yet, so the triggers are described, not offered as
 * choices that would be thrown away (decision 0017: no look-alike controls for features not built).
 */
export function NewFlowPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="New flow" description="Flows can’t be created yet. This is what will start one, and the steps it can take." />

      <Stack component="section" aria-labelledby="trigger-title" gap="sm">
        <Title order={2} id="trigger-title" fz="lg">
          What can start a flow
        </Title>
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {TRIGGERS.map((item) => (
            <Paper key={item.id} component="li" withBorder radius="md" p="md">
              <Text fw={600}>{item.title}</Text>
              <Text size="sm" c="dimmed" mt={4}>
                {item.detail}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="steps-title">
        <Title order={2} id="steps-title" fz="lg" mb={4}>
          Steps you can add after the trigger
        </Title>
        <List spacing="xs" size="sm">
          {STEPS.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      </Paper>

      <Group>
        <Button component={Link} to="/flows" variant="default">
          Back to flows
        </Button>
      </Group>
    </Stack>
  );
}
