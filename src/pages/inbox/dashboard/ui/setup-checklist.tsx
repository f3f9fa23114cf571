import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, type LinkProps } from '@tanstack/react-router';

interface SetupStep {
  title: string;
  why: string;
  action: string;
  to: NonNullable<LinkProps['to']>;
}

// Ordered by dependency: texting needs the number, so it comes first; the team comes last.
const SETUP_STEPS: SetupStep[] = [
  {
    title: 'Business phone number',
    why: 'Leads get their texts from this number, and it is the number customers call.',
    action: 'Set up your business number',
    to: '/settings/phone',
  },
  {
    title: 'Missed-call text-back',
    why: 'When you can’t pick up, the caller gets a text within seconds instead of calling the next company.',
    action: 'Turn on missed-call text-back',
    to: '/missed-calls/basic',
  },
  {
    title: 'Chat widget on your website',
    why: 'Visitors leave their name and mobile number and get a text right away.',
    action: 'Install the chat widget',
    to: '/chat-widget/styles',
  },
  {
    title: 'AI assistant',
    why: 'Tell it about your services so it can answer questions and qualify leads by text.',
    action: 'Set up your AI assistant',
    to: '/settings/ai',
  },
  {
    title: 'Your team',
    why: 'Let your office manager or dispatcher work leads and reply to customers.',
    action: 'Invite your team',
    to: '/users',
  },
];

/** The steps that make LeadLoop answer leads; each links to the screen where the step is done. */
export function SetupChecklist() {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="setup-title">
      <Stack gap={4} mb="md">
        <Title order={2} id="setup-title" fz="lg">
          Finish setting up
        </Title>
        <Text size="sm" c="dimmed">
          Do these once and LeadLoop starts answering your leads for you.
        </Text>
      </Stack>
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {SETUP_STEPS.map((step, index) => (
          <Group
            component="li"
            key={step.to}
            justify="space-between"
            align="center"
            wrap="wrap"
            gap="sm"
            py="xs"
            style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-2)' }}
          >
            <Group gap="sm" align="flex-start" wrap="nowrap" style={{ flex: '1 1 260px', minWidth: 0 }}>
              <ThemeIcon size={28} radius="xl" variant="light" aria-hidden>
                {index + 1}
              </ThemeIcon>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{step.title}</Text>
                <Text size="sm" c="dimmed">
                  {step.why}
                </Text>
              </Stack>
            </Group>
            <Button component={Link} to={step.to} variant="light" size="sm">
              {step.action}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
