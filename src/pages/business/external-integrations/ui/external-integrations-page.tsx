import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PageHeader } from '@/shared/ui/page-header';

interface Integration {
  id: string;
  name: string;
  kind: string;
  does: string;
  color: string;
}

// The three with OAuth callbacks first (they are the ones the product brief names), then the rest of the tools
// named on the landing offer.
const INTEGRATIONS: Integration[] = [
  { id: 'jobber', name: 'Jobber', kind: 'Field-service software', does: 'Send new clients and booked jobs to Jobber.', color: 'green' },
  { id: 'thumbtack', name: 'Thumbtack', kind: 'Lead marketplace', does: 'Text your Thumbtack leads back within seconds.', color: 'blue' },
  {
    id: 'google-calendar',
    name: 'Google Calendar',
    kind: 'Calendar',
    does: 'Book around your busy times and add appointments to your calendar.',
    color: 'red',
  },
  { id: 'housecall-pro', name: 'Housecall Pro', kind: 'Home-services software', does: 'Send new clients and booked jobs to Housecall Pro.', color: 'indigo' },
  { id: 'hubspot', name: 'HubSpot', kind: 'CRM', does: 'Keep your contacts and leads in HubSpot up to date.', color: 'orange' },
  { id: 'smartmoving', name: 'SmartMoving', kind: 'Moving software', does: 'Send moving leads to SmartMoving.', color: 'cyan' },
  { id: 'slack', name: 'Slack', kind: 'Team chat', does: 'Get new-lead and handoff alerts in a Slack channel.', color: 'grape' },
  { id: 'zapier', name: 'Zapier', kind: 'Automation', does: 'Connect LeadLoop to thousands of other apps.', color: 'yellow' },
];

/** /external-integrations: the tools LeadLoop connects to. Sign-in with each tool isn't built, so Connect is off. */
export function ExternalIntegrationsPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="External integrations" description="Connect LeadLoop to the tools you already use, so leads and jobs flow between them." />

      <Alert variant="light" color="gray" role="note" title="Connecting tools isn’t available yet">
        When it is, you’ll sign in to each tool from here, and this page will show whether the connection works and when it last
        synced. Nothing is connected to your account today.
      </Alert>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {INTEGRATIONS.map((integration) => (
          <Card key={integration.id} withBorder padding="lg" component="section" aria-labelledby={`integration-${integration.id}`}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="sm">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <ThemeIcon size={36} radius="md" color={integration.color} variant="light" aria-hidden>
                  {integration.name[0]}
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Title order={2} fz="md" id={`integration-${integration.id}`}>
                    {integration.name}
                  </Title>
                  <Text size="xs" c="dimmed">
                    {integration.kind}
                  </Text>
                </div>
              </Group>
              <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                Not connected
              </Badge>
            </Group>
            <Text size="sm" mb="md" style={{ flex: 1 }}>
              {integration.does}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Text size="xs" c="dimmed" id={`connect-${integration.id}-reason`}>
                Not available yet
              </Text>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
