import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';

// The lead lifecycle in the order a lead moves through it; won / lost / spam / opted out are endings.
const STATUSES = ['New', 'Engaging', 'Qualified', 'Needs human', 'Booked', 'Won', 'Lost', 'Spam', 'Opted out'];

/** /leads: every inquiry in one list. With no leads yet, the filters wait and the empty state says how to get one. */
export function LeadsPage() {
  return (
    <Stack gap="lg">
      <PageHeader
        title="Leads"
        description="Every inquiry from your website, missed calls, texts and emails, in one list."
      />

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <TextInput
            label="Search leads"
            placeholder="Name, phone number or message"
            disabled
            maw={420}
            aria-describedby="leads-filters-reason"
          />
          <Group gap="xs" role="group" aria-label="Filter by status" aria-describedby="leads-filters-reason">
            {STATUSES.map((status) => (
              <Button key={status} size="compact-sm" radius="xl" variant="default" disabled>
                {status}
              </Button>
            ))}
          </Group>
          <Text size="xs" c="dimmed" id="leads-filters-reason">
            Search and filters turn on once you have leads.
          </Text>
        </Stack>
      </Paper>

      <EmptyState
        icon="☎"
        title="No leads yet"
        description="A lead appears here the moment someone writes in your website chat or form, texts your business number, or calls and doesn’t reach you. Connect at least one of these to start getting leads."
        action={
          <>
            <Button component={Link} to="/chat-widget/styles">
              Install the chat widget
            </Button>
            <Group gap="xs" justify="center">
              <Button component={Link} to="/settings/phone" variant="default">
                Set up your business number
              </Button>
              <Button component={Link} to="/missed-calls/basic" variant="default">
                Turn on missed-call text-back
              </Button>
            </Group>
          </>
        }
      />
    </Stack>
  );
}
