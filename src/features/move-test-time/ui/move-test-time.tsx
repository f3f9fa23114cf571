import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFlows } from '@/entities/flow';
import { useTRPC } from '@/shared/api-react';

const STEPS = [
  { label: '+1 hour', minutes: 60 },
  { label: '+1 day', minutes: 24 * 60 },
] as const;

/**
 * "Move time forward" for the company's test phones (Settings → Phone): their flow waits and no-reply checks come
 * that much sooner, so a day-long flow or the +1 h follow-up can be tried now. Real customers' waits never move.
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
            ? result.runs + result.checks === 0
              ? 'Nothing was waiting on a test phone.'
              : `Moved ${result.runs} ${result.runs === 1 ? 'run' : 'runs'} and ${result.checks} ${result.checks === 1 ? 'follow-up check' : 'follow-up checks'} forward.`
            : null}
      </Text>
    </Group>
  );
}
