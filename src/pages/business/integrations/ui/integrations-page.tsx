import { Anchor, List, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';
import { SectionPanel } from '@/shared/ui/section-panel';

// What an endpoint can subscribe to, in plain words. The wire names are fixed with the webhooks work, not here.
const EVENTS = [
  { name: 'New lead', when: 'A lead arrives from any source.' },
  { name: 'Lead qualified', when: 'The assistant or your team qualifies a lead.' },
  { name: 'Lead status changed', when: 'A lead moves to another status, like booked or won.' },
  { name: 'Needs a person', when: 'The assistant hands a conversation to your team.' },
  { name: 'Text received', when: 'A lead or client texts your business number.' },
  { name: 'Text sent', when: 'A text goes out to a lead or client.' },
  { name: 'Text failed', when: 'A text couldn’t be delivered.' },
  { name: 'Missed call', when: 'A call to your business goes unanswered.' },
  { name: 'Voicemail', when: 'A caller leaves a message.' },
  { name: 'Call answered by the assistant', when: 'The assistant finishes a call, with its summary.' },
  { name: 'Appointment booked', when: 'Your team or the assistant books an appointment.' },
  { name: 'Opted out', when: 'Someone asks to stop getting texts.' },
];

/** /integrations: outgoing webhooks. No endpoints yet, and adding one isn't possible yet, so the button says why. */
export function IntegrationsPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Webhooks" description="Send lead events to your own systems, like a CRM or Zapier, the moment they happen." />

      <EmptyState
        icon="⇄"
        title="No webhook endpoints yet"
        description="An endpoint is a web address on your own system. LeadLoop sends it a message each time one of the events you pick happens."
        action={
          <>
            <Text size="sm" c="dimmed" id="add-endpoint-reason">
              Adding endpoints isn’t available in your account yet.
            </Text>
          </>
        }
      />

      <SectionPanel id="endpoint-parts-title" title="What every endpoint gets">
        <List spacing="xs" size="sm">
          <List.Item>A signing secret, so your system can check a message really came from LeadLoop</List.Item>
          <List.Item>A test send, to try it before going live</List.Item>
          <List.Item>
            A record of every delivery in the{' '}
            <Anchor component={Link} to="/logs" size="sm">
              logs
            </Anchor>
          </List.Item>
          <List.Item>Retries for about a day if your system is down</List.Item>
          <List.Item>An automatic pause after repeated failures, so a broken endpoint doesn’t pile up errors</List.Item>
        </List>
      </SectionPanel>

      <SectionPanel id="events-title" title="Events you can subscribe to" description="Pick any of these for each endpoint.">
        <Table aria-labelledby="events-title" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Sent when</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {EVENTS.map((event) => (
              <Table.Tr key={event.name}>
                <Table.Td fw={600}>{event.name}</Table.Td>
                <Table.Td>{event.when}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SectionPanel>
    </Stack>
  );
}
