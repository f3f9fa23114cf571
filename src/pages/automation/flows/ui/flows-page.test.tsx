import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { FlowEditorPage } from './flow-editor-page';
import { FlowsPage } from './flows-page';
import { NewFlowPage } from './new-flow-page';

describe('FlowsPage', () => {
  it('shows no flows yet and links to a new flow', async () => {
    const { heading } = await renderScreen(FlowsPage, { path: '/flows' });
    expect(heading).toHaveTextContent('Flows');
    expect(screen.getByRole('heading', { name: 'No flows yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New flow' })).toHaveAttribute('href', '/flows/new');
    expect(screen.getByRole('link', { name: 'Create your first flow' })).toHaveAttribute('href', '/flows/new');
  });
});

describe('NewFlowPage', () => {
  it('lets you look at the triggers, says flows can’t be created yet, with no disabled look-alike Create button', async () => {
    const { heading } = await renderScreen(NewFlowPage, { path: '/flows/new' });
    expect(heading).toHaveTextContent('New flow');

    const missedCall = screen.getByRole('button', { name: /A call is missed/ });
    expect(missedCall).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(missedCall);
    expect(missedCall).toHaveAttribute('aria-pressed', 'true');

    expect(screen.getByText(/Flows can’t be created in your account yet/)).toBeInTheDocument();
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
