import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, createFakeApi, renderScreen } from '@/shared/lib/test';
import { ApiKeysTab } from './api-keys-tab';

function Screen() {
  return (
    <>
      <h1>Settings</h1>
      <ApiKeysTab />
    </>
  );
}

const KEY = {
  id: 'k1',
  name: 'Zapier',
  prefix: 'll_live_1a2b3c4d',
  scopes: ['leads:read', 'leads:write'],
  rateLimitPerMinute: 120,
  createdAt: Date.parse('2026-11-20T18:00:00Z'),
  createdBy: 'Dana Rivera',
  lastUsedAt: Date.parse('2026-11-26T18:00:00Z'),
  lastUsedIp: '203.0.113.9',
  revokedAt: null,
};

describe('Settings → API keys', () => {
  it('creates a key with a name and scopes and shows it once; lists keys with their prefix and last use; revokes one', async () => {
    let keys: Array<typeof KEY> = [];
    const api = createFakeApi({
      'publicApi.keys.list': () => keys,
      'publicApi.keys.create': () => {
        keys = [KEY];
        return { key: 'll_live_1a2b3c4d_secretsecret', apiKey: KEY };
      },
      'publicApi.keys.revoke': () => {
        keys = [{ ...KEY, revokedAt: Date.parse('2026-11-27T18:00:00Z') } as unknown as typeof KEY];
        return keys[0];
      },
    });
    await renderScreen(Screen, { path: '/settings/api-keys', api });
    expect(await screen.findByRole('heading', { level: 2, name: 'No API keys' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Zapier');
    await userEvent.click(screen.getByRole('checkbox', { name: /Send texts/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent('ll_live_1a2b3c4d_secretsecret');
    expect(screen.getByText('Copy this key now: it is not shown again')).toBeInTheDocument();
    expect(api.callsTo('publicApi.keys.create')).toEqual([{ name: 'Zapier', scopes: ['leads:read', 'leads:write', 'messages:send'] }]);

    const row = await screen.findByTestId('api-key-row');
    expect(row).toHaveTextContent('ll_live_1a2b3c4d…');
    expect(row).toHaveTextContent('from 203.0.113.9');
    expect(row).not.toHaveTextContent('secretsecret');
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke key' }));
    expect(api.callsTo('publicApi.keys.revoke')).toEqual([{ id: 'k1' }]);
    expect(await screen.findByText(/^Revoked/)).toBeInTheDocument();
  });

  it('tells someone who is not the owner why they cannot see keys', async () => {
    const api = createFakeApi({ 'publicApi.keys.list': () => Promise.reject(apiError('FORBIDDEN', 'Only the owner can see and manage API keys.')) });
    await renderScreen(Screen, { path: '/settings/api-keys', api });
    expect(await screen.findByRole('heading', { level: 2, name: 'API keys are the owner’s' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create key' })).not.toBeInTheDocument();
  });
});
