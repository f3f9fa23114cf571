import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JANE_ID, message, renderInbox, resetInbox, thread, threadPath } from './inbox-test-kit';

afterEach(resetInbox);

const MINUTE = 60_000;

function call(overrides: Record<string, unknown> = {}) {
  return {
    id: 'call-1',
    direction: 'inbound',
    from: '+14155552671',
    to: '+14155550000',
    status: 'ended',
    routingMode: 'ring_then_voicemail',
    startedAt: Date.now() - 30 * MINUTE,
    answeredAt: null,
    endedAt: null,
    ringSeconds: 20,
    talkSeconds: null,
    missed: true,
    missedReason: 'no_answer',
    forwardedTo: '+14155550199',
    contact: { id: 'c-jane', name: 'Jane Cooper' },
    conversationId: JANE_ID,
    lead: null,
    voicemail: { audioUrl: null, seconds: 12, transcript: 'My <i>furnace</i> is out.', transcriptStatus: 'completed' },
    textBack: { outcome: 'texted', reason: null, messageId: 'm-text-back', dueAt: null },
    replied: true,
    ...overrides,
  };
}

/** The log's items (texts and calls) in the order shown, each by its first words. */
function order(log: HTMLElement): string[] {
  return Array.from(log.querySelectorAll('[data-message-id], [data-call-id]')).map((item) =>
    item.hasAttribute('data-call-id') ? `call ${item.getAttribute('data-call-id')}` : `text ${item.querySelector(':scope > .mantine-Paper-root p')?.textContent}`,
  );
}

