import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FLOW_TEMPLATES } from '@contracts/flow-templates';
import { DEFAULT_FOLLOW_UPS } from '@contracts/flows';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { FlowEditorPage } from './flow-editor-page';
import { FlowsPage } from './flows-page';
import { NewFlowPage } from './new-flow-page';

const FOLLOW_UPS = { ...DEFAULT_FOLLOW_UPS, version: 1, canEdit: true, activeRuns: 3, sentThisWeek: 1, recent: [] };
const FOLLOW_UPS_ROW = { id: 'f0', kind: 'follow_ups', name: 'No-reply follow-ups', status: 'active', trigger: 'no_reply', published: true, runs: { active: 3, completed: 0, stopped: 0 }, lastRunAt: null };

describe('FlowsPage', () => {
  it('lists the built-in follow-ups from real data, says there are no flows of your own yet, and links to a new flow', async () => {
    const api = createFakeApi({ 'flows.followUps.get': () => FOLLOW_UPS, 'flows.list': () => [FOLLOW_UPS_ROW] });
    const { heading } = await renderScreen(FlowsPage, { path: '/flows', api });
    const builtIn = await screen.findByRole('region', { name: 'No-reply follow-ups' });
    expect(builtIn).toHaveTextContent('On');
    expect(builtIn).toHaveTextContent('3 leads in it now · 1 text in the last 7 days');
    expect(screen.getByRole('link', { name: 'Edit follow-ups' })).toHaveAttribute('href', '/chat-widget/follow-ups');
    expect(heading).toHaveTextContent('Flows');
    expect(await screen.findByRole('heading', { name: 'No flows yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New flow' })).toHaveAttribute('href', '/flows/new');
    expect(screen.getByRole('link', { name: 'Create your first flow' })).toHaveAttribute('href', '/flows/new');
  });

  it('lists the company’s own flows with status, trigger, runs by outcome and last run, each linking to its editor', async () => {
    const now = Date.now();
    const api = createFakeApi({
      'flows.followUps.get': () => FOLLOW_UPS,
      'flows.list': () => [
        FOLLOW_UPS_ROW,
        { id: '5b4c7a3e-1f1e-4c55-9a55-0c8a3d6a1b01', kind: 'custom', name: 'Web leads', status: 'active', trigger: 'form_submitted', published: true, runs: { active: 2, completed: 7, stopped: 1 }, lastRunAt: now - 5 * 60_000 },
        { id: '5b4c7a3e-1f1e-4c55-9a55-0c8a3d6a1b02', kind: 'custom', name: 'Draft idea', status: 'paused', trigger: null, published: false, runs: { active: 0, completed: 0, stopped: 0 }, lastRunAt: null },
      ],
    });
    await renderScreen(FlowsPage, { path: '/flows', api });
    const table = await screen.findByRole('table', { name: 'Your flows' });
    const [, web, draft] = within(table).getAllByRole('row');
    expect(web).toHaveTextContent(/Web leads\s*On\s*A form is sent on your website\s*2\s*7\s*1\s*5 min\. ago/);
    expect(within(web!).getByRole('link', { name: 'Web leads' })).toHaveAttribute('href', '/flows/5b4c7a3e-1f1e-4c55-9a55-0c8a3d6a1b01');
    expect(draft).toHaveTextContent(/Draft idea\s*Draft\s*Not published yet\s*0\s*0\s*0\s*Never/);
    expect(screen.queryByRole('heading', { name: 'No flows yet' })).not.toBeInTheDocument();
  });
});

describe('NewFlowPage', () => {
  it('offers a blank start and every template, each usable', async () => {
    const { heading } = await renderScreen(NewFlowPage, { path: '/flows/new', api: createFakeApi() });
    expect(heading).toHaveTextContent('New flow');
    const templates = screen.getByRole('list', { name: 'Templates' });
    expect(within(templates).getAllByRole('listitem')).toHaveLength(FLOW_TEMPLATES.length);
    expect(screen.getByRole('button', { name: 'Start blank' })).toBeEnabled();
    for (const template of FLOW_TEMPLATES.filter((t) => t.id !== 'blank')) expect(screen.getByRole('button', { name: `Use the template “${template.name}”` })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to flows' })).toHaveAttribute('href', '/flows');
  });

  it('creates the flow from the chosen template with the name typed, and opens it in the editor', async () => {
    const id = '5b4c7a3e-1f1e-4c55-9a55-0c8a3d6a1b03';
    const template = FLOW_TEMPLATES.find((candidate) => candidate.id === 'new-web-lead')!;
    const api = createFakeApi({
      'flows.create': () => ({ id, name: 'Website leads', status: 'paused', version: 1, draft: template.graph, problems: [], canEdit: true, publishedNumber: null, versions: [] }),
    });
    const { router } = await renderScreen(NewFlowPage, { path: '/flows/new', api });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Website leads');
    await user.click(screen.getByRole('button', { name: 'Use the template “New web lead”' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/flows/${id}`));
    expect(api.callsTo('flows.create')).toEqual([{ name: 'Website leads', template: 'new-web-lead' }]);
  });
});

describe('FlowEditorPage', () => {
  it('says the flow was not found for an address that names none, and links back to the list', async () => {
    const api = createFakeApi();
    const { heading } = await renderScreen(FlowEditorPage, { path: '/flows/abc123', routePath: 'flows/$flowId', api });
    expect(api.callsTo('flows.get')).toEqual([]);
    expect(heading).toHaveTextContent('Flow editor');
    expect(screen.getByRole('heading', { name: 'Flow not found' })).toBeInTheDocument();
    expect(screen.getByText('abc123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to flows' })).toHaveAttribute('href', '/flows');
  });
});
