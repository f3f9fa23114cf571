import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { FlowRuns } from './flow-runs';

/** The tab as the Logs page shows it (renderScreen waits for the page heading). */
function FlowRunsScreen() {
  return (
    <>
      <h1>Logs</h1>
      <FlowRuns />
    </>
  );
}

const RUNS = [
  {
    id: 'run-1',
    flowId: 'f1',
    flowName: 'No-reply follow-ups',
    flowKind: 'follow_ups',
    contactId: 'c1',
    leadId: 'l1',
    contactName: 'Ana Ruiz',
    phone: '+14155550001',
    status: 'stopped',
    stopReason: 'replied',
    currentStepId: 'wait_2',
    startedAt: Date.parse('2026-11-26T18:00:00Z'),
    endedAt: Date.parse('2026-11-26T20:00:00Z'),
  },
  {
    id: 'run-2',
    flowId: 'f1',
    flowName: 'No-reply follow-ups',
    flowKind: 'follow_ups',
    contactId: 'c2',
    leadId: 'l2',
    contactName: null,
    phone: '+14155550002',
    status: 'active',
    stopReason: null,
    currentStepId: 'wait_2',
    startedAt: Date.parse('2026-11-27T18:00:00Z'),
    endedAt: null,
  },
];

const STEPS = [
  { id: 's1', stepId: 'send_1', type: 'send_sms', outcome: 'done', detail: 'Sent', messageId: 'm1', at: Date.parse('2026-11-26T18:00:00Z'), dueAt: null },
  { id: 's2', stepId: 'wait_2', type: 'wait', outcome: 'waiting', detail: 'Waiting for the next follow-up', messageId: null, at: Date.parse('2026-11-26T18:00:01Z'), dueAt: Date.parse('2026-11-27T17:00:00Z') },
  { id: 's3', stepId: 'wait_2', type: 'guard', outcome: 'stopped', detail: 'They replied', messageId: null, at: Date.parse('2026-11-26T20:00:00Z'), dueAt: null },
];

describe('Logs → Flow runs', () => {
  it('lists the runs with who, which flow, how each ended, and opens a run’s step log', async () => {
    const api = createFakeApi({ 'flows.runs.list': () => ({ items: RUNS, nextCursor: null }), 'flows.runs.steps': () => STEPS });
    await renderScreen(FlowRunsScreen, { path: '/logs', api });
    const list = await screen.findByRole('list', { name: 'Flow runs' });
    const rows = within(list).getAllByTestId('flow-run');
    expect(rows[0]).toHaveTextContent('Ana Ruiz · No-reply follow-ups');
    expect(rows[0]).toHaveTextContent('Stopped');
    expect(rows[0]).toHaveTextContent('They replied');
    expect(rows[1]).toHaveTextContent('(415) 555-0002 · No-reply follow-ups');
    expect(rows[1]).toHaveTextContent('Running');
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Steps of the run for Ana Ruiz' }));
    const log = await screen.findByLabelText('Step log for Ana Ruiz');
    expect(log).toHaveTextContent('Text (send_1)');
    expect(log).toHaveTextContent('Wait (wait_2)');
    expect(log).toHaveTextContent('until');
    expect(log).toHaveTextContent('They replied');
    expect(api.callsTo('flows.runs.steps')).toEqual([{ id: 'run-1' }]);
  });

  it('searches by name or number and filters by outcome; with nothing yet it says what will show up', async () => {
    const api = createFakeApi({ 'flows.runs.list': () => ({ items: [], nextCursor: null }) });
    await renderScreen(FlowRunsScreen, { path: '/logs', api });
    expect(await screen.findByText('No flow runs yet')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'Ana');
    await waitFor(() => expect(api.callsTo('flows.runs.list').at(-1)).toMatchObject({ search: 'Ana' }));
    expect(await screen.findByText('No runs match')).toBeInTheDocument();
  });
});