describe('calls in the thread', () => {
  it('shows each call of the thread between the texts in time order, with how it went, the voicemail as text and the text-back', async () => {
    const now = Date.now();
    const { api } = await renderInbox(
      {
        'conversations.get': () =>
          thread({
            messages: [
              message({ body: 'Hello?', createdAt: now - 60 * MINUTE }),
              message({ direction: 'outbound', author: 'system', authorName: null, body: 'Sorry we missed your call!', status: 'delivered', createdAt: now - 29 * MINUTE }),
              message({ body: 'Can you come today?', createdAt: now - 20 * MINUTE }),
            ],
          }),
        'calls.list': () => ({
          items: [
            call({ id: 'call-2', startedAt: now - 10 * MINUTE, missed: false, missedReason: null, ringSeconds: 4, talkSeconds: 65, voicemail: null, textBack: { outcome: 'not_needed', reason: null, messageId: null, dueAt: null } }),
            call(),
          ],
          nextCursor: null,
        }),
      },
      threadPath(),
    );
    const log = await screen.findByRole('log', { name: 'Texts with Jane Cooper' });
    await waitFor(() => expect(order(log)).toEqual(['text Hello?', 'call call-1', 'text Sorry we missed your call!', 'text Can you come today?', 'call call-2']));
    expect(api.callsTo('calls.list')).toEqual([expect.objectContaining({ conversationId: JANE_ID })]);

    const missed = within(log).getByRole('article', { name: 'Missed call from Jane Cooper' });
    expect(missed).toHaveTextContent('Nobody answered · rang 20 s');
    expect(missed).toHaveTextContent('Voicemail · 0:12');
    expect(within(missed).getByTestId('voicemail-transcript')).toHaveTextContent('“My <i>furnace</i> is out.”');
    expect(missed.querySelector('i')).toBeNull();
    expect(within(missed).getByTestId('call-outcome')).toHaveTextContent('Texted');
    expect(within(missed).getByRole('link', { name: 'Call history' })).toHaveAttribute('href', '/missed-calls/history');

    const answered = within(log).getByRole('article', { name: 'Call from Jane Cooper, answered' });
    expect(answered).toHaveTextContent('Answered · talked 1:05');
    expect(within(answered).queryByTestId('call-outcome')).toBeNull();
  });

  it('a call someone answered in the app says who answered it', async () => {
    const answered = { missed: false, missedReason: null, ringSeconds: 4, talkSeconds: 65, voicemail: null, textBack: { outcome: 'not_needed', reason: null, messageId: null, dueAt: null } };
    await renderInbox(
      {
        'conversations.get': () => thread({ messages: [] }),
        'calls.list': () => ({
          items: [call({ ...answered, id: 'in-app', answeredBy: { id: 'u-lee', name: 'Lee Park' } }), call({ ...answered, id: 'on-phone', startedAt: Date.now() - 60 * MINUTE, answeredBy: null })],
          nextCursor: null,
        }),
      },
      threadPath(),
    );
    const log = await screen.findByRole('log', { name: 'Texts with Jane Cooper' });
    await waitFor(() => expect(log.querySelectorAll('[data-call-id]')).toHaveLength(2));
    expect(log.querySelector('[data-call-id="in-app"]')).toHaveTextContent('Answered by Lee Park · talked 1:05');
    expect(log.querySelector('[data-call-id="on-phone"]')).toHaveTextContent('Answered · talked 1:05');
    expect(log.querySelector('[data-call-id="on-phone"]')).not.toHaveTextContent('Answered by');
  });

  it('a skipped text-back says why; a thread with only a call shows it', async () => {
    await renderInbox(
      {
        'conversations.get': () => thread({ messages: [] }),
        'calls.list': () => ({ items: [call({ voicemail: null, textBack: { outcome: 'skipped', reason: 'opted_out', messageId: null, dueAt: null } })], nextCursor: null }),
      },
      threadPath(),
    );
    const log = await screen.findByRole('log', { name: 'Texts with Jane Cooper' });
    const item = await within(log).findByRole('article', { name: 'Missed call from Jane Cooper' });
    expect(within(item).getByTestId('call-outcome')).toHaveTextContent('Skipped');
    expect(item).toHaveTextContent('Opted out of texts');
    expect(item).not.toHaveTextContent('Voicemail');
    expect(log).toHaveTextContent('No texts in this conversation yet.');
  });

  it('a voicemail with audio has its player in the thread; one without audio has none', async () => {
    await renderInbox(
      {
        'conversations.get': () => thread({ messages: [] }),
        'calls.list': () => ({
          items: [
            call({ id: 'with-audio', voicemail: { audioUrl: '/api/calls/with-audio/recording', seconds: 9, transcript: null, transcriptStatus: 'pending' } }),
            call({ id: 'no-audio', startedAt: Date.now() - 60 * MINUTE }),
          ],
          nextCursor: null,
        }),
      },
      threadPath(),
    );
    const log = await screen.findByRole('log', { name: 'Texts with Jane Cooper' });
    await waitFor(() => expect(log.querySelector('[data-call-id="with-audio"]')).not.toBeNull());
    const withAudio = log.querySelector<HTMLElement>('[data-call-id="with-audio"]')!;
    expect(within(withAudio).getByRole('button', { name: 'Play voicemail' })).toBeInTheDocument();
    expect(withAudio).toHaveTextContent('Writing out the message…');
    expect(within(log.querySelector<HTMLElement>('[data-call-id="no-audio"]')!).queryByRole('button', { name: 'Play voicemail' })).toBeNull();
  });

  it('when only the latest 300 texts are shown, calls from before them are left out', async () => {
    const start = Date.now() - 400 * MINUTE;
    await renderInbox(
      {
        'conversations.get': () => thread({ messages: Array.from({ length: 300 }, (_, i) => message({ body: `Text ${i}`, createdAt: start + i * MINUTE })) }),
        'calls.list': () => ({ items: [call({ id: 'recent', startedAt: start + 150.5 * MINUTE }), call({ id: 'older', startedAt: start - 5 * MINUTE })], nextCursor: null }),
      },
      threadPath(),
    );
    const log = await screen.findByRole('log', { name: 'Texts with Jane Cooper' });
    await waitFor(() => expect(log.querySelector('[data-call-id="recent"]')).not.toBeNull());
    expect(log.querySelector('[data-call-id="older"]')).toBeNull();
    expect(order(log).indexOf('call recent')).toBe(151);
  });
});
