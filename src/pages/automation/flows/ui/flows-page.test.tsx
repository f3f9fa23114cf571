import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FOLLOW_UPS } from '@contracts/flows';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { FlowEditorPage } from './flow-editor-page';
import { FlowsPage } from './flows-page';
import { NewFlowPage } from './new-flow-page';

describe('FlowsPage', () => {
  it('lists the built-in follow-ups from real data, shows no flows of your own yet, and links to a new flow', async () => {
    const api = createFakeApi({ 'flows.followUps.get': () => ({ ...DEFAULT_FOLLOW_UPS, version: 1, canEdit: true, activeRuns: 3, sentThisWeek: 1, recent: [] }) });
    const { heading } = await renderScreen(FlowsPage, { path: '/flows', api });
    const builtIn = await screen.findByRole('region', { name: 'No-reply follow-ups' });
    expect(builtIn).toHaveTextContent('On');
    expect(builtIn).toHaveTextContent('3 leads in it now · 1 text in the last 7 days');
    expect(screen.getByRole('link', { name: 'Edit follow-ups' })).toHaveAttribute('href', '/chat-widget/follow-ups');
    expect(heading).toHaveTextContent('Flows');
    expect(screen.getByRole('heading', { name: 'No flows yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New flow' })).toHaveAttribute('href', '/flows/new');
    expect(screen.getByRole('link', { name: 'Create your first flow' })).toHaveAttribute('href', '/flows/new');
  });
});

describe('NewFlowPage', () => {
  it('describes the triggers and steps, says flows can’t be created yet, and offers no choice it would throw away', async () => {
    const { heading } = await renderScreen(NewFlowPage, { path: '/flows/new' });
    expect(heading).toHaveTextContent('New flow');
    expect(screen.getByText(/Flows can’t be created yet/)).toBeInTheDocument();

    expect(screen.getByText('A call is missed')).toBeInTheDocument();
    // The triggers were toggle buttons whose choice was never saved: a control for a feature that does not exist.
    expect(screen.queryByRole('button', { name: /A call is missed/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create flow' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to flows' })).toHaveAttribute('href', '/flows');
  });
});

describe('FlowEditorPage', () => {
  it('says the flow was not found and links back to the list', async () => {
    const { heading } = await renderScreen(FlowEditorPage, { path: '/flows/abc123', routePath: 'flows/$flowId' });
    expect(heading).toHaveTextContent('Flow editor');
    expect(screen.getByRole('heading', { name: 'Flow not found' })).toBeInTheDocument();
    expect(screen.getByText('abc123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to flows' })).toHaveAttribute('href', '/flows');
  });
});
