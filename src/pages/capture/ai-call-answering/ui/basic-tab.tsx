import { Button, List, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /ai-call-answering/basic */
export function BasicTab() {
  return (
    <Stack gap="lg">
      <EmptyState
        icon="☎"
        title="AI call answering needs a business number"
        description="The assistant can pick up calls your team can’t, talk with the caller, note what they need and send you a summary. It answers on your business number, so set that up first."
        action={
          <Button component={Link} to="/settings/phone" variant="light">
            Set up your business number
          </Button>
        }
      />
      <SectionPanel id="call-answering-parts" title="What you’ll set here">
        <List spacing="xs" size="sm">
          <List.Item>Whether the assistant answers first, or only after your team’s phones ring for a few seconds</List.Item>
          <List.Item>The hours it answers</List.Item>
          <List.Item>The greeting callers hear</List.Item>
          <List.Item>Whether calls are recorded. Callers are always told when they are.</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
