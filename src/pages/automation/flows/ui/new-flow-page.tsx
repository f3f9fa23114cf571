import { Badge, Button, Card, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
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

/** /flows/new: choose a trigger. Creating isn't possible yet, so the create button stays off and says why. */
export function NewFlowPage() {
  const [trigger, setTrigger] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      <PageHeader title="New flow" description="Start by choosing what sets the flow off." />

      <Stack component="section" aria-labelledby="trigger-title" gap="sm">
        <Title order={2} id="trigger-title" fz="lg">
          Choose a trigger
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {TRIGGERS.map((item) => {
            const selected = trigger === item.id;
            return (
              <Card
                key={item.id}
                component="button"
                type="button"
                withBorder
                padding="md"
                aria-pressed={selected}
                onClick={() => setTrigger(selected ? null : item.id)}
                style={{
                  textAlign: 'left',
                  cursor: 'pointer',
                  font: 'inherit',
                  color: 'inherit',
                  borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
                  boxShadow: selected ? '0 0 0 1px var(--mantine-primary-color-filled)' : undefined,
                }}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Text fw={600}>{item.title}</Text>
                  {selected ? (
                    <Badge size="sm" variant="light">
                      Chosen
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed" mt={4}>
                  {item.detail}
                </Text>
              </Card>
            );
          })}
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

      <Group gap="sm" align="center" wrap="wrap">
        <Button component={Link} to="/flows" variant="default">
          Back to flows
        </Button>
        <Text size="sm" c="dimmed" id="create-flow-reason" style={{ flex: '1 1 240px' }}>
          Flows can’t be created in your account yet, so the trigger you choose here isn’t saved.
        </Text>
      </Group>
    </Stack>
  );
}
