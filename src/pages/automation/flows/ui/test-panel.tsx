import { Alert, Badge, Button, Group, Select, Stack, Text, Timeline, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FLOW_STEP_WORDS, FLOW_STOP_REASON_WORDS, type FlowStep } from '@contracts/flows';
import { formatPhone } from '@contracts/phone';
import { MoveTestTimeForward } from '@/features/move-test-time';
import { useTRPC } from '@/shared/api-react';
import { fullDateTime } from '@/shared/lib/format';

const RUN_WORDS = { active: 'Running', completed: 'Finished', stopped: 'Stopped', failed: 'Failed' } as const;

/**
 * The editor's "Test": the draft as it is now, run on one of the company's test phones (Settings → Phone), with its
 * steps shown as they happen; a wait can be skipped, or time moved forward, so a flow of days is tried in a minute.
 * The test phone must have texted the business first (the server says so otherwise).
 */
export function TestPanel({ flowId, blocked }: { flowId: string; blocked: boolean }) {
  const trpc = useTRPC();
  const devices = useQuery(trpc.phone.simulator.devices.queryOptions());
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const start = useMutation(trpc.flows.test.mutationOptions({ onSuccess: ({ runId: started }) => setRunId(started) }));
  const chosen = deviceId ?? devices.data?.[0]?.id ?? null;

  return (
    <Stack gap={6} component="section" aria-labelledby="flow-test">
      <Title order={3} fz="sm" id="flow-test">
        Test on a test phone
      </Title>
      {devices.data && devices.data.length === 0 ? (
        <Text size="xs" c="dimmed">
          Add a test phone in Settings → Phone and text your business from it; then run this flow on it here.
        </Text>
      ) : (
        <>
          <Select
            label="Test phone"
            data={(devices.data ?? []).map((device) => ({ value: device.id, label: formatPhone(device.e164) }))}
            value={chosen}
            allowDeselect={false}
            onChange={setDeviceId}
          />
          <Group>
            <Button size="xs" variant="light" disabled={!chosen || blocked} loading={start.isPending} onClick={() => chosen && start.mutate({ id: flowId, deviceId: chosen })}>
              Run the draft on it
            </Button>
          </Group>
          {blocked ? (
            <Text size="xs" c="dimmed">
              Fix what is listed above first.
            </Text>
          ) : null}
          {start.error ? (
            <Alert color="red" p="xs">
              {start.error.message}
            </Alert>
          ) : null}
        </>
      )}
      {runId ? <TestRun runId={runId} /> : null}
    </Stack>
  );
}

function TestRun({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const run = useQuery({
    ...trpc.flows.runs.get.queryOptions({ id: runId }),
    // Followed live while it runs (a second is the pace of a test: steps with no wait follow each other at once).
    refetchInterval: (query) => (query.state.data?.status === 'active' || !query.state.data ? 1000 : false),
  });
  const skip = useMutation(trpc.flows.runs.skipWait.mutationOptions({ onSuccess: () => void run.refetch() }));
  if (!run.data) return null;
  const waiting = run.data.status === 'active' ? run.data.steps.at(-1) : undefined;
  return (
    <Stack gap={6} aria-live="polite">
      <Group gap="xs">
        <Badge variant="light" color={run.data.status === 'active' ? 'blue' : run.data.status === 'completed' ? 'teal' : 'gray'}>
          {RUN_WORDS[run.data.status]}
        </Badge>
        {run.data.stopReason ? <Text size="xs">{FLOW_STOP_REASON_WORDS[run.data.stopReason]}</Text> : null}
      </Group>
      <Timeline bulletSize={12} lineWidth={2} aria-label="Steps of the test run">
        {run.data.steps.map((step) => (
          <Timeline.Item key={step.id} title={`${FLOW_STEP_WORDS[step.type as FlowStep['type']] ?? 'Check'} (${step.stepId})`}>
            <Text size="xs">{step.detail}</Text>
            {step.dueAt && step.outcome === 'waiting' ? (
              <Text size="xs" c="dimmed">
                until {fullDateTime(step.dueAt)}
              </Text>
            ) : null}
          </Timeline.Item>
        ))}
      </Timeline>
      {waiting?.outcome === 'waiting' ? (
        <Group>
          <Button size="compact-xs" variant="light" loading={skip.isPending} onClick={() => skip.mutate({ id: runId })}>
            Skip the wait
          </Button>
        </Group>
      ) : null}
      {skip.error ? <Text size="xs" c="red">{skip.error.message}</Text> : null}
      <MoveTestTimeForward />
    </Stack>
  );
}
