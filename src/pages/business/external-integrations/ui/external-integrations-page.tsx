import { Alert, Anchor, Badge, Button, Card, Code, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { INTEGRATION_STATUS_WORDS, INTEGRATION_WORDS, type IntegrationCard, type IntegrationStatus, isIntegrationProvider } from '@contracts/integrations';
import { useTeamMembers } from '@/entities/user';
import { useTRPC } from '@/shared/api-react';
import { formatDateTime, formatRelative, useNow } from '@/shared/lib/format';
import { ConfirmModal } from '@/shared/ui/confirm-modal';
import { LoadError } from '@/shared/ui/load-error';
import { PageHeader } from '@/shared/ui/page-header';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { CalendarChoice } from './calendar-choice';

const STATUS_COLOR: Record<IntegrationStatus, string> = { not_configured: 'gray', not_connected: 'gray', connected: 'teal', reconnect: 'orange' };
const ICON_COLOR = { google_calendar: 'red', jobber: 'green', thumbtack: 'blue' } as const;

/** Tools LeadLoop names on its landing offer but cannot connect to yet: said plainly, with no control. */
const NOT_BUILT = [
  { id: 'housecall-pro', name: 'Housecall Pro', kind: 'Home-services software', does: 'Send new clients and booked jobs to Housecall Pro.', color: 'indigo' },
  { id: 'hubspot', name: 'HubSpot', kind: 'CRM', does: 'Keep your contacts and leads in HubSpot up to date.', color: 'orange' },
  { id: 'smartmoving', name: 'SmartMoving', kind: 'Moving software', does: 'Send moving leads to SmartMoving.', color: 'cyan' },
  { id: 'slack', name: 'Slack', kind: 'Team chat', does: 'Get new-lead and handoff alerts in a Slack channel.', color: 'grape' },
  { id: 'zapier', name: 'Zapier', kind: 'Automation', does: 'Connect LeadLoop to thousands of other apps (outgoing webhooks work with Zapier today).', color: 'yellow' },
];

/** The provider a successful callback came back from (`?connected=google_calendar`). */
function connectedFrom(searchStr: string) {
  const value = new URLSearchParams(searchStr).get('connected');
  return value && isIntegrationProvider(value) ? value : null;
}

/**
 * /external-integrations: Google Calendar, Jobber and Thumbtack connect with OAuth (decision 0055). Each card says
 * where it stands (not set up on this server, not connected, connected, reconnect needed), the account, the last
 * sync and the last error in words; owners and admins connect, reconnect and disconnect.
 */
export function ExternalIntegrationsPage() {
  const trpc = useTRPC();
  const cards = useQuery(trpc.integrations.list.queryOptions());
  const me = useTeamMembers().data?.find((member) => member.me);
  const manager = me?.role === 'owner' || me?.role === 'admin';
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const justConnected = connectedFrom(searchStr);
  const now = useNow();

  return (
    <Stack gap="lg">
      <PageHeader title="External integrations" description="Connect LeadLoop to the tools you already use, so leads, jobs and bookings flow between them." />
      {justConnected ? (
        <Alert color="teal" variant="light" role="status" title={`${INTEGRATION_WORDS[justConnected].name} is connected`}>
          {INTEGRATION_WORDS[justConnected].does}
        </Alert>
      ) : null}
      {me && !manager ? (
        <Text size="sm" c="dimmed">
          Only the owner or an admin can connect or disconnect a tool, because it lets LeadLoop act in that account.
        </Text>
      ) : null}

      {cards.isPending ? (
        <ScreenSpinner />
      ) : cards.isError ? (
        <LoadError title="Couldn’t load your integrations" error={cards.error} onRetry={cards.refetch} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {cards.data.map((card) => (
            <IntegrationCardView key={card.provider} card={card} manager={manager} now={now} refetch={cards.refetch} />
          ))}
        </SimpleGrid>
      )}

      <Title order={2} fz="lg" mt="md">
        More tools
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {NOT_BUILT.map((tool) => (
          <Card key={tool.id} withBorder padding="lg" component="section" aria-labelledby={`integration-${tool.id}`}>
            <Group gap="sm" wrap="nowrap" mb="sm">
              <ThemeIcon size={36} radius="md" color={tool.color} variant="light" aria-hidden>
                {tool.name[0]}
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Title order={3} fz="md" id={`integration-${tool.id}`}>
                  {tool.name}
                </Title>
                <Text size="xs" c="dimmed">
                  {tool.kind}
                </Text>
              </div>
            </Group>
            <Text size="sm" mb="sm">
              {tool.does}
            </Text>
            <Text size="xs" c="dimmed">
              Not available yet: LeadLoop can’t connect to {tool.name} today.
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function IntegrationCardView({ card, manager, now, refetch }: { card: IntegrationCard; manager: boolean; now: number; refetch: () => Promise<unknown> }) {
  const trpc = useTRPC();
  const words = INTEGRATION_WORDS[card.provider];
  const [confirming, setConfirming] = useState(false);
  const refresh = () => refetch();
  const connect = useMutation(
    trpc.integrations.connect.mutationOptions({
      onSuccess: ({ url }) => {
        window.location.assign(url);
      },
    }),
  );
  const disconnect = useMutation(
    trpc.integrations.disconnect.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        await refresh();
      },
    }),
  );
  const syncNow = useMutation(trpc.integrations.syncNow.mutationOptions({ onSuccess: refresh }));
  const titleId = `integration-${card.provider}`;
  const error = connect.error ?? disconnect.error ?? syncNow.error;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon size={36} radius="md" color={ICON_COLOR[card.provider]} variant="light" aria-hidden>
            {words.name[0]}
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="md" id={titleId}>
              {words.name}
            </Title>
            <Text size="xs" c="dimmed">
              {words.kind}
            </Text>
          </div>
        </Group>
        <Badge variant="light" color={STATUS_COLOR[card.status]} style={{ flexShrink: 0 }}>
          {INTEGRATION_STATUS_WORDS[card.status]}
        </Badge>
      </Group>
      <Text size="sm" mb="sm">
        {words.does}
      </Text>

      <Stack gap={4} mb="sm">
        {card.account ? <Text size="sm">Account: {card.account}</Text> : null}
        {card.memberName ? <Text size="sm">Blocks and receives the bookings of: {card.memberName}</Text> : null}
        {card.status === 'connected' || card.status === 'reconnect' ? (
          <Text size="sm" c="dimmed" title={card.lastSyncAt ? formatDateTime(card.lastSyncAt) : undefined}>
            {card.lastSyncAt ? `Last sync: ${formatRelative(card.lastSyncAt, now)}` : 'Not synced yet'}
          </Text>
        ) : null}
      </Stack>

      {card.status === 'not_configured' ? (
        <Text size="sm" c="dimmed">
          This server has no client id for {words.name}. Whoever runs LeadLoop sets <Code>{card.missingEnv[0]}</Code> and <Code>{card.missingEnv[1]}</Code> (from the app
          registered with {words.name}) and restarts it.
        </Text>
      ) : null}
      {card.lastError ? (
        <Alert color={card.status === 'reconnect' ? 'orange' : 'red'} variant="light" p="xs" mb="sm" title={card.status === 'reconnect' ? 'Reconnect needed' : 'Last sync failed'}>
          <Text size="sm">{card.lastError}</Text>
          {card.lastErrorAt ? (
            <Text size="xs" c="dimmed">
              {formatDateTime(card.lastErrorAt)}
            </Text>
          ) : null}
        </Alert>
      ) : null}
      {error ? (
        <Text size="sm" c="red" role="alert" mb="sm">
          {error.message}
        </Text>
      ) : null}

      {card.provider === 'google_calendar' && card.status === 'connected' ? <CalendarChoice key={card.calendars.map((c) => c.id).join(',')} card={card} canChange={manager} onSaved={refresh} /> : null}

      {manager && card.status !== 'not_configured' ? (
        <Group gap="xs" mt="md" wrap="wrap">
          {card.status === 'not_connected' || card.status === 'reconnect' ? (
            <Button size="sm" loading={connect.isPending} onClick={() => connect.mutate({ provider: card.provider })}>
              {card.status === 'reconnect' ? 'Reconnect' : 'Connect'}
            </Button>
          ) : null}
          {card.provider === 'google_calendar' && card.status === 'connected' ? (
            <Button size="sm" variant="default" loading={syncNow.isPending} onClick={() => syncNow.mutate({ provider: card.provider })}>
              Sync now
            </Button>
          ) : null}
          {card.status === 'connected' || card.status === 'reconnect' ? (
            <Button size="sm" variant="subtle" color="red" onClick={() => setConfirming(true)}>
              Disconnect
            </Button>
          ) : null}
        </Group>
      ) : null}
      <ConfirmModal
        opened={confirming}
        title={`Disconnect ${words.name}?`}
        confirmLabel="Disconnect"
        danger
        loading={disconnect.isPending}
        onConfirm={() => disconnect.mutate({ provider: card.provider })}
        onCancel={() => setConfirming(false)}
      >
        <Text size="sm">
          LeadLoop’s access to {words.name} is revoked and nothing more syncs. What was already sent stays in {words.name}.
        </Text>
      </ConfirmModal>
      <Text size="xs" c="dimmed" mt="sm">
        Every sync is listed in{' '}
        <Anchor size="xs" renderRoot={(props) => <Link {...props} to="/logs" search={{ tab: 'integrations' }} />}>
          Logs → Integrations
        </Anchor>
        .
      </Text>
    </Card>
  );
}
