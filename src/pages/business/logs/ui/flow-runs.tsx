import { Badge, Button, Group, Paper, Select, Stack, Text, TextInput, Timeline } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FLOW_STEP_WORDS, FLOW_STOP_REASON_WORDS, type FlowRunStatus } from '@contracts/flows';
import { formatPhone } from '@contracts/phone';
import { invalidateFlows, useFlows } from '@/entities/flow';
import { useTRPC, useTRPCClient } from '@/shared/api-react';
import { CsvButton } from '@/shared/ui/csv-button';
import { fullDateTime } from '@/shared/lib/format';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { ScreenSpinner } from '@/shared/ui/spinner';

const PAGE_SIZE = 30;

const STATUS_WORDS: Record<FlowRunStatus, string> = { active: 'Running', completed: 'Finished', stopped: 'Stopped', failed: 'Failed' };
const STATUS_COLOURS: Record<FlowRunStatus, string> = { active: 'teal', completed: 'gray', stopped: 'orange', failed: 'red' };
/** The run log's words for a step, and for the guards that stopped a run. */
const STEP_WORDS: Record<string, string> = { ...FLOW_STEP_WORDS, send_sms: 'Text', guard: 'Check' };

/**
 * Logs → Flow runs (issue 23 item 6): each run of an automation (the no-reply follow-ups and the company's own
 * flows), newest first, searchable by the lead's name or number and filtered by flow and by how it ended; "Steps" opens the run's step log: what ran,
 * when, and why it waited or stopped.
 */
export function FlowRuns() {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<FlowRunStatus | null>(null);
  const [flowId, setFlowId] = useState<string | null>(null);
  const flows = useFlows();
  const client = useTRPCClient();
  const exportFilters = { ...(search.trim() ? { search: search.trim() } : {}), ...(status ? { status } : {}), ...(flowId ? { flowId } : {}) };
  const runs = useInfiniteQuery(
    trpc.flows.runs.list.infiniteQueryOptions(
      { limit: PAGE_SIZE, ...(search.trim() ? { search: search.trim() } : {}), ...(status ? { status } : {}), ...(flowId ? { flowId } : {}) },
      // The list stays on the screen while the next search loads (the filters are never taken away from under the typing).
      { getNextPageParam: (last) => last.nextCursor, placeholderData: keepPreviousData },
    ),
  );
  const filters = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput label="Search" placeholder="Name or number" value={search} onChange={(event) => setSearch(event.currentTarget.value)} w={240} />
      <Select label="Flow" placeholder="Any" clearable w={220} data={(flows.data ?? []).map((flow) => ({ value: flow.id, label: flow.name }))} value={flowId} onChange={setFlowId} />
      <Select
        label="Outcome"
        placeholder="Any"
        clearable
        w={180}
        data={(Object.keys(STATUS_WORDS) as FlowRunStatus[]).map((value) => ({ value, label: STATUS_WORDS[value] }))}
        value={status}
        onChange={(value) => setStatus(value as FlowRunStatus | null)}
      />
      <CsvButton what="runs" load={() => client.logs.exportCsv.flowRuns.query(exportFilters)} />
    </Group>
  );
  if (runs.isPending) return <Stack gap="md">{filters}<ScreenSpinner /></Stack>;
  if (runs.isError) return <Stack gap="md">{filters}<LoadError title="Couldn’t load the flow runs" error={runs.error} onRetry={runs.refetch} /></Stack>;
  const rows = runs.data.pages.flatMap((page) => page.items);
  return (
    <Stack gap="md">
      {filters}
      {rows.length === 0 ? (
        <EmptyState
          icon="⚡"
          title={search || status || flowId ? 'No runs match' : 'No flow runs yet'}
          description={
            search || status || flowId
              ? 'Try another name or number, any flow or any outcome.'
              : 'When an automation reaches a lead (the no-reply follow-ups or a flow of your own), each run is listed here with every step it took.'
          }
        />
      ) : (
        <Stack gap="sm" component="ul" aria-label="Flow runs" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((run) => (
            <RunRow key={run.id} run={run} />
          ))}
        </Stack>
      )}
      {runs.hasNextPage ? (
        <Button variant="light" onClick={() => void runs.fetchNextPage()} loading={runs.isFetchingNextPage}>
          Show older runs
        </Button>
      ) : null}
    </Stack>
  );
}

type Run = { id: string; flowName: string; contactName: string | null; phone: string | null; status: FlowRunStatus; stopReason: keyof typeof FLOW_STOP_REASON_WORDS | null; startedAt: number; endedAt: number | null; test: boolean };

function RunRow({ run }: { run: Run }) {
  const [open, setOpen] = useState(false);
  const who = run.contactName ?? (run.phone ? formatPhone(run.phone) : 'Unknown');
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="flow-run">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {who} · {run.flowName}
            </Text>
            {run.test ? (
              <Badge size="xs" variant="outline" color="gray">
                Test phone
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            Started {fullDateTime(run.startedAt)}
            {run.endedAt ? ` · ended ${fullDateTime(run.endedAt)}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          <Badge color={STATUS_COLOURS[run.status]} variant="light">
            {STATUS_WORDS[run.status]}
          </Badge>
          {run.stopReason ? <Text size="sm">{FLOW_STOP_REASON_WORDS[run.stopReason]}</Text> : null}
          <Button size="xs" variant="subtle" onClick={() => setOpen(!open)} aria-expanded={open} aria-label={`Steps of the run for ${who}`}>
            {open ? 'Hide steps' : 'Steps'}
          </Button>
        </Group>
      </Group>
      {open ? <RunSteps runId={run.id} who={who} canSkip={run.test && run.status === 'active'} /> : null}
    </Paper>
  );
}

function RunSteps({ runId, who, canSkip }: { runId: string; who: string; canSkip: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const steps = useQuery(trpc.flows.runs.steps.queryOptions({ id: runId }));
  // A test phone's run: its wait can be skipped (real customers' waits keep their time).
  const skip = useMutation(trpc.flows.runs.skipWait.mutationOptions({ onSuccess: () => invalidateFlows(queryClient) }));
  if (steps.isPending) return <ScreenSpinner />;
  if (steps.isError) return <LoadError title="Couldn’t load the steps" error={steps.error} onRetry={steps.refetch} />;
  const waiting = canSkip && steps.data.at(-1)?.outcome === 'waiting';
  return (
    <>
    <Timeline mt="sm" bulletSize={14} lineWidth={2} aria-label={`Step log for ${who}`}>
      {steps.data.map((step) => (
        <Timeline.Item key={step.id} title={`${STEP_WORDS[step.type] ?? step.type} (${step.stepId})`}>
          <Text size="sm">{step.detail}</Text>
          <Text size="xs" c="dimmed">
            {fullDateTime(step.at)}
            {step.dueAt ? ` · ${step.outcome === 'waiting' ? 'until' : 'goes'} ${fullDateTime(step.dueAt)}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
    {waiting ? (
      <Group mt="xs" gap="xs">
        <Button size="compact-xs" variant="light" loading={skip.isPending} onClick={() => skip.mutate({ id: runId })}>
          Skip the wait (test phone)
        </Button>
        {skip.error ? <Text size="xs" c="red">{skip.error.message}</Text> : null}
      </Group>
    ) : null}
    </>
  );
}
