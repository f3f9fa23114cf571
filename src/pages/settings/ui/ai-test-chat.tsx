import { Alert, Button, Group, List, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { AI_LIMITS, AI_TURN_ACTION_WORDS, HANDOFF_REASON_WORDS, type QualifierQuestion } from '@contracts/ai';
import { truncate } from '@contracts/text';
import type { AppRouter } from '@/shared/api';
import { useTRPC } from '@/shared/api-react';
import { SectionPanel } from '@/shared/ui/section-panel';
import { ADAPTER_WORDS, LEAD_MOVE_WORDS } from '../lib/ai-words';

type TestChatResult = inferRouterOutputs<AppRouter>['ai']['testChat'];
type Decision = TestChatResult['decision'];

/** One exchange: what the tester typed as the customer, and the assistant's decision on it. */
interface Turn {
  said: string;
  result: TestChatResult;
}

/** The server takes at most this many lines of transcript, each at most this long (contracts/ai.ts). */
const MAX_LINES = AI_LIMITS.testChatLines;
const MAX_BODY = AI_LIMITS.testChatLine;

/** The transcript as the engine reads it: the tester's lines as the contact, the assistant's replies as the business. */
function transcriptOf(turns: Turn[]): Array<{ from: 'contact' | 'business'; body: string }> {
  return turns.flatMap((turn) => [{ from: 'contact' as const, body: turn.said }, ...(turn.result.decision.reply ? [{ from: 'business' as const, body: turn.result.decision.reply }] : [])]);
}

function actionWords(decision: Decision, held: string | null): string {
  if (decision.action === 'handoff') return `${AI_TURN_ACTION_WORDS.handoff}${decision.handoffReason ? `: ${HANDOFF_REASON_WORDS[decision.handoffReason]}` : ''}`;
  if (held) return AI_TURN_ACTION_WORDS.hold;
  return AI_TURN_ACTION_WORDS[decision.action];
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** Under each reply: what the assistant decided and why — the same things the AI decision log records. */
function DecisionDetails({ result, questions, itemNames }: { result: TestChatResult; questions: QualifierQuestion[]; itemNames: Map<string, string> }) {
  const { decision, held } = result;
  const answers = Object.entries(decision.answers);
  const questionText = (key: string) => questions.find((question) => question.key === key)?.text ?? key;
  return (
    <Stack gap={4} data-testid="test-chat-decision">
      <Fact label="Decision">{actionWords(decision, held)}</Fact>
      {held ? (
        <Text size="sm" c="orange.8">
          Approval mode is on: in a real thread this reply would wait for your approval. {held}
        </Text>
      ) : null}
      <Fact label="Answers found">
        {answers.length === 0 ? 'none' : answers.map(([key, value]) => `${questionText(key)} → ${value}`).join('; ')}
      </Fact>
      {decision.lead ? <Fact label="Lead would move to">{LEAD_MOVE_WORDS[decision.lead]}</Fact> : null}
      {decision.quotedItemIds.length > 0 ? <Fact label="Quoted from the price book">{decision.quotedItemIds.map((id) => itemNames.get(id) ?? 'an approved item').join(', ')}</Fact> : null}
      {decision.summary ? <Fact label="Lead summary">{decision.summary}</Fact> : null}
      <Fact label="Decided by">
        {decision.model} · {ADAPTER_WORDS[result.adapter]} · {result.latencyMs} ms
      </Fact>
      {decision.reasons.length > 0 ? (
        <List size="sm" spacing={2} aria-label="Why">
          {decision.reasons.map((reason, index) => (
            <List.Item key={index}>{reason}</List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}

function Bubble({ who, body, mine }: { who: string; body: string; mine: boolean }) {
  return (
    <Paper radius="md" p="xs" maw="90%" ml={mine ? 'auto' : 0} bg={mine ? 'blue.0' : 'gray.0'} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      <Text size="xs" c="dimmed">
        {who}
      </Text>
      <Text size="sm">{body}</Text>
    </Paper>
  );
}

/**
 * Settings → AI → Test chat: type as a customer and see what the assistant would answer and why. It runs the same
 * engine on the SAVED settings and approved prices (`ai.testChat`), with a sandbox conversation: nothing is texted
 * and nothing is stored. The answers found so far are sent back with each turn, as a real lead would keep them.
 */
export function TestChat({ assistantName, questions, itemNames, unsaved }: { assistantName: string; questions: QualifierQuestion[]; itemNames: Map<string, string>; unsaved: boolean }) {
  const trpc = useTRPC();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [draft, setDraft] = useState('');
  const send = useMutation(trpc.ai.testChat.mutationOptions());
  const transcript = transcriptOf(turns);
  const full = transcript.length + 1 > MAX_LINES;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const said = draft.trim();
    if (!said || send.isPending || full) return;
    send.mutate(
      { transcript: [...transcript, { from: 'contact', body: said }], answers },
      {
        onSuccess(result) {
          setTurns((current) => [...current, { said, result }]);
          setAnswers((current) => ({ ...current, ...Object.fromEntries(Object.entries(result.decision.answers).map(([key, value]) => [key, truncate(value, 300)])) }));
          setDraft('');
        },
      },
    );
  };
  const startOver = () => {
    setTurns([]);
    setAnswers({});
    setDraft('');
    send.reset();
  };
  const collected = Object.entries(answers);

  return (
    <SectionPanel
      id="ai-test-chat"
      title="Test chat"
      description="Type as a customer would. It uses your SAVED settings and approved prices; nothing is texted to anyone and nothing is stored."
    >
      <Stack gap="sm">
        {unsaved ? (
          <Alert color="yellow" variant="light" role="note" p="xs">
            You have unsaved changes above: the test chat answers with the settings as they were last saved.
          </Alert>
        ) : null}
        <Stack gap="xs" role="log" aria-label="Test conversation" aria-live="polite">
          {turns.length === 0 ? (
            <Text size="sm" c="dimmed">
              Try a first text, e.g. “Hi, my kitchen sink is clogged. How much do you charge?”
            </Text>
          ) : null}
          {turns.map((turn, index) => (
            <Stack key={index} gap={6}>
              <Bubble who="You, as the customer" body={turn.said} mine />
              {turn.result.decision.reply ? <Bubble who={`${assistantName} (assistant)`} body={turn.result.decision.reply} mine={false} /> : <Text size="sm" c="dimmed">(no reply)</Text>}
              <Paper withBorder radius="sm" p="xs">
                <DecisionDetails result={turn.result} questions={questions} itemNames={itemNames} />
              </Paper>
            </Stack>
          ))}
        </Stack>
        <Text size="sm" data-testid="test-chat-answers">
          <Text span fw={600}>
            Answers so far:
          </Text>{' '}
          {collected.length === 0 ? 'none yet' : collected.map(([key, value]) => `${questions.find((question) => question.key === key)?.text ?? key} → ${value}`).join('; ')}
        </Text>
        {send.isError ? (
          <Alert color="red" role="alert" p="xs">
            {send.error.message}
          </Alert>
        ) : null}
        {full ? (
          <Text size="sm" c="dimmed">
            The test chat holds {MAX_LINES} messages. Start over to try another conversation.
          </Text>
        ) : (
          <form onSubmit={submit} aria-label="Test chat message">
            <Stack gap="xs">
              <Textarea label="Your text, as the customer" autosize minRows={2} maxLength={MAX_BODY} value={draft} onChange={(event) => setDraft(event.currentTarget.value)} />
              <Group justify="space-between">
                <Button variant="subtle" onClick={startOver} disabled={turns.length === 0 && !draft}>
                  Start over
                </Button>
                <Button type="submit" loading={send.isPending} disabled={!draft.trim()}>
                  Send
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {full ? (
          <Group>
            <Button variant="light" onClick={startOver}>
              Start over
            </Button>
          </Group>
        ) : null}
      </Stack>
    </SectionPanel>
  );
}
