import { Anchor, Badge, Button, Group, List, Paper, Select, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { type ReactNode, useState } from 'react';
import { AI_TURN_ACTION_WORDS, AI_TURN_ACTIONS, type AiTurnAction } from '@contracts/ai';
import type { AppRouter } from '@/shared/api';
import { useTRPCClient } from '@/shared/api-react';
import { fullDateTime } from '@/shared/lib/format';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { CsvButton } from '@/shared/ui/csv-button';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { MoreButton } from '@/shared/ui/more-button';
import { aiKeys, type AiSettingsView, useAiSettings } from '@/entities/ai-assistant';
import { type AnswerLabels, answerRows } from '@/widgets/lead-details';

const PAGE_SIZE = 50;

type AiTurn = inferRouterOutputs<AppRouter>['ai']['turns']['items'][number];

const ACTION_COLORS: Record<AiTurnAction, string> = { reply: 'violet', handoff: 'orange', hold: 'yellow', skip: 'gray' };

/** What the reply field was, by what the turn did with it. */
const REPLY_LABELS: Record<AiTurnAction, string> = {
  reply: 'Its reply',
  handoff: 'Its reply before handing over',
  hold: 'Its reply, held for your approval',
  skip: 'What it would have said (not sent)',
};

/** Who decided: the engine's own rules (nothing asked of a model), the built-in assistant, or the model by name. */
function modelWords(model: string): string {
  if (model === 'engine') return 'LeadLoop’s rules (no model asked)';
  if (model === 'built-in') return 'Built-in assistant';
  return model;
}

function latencyWords(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function labelsFrom(settings: AiSettingsView | undefined): AnswerLabels | undefined {
  return settings ? { questions: settings.questions, missedCallQuestion: settings.missedCall.firstQuestion } : undefined;
}

/**
 * Logs → AI decisions: each assistant turn, newest first (`ai.turns`, pages of 50 going back with `before`): when,
 * with whom (a link to the thread), what it did, what they wrote, its reply, the answers it found, why (the reasons
 * the engine and the model gave), which model decided (and when the built-in assistant stood in), how long it took
 * and the tokens a model used.
 */
export function AiDecisions() {
  const client = useTRPCClient();
  const settings = useAiSettings();
  const [action, setAction] = useState<AiTurnAction | null>(null);
  const filters = action ? { action } : {};
  // `ai.turns` pages with `before` (the oldest time shown), not tRPC's `cursor`, so the pages are fetched here.
  const turns = useInfiniteQuery({
    queryKey: aiKeys.decisionLogPages(PAGE_SIZE, action),
    queryFn: ({ pageParam }) => client.ai.turns.query({ limit: PAGE_SIZE, ...filters, ...(pageParam === null ? {} : { before: pageParam }) }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
  const bar = (
    <Group gap="sm" align="flex-end" justify="space-between" wrap="wrap">
      <Select
        label="Decision"
        placeholder="Any"
        clearable
        w={220}
        data={AI_TURN_ACTIONS.map((value) => ({ value, label: AI_TURN_ACTION_WORDS[value] }))}
        value={action}
        onChange={(value) => setAction(value as AiTurnAction | null)}
      />
      <CsvButton what="decisions" load={() => client.logs.exportCsv.aiDecisions.query(filters)} />
    </Group>
  );
  if (turns.isPending) return <ScreenSpinner />;
  if (turns.isError) return <LoadError title="Couldn’t load the AI decisions" error={turns.error} onRetry={turns.refetch} />;
  const rows = turns.data.pages.flatMap((page) => page.items);
  if (rows.length === 0 && action) {
    return (
      <Stack gap="md">
        {bar}
        <EmptyState icon="✦" title="No decisions match" description="Try any decision." />
      </Stack>
    );
  }
  if (rows.length === 0) {
    const on = settings.data?.enabled === true;
    return (
      <EmptyState
        icon="✦"
        title="No AI decisions yet"
        description={
          on
            ? 'The assistant is on: each time it answers a text, hands a conversation to your team or holds a reply for approval, the decision and why show here.'
            : 'Turn the assistant on in Settings → AI. Then each time it answers a text, hands a conversation to your team or holds a reply for approval, the decision and why show here.'
        }
        action={
          on ? null : (
            <Button component={Link} to="/settings/ai" variant="light">
              Open Settings → AI
            </Button>
          )
        }
      />
    );
  }
  const labels = labelsFrom(settings.data);
  return (
    <Stack gap="sm">
      {bar}
      <Stack gap="sm" component="ul" aria-label="AI decisions" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((turn) => (
          <TurnCard key={turn.id} turn={turn} labels={labels} />
        ))}
      </Stack>
      <MoreButton pages={turns} label="Show older decisions" spaced={false} />
      {turns.isFetchNextPageError ? (
        <Text size="sm" c="red" ta="center" role="alert">
          Couldn’t load older decisions. Try again.
        </Text>
      ) : null}
    </Stack>
  );
}

function Part({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function TurnCard({ turn, labels }: { turn: AiTurn; labels: AnswerLabels | undefined }) {
  const action = turn.action;
  const answers = answerRows(turn.answers, labels);
  const meta = [
    `Decided by ${modelWords(turn.model)}`,
    ...(turn.fallback ? ['Fallback: built-in answered (the AI service was unavailable)'] : []),
    ...(turn.model === 'engine' ? [] : [`took ${latencyWords(turn.latencyMs)}`]),
    ...(turn.tokens ? [`${turn.tokens.prompt.toLocaleString('en-US')} tokens in, ${turn.tokens.completion.toLocaleString('en-US')} out`] : []),
  ];
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="ai-turn">
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Badge color={ACTION_COLORS[action]} variant="light">
              {AI_TURN_ACTION_WORDS[action]}
            </Badge>
            <Anchor size="sm" fw={600} data-standalone renderRoot={(props) => <Link {...props} to="/conversations" search={{ c: turn.conversationId }} />}>
              {turn.contact.name}
            </Anchor>
          </Group>
          <Text component="time" size="xs" c="dimmed" dateTime={new Date(turn.createdAt).toISOString()}>
            {fullDateTime(turn.createdAt)}
          </Text>
        </Group>

        {turn.newMessages.length ? (
          <Part label="They wrote">
            {turn.newMessages.map((text, index) => (
              <Text key={index} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                “{text}”
              </Text>
            ))}
          </Part>
        ) : null}

        {turn.reply ? (
          <Part label={REPLY_LABELS[action]}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {turn.reply}
            </Text>
          </Part>
        ) : null}

        {answers.length ? (
          <Part label="Answers it found">
            <List size="sm" spacing={2}>
              {answers.map(([question, answer], index) => (
                <List.Item key={index}>
                  {question}: <strong>{answer}</strong>
                </List.Item>
              ))}
            </List>
          </Part>
        ) : null}

        {turn.reasons.length ? (
          <Part label="Why">
            <List size="sm" spacing={2}>
              {turn.reasons.map((reason, index) => (
                <List.Item key={index}>{reason}</List.Item>
              ))}
            </List>
          </Part>
        ) : null}

        <Text size="xs" c="dimmed">
          {meta.join(' · ')}
        </Text>
      </Stack>
    </Paper>
  );
}
