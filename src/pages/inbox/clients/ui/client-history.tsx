import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Tabs, Text, Timeline, UnstyledButton } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { CASL_BASIS_WORDS, caslBasisOf, CONSENT_KIND_WORDS, CONSENT_METHOD_WORDS } from '@contracts/consent';
import { LEAD_SOURCE_WORDS } from '@contracts/lead';
import { MESSAGE_AUTHOR_WORDS } from '@contracts/message';
import { CallDetails, type CallItem, callTitle, EarlierCallsButton, useCallsOf } from '@/entities/call';
import { type ClientDetail, type ClientTimelineEntry, CONSENT_KIND_COLORS, type ConsentEntry } from '@/entities/contact';
import { ConversationModeBadge, ConversationStatusBadge } from '@/entities/conversation';
import { LeadStatusBadge } from '@/entities/lead';
import { isTroubled, MessageStatusBadge } from '@/entities/message';
import { formatDateTime, formatMoney } from '@/shared/lib/format';
import { usePhoneLayout } from '@/shared/lib/media';
import { MetaLine } from '@/shared/ui/meta-line';
import { RelativeTime } from '@/shared/ui/relative-time';

function Empty({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed" py="md">
      {children}
    </Text>
  );
}

function TimelineEntry({ entry, client, now }: { entry: ClientTimelineEntry; client: ClientDetail; now: number }) {
  if (entry.kind === 'message') {
    const inbound = entry.direction === 'inbound';
    const who = inbound ? client.name : MESSAGE_AUTHOR_WORDS[entry.author];
    const problem = isTroubled(entry.status);
    return (
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {inbound ? `Text from ${who}` : `Text sent by ${who}`}
          </Text>
          {!inbound ? <MessageStatusBadge size="xs" status={entry.status} /> : null}
          <RelativeTime at={entry.at} now={now} size="xs" dimmed />
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {entry.body}
        </Text>
        {problem && entry.problem ? (
          <Text size="xs" c="red">
            {entry.problem}
          </Text>
        ) : null}
        <Anchor size="xs" data-standalone renderRoot={(props) => <Link {...props} to="/conversations" search={{ c: entry.conversationId }} />}>
          Open conversation
        </Anchor>
      </Stack>
    );
  }
  if (entry.kind === 'lead') {
    return (
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            New lead · {LEAD_SOURCE_WORDS[entry.source]}
          </Text>
          <LeadStatusBadge size="xs" status={entry.status} />
          <RelativeTime at={entry.at} now={now} size="xs" dimmed />
        </Group>
        {entry.summary ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {entry.summary}
          </Text>
        ) : null}
        <Anchor size="xs" data-standalone renderRoot={(props) => <Link {...props} to="/leads" search={{ lead: entry.id }} />}>
          Open lead
        </Anchor>
      </Stack>
    );
  }
  return (
    <Group gap="xs">
      <Text size="sm" fw={600}>
        {CONSENT_KIND_WORDS[entry.consent]} · {CONSENT_METHOD_WORDS[entry.method]}
      </Text>
      <RelativeTime at={entry.at} now={now} size="xs" dimmed />
    </Group>
  );
}

/** A call in the timeline: who called and how it went, the voicemail, the text-back (the same item as in the thread). */
function CallEntry({ call, client, now }: { call: CallItem; client: ClientDetail; now: number }) {
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {callTitle(call, client.name)}
        </Text>
        <RelativeTime at={call.startedAt} now={now} size="xs" dimmed />
      </Group>
      <CallDetails call={call} />
    </Stack>
  );
}

type Entry = ClientTimelineEntry | { kind: 'call'; id: string; at: number; call: CallItem };

function entryColor(entry: Entry): string {
  if (entry.kind === 'call') return entry.call.missed ? 'orange' : 'green';
  if (entry.kind === 'consent') return CONSENT_KIND_COLORS[entry.consent];
  if (entry.kind === 'lead') return 'violet';
  if (isTroubled(entry.status)) return 'red';
  return entry.direction === 'inbound' ? 'blue' : 'gray';
}

