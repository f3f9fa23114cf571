import { Button, Group, List, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /missed-calls/agent */
export function AgentTab() {
  return (
    <Stack gap="lg">
      <EmptyState
        icon="✦"
        title="The assistant isn’t replying to callers yet"
        description="After the first text, the assistant can keep the conversation going: it asks your qualifying questions and hands the conversation to your team when a person is needed. Tell it about your business first."
        action={
          <Group gap="xs" justify="center">
            <Button component={Link} to="/settings/ai" variant="light">
              Set up your AI assistant
            </Button>
            <Button component={Link} to="/chat-widget/lead-qualifier" variant="default">
              Choose qualifying questions
            </Button>
          </Group>
        }
      />
      <SectionPanel id="missed-call-agent-parts" title="What you’ll set here">
        <List spacing="xs" size="sm">
          <List.Item>Whether the assistant carries on the conversation after the first text</List.Item>
          <List.Item>The questions it asks, from your lead qualifier</List.Item>
          <List.Item>When it hands the conversation to your team</List.Item>
          <List.Item>The most texts it sends one person in a day (15 to start with)</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
