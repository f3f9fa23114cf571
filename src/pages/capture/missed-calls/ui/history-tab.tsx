import { Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { isAnonymousCaller, TEXT_BACK_OUTCOME_WORDS, TEXT_BACK_OUTCOMES, type TextBackOutcome } from '@contracts/call';
import { LEAD_STATUS_WORDS, type LeadStatus } from '@contracts/lead';
import { type CallItem, CallVoicemail, callSummary, TextBackBadge, textBackReason } from '@/entities/call';
import { useBusinessNumber } from '@/entities/company';
import { useTRPC } from '@/shared/api-react';
import { formatPhone, fullDateTime } from '@/shared/lib/format';
import { usePhoneLayout } from '@/shared/lib/media';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { PhoneLink } from '@/shared/ui/phone-link';
import { MoreButton } from '@/shared/ui/more-button';

const PAGE_SIZE = 25;

type OutcomeFilter = TextBackOutcome | 'missed' | 'voicemail';

const OUTCOME_FILTERS: Array<{ value: OutcomeFilter; label: string }> = [
  { value: 'missed', label: 'Missed calls' },
  { value: 'voicemail', label: 'Left a voicemail' },
  ...TEXT_BACK_OUTCOMES.map((outcome) => ({ value: outcome, label: TEXT_BACK_OUTCOME_WORDS[outcome] })),
];

interface Filters {
  from: string;
  to: string;
  outcome: OutcomeFilter | null;
}
const NO_FILTERS: Filters = { from: '', to: '', outcome: null };

function useCallHistory(filters: Filters) {
  const trpc = useTRPC();
  const input = {
    limit: PAGE_SIZE,
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.outcome ? { outcome: filters.outcome } : {}),
  };
  return useInfiniteQuery(trpc.calls.list.infiniteQueryOptions(input, { getNextPageParam: (last) => last.nextCursor ?? undefined }));
}

function Caller({ call }: { call: CallItem }) {
  if (call.contact) {
    return (
      <Anchor size="sm" fw={600} renderRoot={(props) => <Link to="/clients/$id" params={{ id: call.contact!.id }} {...props} />}>
        {call.contact.name}
      </Anchor>
    );
  }
  return (
    <Text size="sm" fw={600}>
      {isAnonymousCaller(call.from) ? 'Hidden number' : formatPhone(call.from)}
    </Text>
  );
}

/** The text-back outcome chip in the words of contracts/call.ts, its reason, and what followed (replied, the lead). */
function OutcomeChips({ call }: { call: CallItem }) {
  const reason = textBackReason(call);
  const leadStatus = call.lead?.status as LeadStatus | undefined;
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={4}>
        <TextBackBadge call={call} />
        {call.replied ? (
          <Badge color="teal" variant="light">
            Replied
          </Badge>
        ) : null}
        {leadStatus && leadStatus !== 'new' ? (
          <Badge color="grape" variant="light">
            {LEAD_STATUS_WORDS[leadStatus] ?? leadStatus}
          </Badge>
        ) : null}
      </Group>
      {reason ? (
        <Text size="xs" c="dimmed">
          {reason}
        </Text>
      ) : null}
    </Stack>
  );
}

function ConversationLink({ call, touch }: { call: CallItem; touch?: boolean }) {
  if (!call.conversationId) return null;
  return (
    <Anchor
      size="sm"
      display={touch ? 'inline-flex' : undefined}
      mih={touch ? 44 : undefined}
      style={touch ? { alignItems: 'center' } : undefined}
      renderRoot={(props) => <Link to="/conversations" search={{ c: call.conversationId! }} {...props} />}
    >
      Open conversation
    </Anchor>
  );
}

