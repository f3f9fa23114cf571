import { Anchor, Badge, Button, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { FLOW_TRIGGER_WORDS } from '@contracts/flows';
import { formatRelative, useNow } from '@/shared/lib/format';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { PageHeader } from '@/shared/ui/page-header';
import { SectionPanel } from '@/shared/ui/section-panel';
import { useFlows, useFollowUps } from '@/entities/flow';

/**
 * /flows: the automations list. The built-in no-reply follow-ups come first, then the flows the company built, each
 * with its status, trigger, runs and last run. The rules listed are the ones the runtime enforces on every step.
 */
export function FlowsPage() {
  return (
    <Stack gap="lg">
      <PageHeader
        title="Flows"
        description="Automations that text, wait, assign and notify for you when something happens."
        actions={
          <Button component={Link} to="/flows/new">
            New flow
          </Button>
        }
      />

      <BuiltInFollowUps />

      <OwnFlows />

      <SectionPanel id="flow-rules-title" title="Rules every flow follows" description="So an automation can never get you in trouble with a customer:">
        <List spacing="xs" size="sm">
          <List.Item>It never texts anyone who asked to stop, and it ends when they do.</List.Item>
          <List.Item>It waits until 9 am – 8 pm in the person’s time zone before sending an automated text.</List.Item>
          <List.Item>It ends when the lead is booked, won or lost.</List.Item>
          <List.Item>It never texts on top of another automated text: one voice at a time.</List.Item>
          <List.Item>It stays within your daily limit of automated texts to one person (Settings → AI).</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}

/** The flows the company built: on or off, what starts each, its runs by outcome and when it last ran. */
function OwnFlows() {
  const flows = useFlows();
  const now = useNow();
  if (flows.isPending) return null;
  if (flows.isError) return <LoadError title="Couldn’t load your flows" error={flows.error} onRetry={flows.refetch} />;
  const own = flows.data.filter((flow) => flow.kind === 'custom');
  if (own.length === 0) {
    return (
      <EmptyState
        icon="⚡"
        title="No flows yet"
        description="A flow runs on its own when something happens, like a new lead from your website or a missed call. It can send texts and emails, wait, assign the lead or tell your team. Your flows will be listed here with whether they’re on and how often they ran."
        action={
          <Button component={Link} to="/flows/new" variant="light">
            Create your first flow
          </Button>
        }
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" aria-label="Your flows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Flow</Table.Th>
            <Table.Th>Starts when</Table.Th>
            <Table.Th>Running now</Table.Th>
            <Table.Th>Finished</Table.Th>
            <Table.Th>Stopped</Table.Th>
            <Table.Th>Last run</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {own.map((flow) => (
            <Table.Tr key={flow.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Anchor fw={600} renderRoot={(props) => <Link {...props} to="/flows/$flowId" params={{ flowId: flow.id }} />}>
                    {flow.name}
                  </Anchor>
                  <Badge color={flow.status === 'active' ? 'teal' : 'gray'} variant="light">
                    {flow.status === 'active' ? 'On' : flow.published ? 'Off' : 'Draft'}
                  </Badge>
                </Group>
              </Table.Td>
              <Table.Td>{flow.trigger ? FLOW_TRIGGER_WORDS[flow.trigger] : 'Not published yet'}</Table.Td>
              <Table.Td>{flow.runs.active}</Table.Td>
              <Table.Td>{flow.runs.completed}</Table.Td>
              <Table.Td>{flow.runs.stopped}</Table.Td>
              <Table.Td>{flow.lastRunAt ? formatRelative(flow.lastRunAt, now) : 'Never'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The follow-ups every company has: on or off, who is in them now, what went out this week. */
function BuiltInFollowUps() {
  const followUps = useFollowUps();
  if (followUps.isPending) return null;
  if (followUps.isError) return <LoadError title="Couldn’t load your follow-ups" error={followUps.error} onRetry={followUps.refetch} />;
  const view = followUps.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="built-in-follow-ups">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2} fz="md" id="built-in-follow-ups">
              No-reply follow-ups
            </Title>
            <Badge color={view.enabled ? 'teal' : 'gray'} variant="light">
              {view.enabled ? 'On' : 'Off'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Built in: texts a lead again when a text from you goes unanswered ({view.steps.filter((step) => step.enabled).length} follow-ups).
          </Text>
          <Text size="sm">
            {view.activeRuns} {view.activeRuns === 1 ? 'lead' : 'leads'} in it now · {view.sentThisWeek} {view.sentThisWeek === 1 ? 'text' : 'texts'} in the last 7 days
          </Text>
        </Stack>
        <Button component={Link} to="/chat-widget/follow-ups" variant="light">
          Edit follow-ups
        </Button>
      </Group>
    </Paper>
  );
}
