import { Button, List, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /flows: the automations list. Empty until the first flow is made; the rules every flow obeys are shown up front. */
export function FlowsPage() {
  return (
    <Stack gap="lg">
      <PageHeader
        title="Flows"
        description="Automations that text, wait, assign and notify for you when something happens."
        actions={
          <Button component={Link} to="/flows/new">
            New flow
          </Button>
        }
      />

      <EmptyState
        icon="⚡"
        title="No flows yet"
        description="A flow runs on its own when something happens, like a new lead from your website or a missed call. It can send texts and emails, wait, assign the lead or tell your team. Your flows will be listed here with whether they’re on and how often they ran."
        action={
          <Button component={Link} to="/flows/new" variant="light">
            Create your first flow
          </Button>
        }
      />

      <SectionPanel id="flow-rules-title" title="Rules every flow follows" description="So an automation can never get you in trouble with a customer:">
        <List spacing="xs" size="sm">
          <List.Item>It never texts anyone who asked to stop.</List.Item>
          <List.Item>It waits until 9 am – 8 pm in the person’s time zone before sending an automated text.</List.Item>
          <List.Item>It stops as soon as someone on your team takes over the conversation.</List.Item>
          <List.Item>It stays within the daily limit of texts to one person.</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
