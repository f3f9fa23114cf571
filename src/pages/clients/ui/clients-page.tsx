import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';

/** /clients: the people behind the leads, one record each however many times they got in touch. */
export function ClientsPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Clients" description="Everyone who has contacted your business, with their whole history in one place." />

      <EmptyState
        icon="☺"
        title="No clients yet"
        description="When someone texts, calls or fills in a form, they become a client here. If the same person gets in touch again, it’s added to their record instead of creating a duplicate."
        action={
          <Group gap="xs" justify="center">
            <Button component={Link} to="/settings/phone">
              Set up your business number
            </Button>
            <Button component={Link} to="/chat-widget/styles" variant="default">
              Install the chat widget
            </Button>
          </Group>
        }
      />

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="client-record-title">
        <Title order={2} id="client-record-title" fz="lg" mb={4}>
          What each client record shows
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Open a client to see:
        </Text>
        <List spacing="xs" size="sm">
          <List.Item>Their phone numbers, email and address</List.Item>
          <List.Item>Every lead they’ve sent you</List.Item>
          <List.Item>One timeline of texts, calls, voicemails and your team’s notes</List.Item>
          <List.Item>When and how they agreed to get texts, and whether they’ve opted out</List.Item>
        </List>
      </Paper>
    </Stack>
  );
}
