import { Button, Group, List, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /chat-widget/lead-qualifier */
export function LeadQualifierTab() {
  return (
    <Stack gap="lg">
      <EmptyState
        icon="?"
        title="No qualifying questions yet"
        description="The assistant asks these questions by text, one at a time, so you know what the job is before you call back. Tell it about your trade and services first."
        action={
          <Group gap="xs" justify="center">
            <Button component={Link} to="/settings/ai" variant="light">
              Set up your AI assistant
            </Button>
            <Button component={Link} to="/settings/company" variant="default">
              Set your trade and services
            </Button>
          </Group>
        }
      />
      <SectionPanel id="qualifier-parts" title="What you’ll set here">
        <List spacing="xs" size="sm">
          <List.Item>The questions, in the order they’re asked</List.Item>
          <List.Item>Which answers are required and which are optional</List.Item>
          <List.Item>Leads to turn away politely, like ZIP codes outside your area or services you don’t offer</List.Item>
          <List.Item>Ready-made questions for your trade to start from</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
