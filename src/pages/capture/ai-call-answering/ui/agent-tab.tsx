import { Button, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /ai-call-answering/agent */
export function AgentTab() {
  return (
    <Stack gap="lg">
      <EmptyState
        icon="✦"
        title="The assistant doesn’t know your business yet"
        description="To help callers, it needs the basics: the services you offer, where you work and the questions customers often ask. Start in your AI assistant settings."
        action={
          <Button component={Link} to="/settings/ai" variant="light">
            Set up your AI assistant
          </Button>
        }
      />
      <SectionPanel id="call-agent-parts" title="What you’ll set here">
        <List spacing="xs" size="sm">
          <List.Item>What the assistant knows about your business</List.Item>
          <List.Item>The questions it asks every caller</List.Item>
          <List.Item>When it passes the call to someone on your team</List.Item>
          <List.Item>Words that mean an emergency, like “flooding” or “no heat”, so a person is reached right away</List.Item>
        </List>
        <Title order={3} fz="md" mt="md" mb={4}>
          Always on
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          These rules protect you and can’t be switched off:
        </Text>
        <List spacing="xs" size="sm">
          <List.Item>It never promises a firm price.</List.Item>
          <List.Item>It never promises an exact arrival time.</List.Item>
          <List.Item>It says it’s an automated assistant when asked.</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
