import { Alert, Badge, Box, Button, Group, Paper, ScrollArea, Stack, Switch, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { type KeyboardEvent, useCallback, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { type FlowGraph, flowProblems } from '@contracts/flows';
import { setCachedFlow, type FlowView } from '@/entities/flow';
import { memberName, useTeamMembers } from '@/entities/user';
import { useTRPC, useTRPCClient } from '@/shared/api-react';
import { formatDateTime } from '@/shared/lib/format';
import { type EditorView, flowEditorMachine, type SaveInput } from '../model/flow-editor.machine';
import { addStep, TRIGGER_NODE } from '../model/graph-edits';
import { layoutPositions, NODE_HEIGHT } from '../model/layout';
import { outputsOf, STEP_KINDS, STEP_TYPES, type StepType } from '../model/step-catalog';
import { FlowCanvas } from './flow-canvas';
import { Inspector } from './step-inspector';
import { ReplayPanel } from './replay-panel';
import { WebhookPanel } from './webhook-panel';
import { TestPanel } from './test-panel';

export interface FlowEditorProps {
  view: FlowView;
  businessName: string;
  canEdit: boolean;
}

/**
 * The field problems the server's schema found in the saved draft (an empty text, an unknown merge tag), by step id
 * (or "trigger") and field, for steps that still exist. Checked on the server at each autosave rather than here: zod's
 * constructors used in any screen ship in the chunk the sign-in page loads (decision 0037).
 */
function savedFieldErrors(view: FlowView, graph: FlowGraph): Map<string, Record<string, string>> {
  const errors = new Map<string, Record<string, string>>();
  for (const problem of view.fieldProblems) {
    const owner = problem.stepId ?? TRIGGER_NODE;
    if (owner !== TRIGGER_NODE && !graph.steps.some((step) => step.id === owner)) continue;
    errors.set(owner, { ...errors.get(owner), [problem.field]: problem.message });
  }
  return errors;
}

/** The line beside the name while the draft is on its way (failed and conflict say it in their own alert). */
const SAVE_LINES: Record<string, string | null> = { dirty: 'Saving…', saving: 'Saving…', publishing: 'Publishing…', restoring: 'Restoring…', failed: null, conflict: null };

/**
 * /flows/:flowId's editor: the canvas, the palette of steps, the selected step's settings, what keeps the flow from
 * running, and its versions. The editor's state is a machine (model/flow-editor.machine.ts): every change is kept
 * for undo/redo and autosaved to the draft; Publish makes the draft a version and turns the flow on.
 */
export function FlowEditor({ view, businessName, canEdit }: FlowEditorProps) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const members = useTeamMembers();
  const machine = useMemo(
    () =>
      flowEditorMachine.provide({
        actors: {
          saveDraft: fromPromise<EditorView, SaveInput>(async ({ input }) => {
            const saved = await client.flows.saveDraft.mutate({ id: input.flowId, expectedVersion: input.version, name: input.name, graph: input.graph });
            setCachedFlow(queryClient, saved);
            return saved;
          }),
          publish: fromPromise<EditorView, { flowId: string; version: number }>(async ({ input }) => {
            const published = await client.flows.publish.mutate({ id: input.flowId, expectedVersion: input.version });
            setCachedFlow(queryClient, published);
            return published;
          }),
          restore: fromPromise<EditorView, { flowId: string; version: number; number: number }>(async ({ input }) => {
            const restored = await client.flows.restoreVersion.mutate({ id: input.flowId, number: input.number, expectedVersion: input.version });
            setCachedFlow(queryClient, restored);
            return restored;
          }),
        },
      }),
    [client, queryClient],
  );
  const [state, send] = useMachine(machine, { input: { view } });
  const { graph, name, selected, error } = state.context;
  const status = useMutation(trpc.flows.setStatus.mutationOptions({ onSuccess: (next) => setCachedFlow(queryClient, next) }));

  const problems = useMemo(() => flowProblems(graph), [graph]);
  const fieldErrors = useMemo(() => savedFieldErrors(view, graph), [view, graph]);
  const problemsByStep = useMemo(() => {
    const counts = new Map<string, number>();
    for (const problem of problems) counts.set(problem.stepId ?? TRIGGER_NODE, (counts.get(problem.stepId ?? TRIGGER_NODE) ?? 0) + 1);
    for (const [id, fields] of fieldErrors) counts.set(id, (counts.get(id) ?? 0) + Object.keys(fields).length);
    return counts;
  }, [problems, fieldErrors]);
  const memberOptions = useMemo(() => (members.data ?? []).map((member) => ({ value: member.id, label: memberName(member) })), [members.data]);
  const nameOf = useCallback((id: string) => memberOptions.find((member) => member.value === id)?.label ?? null, [memberOptions]);

  const edit = (next: FlowGraph) => send({ type: 'edit', graph: next });
  const select = (id: string | null) => send({ type: 'select', id });
  const blocked = problems.length > 0 || fieldErrors.size > 0;
  const settled = state.matches('clean');

  const add = (type: StepType) => {
    // After the selected node's first way out that leads nowhere, placed under it.
    const source = selected === TRIGGER_NODE ? null : graph.steps.find((step) => step.id === selected);
    const free = source ? outputsOf(source).find((output) => output.target === null) : undefined;
    // Under the selected step, or under the whole flow when none is selected.
    const placed = layoutPositions(graph);
    const lowest = Object.values(placed).reduce((low, point) => (point.y > low.y ? point : low), placed[TRIGGER_NODE] ?? { x: 0, y: 0 });
    const at = source ? placed[source.id] : lowest;
    const { graph: next, id } = addStep(graph, type, source && free ? { source: source.id, handle: free.key } : null, at ? { x: at.x, y: at.y + NODE_HEIGHT + 60 } : undefined);
    edit(next);
    select(id);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, [contenteditable="true"]')) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      send({ type: event.shiftKey ? 'redo' : 'undo' });
    } else if (mod && event.key.toLowerCase() === 'y') {
      event.preventDefault();
      send({ type: 'redo' });
    }
  };

  const saveLine = state.value in SAVE_LINES ? (SAVE_LINES[state.value] ?? null) : state.context.savedAt ? 'All changes saved' : 'No changes yet';

  if (!canEdit) {
    return (
      <Alert color="gray" title="Only owners and admins edit flows">
        Ask an owner or admin of your company to change this flow.
      </Alert>
    );
  }

  return (
    <Stack gap="sm" onKeyDown={onKeyDown}>
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            <TextInput aria-label="Flow name" value={name} onChange={(event) => send({ type: 'rename', name: event.currentTarget.value })} maxLength={80} w={260} error={name.trim() ? undefined : 'Name the flow'} />
            <Badge color={view.status === 'active' ? 'teal' : 'gray'} variant="light">
              {view.status === 'active' ? 'On' : view.status === 'archived' ? 'Archived' : 'Off'}
            </Badge>
            <Text size="sm" c="dimmed" aria-live="polite">
              {saveLine}
              {view.publishedNumber ? ` · version ${view.publishedNumber} is live` : ' · not published yet'}
            </Text>
          </Group>
          <Group gap="xs">
            <Button variant="default" onClick={() => send({ type: 'undo' })} disabled={state.context.past.length === 0} aria-keyshortcuts="Control+Z">
              Undo
            </Button>
            <Button variant="default" onClick={() => send({ type: 'redo' })} disabled={state.context.future.length === 0} aria-keyshortcuts="Control+Shift+Z">
              Redo
            </Button>
            <Switch
              label="On"
              checked={view.status === 'active'}
              disabled={!view.publishedNumber || status.isPending}
              onChange={(event) => status.mutate({ id: view.id, status: event.currentTarget.checked ? 'active' : 'paused' })}
            />
            <Button onClick={() => send({ type: 'publish' })} disabled={blocked || !name.trim() || state.matches('publishing') || state.matches('conflict')}>
              Publish
            </Button>
          </Group>
        </Group>
      </Paper>

      {state.matches('failed') ? (
        <Alert color="red" title="Your changes aren’t saved yet">
          <Group justify="space-between">
            <Text size="sm">{error}</Text>
            <Button size="xs" onClick={() => send({ type: 'retry' })}>
              Save again
            </Button>
          </Group>
        </Alert>
      ) : state.matches('conflict') ? (
        <Alert color="orange" title="Someone else changed this flow">
          <Group justify="space-between">
            <Text size="sm">{error} Your last changes here are not saved.</Text>
            <Button
              size="xs"
              onClick={async () => {
                const fresh = await client.flows.get.query({ id: view.id });
                setCachedFlow(queryClient, fresh);
                send({ type: 'reload', view: fresh });
              }}
            >
              Load their version
            </Button>
          </Group>
        </Alert>
      ) : error ? (
        <Alert color="red" title="Not published">
          {error}
        </Alert>
      ) : null}
      {status.error ? <Alert color="red">{status.error.message}</Alert> : null}

      <Group align="stretch" gap="sm" wrap="nowrap" style={{ minHeight: 520 }}>
        <Paper withBorder radius="md" p="xs" w={190} component="nav" aria-label="Add a step">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
            Add a step
          </Text>
          <Stack gap={2}>
            {STEP_TYPES.map((type) => (
              <UnstyledButton key={type} onClick={() => add(type)} p={6} style={{ borderRadius: 6 }} className="flow-palette-item" aria-label={`Add: ${STEP_KINDS[type].label}`}>
                <Text size="sm" fw={500}>
                  {STEP_KINDS[type].label}
                </Text>
                <Text size="xs" c="dimmed">
                  {STEP_KINDS[type].hint}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </Paper>

        <Box style={{ flex: 1, minWidth: 0, height: 'calc(100vh - 260px)', minHeight: 520 }}>
          <Paper withBorder radius="md" h="100%">
            <FlowCanvas graph={graph} selected={selected} problemsByStep={problemsByStep} memberName={nameOf} onEdit={edit} onSelect={select} />
          </Paper>
        </Box>

        <Paper withBorder radius="md" p="sm" w={330} component="aside" aria-label="Step settings">
          <ScrollArea.Autosize mah="calc(100vh - 280px)">
            <Stack gap="lg">
              <Inspector graph={graph} selected={selected} fieldErrors={fieldErrors} members={memberOptions} businessName={businessName} onEdit={edit} onSelect={select} />
              <Problems problems={[...problems.map((problem) => ({ stepId: problem.stepId ?? TRIGGER_NODE, message: problem.message })), ...[...fieldErrors].flatMap(([stepId, fields]) => Object.values(fields).map((message) => ({ stepId, message })))]} onSelect={select} />
              {graph.trigger.type === 'webhook' ? <WebhookPanel flowId={view.id} /> : null}
              <ReplayPanel flowId={view.id} settled={settled} />
              <TestPanel flowId={view.id} blocked={blocked || !settled} />
              <Versions view={view} canRestore={settled} onRestore={(number) => send({ type: 'restore', number })} />
            </Stack>
          </ScrollArea.Autosize>
        </Paper>
      </Group>
    </Stack>
  );
}

function Problems({ problems, onSelect }: { problems: Array<{ stepId: string; message: string }>; onSelect: (id: string) => void }) {
  return (
    <Stack gap={4} component="section" aria-labelledby="flow-problems">
      <Title order={3} fz="sm" id="flow-problems">
        {problems.length === 0 ? 'Ready to publish' : `To fix before publishing (${problems.length})`}
      </Title>
      {problems.length === 0 ? (
        <Text size="xs" c="dimmed">
          Every step is reachable, set up, and no loop runs without a wait.
        </Text>
      ) : (
        problems.map((problem, index) => (
          <UnstyledButton key={`${problem.stepId}-${index}`} onClick={() => onSelect(problem.stepId)}>
            <Text size="xs" c="red">
              {problem.message}
            </Text>
          </UnstyledButton>
        ))
      )}
    </Stack>
  );
}

function Versions({ view, canRestore, onRestore }: { view: FlowView; canRestore: boolean; onRestore: (number: number) => void }) {
  return (
    <Stack gap={6} component="section" aria-labelledby="flow-versions">
      <Title order={3} fz="sm" id="flow-versions">
        Versions
      </Title>
      {view.versions.length === 0 ? (
        <Text size="xs" c="dimmed">
          Nothing published yet. Each Publish makes a version; runs already going keep the version they started on.
        </Text>
      ) : (
        view.versions.map((version) => (
          <Group key={version.number} justify="space-between" wrap="nowrap" align="flex-start">
            <Box>
              <Text size="sm" fw={500}>
                Version {version.number} {version.published ? <Badge size="xs" variant="light" color="teal">Live</Badge> : null}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(version.createdAt)} · {version.changes}
              </Text>
            </Box>
            <Button size="compact-xs" variant="subtle" disabled={!canRestore} onClick={() => onRestore(version.number)} aria-label={`Restore version ${version.number} into the draft`}>
              Restore
            </Button>
          </Group>
        ))
      )}
    </Stack>
  );
}
