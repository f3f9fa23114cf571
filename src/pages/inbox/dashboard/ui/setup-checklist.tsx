import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, type LinkProps } from '@tanstack/react-router';
import { formatPhone } from '@/shared/lib/format';
import type { DashboardSummary } from '../model/summary';

interface SetupStep {
  key: string;
  title: string;
  why: string;
  done: boolean;
  /** What is set up, when it is. */
  state?: string | undefined;
  action: string;
  to: NonNullable<LinkProps['to']>;
}

/** The steps that exist today, in the order they depend on each other; each is ticked from the real setup state. */
function stepsOf(setup: DashboardSummary['setup']): SetupStep[] {
  const number = setup.businessNumber;
  const steps: SetupStep[] = [
    {
      key: 'number',
      title: 'Business phone number',
      why: 'Leads get their texts from this number, and it is the number customers text.',
      done: number !== null,
      state: number ? `${formatPhone(number.e164)}${number.provider === 'simulator' ? ' (test number)' : ''}` : undefined,
      action: 'Set up your business number',
      to: '/settings/phone',
    },
  ];
  if (number?.provider === 'simulator') {
    steps.push({
      key: 'test-phone',
      title: 'A test phone',
      why: 'Play a customer: text your test number and watch the lead arrive.',
      done: setup.testPhone,
      action: 'Add a test phone',
      to: '/settings/phone',
    });
  }
  steps.push(
    {
      key: 'alert-phone',
      title: 'Your mobile for alerts',
      why: 'We text you when a new lead arrives, so you hear about it between jobs.',
      done: setup.alertPhone,
      action: 'Add your mobile',
      to: '/settings/phone',
    },
    {
      key: 'company',
      title: 'Business hours and time zone',
      why: 'Texts only go out at hours the law and your customers accept.',
      done: setup.companyDetails,
      action: 'Set your hours',
      to: '/settings/company',
    },
    {
      key: 'address',
      title: 'Business address',
      why: 'Carriers ask for it when you register to text, and customers see where you work.',
      done: setup.address,
      action: 'Add your address',
      to: '/settings/address',
    },
    {
      key: 'first-lead',
      title: 'Your first lead',
      why: 'A text to your business number, or a lead you add yourself.',
      done: setup.firstLead,
      action: number ? 'Add a lead' : 'Set up your number first',
      to: number ? '/leads' : '/settings/phone',
    },
  );
  return steps;
}

/** "Finish setting up": hidden once every step is done. */
export function SetupChecklist({ setup }: { setup: DashboardSummary['setup'] }) {
  const steps = stepsOf(setup);
  const left = steps.filter((step) => !step.done).length;
  if (left === 0) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="setup-title">
      <Stack gap={4} mb="md">
        <Title order={2} id="setup-title" fz="lg">
          Finish setting up
        </Title>
        <Text size="sm" c="dimmed">
          {steps.length - left} of {steps.length} done.
        </Text>
      </Stack>
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {steps.map((step, index) => (
          <Group
            component="li"
            key={step.key}
            aria-label={`${step.title}: ${step.done ? 'done' : 'to do'}`}
            justify="space-between"
            align="center"
            wrap="wrap"
            gap="sm"
            py="xs"
            style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-2)' }}
          >
            <Group gap="sm" align="flex-start" wrap="nowrap" style={{ flex: '1 1 260px', minWidth: 0 }}>
              <ThemeIcon size={28} radius="xl" variant={step.done ? 'filled' : 'light'} color={step.done ? 'teal' : undefined} aria-hidden>
                {step.done ? '✓' : index + 1}
              </ThemeIcon>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600}>{step.title}</Text>
                  {step.done ? (
                    <Badge size="sm" color="teal" variant="light">
                      Done
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed">
                  {step.state ?? step.why}
                </Text>
              </Stack>
            </Group>
            {step.done ? null : (
              <Button component={Link} to={step.to} variant="light" size="sm">
                {step.action}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
