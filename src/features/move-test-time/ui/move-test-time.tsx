import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFlows } from '@/entities/flow';
import { useTRPC } from '@/shared/api-react';

const STEPS = [
  { label: '+1 hour', minutes: 60 },
  { label: '+1 day', minutes: 24 * 60 },
] as const;

/** "Moved 1 run and 2 follow-up checks forward." — only what moved. */
function movedWords(result: { runs: number; checks: number; reviews: number }): string {
  const count = (n: number, one: string, many: string) => (n > 0 ? `${n} ${n === 1 ? one : many}` : null);
  const parts = [count(result.runs, 'run', 'runs'), count(result.checks, 'follow-up check', 'follow-up checks'), count(result.reviews, 'review request', 'review requests')].filter((part): part is string => part !== null);
  if (parts.length === 0) return 'Nothing was waiting on a test phone.';
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `Moved ${list} forward.`;
}

/**
 * "Move time forward" for the company's test phones (Settings → Phone): their flow waits and no-reply checks come
 * that much sooner (and review requests waiting to text one), so a day-long flow, the +1 h follow-up or a review request 2 h after a won job can be tried now. Real customers' waits never move.
 */
export function MoveTestTimeForward() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const move = useMutation(trpc.flows.moveTestTimeForward.mutationOptions({ onSuccess: () => invalidateFlows(queryClient) }));
  const result = move.data;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label="Move time forward for test phones">
      <Text size="sm">Move time forward for test phones:</Text>
      {STEPS.map((step) => (
        <Button key={step.minutes} size="compact-sm" variant="light" loading={move.isPending && move.variables?.minutes === step.minutes} onClick={() => move.mutate({ minutes: step.minutes })}>
          {step.label}
        </Button>
      ))}
      <Text size="sm" c={move.error ? 'red' : 'dimmed'} aria-live="polite">
        {move.error
          ? move.error.message
          : result
            ? movedWords(result)
            : null}
      </Text>
    </Group>
  );
}
