import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FLOW_TEMPLATES } from '@contracts/flow-templates';
import type { FlowGraph } from '@contracts/flows';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { FlowEditorPage } from './flow-editor-page';

const ID = '5b4c7a3e-1f1e-4c55-9a55-0c8a3d6a1b09';
const GRAPH = FLOW_TEMPLATES.find((template) => template.id === 'blank')!.graph;

function fakeServer(graph: FlowGraph = GRAPH) {
  let version = 1;
  let draft = graph;
  // The server's check of a saved draft's fields (here: only an empty text).
  const fieldProblems = () => draft.steps.flatMap((step) => (step.type === 'send_sms' && step.body.trim() === '' ? [{ stepId: step.id, field: 'body', message: 'The text cannot be empty' }] : []));
  const view = () => ({ id: ID, name: 'Welcome', status: 'paused', version, draft, problems: [], fieldProblems: fieldProblems(), canEdit: true, publishedNumber: null, versions: [] });
  return createFakeApi({
    'flows.get': view,
    'company.get': () => ({ name: 'Acme Plumbing' }),
    'team.members': () => [],
    'flows.saveDraft': (input) => {
      const { graph: saved, expectedVersion } = input as { graph: FlowGraph; expectedVersion: number };
      if (expectedVersion !== version) throw new Error('stale');
      version += 1;
      draft = saved;
      return view();
    },
  });
}

