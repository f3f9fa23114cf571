import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { LogsPage } from './logs-page';

describe('LogsPage', () => {
  it('shows the log types, each with its own empty state', async () => {
    const api = createFakeApi({
      'logs.messages': () => ({ items: [], total: 0 }),
      'logs.deadLetters': () => ({ items: [], total: 0 }),
      'logs.audit': () => ({ items: [], nextCursor: null }),
      'flows.runs.list': () => ({ items: [], nextCursor: null }),
      'ai.turns': () => ({ items: [], nextBefore: null }),
      'publicApi.requests': () => ({ items: [], nextCursor: null }),
      'webhooks.deliveries.list': () => ({ items: [], nextCursor: null }),
      'webhooks.endpoints.list': () => [],
      'integrations.syncLog': () => [],
      'phone.get': () => ({ number: null, twilioConfigured: false, alertPhone: null, protectedNumbers: [] }),
    });
    const { heading } = await renderScreen(LogsPage, { path: '/logs', api });
    expect(heading).toHaveTextContent('Logs');

    const tabList = screen.getByRole('tablist', { name: 'Log type' });
    expect(within(tabList).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Messages', 'Flow runs', 'Webhook deliveries', 'API requests', 'AI decisions', 'Integrations', 'Audit log', 'Failed tasks',
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'No messages yet' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Set up your business number' })).toHaveAttribute('href', '/settings/phone');

    await userEvent.click(screen.getByRole('tab', { name: 'Flow runs' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'No flow runs yet' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Webhook deliveries' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'No webhook deliveries yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a webhook endpoint' })).toHaveAttribute('href', '/integrations');

    await userEvent.click(screen.getByRole('tab', { name: 'API requests' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'No API requests yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage API keys' })).toHaveAttribute('href', '/settings/api-keys');

    await userEvent.click(screen.getByRole('tab', { name: 'AI decisions' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'No AI decisions yet' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Integrations' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Nothing synced yet' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Audit log' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'No changes recorded yet' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Failed tasks' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Nothing has failed' })).toBeInTheDocument();
  });

  it('lists failed tasks with their reason and tries one again', async () => {
    const failed = { id: '7b0c4a63-5b7e-4f44-9d34-3f0a3c1c2d11', kind: 'Team notification', attempts: 8, problem: 'The mail server refused the address.', createdAt: 1_700_000_000_000, failedAt: 1_700_000_600_000 };
    let retried: unknown = null;
    const api = createFakeApi({
      'logs.messages': () => ({ items: [], total: 0 }),
      'logs.deadLetters': () => (retried ? { items: [], total: 0 } : { items: [failed], total: 1 }),
      'logs.retryJob': (input: unknown) => {
        retried = input;
        return { id: failed.id, status: 'pending' };
      },
    });
    await renderScreen(LogsPage, { path: '/logs', api });
    await userEvent.click(screen.getByRole('tab', { name: 'Failed tasks' }));
    const table = await screen.findByRole('table', { name: 'Failed tasks' });
    expect(within(table).getByText('Team notification')).toBeInTheDocument();
    expect(within(table).getByText('Tried 8 times')).toBeInTheDocument();
    expect(within(table).getByText('The mail server refused the address.')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Try again: Team notification' }));
    expect(retried).toEqual({ id: failed.id });
    expect(await screen.findByRole('heading', { level: 2, name: 'Nothing has failed' })).toBeInTheDocument();
  });

  it('shows the audit rows the server recorded, and pages on with the cursor it gave', async () => {
    const row = (id: string, what: string, extra: Record<string, unknown> = {}) => ({ id, at: 1_700_000_000_000, actor: 'Mike Rivera', actorKind: 'user', action: 'x', what, detail: null, link: null, ...extra });
    const api = createFakeApi({
      'logs.messages': () => ({ items: [], total: 0 }),
      'logs.audit': (input) =>
        (input as { cursor?: string }).cursor === 'older'
          ? { items: [row('a3', 'Took a test number')], nextCursor: null }
          : { items: [row('a1', 'Changed a lead', { detail: 'Fields: status', link: '/leads?lead=l1' }), row('a2', 'Added a lead')], nextCursor: 'older' },
    });
    await renderScreen(LogsPage, { path: '/logs', api });
    await userEvent.click(screen.getByRole('tab', { name: 'Audit log' }));
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(screen.queryByText('No changes recorded yet')).not.toBeInTheDocument();
    expect(within(table).getAllByTestId('audit-row').map((r) => r.textContent)).toEqual([
      expect.stringContaining('Mike RiveraChanged a leadFields: status'),
      expect.stringContaining('Mike RiveraAdded a lead'),
    ]);
    expect(within(table).getByRole('link', { name: 'Changed a lead' })).toHaveAttribute('href', '/leads?lead=l1');
    await userEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    expect(await within(table).findByText('Took a test number')).toBeInTheDocument();
    const calls = api.callsTo('logs.audit') as Array<{ limit: number; cursor?: string | null }>;
    expect(calls.map((c) => [c.limit, c.cursor ?? null])).toEqual([[50, null], [50, 'older']]);
    expect(screen.queryByRole('button', { name: 'Show older changes' })).not.toBeInTheDocument();
  });
});
