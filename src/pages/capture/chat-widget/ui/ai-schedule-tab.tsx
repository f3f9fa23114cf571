import { Button, List, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /chat-widget/ai-schedule */
export function AiScheduleTab() {
  return (
    <Stack gap="lg">
      <EmptyState
        icon="◷"
        title="No times set for the assistant"
        description="Choose when the assistant stays off, for example while your office answers texts itself. Leads who write then get your own message instead. Set up the assistant first."
        action={
          <Button component={Link} to="/settings/ai" variant="light">
            Set up your AI assistant
          </Button>
        }
      />
      <SectionPanel id="ai-schedule-parts" title="What you’ll set here">
        <List spacing="xs" size="sm">
          <List.Item>Weekly times when the assistant is off</List.Item>
          <List.Item>Holidays and other dates that are different</List.Item>
          <List.Item>The message leads get while the assistant is off</List.Item>
          <List.Item>Whether the assistant is on right now, at a glance</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
