import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../../shared/testing/fake-api';
import { renderScreen } from '../../testing';
import { LogsPage } from './logs-page';

describe('LogsPage', () => {
  it('shows the four log types, each with its own empty state', async () => {
    const api = createFakeApi({ 'logs.messages': () => ({ items: [], total: 0 }) });
    const { heading } = await renderScreen(LogsPage, { path: '/logs', api });
    expect(heading).toHaveTextContent('Logs');

    const tabList = screen.getByRole('tablist', { name: 'Log type' });
    expect(within(tabList).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Messages', 'Webhook deliveries', 'AI decisions', 'Audit log',
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'No messages yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up your business number' })).toHaveAttribute('href', '/settings/phone');

    await userEvent.click(screen.getByRole('tab', { name: 'Webhook deliveries' }));
    expect(screen.getByRole('heading', { level: 2, name: 'No webhook deliveries yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a webhook endpoint' })).toHaveAttribute('href', '/integrations');

    await userEvent.click(screen.getByRole('tab', { name: 'AI decisions' }));
    expect(screen.getByRole('heading', { level: 2, name: 'No assistant decisions yet' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Audit log' }));
    expect(screen.getByRole('heading', { level: 2, name: 'No changes recorded yet' })).toBeInTheDocument();
  });
});