function HistoryFilters({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const filtered = filters.from !== '' || filters.to !== '' || filters.outcome !== null;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filter calls">
      <TextInput label="From" type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => onChange({ ...filters, from: e.currentTarget.value })} w={{ base: '47%', sm: 150 }} />
      <TextInput label="To" type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => onChange({ ...filters, to: e.currentTarget.value })} w={{ base: '47%', sm: 150 }} />
      <Select
        label="Outcome"
        placeholder="All calls"
        data={OUTCOME_FILTERS}
        value={filters.outcome}
        onChange={(value) => onChange({ ...filters, outcome: value as OutcomeFilter | null })}
        clearable
        w={{ base: '100%', sm: 200 }}
      />
      {filtered ? (
        <Button variant="subtle" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}

function CallTable({ rows }: { rows: CallItem[] }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table aria-label="Calls" verticalSpacing="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Caller</Table.Th>
            <Table.Th>Call</Table.Th>
            <Table.Th>Text-back</Table.Th>
            <Table.Th>Voicemail</Table.Th>
            <Table.Th>Conversation</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((call) => (
            <Table.Tr key={call.id} data-testid="call-row">
              <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{fullDateTime(call.startedAt)}</Table.Td>
              <Table.Td style={{ verticalAlign: 'top' }}>
                <Caller call={call} />
                {call.contact ? (
                  <Text size="xs" c="dimmed">
                    <PhoneLink phone={call.from} />
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top' }}>
                <Text size="sm">{callSummary(call)}</Text>
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top' }}>
                <OutcomeChips call={call} />
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top', maxWidth: 320 }}>
                <CallVoicemail call={call} />
              </Table.Td>
              <Table.Td style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                <ConversationLink call={call} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CallCards({ rows }: { rows: CallItem[] }) {
  return (
    <Stack gap="sm" component="ul" aria-label="Calls" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((call) => (
        <Paper component="li" key={call.id} withBorder radius="md" p="sm" data-testid="call-row">
          <Stack gap={6}>
            <Text size="xs" c="dimmed">
              {fullDateTime(call.startedAt)}
            </Text>
            <Caller call={call} />
            <Text size="sm">{callSummary(call)}</Text>
            <OutcomeChips call={call} />
            <CallVoicemail call={call} />
            <ConversationLink call={call} touch />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** /missed-calls/history: every call to the business number, newest first, with what became of it. */
export function HistoryTab() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const phone = usePhoneLayout();
  const history = useCallHistory(filters);
  const number = useBusinessNumber();
  const filtered = filters.from !== '' || filters.to !== '' || filters.outcome !== null;

  let body;
  if (history.isPending) body = <ScreenSpinner />;
  else if (history.isError) body = <LoadError title="Couldn’t load your calls" error={history.error} onRetry={history.refetch} />;
  else {
    const rows = history.data.pages.flatMap((page) => page.items);
    if (rows.length === 0 && filtered) {
      body = (
        <EmptyState
          icon="⌕"
          title="No calls match these filters"
          description="Try other dates or another outcome."
          action={
            <Button variant="light" onClick={() => setFilters(NO_FILTERS)}>
              Clear filters
            </Button>
          }
        />
      );
    } else if (rows.length === 0) {
      body = (
        <EmptyState
          icon="☎"
          title="No calls yet"
          description="Every call to your business number appears here: when and who called, whether anyone answered, the voicemail written out, and the text the caller got back, with a link to the conversation."
          action={
            <Group gap="xs" justify="center">
              <Button component={Link} to="/missed-calls/basic" variant="light">
                Check your text-back settings
              </Button>
              {number.data === null ? (
                <Button component={Link} to="/settings/phone" variant="default">
                  Set up your business number
                </Button>
              ) : null}
            </Group>
          }
        />
      );
    } else {
      body = (
        <>
          {phone ? <CallCards rows={rows} /> : <CallTable rows={rows} />}
          <MoreButton pages={history} label="Show more calls" />
        </>
      );
    }
  }

  return (
    <Stack gap="md">
      <HistoryFilters filters={filters} onChange={setFilters} />
      {body}
    </Stack>
  );
}
