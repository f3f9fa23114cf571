import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type ApiHandlers, createFakeApi, renderScreen } from '@/shared/lib/test';
import { NotificationsPage } from './notifications-page';

const MINUTE = 60_000;

// Half a minute past 5 minutes: the screen reads its clock a moment before or after this, and shows whole minutes.
function item(id: string, overrides: Record<string, unknown> = {}) {
  return { id, event: 'new_lead', title: `Title ${id}`, body: `Body ${id}`, link: null, read: false, createdAt: Date.now() - 5.5 * MINUTE, ...overrides };
}

const PREFERENCES = [
  { event: 'new_lead', in_app: true, email: true, sms: false },
  { event: 'new_message', in_app: true, email: false, sms: false },
  { event: 'opt_out', in_app: true, email: false, sms: false },
  { event: 'delivery_failed', in_app: true, email: true, sms: false },
];

async function renderPage(handlers: ApiHandlers) {
  const api = createFakeApi({
    'notifications.list': () => ({ items: [], nextCursor: null }),
    'notifications.unreadCount': () => ({ count: 0 }),
    'notifications.preferences': () => PREFERENCES,
    'phone.get': () => ({ number: null, twilioConfigured: false, alertPhone: '+14155550100', protectedNumbers: [] }),
    ...handlers,
  });
  const result = await renderScreen(NotificationsPage, { path: '/notifications', api });
  return { ...result, api, user: userEvent.setup() };
}

afterEach(() => notifications.clean());

describe('NotificationsPage: feed', () => {
  it('says there are none yet and where to go next', async () => {
    const { heading } = await renderPage({});
    expect(heading).toHaveTextContent('Notifications');
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See what’s left to set up' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('lists notifications with title, body, time and unread state; a click opens the link and marks it read', async () => {
    const markRead = vi.fn(() => ({ updated: 1 }));
    const { user, router, api } = await renderPage({
      'notifications.list': () => ({
        items: [
          item('a', { title: 'New lead: Dana Smith', body: 'AC not cooling, ZIP 94110', link: '/conversations?c=conv-1' }),
          item('b', { title: 'Text not delivered', body: 'To (415) 555-0100: landline', read: true, createdAt: Date.now() - 3 * 3_600_000 - 5 * MINUTE }),
        ],
        nextCursor: null,
      }),
      'notifications.unreadCount': () => ({ count: 1 }),
      'notifications.markRead': markRead,
    });

    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Unread: New lead: Dana Smith');
    expect(first).toHaveTextContent('AC not cooling, ZIP 94110');
    expect(first).toHaveTextContent('5 minutes ago');
    expect(first).toHaveAttribute('data-unread');
    expect(second).not.toHaveAttribute('data-unread');
    expect(second).toHaveTextContent('3 hours ago');
    expect(within(first!).getByRole('link')).toHaveAttribute('href', '/conversations?c=conv-1');
    expect(api.callsTo('notifications.list')[0]).toMatchObject({ unreadOnly: false, limit: 20 });

    await user.click(within(first!).getByRole('link'));
    await waitFor(() => expect(markRead).toHaveBeenCalledWith({ ids: ['a'] }));
    await waitFor(() => expect(router.state.location.href).toBe('/conversations?c=conv-1'));
  });

  it('does not follow a link that leaves the app', async () => {
    await renderPage({
      'notifications.list': () => ({ items: [item('x', { link: 'https://evil.example/' })], nextCursor: null }),
    });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
    expect(within(list).getByRole('button')).toHaveTextContent('Title x');
  });

  it('marks all as read with no ids', async () => {
    let unread = 2;
    const markRead = vi.fn(() => {
      unread = 0;
      return { updated: 2 };
    });
    const { user } = await renderPage({
      'notifications.list': () => ({ items: [item('a'), item('b')], nextCursor: null }),
      'notifications.unreadCount': () => ({ count: unread }),
      'notifications.markRead': markRead,
    });
    const button = screen.getByRole('button', { name: 'Mark all as read' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(markRead).toHaveBeenCalledWith({}));
    await waitFor(() => expect(button).toBeDisabled());
  });

  it('shows only unread ones on demand, and loads more with the cursor', async () => {
    const list = vi.fn((input: unknown) => {
      const { unreadOnly, cursor } = input as { unreadOnly: boolean; cursor?: string };
      if (unreadOnly) return { items: [], nextCursor: null };
      return cursor ? { items: [item('c')], nextCursor: null } : { items: [item('a'), item('b')], nextCursor: '1700000000000|b' };
    });
    const { user } = await renderPage({ 'notifications.list': list });

    expect(await screen.findByText('Title b')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Title c')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ unreadOnly: false, cursor: '1700000000000|b' }));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(screen.getByText('Unread'));
    expect(await screen.findByRole('heading', { name: 'You’re all caught up' })).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ unreadOnly: true }));
  });
});

describe('NotificationsPage: preferences', () => {
  it('shows each event × channel and saves a switch at once', async () => {
    const setPreference = vi.fn(() => PREFERENCES.map((row) => (row.event === 'new_lead' ? { ...row, sms: true } : row)));
    const { user } = await renderPage({ 'notifications.setPreference': setPreference });

    const table = await screen.findByRole('table', { name: 'How you’re notified' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Event', 'In app', 'Email', 'Text to the alert number']);
    expect(within(table).getByText('Reply in a thread you took over')).toBeInTheDocument();
    expect(within(table).getByText('Text not delivered')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'New lead: Email' })).toBeChecked();

    const sms = screen.getByRole('switch', { name: 'New lead: Text to the alert number' });
    expect(sms).not.toBeChecked();
    await user.click(sms);
    expect(sms).toBeChecked();
    await waitFor(() => expect(setPreference).toHaveBeenCalledWith({ event: 'new_lead', channel: 'sms', enabled: true }));
    expect(screen.getByRole('link', { name: 'Settings → Phone' })).toHaveAttribute('href', '/settings/phone');
  });

  it('flips the switch back when saving fails', async () => {
    const { user } = await renderPage({
      'notifications.setPreference': () => {
        throw apiError('INTERNAL_SERVER_ERROR', 'Something went wrong on our side. Please try again.');
      },
    });
    const email = await screen.findByRole('switch', { name: 'Opt-out: Email' });
    await user.click(email);
    expect(await screen.findByText('Your choice was not saved')).toBeInTheDocument();
    await waitFor(() => expect(email).not.toBeChecked());
  });

  it('warns when text alerts are on but the company has no alert number', async () => {
    await renderPage({
      'notifications.preferences': () => PREFERENCES.map((row) => ({ ...row, sms: row.event === 'new_lead' })),
      'phone.get': () => ({ number: null, twilioConfigured: false, alertPhone: null, protectedNumbers: [] }),
    });
    expect(await screen.findByRole('note')).toHaveTextContent('no alert number yet');
  });
});
