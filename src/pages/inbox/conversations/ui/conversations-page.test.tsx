import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '@/shared/lib/test';
import { BOB_ID, JANE_ID, onAPhone, page, renderInbox, resetInbox, summary, thread, threadPath } from './inbox-test-kit';

afterEach(() => {
  resetInbox();
  vi.restoreAllMocks();
});

const listCalls = (api: { callsTo(path: string): unknown[] }) => api.callsTo('conversations.list') as Array<Record<string, unknown>>;

function threadRows() {
  return within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('button');
}

describe('thread list', () => {
  it('lists threads with name, preview, time, unread count and who replies', async () => {
    const { api } = await renderInbox({
      'conversations.list': () =>
        page([
          summary({ unreadCount: 2 }),
          summary({ id: BOB_ID, name: 'Bob Stone', preview: 'STOP', mode: 'human', contact: { ...summary().contact, id: 'c-bob', name: 'Bob Stone', optedOut: true, optedOutAt: Date.now() } }),
          summary({ id: '55555555-5555-4555-8555-555555555555', name: 'Cara Lind', heldReplies: 1, contact: { ...summary().contact, id: 'c-cara', name: 'Cara Lind' } }),
        ]),
    });
    await screen.findByRole('list', { name: 'Conversations' });
    const [jane, bob, cara] = threadRows();
    // A reply the assistant holds for approval says so in the list.
    expect(within(cara!).getByText('Waiting for approval')).toBeInTheDocument();
    expect(within(cara!).queryByText('AI')).not.toBeInTheDocument();
    expect(jane).toHaveTextContent('Jane Cooper');
    expect(jane).toHaveTextContent('My AC stopped working');
    expect(jane).toHaveTextContent('5 min');
    expect(jane).toHaveTextContent('2 unread');
    // Who replies: the assistant ("AI") or the team ("Team") — never "You", which reads as "assigned to you".
    expect(within(jane!).getByText('AI').closest('[title]')).toHaveAttribute('title', 'The AI assistant replies in this conversation');
    expect(within(jane!).queryByText('Team')).not.toBeInTheDocument();
    expect(within(jane!).queryByText('You')).not.toBeInTheDocument();
    expect(bob).toHaveTextContent('Bob Stone');
    expect(bob).toHaveTextContent('Opted out');
    expect(within(bob!).getByText('Team').closest('[title]')).toHaveAttribute('title', 'Your team replies in this conversation; the AI stays quiet');
    expect(within(bob!).queryByText('You')).not.toBeInTheDocument();
    expect(bob).not.toHaveTextContent('unread');
    expect(listCalls(api)[0]).toMatchObject({ filter: 'all', limit: 30 });
    expect(listCalls(api)[0]!.search).toBeUndefined();
  });

  it('starts on the filter a link chose (?filter=unread, from the dashboard)', async () => {
    const { api } = await renderInbox({}, '/conversations?filter=unread');
    await screen.findByRole('list', { name: 'Conversations' });
    expect(within(screen.getByRole('group', { name: 'Show conversations' })).getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');
    expect(listCalls(api)[0]).toMatchObject({ filter: 'unread' });
  });

  it('asks for the chosen filter and shows which one is on', async () => {
    const { api, user } = await renderInbox();
    await screen.findByRole('list', { name: 'Conversations' });
    const filters = screen.getByRole('group', { name: 'Show conversations' });
    expect(within(filters).getAllByRole('button').map((button) => button.textContent)).toEqual(['All', 'Needs human', 'AI active', 'Mine', 'Unread', 'Closed']);

    for (const [label, filter] of [['Needs human', 'needs_human'], ['AI active', 'ai'], ['Mine', 'mine'], ['Unread', 'unread'], ['Closed', 'closed']] as const) {
      await user.click(within(filters).getByRole('button', { name: label }));
      expect(within(filters).getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
      await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ filter }));
    }
  });

  it('searches once the typing pauses', async () => {
    const { api, user } = await renderInbox();
    await screen.findByRole('list', { name: 'Conversations' });
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'jane');
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ filter: 'all', search: 'jane' }));
    // Debounced: no request per keystroke.
    expect(listCalls(api).filter((input) => typeof input.search === 'string').map((input) => input.search)).toEqual(['jane']);
  });

  it('loads the next page with the cursor the server gave', async () => {
    const { api, user } = await renderInbox({
      'conversations.list': (input) =>
        (input as { cursor?: string }).cursor === 'next-1' ? page([summary({ id: BOB_ID, name: 'Bob Stone' })]) : page([summary()], 'next-1'),
    });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(threadRows()).toHaveLength(2));
    expect(listCalls(api)[1]).toMatchObject({ cursor: 'next-1', filter: 'all' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('explains an empty inbox and points to the business number when there is none', async () => {
    await renderInbox({ 'conversations.list': () => page([]), 'phone.get': () => ({ number: null, twilioConfigured: false, alertPhone: null, protectedNumbers: [] }) });
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
    expect(screen.getByText(/When a customer texts your business number/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Set up your business number' })).toHaveAttribute('href', '/settings/phone');
    expect(screen.getByRole('heading', { name: 'No conversation open' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No client selected' })).toBeInTheDocument();
  });

  it('with a test number, points to the test phone instead of the number', async () => {
    await renderInbox({ 'conversations.list': () => page([]), 'phone.get': () => ({ number: { e164: '+13125550100', provider: 'simulator' }, twilioConfigured: false, alertPhone: null, protectedNumbers: [] }) });
    expect(await screen.findByRole('link', { name: 'Text yourself from the test phone' })).toHaveAttribute('href', '/settings/phone');
    expect(screen.queryByRole('link', { name: 'Set up your business number' })).not.toBeInTheDocument();
  });

  it('explains an empty filter and an empty search, with a way back', async () => {
    const { user } = await renderInbox({
      'conversations.list': (input) => ((input as { filter: string; search?: string }).filter === 'all' && !(input as { search?: string }).search ? page([summary()]) : page([])),
    });
    await screen.findByRole('list', { name: 'Conversations' });
    await user.click(screen.getByRole('button', { name: 'Unread' }));
    expect(await screen.findByRole('heading', { name: 'No unread texts' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all conversations' }));
    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'zzz');
    expect(await screen.findByRole('heading', { name: 'No conversations match “zzz”' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByRole('searchbox', { name: 'Search conversations' })).toHaveValue('');
    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
  });

  it('shows a loading error with a retry', async () => {
    let fail = true;
    const { user } = await renderInbox({
      'conversations.list': () => {
        if (fail) throw apiError('INTERNAL_SERVER_ERROR', 'The inbox is unavailable');
        return page([summary()]);
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Couldn’t load conversationsThe inbox is unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
  });
});

describe('opening a thread', () => {
  it('puts the thread in the address, marks its row and loads it', async () => {
    const { api, user, router } = await renderInbox({
      'conversations.list': () => page([summary(), summary({ id: BOB_ID, name: 'Bob Stone' })]),
      'conversations.get': (input) => thread((input as { id: string }).id === BOB_ID ? { id: BOB_ID, contact: { name: 'Bob Stone' } } : {}),
    });
    await screen.findByRole('list', { name: 'Conversations' });
    await user.click(screen.getByRole('button', { name: /Bob Stone/ }));

    await waitFor(() => expect(router.state.location.search).toEqual({ c: BOB_ID }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Bob Stone' })).toBeInTheDocument();
    expect(api.callsTo('conversations.get')).toEqual([{ id: BOB_ID }]);
    expect(screen.getByRole('button', { name: /Bob Stone/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: /Jane Cooper/ })).not.toHaveAttribute('aria-current');
  });

  it('opens the thread named in the address (a notification link, a reload)', async () => {
    const { api } = await renderInbox({}, threadPath());
    expect(await screen.findByRole('heading', { level: 2, name: 'Jane Cooper' })).toBeInTheDocument();
    expect(api.callsTo('conversations.get')).toEqual([{ id: JANE_ID }]);
  });

  it('marks a thread with unread texts as read when it is opened, once', async () => {
    const { api } = await renderInbox({ 'conversations.get': () => thread({ unreadCount: 3 }) }, threadPath());
    await screen.findByRole('heading', { level: 2, name: 'Jane Cooper' });
    await waitFor(() => expect(api.callsTo('conversations.markRead')).toEqual([{ id: JANE_ID }]));
    // The list refreshes so the unread badge goes away.
    await waitFor(() => expect(api.callsTo('conversations.list').length).toBeGreaterThan(1));
    expect(api.callsTo('conversations.markRead')).toHaveLength(1);
  });

  it('does not mark a thread that has nothing unread', async () => {
    const { api } = await renderInbox({}, threadPath());
    await screen.findByRole('heading', { level: 2, name: 'Jane Cooper' });
    await screen.findByRole('log');
    expect(api.callsTo('conversations.markRead')).toEqual([]);
  });

  it('says so when the thread does not exist, and goes back to the inbox', async () => {
    const { user, router } = await renderInbox({ 'conversations.get': () => { throw apiError('NOT_FOUND', 'Conversation not found'); } }, threadPath());
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to all conversations' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByRole('heading', { name: 'No conversation open' })).toBeInTheDocument();
  });

  it('does not ask the server about a malformed id', async () => {
    const { api } = await renderInbox({}, '/conversations?c=not-an-id');
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeInTheDocument();
    expect(api.callsTo('conversations.get')).toEqual([]);
  });

  it('offers a retry when the thread fails to load', async () => {
    let fail = true;
    const { user } = await renderInbox(
      {
        'conversations.get': () => {
          if (fail) throw apiError('INTERNAL_SERVER_ERROR', 'Database timeout');
          return thread();
        },
      },
      threadPath(),
    );
    expect(await screen.findByText('Database timeout')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Jane Cooper' })).toBeInTheDocument();
  });
});

describe('side panel', () => {
  it('shows the client, their local time and the latest lead', async () => {
    await renderInbox({}, threadPath());
    const panel = await screen.findByRole('complementary', { name: 'Client and lead' });
    await within(panel).findByText('jane@example.com');
    expect(within(panel).getByText('Jane Cooper')).toBeInTheDocument();
    expect(within(panel).getByText('(415) 555-2671')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'jane@example.com' })).toHaveAttribute('href', 'mailto:jane@example.com');
    expect(within(panel).getByRole('link', { name: 'Open client' })).toHaveAttribute('href', '/clients/c-jane');
    expect(within(panel).getByText(/\d{1,2}:\d{2} (AM|PM) C[SD]T/)).toBeInTheDocument();
    expect(within(panel).getByText('Qualified')).toBeInTheDocument();
    expect(within(panel).getByText('Website chat')).toBeInTheDocument();
    expect(within(panel).getByText('AC not cooling, 2-storey house, wants a visit this week')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Open lead' })).toHaveAttribute('href', '/leads?lead=l-1');
  });

  it('says when the client has no lead', async () => {
    await renderInbox({ 'conversations.get': () => thread({ lead: null, contact: { email: null, timezone: null } }) }, threadPath());
    const panel = await screen.findByRole('complementary', { name: 'Client and lead' });
    expect(await within(panel).findByText('No lead for this client yet.')).toBeInTheDocument();
    expect(within(panel).getByText('Not known')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'All leads' })).toHaveAttribute('href', '/leads');
  });
});

describe('on a phone', () => {
  it('shows the list, then the thread alone with Back, its actions in one menu and the client in a drawer', async () => {
    onAPhone();
    const { user, router } = await renderInbox();
    await user.click(await screen.findByRole('button', { name: /Jane Cooper/ }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Jane Cooper' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Conversations' })).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    // The page title gives its space to the thread, but stays the page's heading for screen readers.
    expect(screen.getByRole('heading', { level: 1, name: 'Conversations' })).toBeInTheDocument();
    // The header's buttons are folded into "Conversation actions": none of them is in the header itself.
    const header = screen.getByTestId('thread-header');
    expect(within(header).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: /Unassigned/ })).not.toBeInTheDocument();

    await user.click(within(header).getByRole('button', { name: 'Conversation actions' }));
    const actions = await screen.findByRole('menu');
    expect(within(actions).getByRole('menuitem', { name: 'Close conversation' })).toBeInTheDocument();
    expect(within(actions).getByRole('menuitem', { name: /Unassigned/ })).toBeInTheDocument();
    await user.click(within(actions).getByRole('menuitem', { name: 'Client and lead details' }));
    const drawer = await screen.findByRole('dialog', { name: 'Client and lead' });
    expect(within(drawer).getByText('jane@example.com')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Close client details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
  });
});
