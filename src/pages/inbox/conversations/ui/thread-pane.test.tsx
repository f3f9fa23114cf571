import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JANE_ID, message, ME_ID, renderInbox, resetInbox, SAM_ID, thread, threadPath } from './inbox-test-kit';

afterEach(resetInbox);

async function openLog() {
  return screen.findByRole('log', { name: 'Texts with Jane Cooper' });
}

/** The block of one text (author line, bubble, status line), found by its words. */
function textBlock(log: HTMLElement, words: string) {
  const block = within(log).getByText(words).closest('[data-message-id]');
  if (!(block instanceof HTMLElement)) throw new Error(`no message with “${words}”`);
  return block;
}

describe('the thread', () => {
  it('shows the texts oldest first with who wrote them and where each outbound one is', async () => {
    const t0 = Date.now() - 60 * 60_000;
    await renderInbox(
      {
        'conversations.get': () =>
          thread({
            messages: [
              message({ body: 'My AC stopped working', createdAt: t0 }),
              message({ direction: 'outbound', author: 'system', authorName: null, body: 'Thanks for reaching out!', status: 'delivered', createdAt: t0 + 1000 }),
              message({ direction: 'outbound', author: 'ai', authorName: null, body: 'What is your ZIP code?', status: 'sent', createdAt: t0 + 2000 }),
              message({ direction: 'outbound', author: 'user', authorName: 'Sam', body: 'I can come tomorrow', status: 'queued', createdAt: t0 + 3000 }),
              message({ direction: 'outbound', author: 'user', authorName: 'Sam', body: 'On my way', status: 'sending', createdAt: t0 + 4000 }),
            ],
          }),
      },
      threadPath(),
    );
    const log = await openLog();
    expect(log).toHaveAttribute('aria-live', 'polite');
    const bodies = ['My AC stopped working', 'Thanks for reaching out!', 'What is your ZIP code?', 'I can come tomorrow', 'On my way'];
    expect(within(log).getAllByText(/./, { selector: '[data-message-id] > .mantine-Paper-root p' }).map((p) => p.textContent)).toEqual(bodies);

    const inbound = textBlock(log, 'My AC stopped working');
    expect(inbound).toHaveTextContent('Jane Cooper');
    expect(inbound).toHaveAttribute('style', expect.stringContaining('flex-start'));
    expect(inbound).not.toHaveTextContent(/Delivered|Sent|Queued/);

    const system = textBlock(log, 'Thanks for reaching out!');
    expect(system).toHaveTextContent('Automatic reply');
    expect(system).toHaveTextContent('Delivered');
    expect(system).toHaveAttribute('style', expect.stringContaining('flex-end'));
    expect(textBlock(log, 'What is your ZIP code?')).toHaveTextContent(/AI assistant.*Sent$/);
    expect(textBlock(log, 'I can come tomorrow')).toHaveTextContent(/^Sam.*Queued$/);
    expect(textBlock(log, 'On my way')).toHaveTextContent(/Sending$/);
  });

  it('says when only the latest 300 texts are shown, and links to all of them in the message log', async () => {
    const start = Date.now() - 400 * 60_000;
    await renderInbox({ 'conversations.get': () => thread({ messages: Array.from({ length: 300 }, (_, i) => message({ body: `Text ${i}`, createdAt: start + i * 60_000 })) }) }, threadPath());
    const log = await openLog();
    expect(log).toHaveTextContent('Showing the latest 300 texts of this conversation.');
    const link = within(log).getByRole('link', { name: 'All texts with this number in the message log' });
    expect(link.getAttribute('href')).toMatch(/^\/logs\?q=(%2B|\+)1/);
  });

  it('shows when a scheduled text will go, and why a text failed or was not sent', async () => {
    await renderInbox(
      {
        'conversations.get': () =>
          thread({
            messages: [
              message({ direction: 'outbound', author: 'flow', authorName: null, body: 'Still need a hand?', status: 'scheduled', scheduledFor: Date.now() + 86_400_000, scheduledNote: 'Scheduled for Sat, Nov 21, 9:00 AM PST (their time)' }),
              message({ direction: 'outbound', author: 'user', authorName: 'Alex', body: 'Are you there?', status: 'failed', problem: 'The carrier rejected the number as unreachable.' }),
              message({ direction: 'outbound', author: 'user', authorName: 'Alex', body: 'Hello?', status: 'blocked', problem: 'Jane Cooper opted out by texting STOP on Nov 2.' }),
            ],
          }),
      },
      threadPath(),
    );
    const log = await openLog();
    expect(textBlock(log, 'Still need a hand?')).toHaveTextContent('Scheduled for Sat, Nov 21, 9:00 AM PST (their time)');
    expect(textBlock(log, 'Still need a hand?')).toHaveTextContent('Automation');
    const failed = within(textBlock(log, 'Are you there?')).getByText('Failed: The carrier rejected the number as unreachable.');
    expect(failed).toHaveStyle({ color: 'var(--mantine-color-red-text)' });
    const blocked = within(textBlock(log, 'Hello?')).getByText('Not sent: Jane Cooper opted out by texting STOP on Nov 2.');
    expect(blocked).toHaveStyle({ color: 'var(--mantine-color-red-text)' });
  });

  it('renders what people wrote as text, with web addresses as safe links and pictures as links', async () => {
    await renderInbox(
      {
        'conversations.get': () =>
          thread({
            messages: [
              message({ body: '<img src=x onerror=alert(1)> <b>hi</b> see https://example.com/photo. or javascript:alert(1)' }),
              message({ body: '', media: ['https://media.example.com/1.jpg', 'javascript:alert(1)'] }),
            ],
          }),
      },
      threadPath(),
    );
    const log = await openLog();
    expect(log.querySelector('img, b')).toBeNull();
    expect(within(log).getByText(/<img src=x onerror=alert\(1\)> <b>hi<\/b> see/)).toBeInTheDocument();
    const links = within(log).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('rel'), link.getAttribute('target')])).toEqual([
      ['https://example.com/photo', 'https://example.com/photo', 'noopener noreferrer', '_blank'],
      ['Photo 1', 'https://media.example.com/1.jpg', 'noopener noreferrer', '_blank'],
    ]);
    expect(within(log).getByText('Photo 2 (can’t be opened)')).toBeInTheDocument();
  });

  it('says when there are no texts yet', async () => {
    await renderInbox({ 'conversations.get': () => thread({ messages: [] }) }, threadPath());
    expect(await within(await openLog()).findByText('No texts in this conversation yet.')).toBeInTheDocument();
  });
});

