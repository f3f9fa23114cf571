import { Button, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { SectionPanel } from '@/shared/ui/section-panel';

// Product brief §6: the default follow-up steps after a lead stops replying.
const DEFAULT_FOLLOW_UPS = ['+1 hour', '+1 day', '+3 days', '+7 days'];

/** /chat-widget/follow-ups: the default schedule is shown as what will run, not as something that has run. */
export function FollowUpsTab() {
  return (
    <Stack gap="lg">
      <EmptyState
        icon="↻"
        title="No follow-ups sent yet"
        description="When a lead stops replying, LeadLoop texts them again so the job doesn’t go cold. Nothing has been sent because there are no leads yet."
        action={
          <Button component={Link} to="/chat-widget/styles" variant="light">
            Install the chat widget
          </Button>
        }
      />
      <SectionPanel
        id="follow-up-schedule"
        title="Default schedule"
        description="If a lead stops replying, they get up to four follow-up texts:"
      >
        <List type="ordered" spacing="xs" size="sm" aria-labelledby="follow-up-schedule">
          {DEFAULT_FOLLOW_UPS.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        <Title order={3} fz="md" mt="md" mb="xs">
          Follow-ups stop when the lead
        </Title>
        <List spacing="xs" size="sm">
          <List.Item>replies</List.Item>
          <List.Item>texts STOP or asks not to be texted</List.Item>
          <List.Item>is taken over by someone on your team</List.Item>
          <List.Item>books a job</List.Item>
        </List>
        <Text size="sm" c="dimmed" mt="md">
          Follow-ups are only sent between 9 am and 8 pm in the lead’s own time zone.
        </Text>
      </SectionPanel>
    </Stack>
  );
}