describe('the flow editor (/flows/:flowId)', () => {
  it('adds a step from the palette, lists what blocks publishing, autosaves the draft, and undoes', async () => {
    const api = fakeServer();
    await renderScreen(FlowEditorPage, { path: `/flows/${ID}`, routePath: 'flows/$flowId', api });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Ready to publish' }, { timeout: 5000 })).toBeInTheDocument();
    // Keyboard path: the trigger's step is chosen in the panel's "go to" list, no dragging needed.
    await user.click(screen.getByRole('button', { name: 'Add: Wait for a reply' }));
    const panel = screen.getByRole('complementary', { name: 'Step settings' });
    expect(within(panel).getByRole('heading', { name: /Wait for a reply/ })).toBeInTheDocument();
    // Unconnected: the new step is reached by nothing, so publishing is blocked and the reason is listed.
    expect(await within(panel).findByText('Nothing leads to “wait_for_reply_1”')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await waitFor(() => expect(api.callsTo('flows.saveDraft')).toHaveLength(1), { timeout: 3000 });
    expect(screen.getByText(/All changes saved/)).toBeInTheDocument();
    expect((api.callsTo('flows.saveDraft')[0] as { graph: FlowGraph }).graph.steps.map((step) => step.id)).toEqual(['text', 'wait_for_reply_1']);
    // Undo takes the step away again (and that is saved too).
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('heading', { name: 'Ready to publish' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('flows.saveDraft')).toHaveLength(2), { timeout: 3000 });
    expect((api.callsTo('flows.saveDraft')[1] as { graph: FlowGraph }).graph).toEqual(GRAPH);
  });

  it('builds trigger → wait for a reply → text without dragging: the trigger’s and the step’s “go to” lists', async () => {
    const api = fakeServer();
    await renderScreen(FlowEditorPage, { path: `/flows/${ID}`, routePath: 'flows/$flowId', api });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Ready to publish' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Add: Wait for a reply' }));
    const panel = screen.getByRole('complementary', { name: 'Step settings' });
    await user.click(within(panel).getByRole('combobox', { name: 'If “No reply”, go to' }));
    await user.click(await screen.findByRole('option', { name: 'Send a text (text)' }));
    const wait = within(panel).getByRole('textbox', { name: 'Wait up to' });
    await user.clear(wait);
    await user.type(wait, '2');
    // The trigger, chosen in the panel (or on the canvas), is pointed at the new step.
    await user.click(within(panel).getByRole('combobox', { name: 'Edit' }));
    await user.click(await screen.findByRole('option', { name: 'The trigger' }));
    expect(within(panel).getByRole('heading', { name: 'When this happens' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('combobox', { name: 'Then go to' }));
    await user.click(await screen.findByRole('option', { name: 'Wait for a reply (wait_for_reply_1)' }));
    expect(await within(panel).findByRole('heading', { name: 'Ready to publish' })).toBeInTheDocument();
    await waitFor(
      () => {
        const last = api.callsTo('flows.saveDraft').at(-1) as { graph: FlowGraph } | undefined;
        expect(last?.graph.start).toBe('wait_for_reply_1');
        expect(last?.graph.steps.find((step) => step.id === 'wait_for_reply_1')).toMatchObject({ minutes: 2 * 24 * 60, timeout: 'text', replied: null });
      },
      { timeout: 3000 },
    );
  });

  it('shows the field problems the server found in the saved draft beside the field, and blocks publishing until fixed', async () => {
    const api = fakeServer();
    await renderScreen(FlowEditorPage, { path: `/flows/${ID}`, routePath: 'flows/$flowId', api });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Ready to publish' }, { timeout: 5000 });
    const panel = screen.getByRole('complementary', { name: 'Step settings' });
    await user.click(within(panel).getByRole('combobox', { name: 'Edit' }));
    await user.click(await screen.findByRole('option', { name: 'Send a text (text)' }));
    await user.clear(within(panel).getByRole('textbox', { name: 'Text' }));
    // Beside the field, and in the list of what to fix.
    expect(await within(panel).findAllByText('The text cannot be empty', {}, { timeout: 3000 })).toHaveLength(2);
    expect(within(panel).getByRole('heading', { name: 'To fix before publishing (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await user.type(within(panel).getByRole('textbox', { name: 'Text' }), 'Hi {{first_name}');
    await waitFor(() => expect(within(panel).queryAllByText('The text cannot be empty')).toHaveLength(0), { timeout: 3000 });
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('tests the draft on a test phone: its steps show as they happen, and a wait can be skipped', async () => {
    const api = fakeServer();
    const RUN = '5b4c7a3e-1f1e-4c55-9a55-0c8a3d6a1b77';
    const DEVICE = '5b4c7a3e-1f1e-4c55-9a55-0c8a3d6a1b78';
    let skipped = false;
    Object.assign(api.handlers, {
      'phone.simulator.devices': () => [{ id: DEVICE, e164: '+13125550100', behavior: 'deliver' }],
      'flows.test': () => ({ runId: RUN }),
      'flows.runs.skipWait': () => {
        skipped = true;
        return { runs: 1, checks: 0 };
      },
      'flows.runs.get': () => ({
        id: RUN,
        status: skipped ? 'completed' : 'active',
        stopReason: null,
        currentStepId: 'text',
        test: true,
        steps: [
          { id: 's1', stepId: 'wait_1', type: 'wait', outcome: skipped ? 'done' : 'waiting', detail: skipped ? 'Waited 1 hour' : 'Waiting 1 hour', messageId: null, at: Date.now(), dueAt: skipped ? null : Date.now() + 3_600_000 },
          ...(skipped ? [{ id: 's2', stepId: 'text', type: 'send_sms', outcome: 'done', detail: 'Sent', messageId: null, at: Date.now(), dueAt: null }] : []),
        ],
      }),
    });
    await renderScreen(FlowEditorPage, { path: `/flows/${ID}`, routePath: 'flows/$flowId', api });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Ready to publish' }, { timeout: 5000 });
    const panel = screen.getByRole('complementary', { name: 'Step settings' });
    expect(await within(panel).findByRole('combobox', { name: 'Test phone' })).toHaveValue('(312) 555-0100');
    await user.click(within(panel).getByRole('button', { name: 'Run the draft on it' }));
    expect(api.callsTo('flows.test')).toEqual([{ id: ID, deviceId: DEVICE }]);
    const steps = await within(panel).findByLabelText('Steps of the test run');
    expect(steps).toHaveTextContent('Waiting 1 hour');
    await user.click(within(panel).getByRole('button', { name: 'Skip the wait' }));
    await waitFor(() => expect(within(panel).getByLabelText('Steps of the test run')).toHaveTextContent('Sent'), { timeout: 3000 });
    expect(within(panel).getByText('Finished')).toBeInTheDocument();
    expect(api.callsTo('flows.runs.skipWait')).toEqual([{ id: RUN }]);
  });

  it('replays the draft on past conversations and lists who would be texted differently, before and after', async () => {
    const api = fakeServer();
    api.handlers['flows.replay'] = () => ({
      compared: 12,
      same: 11,
      publishedNumber: 3,
      basis: 'runs',
      changed: [{ contactId: 'c1', contactName: 'Dana Reyes', phone: '+14155550102', before: { texts: ['Still there?'], actions: [] }, after: { texts: ['Still need a hand?'], actions: ['tag “warm”'] } }],
    });
    await renderScreen(FlowEditorPage, { path: `/flows/${ID}`, routePath: 'flows/$flowId', api });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Ready to publish' }, { timeout: 5000 });
    const replay = screen.getByRole('region', { name: 'Replay on past conversations' });
    expect(api.callsTo('flows.replay')).toEqual([]);
    await user.click(within(replay).getByRole('button', { name: 'Replay' }));
    expect(await within(replay).findByText('1 of 12 recent runs would get different texts than version 3.')).toBeInTheDocument();
    expect(replay).toHaveTextContent('Dana Reyes');
    expect(replay).toHaveTextContent('Live version“Still there?”Draft“Still need a hand?”tag “warm”');
  });
});