describe('the thread header', () => {
  it('shows the client’s name and number', async () => {
    await renderInbox({}, threadPath());
    const heading = await screen.findByRole('heading', { level: 2, name: 'Jane Cooper' });
    expect(heading.parentElement).toHaveTextContent('(415) 555-2671');
  });

  it('assigns the thread to a team member, or to nobody', async () => {
    const { api, user } = await renderInbox(
      { 'conversations.get': () => thread({ assignedUserId: SAM_ID }), 'conversations.assign': (input) => input },
      threadPath(),
    );
    const assign = await screen.findByRole('button', { name: /^Assigned to Sam/ });
    await user.click(assign);
    await user.click(await screen.findByRole('menuitem', { name: /Alex Owner \(you\)/ }));
    await user.click(screen.getByRole('button', { name: /^Assigned to/ }));
    await user.click(await screen.findByRole('menuitem', { name: /^Unassigned/ }));
    await waitFor(() =>
      expect(api.callsTo('conversations.assign')).toEqual([
        { id: JANE_ID, userId: ME_ID },
        { id: JANE_ID, userId: null },
      ]),
    );
  });

  it('closes and reopens the thread', async () => {
    let status: 'open' | 'closed' = 'open';
    const { api, user } = await renderInbox(
      {
        'conversations.get': () => thread({ status }),
        'conversations.setStatus': (input) => {
          status = (input as { status: typeof status }).status;
          return input;
        },
      },
      threadPath(),
    );
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    await waitFor(() =>
      expect(api.callsTo('conversations.setStatus')).toEqual([
        { id: JANE_ID, status: 'closed' },
        { id: JANE_ID, status: 'open' },
      ]),
    );
  });
});