/** The server's timeline (texts, leads, consent; newest first) with the client's calls put in their place. */
function ClientTimeline({ client, now }: { client: ClientDetail; now: number }) {
  const calls = useCallsOf({ contactId: client.id });
  const entries = useMemo<Entry[]>(() => {
    const callEntries = (calls.data?.pages ?? []).flatMap((page) => page.items).map((call) => ({ kind: 'call' as const, id: call.id, at: call.startedAt, call }));
    return [...client.timeline, ...callEntries].sort((a, b) => b.at - a.at);
  }, [client.timeline, calls.data]);
  return (
    <Stack gap="sm">
      {calls.isError ? (
        <Text size="xs" c="dimmed">
          Couldn’t load this client’s calls.{' '}
          <Anchor component="button" type="button" size="xs" onClick={() => void calls.refetch()}>
            Try again
          </Anchor>
        </Text>
      ) : null}
      {entries.length === 0 ? (
        <Empty>Nothing has happened with this client yet.</Empty>
      ) : (
        <Timeline bulletSize={14} lineWidth={2}>
          {entries.map((entry) => (
            <Timeline.Item key={`${entry.kind}:${entry.id}`} color={entryColor(entry)} data-testid="timeline-entry" lineVariant="solid">
              {entry.kind === 'call' ? <CallEntry call={entry.call} client={client} now={now} /> : <TimelineEntry entry={entry} client={client} now={now} />}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      <EarlierCallsButton calls={calls} />
    </Stack>
  );
}

/** The client's leads on a phone: one card each (the whole card opens the lead), status visible without scrolling sideways. */
function ClientLeadCards({ client, now }: { client: ClientDetail; now: number }) {
  const navigate = useNavigate();
  return (
    <Stack gap="sm" component="ul" aria-label="Leads of this client" p={0} m={0} style={{ listStyle: 'none' }}>
      {client.leads.map((lead) => (
        <li key={lead.id}>
          <Paper withBorder radius="md" data-testid="client-lead-card">
            <UnstyledButton p="sm" w="100%" aria-label={`Open lead: ${LEAD_SOURCE_WORDS[lead.source]}`} onClick={() => void navigate({ to: '/leads', search: { lead: lead.id } })}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600}>
                  {LEAD_SOURCE_WORDS[lead.source]}
                </Text>
                <LeadStatusBadge status={lead.status} />
              </Group>
              <Text size="sm" lineClamp={2} mt={4} c={lead.summary ? undefined : 'dimmed'}>
                {lead.summary ?? 'No summary yet'}
              </Text>
              <MetaLine items={[<RelativeTime key="at" at={lead.createdAt} now={now} size="xs" dimmed />, lead.valueCents !== null ? formatMoney(lead.valueCents) : null]} />
            </UnstyledButton>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}

function ClientLeads({ client, now }: { client: ClientDetail; now: number }) {
  const phone = usePhoneLayout();
  if (client.leads.length === 0) return <Empty>No leads from this client yet.</Empty>;
  if (phone) return <ClientLeadCards client={client} now={now} />;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" aria-label="Leads of this client">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Created</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>What they need</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {client.leads.map((lead) => (
            <Table.Tr key={lead.id}>
              <Table.Td>
                <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/leads" search={{ lead: lead.id }} />}>
                  <RelativeTime at={lead.createdAt} now={now} dimmed />
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{LEAD_SOURCE_WORDS[lead.source]}</Text>
              </Table.Td>
              <Table.Td>
                <LeadStatusBadge status={lead.status} />
              </Table.Td>
              <Table.Td maw={280}>
                <Text size="sm" lineClamp={2} c={lead.summary ? undefined : 'dimmed'}>
                  {lead.summary ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{lead.valueCents === null ? '—' : formatMoney(lead.valueCents)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ConsentDetails({ entry }: { entry: ConsentEntry }) {
  const details: Array<[string, string]> = [];
  if (entry.sourceUrl) details.push(['Page', entry.sourceUrl]);
  if (entry.ip) details.push(['IP address', entry.ip]);
  if (entry.userAgent) details.push(['Browser', entry.userAgent]);
  if (entry.recordedBy) details.push(['Recorded by', entry.recordedBy]);
  if (details.length === 0) return null;
  return (
    <Stack gap={2}>
      {details.map(([label, value]) => (
        <Text key={label} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} inherit>
            {label}:
          </Text>{' '}
          {value}
        </Text>
      ))}
    </Stack>
  );
}

/** Canada (CASL): the consent that counts now, and when implied consent ends — automated texts stop then. */
function CaslStatus({ casl }: { casl: NonNullable<ClientDetail['casl']> }) {
  const ends = casl.expiresAt ? formatDateTime(casl.expiresAt) : null;
  const sentence = casl.basis === 'express'
    ? 'Under Canada’s anti-spam law (CASL) they gave express consent: it does not expire.'
    : casl.expired
      ? `Under Canada’s anti-spam law (CASL) their consent ${ends ? `ended ${ends}` : 'is not on record'}: automated texts to them stop. They can still text you and your replies go; ask them to opt in again.`
      : `Under Canada’s anti-spam law (CASL): ${casl.basis ? CASL_BASIS_WORDS[casl.basis].toLowerCase() : 'implied consent'}, until ${ends}. Automated texts stop after that unless they text you again or opt in.`;
  return (
    <Alert color={casl.expired ? 'orange' : 'blue'} variant="light" p="xs" data-testid="casl-status">
      <Text size="sm">{sentence}</Text>
    </Alert>
  );
}

/** The consent ledger, newest first: what was agreed or withdrawn, how, in which words, when and from where. */
function ConsentLedger({ client }: { client: ClientDetail }) {
  if (client.consent.length === 0) {
    return <Empty>No consent recorded yet. It’s added when they text you, fill in a form, opt out, or your team records it.</Empty>;
  }
  const entries = [...client.consent].sort((a, b) => b.at - a.at);
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        Newest first. An opt-out always wins: LeadLoop never texts an opted-out number until they text START.
      </Text>
      {client.casl ? <CaslStatus casl={client.casl} /> : null}
      <Stack component="ol" gap="xs" aria-label="Consent ledger" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {entries.map((entry) => (
          <Paper component="li" key={entry.id} withBorder radius="md" p="sm" data-testid="consent-row">
            <Stack gap={6}>
              <Group gap="xs" justify="space-between">
                <Group gap="xs">
                  <Badge variant="light" color={CONSENT_KIND_COLORS[entry.kind]} style={{ flexShrink: 0 }}>
                    {CONSENT_KIND_WORDS[entry.kind]}
                  </Badge>
                  <Text size="sm" fw={600}>
                    {CONSENT_METHOD_WORDS[entry.method]}
                  </Text>
                </Group>
                <Text component="time" size="xs" c="dimmed" dateTime={new Date(entry.at).toISOString()}>
                  {formatDateTime(entry.at)}
                </Text>
              </Group>
              {entry.text ? (
                <Text size="sm" fs="italic" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  “{entry.text}”
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  No text recorded
                </Text>
              )}
              <ConsentDetails entry={entry} />
              {client.casl && caslBasisOf({ kind: entry.kind, caslBasis: entry.caslBasis }) ? (
                <Text size="xs" c="dimmed">
                  <Text span fw={600} inherit>
                    CASL:
                  </Text>{' '}
                  {CASL_BASIS_WORDS[caslBasisOf({ kind: entry.kind, caslBasis: entry.caslBasis })!]}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

function ClientConversations({ client, now }: { client: ClientDetail; now: number }) {
  if (client.conversations.length === 0) return <Empty>No conversations yet.</Empty>;
  return (
    <Stack gap="xs">
      {client.conversations.map((conversation) => (
        <Paper key={conversation.id} withBorder radius="md" p="sm" data-testid="conversation-item">
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <ConversationStatusBadge status={conversation.status} />
                <ConversationModeBadge mode={conversation.mode} />
                {conversation.lastMessageAt ? <RelativeTime at={conversation.lastMessageAt} now={now} size="xs" dimmed /> : null}
              </Group>
              <Text size="sm" lineClamp={2} c={conversation.preview ? undefined : 'dimmed'}>
                {conversation.preview ?? 'No messages yet'}
              </Text>
            </Stack>
            <Button size="xs" variant="light" renderRoot={(props) => <Link {...props} to="/conversations" search={{ c: conversation.id }} />}>
              Open conversation
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** Everything that happened with the client, in tabs: one timeline, their leads, the consent ledger, their threads. */
export function ClientHistory({ client, now }: { client: ClientDetail; now: number }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="History">
      <Tabs defaultValue="timeline" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="timeline">Timeline</Tabs.Tab>
          <Tabs.Tab value="leads">Leads ({client.leads.length})</Tabs.Tab>
          <Tabs.Tab value="consent">Consent</Tabs.Tab>
          <Tabs.Tab value="conversations">Conversations ({client.conversations.length})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="timeline">
          <ClientTimeline client={client} now={now} />
        </Tabs.Panel>
        <Tabs.Panel value="leads">
          <ClientLeads client={client} now={now} />
        </Tabs.Panel>
        <Tabs.Panel value="consent">
          <ConsentLedger client={client} />
        </Tabs.Panel>
        <Tabs.Panel value="conversations">
          <ClientConversations client={client} now={now} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
