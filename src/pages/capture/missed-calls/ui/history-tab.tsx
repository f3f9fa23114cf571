import { Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  isAnonymousCaller,
  MISSED_REASON_WORDS,
  type MissedReason,
  TEXT_BACK_OUTCOME_WORDS,
  TEXT_BACK_OUTCOMES,
  TEXT_BACK_SKIP_REASON_WORDS,
  type TextBackOutcome,
  type TextBackSkipReason,
} from '@contracts/call';
import { LEAD_STATUS_WORDS, type LeadStatus } from '@contracts/lead';
import { useBusinessNumber } from '@/entities/company';
import { useTRPC } from '@/shared/api-react';
import { formatPhone, fullDateTime } from '@/shared/lib/format';
import { usePhoneLayout } from '@/shared/lib/media';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { ScreenSpinner } from '@/shared/ui/spinner';

const PAGE_SIZE = 25;

type OutcomeFilter = TextBackOutcome | 'missed' | 'voicemail';

const OUTCOME_FILTERS: Array<{ value: OutcomeFilter; label: string }> = [
  { value: 'missed', label: 'Missed calls' },
  { value: 'voicemail', label: 'Left a voicemail' },
  ...TEXT_BACK_OUTCOMES.map((outcome) => ({ value: outcome, label: TEXT_BACK_OUTCOME_WORDS[outcome] })),
];

const OUTCOME_COLORS: Record<TextBackOutcome, string> = { not_needed: 'green', pending: 'yellow', texted: 'blue', skipped: 'gray', failed: 'red' };

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

type CallRow = NonNullable<ReturnType<typeof useCallHistory>['data']>['pages'][number]['items'][number];

/** "1:05" for 65 seconds; "0:08" for 8. */
function duration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

function Caller({ call }: { call: CallRow }) {
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

/** What happened to the call itself: answered (and for how long), or missed and why. */
function callSummary(call: CallRow): string {
  if (!call.missed) {
    if (call.status === 'ringing') return 'Ringing…';
    return call.talkSeconds !== null ? `Answered · talked ${duration(call.talkSeconds)}` : 'Answered';
  }
  const reason = call.missedReason ? MISSED_REASON_WORDS[call.missedReason as MissedReason] : 'Missed';
  return call.ringSeconds !== null && call.ringSeconds > 0 ? `${reason} · rang ${call.ringSeconds} s` : reason;
}

/** The text-back outcome chip in the words of contracts/call.ts, its reason, and what followed (replied, the lead). */
function OutcomeChips({ call }: { call: CallRow }) {
  const outcome = call.textBack.outcome as TextBackOutcome;
  const reason = call.textBack.reason ? TEXT_BACK_SKIP_REASON_WORDS[call.textBack.reason as TextBackSkipReason] : null;
  const leadStatus = call.lead?.status as LeadStatus | undefined;
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={4}>
        <Badge color={OUTCOME_COLORS[outcome] ?? 'gray'} variant="light" data-testid="call-outcome">
          {TEXT_BACK_OUTCOME_WORDS[outcome] ?? outcome}
        </Badge>
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

/** The voicemail: its length and its transcript as plain text (never HTML), or why there is no transcript. */
function Voicemail({ call }: { call: CallRow }) {
  const voicemail = call.voicemail;
  if (!voicemail) {
    return (
      <Text size="sm" c="dimmed">
        No voicemail
      </Text>
    );
  }
  const transcript =
    voicemail.transcriptStatus === 'completed' && voicemail.transcript
      ? `“${voicemail.transcript}”`
      : voicemail.transcriptStatus === 'pending'
        ? 'Writing out the message…'
        : voicemail.transcriptStatus === 'failed'
          ? 'This message could not be written out.'
          : 'Not written out (transcription was off).';
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        Voicemail · {duration(voicemail.seconds)}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="voicemail-transcript">
        {transcript}
      </Text>
    </Stack>
  );
}

function ConversationLink({ call, touch }: { call: CallRow; touch?: boolean }) {
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

function CallTable({ rows }: { rows: CallRow[] }) {
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
                    {formatPhone(call.from)}
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
                <Voicemail call={call} />
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

function CallCards({ rows }: { rows: CallRow[] }) {
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
            <Voicemail call={call} />
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
          {history.hasNextPage ? (
            <Group justify="center" mt="sm">
              <Button variant="default" size="sm" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
                Show more calls
              </Button>
            </Group>
          ) : null}
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
