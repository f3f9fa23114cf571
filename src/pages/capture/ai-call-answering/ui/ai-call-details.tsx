import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { isAnonymousCaller } from '@contracts/call';
import { LEAD_STATUS_WORDS, type LeadStatus } from '@contracts/lead';
import { AI_CALL_END_REASON_WORDS, AI_CALL_OUTCOME_WORDS, type AiCallEndReason, type AiCallOutcome, FOLLOW_UP_SKIP_WORDS, type FollowUpSkipReason } from '@contracts/voice-agent';
import { AudioPlayer, callDuration } from '@/entities/call';
import { formatPhone, fullDateTime } from '@/shared/lib/format';
import { LoadError } from '@/shared/ui/load-error';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { type AiCallDetail, type AiCallItem, useAiCall } from '../api/voice-agent.queries';

const OUTCOME_COLORS: Record<AiCallOutcome, string> = { booked: 'green', qualified: 'teal', transferred: 'orange', hung_up: 'gray' };

const TRANSFER_WORDS: Record<string, string> = {
  dialing: 'ringing the on-call number',
  completed: 'answered at the on-call number',
  no_answer: 'nobody picked up at the on-call number',
  busy: 'the on-call number was busy',
  failed: 'the transfer failed',
  canceled: 'the caller hung up during the transfer',
};

export function callerName(call: Pick<AiCallItem, 'contact' | 'from'>): string {
  if (call.contact) return call.contact.name;
  return isAnonymousCaller(call.from) ? 'Hidden number' : formatPhone(call.from);
}

/** The outcome badge, or "In progress" while the call is not processed yet. */
export function OutcomeBadge({ call }: { call: Pick<AiCallItem, 'outcome' | 'status'> }) {
  if (!call.outcome) {
    return (
      <Badge color="blue" variant="light">
        {call.status === 'ended' ? 'Processing' : 'In progress'}
      </Badge>
    );
  }
  return (
    <Badge color={OUTCOME_COLORS[call.outcome]} variant="light">
      {AI_CALL_OUTCOME_WORDS[call.outcome].label}
    </Badge>
  );
}

/** What became of the follow-up text: sent through the pipeline, waiting for the call's end, or why none went. */
export function followUpWords(followUp: AiCallItem['followUp']): string {
  if (followUp.status === 'queued') return 'Follow-up text sent';
  if (followUp.status === 'pending') return 'Follow-up text: after the call';
  const reason = followUp.skipReason as FollowUpSkipReason | null;
  return `No follow-up text: ${reason && reason in FOLLOW_UP_SKIP_WORDS ? FOLLOW_UP_SKIP_WORDS[reason].toLowerCase() : 'not sent'}`;
}

/** Open the caller's lead and their conversation (where the follow-up text is). */
export function CallLinks({ call }: { call: Pick<AiCallItem, 'lead' | 'conversationId' | 'contact'> }) {
  const leadStatus = call.lead?.status as LeadStatus | undefined;
  return (
    <Group gap="md" wrap="wrap">
      {call.lead ? (
        <Anchor size="sm" data-standalone renderRoot={(props) => <Link {...props} to="/leads" search={{ lead: call.lead!.id }} />}>
          Open lead{leadStatus ? ` (${LEAD_STATUS_WORDS[leadStatus] ?? leadStatus})` : ''}
        </Anchor>
      ) : null}
      {call.conversationId ? (
        <Anchor size="sm" data-standalone renderRoot={(props) => <Link {...props} to="/conversations" search={{ c: call.conversationId! }} />}>
          Open conversation
        </Anchor>
      ) : null}
      {call.contact ? (
        <Anchor size="sm" data-standalone renderRoot={(props) => <Link {...props} to="/clients/$id" params={{ id: call.contact!.id }} />}>
          Client
        </Anchor>
      ) : null}
    </Group>
  );
}

/** "0:07" from the call's start: where in the call a turn was said. */
const offset = (at: number, start: number) => callDuration(Math.max(0, (at - start) / 1000));

