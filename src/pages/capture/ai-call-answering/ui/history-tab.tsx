import { Button, Drawer, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { AI_CALL_OUTCOME_WORDS, AI_CALL_OUTCOMES, type AiCallOutcome } from '@contracts/voice-agent';
import { callDuration } from '@/entities/call';
import { fullDateTime } from '@/shared/lib/format';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { MoreButton } from '@/shared/ui/more-button';
import { type AiCallItem, useAiCalls } from '../api/voice-agent.queries';
import { AiCallDetails, CallLinks, callerName, followUpWords, OutcomeBadge } from './ai-call-details';

const OUTCOME_FILTERS = AI_CALL_OUTCOMES.map((outcome) => ({ value: outcome, label: AI_CALL_OUTCOME_WORDS[outcome].label }));

/**
 * The open call lives in the address (`?call=<id>`): the "call answered by the AI" notification links straight to
 * it, a reload keeps it, and Back closes it.
 */
function useSelectedCall(): [string | null, (id: string | null) => void] {
  const selected = useRouterState({
    select: (state) => {
      const value = (state.location.search as Record<string, unknown>).call;
      return typeof value === 'string' && value.length > 0 ? value : null;
    },
  });
  const navigate = useNavigate();
  const select = useCallback((id: string | null) => void navigate({ to: '/ai-call-answering/history', search: id ? { call: id } : {} }), [navigate]);
  return [selected, select];
}

function CallRow({ call, onOpen }: { call: AiCallItem; onOpen: () => void }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="ai-call-row">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {callerName(call)}
            </Text>
            <OutcomeBadge call={call} />
          </Group>
          <Text size="xs" c="dimmed">
            {fullDateTime(call.startedAt)}
            {call.durationSeconds !== null ? ` · ${callDuration(call.durationSeconds)}` : ''}
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {call.summary ?? (call.outcome ? 'No summary.' : 'The call is still going on, or being processed.')}
        </Text>
        <Text size="xs" c="dimmed">
          {followUpWords(call.followUp)}
        </Text>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <CallLinks call={call} />
          <Button size="xs" variant="light" onClick={onOpen} aria-label={`Transcript of the call from ${callerName(call)}, ${fullDateTime(call.startedAt)}`}>
            Transcript{call.recording ? ' and recording' : ''}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /ai-call-answering/history: the calls the assistant took, newest first, by outcome, each with its transcript. */
export function HistoryTab() {
  const [outcome, setOutcome] = useState<AiCallOutcome | null>(null);
  const [selected, select] = useSelectedCall();
  // Keep showing the last call while the drawer slides closed.
  const [shownId, setShownId] = useState(selected);
  if (selected && selected !== shownId) setShownId(selected);
  const calls = useAiCalls(outcome);

  let body;
  if (calls.isPending) body = <ScreenSpinner />;
  else if (calls.isError) body = <LoadError title="Couldn’t load the calls" error={calls.error} onRetry={calls.refetch} />;
  else {
    const rows = calls.data.pages.flatMap((page) => page.items);
    if (rows.length === 0 && outcome) {
      body = (
        <EmptyState
          icon="⌕"
          title={`No calls ended “${AI_CALL_OUTCOME_WORDS[outcome].label.toLowerCase()}”`}
          description="Try another outcome, or show every call."
          action={
            <Button variant="light" onClick={() => setOutcome(null)}>
              Show every call
            </Button>
          }
        />
      );
    } else if (rows.length === 0) {
      body = (
        <EmptyState
          icon="☎"
          title="No answered calls yet"
          description="Every call the assistant answers is listed here as soon as it ends: how it ended, a short summary, the transcript turn by turn and the recording when calls are recorded."
          action={
            <Button component={Link} to="/ai-call-answering/basic" variant="light">
              Check call answering settings
            </Button>
          }
        />
      );
    } else {
      body = (
        <>
          <Stack gap="sm" component="ul" aria-label="Calls the assistant answered" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((call) => (
              <CallRow key={call.id} call={call} onOpen={() => select(call.id)} />
            ))}
          </Stack>
          <MoreButton pages={calls} label="Load more calls" />
        </>
      );
    }
  }

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" role="search" aria-label="Filter calls">
        <Select
          label="Outcome"
          placeholder="All calls"
          data={OUTCOME_FILTERS}
          value={outcome}
          onChange={(value) => setOutcome(value as AiCallOutcome | null)}
          clearable
          w={{ base: '100%', sm: 220 }}
        />
      </Group>
      {body}
      <Drawer opened={selected !== null} onClose={() => select(null)} position="right" size="lg" title="Call answered by the AI" padding="lg" closeButtonProps={{ 'aria-label': 'Close the call' }}>
        {shownId ? <AiCallDetails key={shownId} id={shownId} /> : null}
      </Drawer>
    </Stack>
  );
}
