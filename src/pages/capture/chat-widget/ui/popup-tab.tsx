import { Button, List, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /chat-widget/popup */
export function PopupTab() {
  return (
    <Stack gap="lg">
      <EmptyState
        icon="⚡"
        title="No popup yet"
        description="A popup invites visitors to text you before they leave your website. It’s part of the chat widget, so set the widget up first."
        action={
          <Button component={Link} to="/chat-widget/styles" variant="light">
            Install the chat widget
          </Button>
        }
      />
      <SectionPanel id="popup-parts" title="What you’ll set here">
        <List spacing="xs" size="sm">
          <List.Item>When it opens: after some seconds, after the visitor scrolls, or when they’re about to leave</List.Item>
          <List.Item>Which pages of your website show it</List.Item>
          <List.Item>How often the same visitor sees it</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
