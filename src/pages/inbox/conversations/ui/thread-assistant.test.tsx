import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError } from '@/shared/lib/test';
import { aiSettings, JANE_ID, message, onAPhone, renderInbox, resetInbox, thread, threadPath } from './inbox-test-kit';

afterEach(resetInbox);

const DRAFT_ID = '55555555-5555-4555-8555-555555555555';
const heldDraft = (overrides: Record<string, unknown> = {}) => ({
  id: DRAFT_ID,
  body: 'Drain cleaning is $150–$250 per visit. Want us to come Friday?',
  why: 'Held for approval: it quotes a price.',
  createdAt: Date.now() - 60_000,
  ...overrides,
});

/** The "who replies" part of the thread header, once the thread has loaded. */
async function whoReplies() {
  await screen.findByRole('heading', { level: 2, name: 'Jane Cooper' });
  return screen.getByTestId('who-replies');
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('who replies in the thread', () => {
  it('AI replying: Take over hands the thread to the team at once, and Hand back to AI returns it', async () => {
    let mode: 'ai' | 'human' = 'ai';
    const answer = deferred<unknown>();
    const { api, user } = await renderInbox(
      {
        'conversations.get': () => thread({ mode }),
        'conversations.setMode': async (input) => {
          await answer.promise;
          mode = (input as { mode: typeof mode }).mode;
          return input;
        },
      },
      threadPath(),
    );
    const header = await whoReplies();
    expect(within(header).getByText('AI replying')).toBeInTheDocument();
    await waitFor(() => expect(header).toHaveTextContent('The assistant answers new texts here. Take over to answer yourself.'));
    expect(within(header).queryByRole('button', { name: 'Hand back to AI' })).not.toBeInTheDocument();

    await user.click(within(header).getByRole('button', { name: 'Take over' }));
    // Before the server has answered, the thread is already the team's.
    expect(within(header).getByText('You’re in control')).toBeInTheDocument();
    expect(header).toHaveTextContent('The AI stays quiet here until you hand the conversation back.');
    expect(api.callsTo('conversations.setMode')).toEqual([{ id: JANE_ID, mode: 'human' }]);
    answer.resolve(null);

    await user.click(await within(header).findByRole('button', { name: 'Hand back to AI' }));
    await waitFor(() => expect(within(header).getByText('AI replying')).toBeInTheDocument());
    expect(api.callsTo('conversations.setMode')).toEqual([
      { id: JANE_ID, mode: 'human' },
      { id: JANE_ID, mode: 'ai' },
    ]);
  });

  it('puts the assistant back and explains when taking over is refused', async () => {
    const { user } = await renderInbox(
      {
        'conversations.setMode': () => {
          throw apiError('NOT_FOUND', 'Conversation not found');
        },
      },
      threadPath(),
    );
    const header = await whoReplies();
    await user.click(within(header).getByRole('button', { name: 'Take over' }));
    expect(await screen.findByText('Couldn’t switch who replies')).toBeInTheDocument();
    await waitFor(() => expect(within(header).getByText('AI replying')).toBeInTheDocument());
  });

  it('with the company’s assistant off, offers no Hand back to AI and points to Settings → AI', async () => {
    const { api } = await renderInbox({ 'conversations.get': () => thread({ mode: 'human' }), 'ai.settings.get': () => aiSettings({ enabled: false, now: { on: false, why: 'The assistant is turned off' } }) }, threadPath());
    const header = await whoReplies();
    expect(within(header).getByText('You’re in control')).toBeInTheDocument();
    await waitFor(() => expect(header).toHaveTextContent('The assistant is off. Turn it on in Settings → AI to hand conversations to it.'));
    expect(within(header).getByRole('link', { name: 'Settings → AI' })).toHaveAttribute('href', '/settings/ai');
    expect(within(header).queryByRole('button', { name: 'Hand back to AI' })).not.toBeInTheDocument();
    expect(api.callsTo('conversations.setMode')).toEqual([]);
  });

  it('says nobody answers automatically in an AI thread while the assistant is off, and still offers Take over', async () => {
    await renderInbox({ 'ai.settings.get': () => aiSettings({ enabled: false }) }, threadPath());
    const header = await whoReplies();
    await waitFor(() => expect(header).toHaveTextContent('The assistant is off for your company, so nobody answers here automatically.'));
    expect(within(header).getByRole('button', { name: 'Take over' })).toBeInTheDocument();
  });

  it('says when the assistant is on but in an off window now', async () => {
    await renderInbox({ 'ai.settings.get': () => aiSettings({ now: { on: false, why: 'Off hours (Sun 18:00–08:00)' } }) }, threadPath());
    const header = await whoReplies();
    await waitFor(() => expect(header).toHaveTextContent('The assistant is off right now (Off hours (Sun 18:00–08:00)); it answers again when it’s back on.'));
  });

  it('says “Waiting for approval” while the assistant holds a reply', async () => {
    await renderInbox({ 'ai.drafts.list': () => [heldDraft()] }, threadPath());
    const header = await whoReplies();
    expect(await within(header).findByText('Waiting for approval')).toBeInTheDocument();
    expect(header).toHaveTextContent('The assistant wrote a reply that waits for you below.');
    expect(within(header).queryByText('AI replying')).not.toBeInTheDocument();
  });

  it('labels the assistant’s texts “AI assistant” in its own colour', async () => {
    await renderInbox({ 'conversations.get': () => thread({ messages: [message(), message({ direction: 'outbound', author: 'ai', authorName: null, body: 'What’s your ZIP code?', status: 'delivered' })] }) }, threadPath());
    const log = await screen.findByRole('log', { name: 'Texts with Jane Cooper' });
    const block = within(log).getByText('What’s your ZIP code?').closest('[data-message-id]') as HTMLElement;
    expect(block).toHaveTextContent(/^AI assistant.*Delivered$/);
    expect(block.querySelector('.mantine-Paper-root')).toHaveStyle({ background: 'var(--mantine-color-violet-light)' });
  });
});

describe('who replies, on a phone', () => {
  it('shows the state as a badge and offers Take over, with what it means, in the actions menu', async () => {
    onAPhone();
    let mode: 'ai' | 'human' = 'ai';
    const { api, user } = await renderInbox(
      {
        'conversations.get': () => thread({ mode }),
        'conversations.setMode': (input) => {
          mode = (input as { mode: typeof mode }).mode;
          return input;
        },
      },
      threadPath(),
    );
    await screen.findByRole('heading', { level: 2, name: 'Jane Cooper' });
    const header = screen.getByTestId('thread-header');
    expect(within(header).getByText('AI replying')).toBeInTheDocument();
    await user.click(within(header).getByRole('button', { name: 'Conversation actions' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toHaveTextContent('The assistant answers new texts here. Take over to answer yourself.'));
    await user.click(within(menu).getByRole('menuitem', { name: 'Take over' }));
    await waitFor(() => expect(within(header).getByText('You’re in control')).toBeInTheDocument());
    expect(api.callsTo('conversations.setMode')).toEqual([{ id: JANE_ID, mode: 'human' }]);

    await user.click(within(header).getByRole('button', { name: 'Conversation actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Hand back to AI' })).toBeInTheDocument();
  });
});

describe('held replies (approval mode)', () => {
  /** A fake API whose held replies go when decided, answering `decide` with `result`. */
  function draftsApi(result: (input: { id: string; decision: string; body?: string }) => unknown) {
    let drafts = [heldDraft()];
    return {
      'ai.drafts.list': () => drafts,
      'ai.drafts.decide': (input: unknown) => {
        const answer = result(input as { id: string; decision: string; body?: string });
        drafts = [];
        return answer;
      },
    };
  }

  async function heldCard() {
    const region = await screen.findByRole('region', { name: 'Replies waiting for your approval' });
    return within(region).getByRole('article', { name: 'The AI assistant’s reply, waiting for your approval' });
  }

  it('shows each held reply with why it waits, and Approve sends it as written', async () => {
    const { api, user } = await renderInbox(draftsApi(() => ({ id: DRAFT_ID, status: 'sent', messageId: 'm-9', blocked: null })), threadPath());
    const card = await heldCard();
    expect(card).toHaveTextContent('Drain cleaning is $150–$250 per visit. Want us to come Friday?');
    expect(card).toHaveTextContent('Held for approval: it quotes a price.');
    const threadLoads = api.callsTo('conversations.get').length;

    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(api.callsTo('ai.drafts.decide')).toEqual([{ id: DRAFT_ID, decision: 'approve' }]);
    expect(await screen.findByText('Reply approved')).toBeInTheDocument();
    expect(screen.getByText('It’s on its way to Jane Cooper.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: /waiting for your approval/ })).not.toBeInTheDocument());
    // The thread (with the text now in it) and the held replies were asked again.
    await waitFor(() => expect(api.callsTo('conversations.get').length).toBeGreaterThan(threadLoads));
    expect(within(screen.getByTestId('who-replies')).getByText('AI replying')).toBeInTheDocument();
  });

  it('Edit, then Send edited sends the team’s words; an empty reply or a merge tag is refused first', async () => {
    const { api, user } = await renderInbox(draftsApi(() => ({ id: DRAFT_ID, status: 'sent', messageId: 'm-9', blocked: null })), threadPath());
    const card = await heldCard();
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const box = within(card).getByRole('textbox', { name: 'Edit the reply to Jane Cooper' });
    expect(box).toHaveValue('Drain cleaning is $150–$250 per visit. Want us to come Friday?');

    await user.clear(box);
    expect(within(card).getByText('The reply is empty.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Send edited' })).toBeDisabled();
    await user.type(box, 'Hi {{first_name}, it’s $150 to $250.');
    expect(box).toHaveValue('Hi {first_name}, it’s $150 to $250.');
    expect(within(card).getByText('Merge tags aren’t filled in here: type the words you want them to read.')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '  Hi Jane, it’s $150 to $250 a visit. Friday at 9 works.  ');
    await user.click(within(card).getByRole('button', { name: 'Send edited' }));
    expect(api.callsTo('ai.drafts.decide')).toEqual([{ id: DRAFT_ID, decision: 'approve', body: 'Hi Jane, it’s $150 to $250 a visit. Friday at 9 works.' }]);
    expect(await screen.findByText('Edited reply sent')).toBeInTheDocument();
  });

  it('Cancel puts the held words back; Reject sends nothing', async () => {
    const { api, user } = await renderInbox(draftsApi(() => ({ id: DRAFT_ID, status: 'rejected', messageId: null })), threadPath());
    const card = await heldCard();
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    await user.type(within(card).getByRole('textbox'), ' extra');
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Drain cleaning is $150–$250 per visit. Want us to come Friday?');

    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    expect(api.callsTo('ai.drafts.decide')).toEqual([{ id: DRAFT_ID, decision: 'reject' }]);
    expect(await screen.findByText('Reply rejected')).toBeInTheDocument();
    expect(screen.getByText('Nothing was sent to Jane Cooper.')).toBeInTheDocument();
  });

  it('says so when the sending rules refused the approved reply', async () => {
    const { user } = await renderInbox(draftsApi(() => ({ id: DRAFT_ID, status: 'sent', messageId: 'm-9', blocked: 'Jane Cooper opted out by texting STOP.' })), threadPath());
    await user.click(within(await heldCard()).getByRole('button', { name: 'Approve' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not sent');
    expect(alert).toHaveTextContent('Jane Cooper opted out by texting STOP.');
  });

  it('when someone else decided it first, says so and drops the card', async () => {
    let drafts = [heldDraft()];
    const { user } = await renderInbox(
      {
        'ai.drafts.list': () => drafts,
        'ai.drafts.decide': () => {
          drafts = [];
          throw apiError('CONFLICT', 'Someone already decided this reply.');
        },
      },
      threadPath(),
    );
    await user.click(within(await heldCard()).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Already decided')).toBeInTheDocument();
    expect(screen.getByText('Someone already decided this reply.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: /waiting for your approval/ })).not.toBeInTheDocument());
  });

  it('follows the thread’s refreshes: a reply held meanwhile shows when the thread is fetched again', async () => {
    let drafts: ReturnType<typeof heldDraft>[] = [];
    const { api, user } = await renderInbox({ 'ai.drafts.list': () => drafts, 'conversations.setStatus': (input) => input }, threadPath());
    const header = await whoReplies();
    await waitFor(() => expect(api.callsTo('ai.drafts.list')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Replies waiting for your approval' })).not.toBeInTheDocument();

    drafts = [heldDraft()];
    // Any refresh of the thread (here the one after closing it; live events refresh it the same way).
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await heldCard()).toBeInTheDocument();
    expect(within(header).getByText('Waiting for approval')).toBeInTheDocument();
    expect(api.callsTo('ai.drafts.list')).toEqual(expect.arrayContaining([{ conversationId: JANE_ID }]));
  });
});
