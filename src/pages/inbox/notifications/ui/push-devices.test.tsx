import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiHandlers, createFakeApi, renderScreen } from '@/shared/lib/test';
import { deviceLabel } from '@/shared/lib/web-push';
import { NotificationsPage } from './notifications-page';

const DEVICE = {
  id: '00000000-0000-4000-8000-000000000001',
  label: 'Chrome on Android',
  events: ['new_lead'],
  preview: 'title',
  createdAt: Date.UTC(2026, 10, 20, 15, 0),
  lastSentAt: null,
  endpointHost: 'fcm.googleapis.com',
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
};

async function renderPanel(handlers: ApiHandlers) {
  const api = createFakeApi({
    'notifications.push.config': () => ({ available: true, publicKey: 'BPublicKey' }),
    'notifications.push.devices': () => [DEVICE],
    'notifications.list': () => ({ items: [], nextCursor: null }),
    'notifications.unreadCount': () => ({ count: 0 }),
    'notifications.preferences': () => [],
    'phone.get': () => ({ number: null, twilioConfigured: false, alertPhone: '+14155550100', protectedNumbers: [] }),
    ...handlers,
  });
  await renderScreen(NotificationsPage, { path: '/notifications', api });
  return { api, user: userEvent.setup() };
}

afterEach(() => notifications.clean());

describe('PushDevices', () => {
  it('says plainly when the server has no VAPID keys, and offers no control', async () => {
    await renderPanel({ 'notifications.push.config': () => ({ available: false, publicKey: null }), 'notifications.push.devices': () => [] });
    const panel = await screen.findByRole('region', { name: 'Push notifications on your devices' });
    expect(await within(panel).findByRole('note')).toHaveTextContent('Push notifications aren’t set up on this LeadLoop server yet');
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('tells a browser without push what to do instead of showing a button that cannot work', async () => {
    // jsdom has no PushManager: the same as a browser without Web Push.
    await renderPanel({ 'notifications.push.devices': () => [] });
    const panel = await screen.findByRole('region', { name: 'Push notifications on your devices' });
    expect(await within(panel).findByRole('note')).toHaveTextContent('This browser can’t receive push notifications');
    expect(screen.queryByRole('button', { name: 'Turn on for this device' })).not.toBeInTheDocument();
    expect(screen.getByText('No device gets push notifications yet.')).toBeInTheDocument();
  });

  it('lists each device with its events and preview; changes and removal are saved', async () => {
    const update = vi.fn((input: unknown) => ({ ...DEVICE, ...(input as object) }));
    const remove = vi.fn(() => ({ id: DEVICE.id }));
    const { user } = await renderPanel({ 'notifications.push.update': update, 'notifications.push.remove': remove });
    const device = await screen.findByRole('article', { name: 'Chrome on Android' });
    expect(within(device).getByText(/not notified yet/)).toBeInTheDocument();
    expect(within(device).getByRole('checkbox', { name: 'New lead' })).toBeChecked();
    expect(within(device).getByRole('radio', { name: 'Only who it is' })).toBeChecked();

    await user.click(within(device).getByRole('checkbox', { name: 'Opt-out' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ id: DEVICE.id, events: ['new_lead', 'opt_out'] }));
    await user.click(within(device).getByRole('radio', { name: 'Only “New activity in LeadLoop”' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ id: DEVICE.id, preview: 'none' }));
    await user.click(within(device).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ id: DEVICE.id }));
  });
});

describe('deviceLabel', () => {
  it('names the browser and the system', () => {
    expect(deviceLabel('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1')).toBe('Safari on iPhone');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge on Windows');
    expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Linux');
  });
});
