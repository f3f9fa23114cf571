import { Anchor, Box, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import { LEAD_SOURCE_WORDS } from '@contracts/lead';
import { BlockedBadge, OptedOutBadge } from '@/entities/contact';
import { isThreadId, type Thread, type useThread } from '@/entities/conversation';
import { LeadStatusBadge } from '@/entities/lead';
import { BookAppointmentButton } from '@/features/book-appointment';
import { calendarDate, formatMoney, formatPhone, localTimeIn, useNow } from '@/shared/lib/format';
import { EmptyState } from '@/shared/ui/empty-state';
import { PhoneLink } from '@/shared/ui/phone-link';

/** The right pane (or the Info drawer): who the client is and where their latest inquiry stands. */
export function ContactPanel({ threadId, query }: { threadId: string | null; query: ReturnType<typeof useThread> }) {
  if (!isThreadId(threadId) || query.isError) {
    return (
      <Box p="sm">
        <EmptyState
          icon="☺"
          title="No client selected"
          description="The client’s details, their local time and where their lead stands show here next to the conversation."
        />
      </Box>
    );
  }
  if (query.isPending) {
    return (
      <Stack gap="sm" p="md" aria-busy="true" aria-label="Loading client">
        <Skeleton height={16} width="60%" />
        <Skeleton height={12} width="45%" />
        <Skeleton height={12} width="50%" />
        <Skeleton height={60} mt="md" />
      </Stack>
    );
  }
  return <ClientDetails thread={query.data} />;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function ClientDetails({ thread }: { thread: Thread }) {
  const now = useNow();
  const { contact, lead } = thread;
  const localTime = contact.timezone ? localTimeIn(contact.timezone, now) : null;
  const otherPhones = contact.otherPhones.filter((phone) => phone !== thread.peerPhone);
  const ids = useId();
  return (
    <Stack gap="md" p="md">
      <Stack gap="sm" component="section" aria-labelledby={`${ids}-client`}>
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="sm" tt="uppercase" c="dimmed" id={`${ids}-client`}>
            Client
          </Title>
          <Anchor component={Link} to={`/clients/${contact.id}`} size="sm">
            Open client
          </Anchor>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{contact.name}</Text>
          <BookAppointmentButton client={{ id: contact.id, name: contact.name }} leadId={lead?.id ?? null} />
        </Group>
        <Group gap={4}>
          {contact.optedOut ? <OptedOutBadge size="sm" since={contact.optedOutAt ? calendarDate(contact.optedOutAt) : null} /> : null}
          {contact.blocked ? <BlockedBadge size="sm" /> : null}
        </Group>
        <Field label="Phone">
          <PhoneLink phone={thread.peerPhone} />
        </Field>
        {otherPhones.length > 0 ? <Field label="Other phones">{otherPhones.map(formatPhone).join(', ')}</Field> : null}
        <Field label="Email">
          {contact.email ? (
            <Anchor href={`mailto:${contact.email}`} size="sm">
              {contact.email}
            </Anchor>
          ) : (
            <Text span size="sm" c="dimmed">
              Not known
            </Text>
          )}
        </Field>
        <Field label="Their local time">
          {localTime ?? (
            <Text span size="sm" c="dimmed">
              Unknown
            </Text>
          )}
        </Field>
      </Stack>

      <Divider />

      <Stack gap="sm" component="section" aria-labelledby={`${ids}-lead`}>
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="sm" tt="uppercase" c="dimmed" id={`${ids}-lead`}>
            Latest lead
          </Title>
          {lead ? (
            // The leads screen opens its detail drawer for `?lead=<id>`.
            <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/leads" search={{ lead: lead.id }} />}>
              Open lead
            </Anchor>
          ) : (
            <Anchor component={Link} to="/leads" size="sm">
              All leads
            </Anchor>
          )}
        </Group>
        {lead ? (
          <>
            <Group gap="xs">
              <LeadStatusBadge status={lead.status} />
              {lead.valueCents ? (
                <Text size="sm" fw={600}>
                  {formatMoney(lead.valueCents)}
                </Text>
              ) : null}
            </Group>
            <Field label="Source">{LEAD_SOURCE_WORDS[lead.source]}</Field>
            <Field label="Came in">{calendarDate(lead.createdAt)}</Field>
            <Field label="Summary">
              {lead.summary ? (
                <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {lead.summary}
                </Text>
              ) : (
                <Text span size="sm" c="dimmed">
                  No notes yet. What the assistant learns (answers, its summary) shows on the lead.
                </Text>
              )}
            </Field>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            No lead for this client yet.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
