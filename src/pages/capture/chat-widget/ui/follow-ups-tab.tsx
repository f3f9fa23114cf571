import { Button, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { SectionPanel } from '@/shared/ui/section-panel';

// Product brief §6: the default follow-up steps after a lead stops replying.
const DEFAULT_FOLLOW_UPS = ['+1 hour', '+1 day', '+3 days', '+7 days'];

/** /chat-widget/follow-ups: until follow-ups exist (flows, issue 23) the tab says so, and promises nothing. */
export function FollowUpsTab() {
  return (
    <Stack gap="lg">
      <EmptyState
        icon="↻"
        title="Follow-ups aren’t built yet"
        description="LeadLoop does not text a lead again when they stop replying: nothing is scheduled and nothing has been sent. Until follow-ups are built, reply to quiet leads from Conversations."
        action={
          <Button component={Link} to="/conversations" variant="light">
            Open conversations
          </Button>
        }
      />
      <SectionPanel
        id="follow-up-schedule"
        title="The planned default schedule"
        description="When follow-ups are built, a lead who stops replying will get up to four follow-up texts:"
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
