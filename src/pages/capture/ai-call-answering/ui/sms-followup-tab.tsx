import { Button, List, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /ai-call-answering/sms-followup */
export function SmsFollowupTab() {
  return (
    <Stack gap="lg">
      <EmptyState
        icon="✉"
        title="No texts after calls yet"
        description="After the assistant answers a call, it can text the caller so they have your details in writing. Set up call answering first."
        action={
          <Button component={Link} to="/ai-call-answering/basic" variant="light">
            Set up AI call answering
          </Button>
        }
      />
      <SectionPanel id="call-sms-parts" title="What you’ll set here">
        <List spacing="xs" size="sm">
          <List.Item>A text for each way a call can end, such as a booked visit or a caller who needs a call back</List.Item>
          <List.Item>Whether a text is sent at all for each of them</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