function Transcript({ call }: { call: AiCallDetail }) {
  if (call.turns.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing was said on this call.
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Transcript" data-testid="transcript">
      {call.turns.map((turn) => {
        const caller = turn.speaker === 'caller';
        return (
          <Paper key={turn.seq} component="li" withBorder radius="md" p="xs" bg={caller ? undefined : 'var(--mantine-color-gray-0)'} data-testid="transcript-turn">
            <Group gap="xs" justify="space-between" wrap="wrap">
              <Text size="xs" fw={700}>
                {caller ? 'Caller' : 'Assistant'}
              </Text>
              <Text size="xs" c="dimmed">
                <time dateTime={new Date(turn.at).toISOString()} title={fullDateTime(turn.at)}>
                  {offset(turn.at, call.startedAt)}
                </time>
                {turn.latencyMs !== null ? ` · replied in ${turn.latencyMs} ms` : ''}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {turn.kind === 'dtmf' ? `Pressed ${turn.text}` : turn.text}
            </Text>
            {turn.interrupted ? (
              <Text size="xs" c="dimmed">
                {turn.heard ? `The caller spoke over it after: “${turn.heard}”` : 'The caller spoke over it before it was said.'}
              </Text>
            ) : null}
          </Paper>
        );
      })}
    </Stack>
  );
}

/** One call the assistant took: how it went, its summary and answers, the recording, the transcript turn by turn. */
export function AiCallDetails({ id }: { id: string }) {
  const call = useAiCall(id);
  if (call.isPending) return <ScreenSpinner />;
  if (call.isError) return <LoadError title="Couldn’t load this call" error={call.error} onRetry={call.refetch} />;
  const c = call.data;
  const endReason = c.endReason as AiCallEndReason | null;
  return (
    <Stack gap="md" data-testid="ai-call-details">
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={3} fz="md">
            {callerName(c)}
          </Title>
          <OutcomeBadge call={c} />
        </Group>
        <Text size="sm" c="dimmed">
          {fullDateTime(c.startedAt)}
          {c.durationSeconds !== null ? ` · ${callDuration(c.durationSeconds)}` : ''}
          {c.contact && !isAnonymousCaller(c.from) ? ` · ${formatPhone(c.from)}` : ''}
        </Text>
        {endReason ? <Text size="sm">{AI_CALL_END_REASON_WORDS[endReason]}{c.transfer ? ` (${formatPhone(c.transfer.to)}${c.transfer.status ? `: ${TRANSFER_WORDS[c.transfer.status] ?? c.transfer.status}` : ''})` : ''}.</Text> : null}
        <CallLinks call={c} />
      </Stack>

      <Stack gap={4}>
        <Title order={4} fz="sm">
          Summary
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="ai-call-summary">
          {c.summary ?? 'No summary yet: it is written when the call is processed.'}
        </Text>
        <Text size="xs" c="dimmed">
          {followUpWords(c.followUp)}
        </Text>
      </Stack>

      {c.answers.length ? (
        <Stack gap={4}>
          <Title order={4} fz="sm">
            Answers taken
          </Title>
          <List size="sm" spacing={2} data-testid="ai-call-answers">
            {c.answers.map((answer) => (
              <List.Item key={answer.key}>
                {answer.question ?? answer.key}: {answer.value}
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}

      {c.recording ? (
        <Stack gap={4}>
          <Title order={4} fz="sm">
            Recording
          </Title>
          {c.recording.audioUrl ? (
            <AudioPlayer src={c.recording.audioUrl} label={`Play recording${c.recording.seconds ? ` (${callDuration(c.recording.seconds)})` : ''}`} />
          ) : (
            <Text size="sm" c="dimmed">
              The recording isn’t ready yet: it appears once the phone company has sent it.
            </Text>
          )}
        </Stack>
      ) : null}

      <Stack gap={4}>
        <Group gap="xs" justify="space-between">
          <Title order={4} fz="sm">
            Transcript
          </Title>
          {c.latency ? (
            <Text size="xs" c="dimmed" data-testid="ai-call-latency">
              Reply time: typically {c.latency.medianMs} ms, slowest {c.latency.maxMs} ms
            </Text>
          ) : null}
        </Group>
        <Transcript call={c} />
      </Stack>

      {c.lastError ? (
        <Text size="xs" c="dimmed">
          The phone company reported: {c.lastError}
        </Text>
      ) : null}
    </Stack>
  );
}
