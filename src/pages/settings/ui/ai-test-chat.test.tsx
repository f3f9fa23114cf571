import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, renderScreen } from '@/shared/lib/test';
import { aiApi, APPROVED_ITEM } from '../lib/ai-test-fixtures';
import { AiTab } from './ai-tab';
import { SettingsLayout } from './settings-layout';

const decision = (overrides: Record<string, unknown>) => ({
  action: 'reply',
  reply: null,
  handoffReason: null,
  answers: {},
  lead: null,
  summary: null,
  quotedItemIds: [],
  promisesTime: false,
  outsideFacts: false,
  confused: false,
  reasons: [],
  model: 'built-in',
  usage: null,
  ...overrides,
});

const FIRST = {
  decision: decision({
    reply: 'Got it, thanks! What’s the ZIP or postal code where you need the work done?',
    answers: { service: 'Drain cleaning' },
    lead: 'engaging',
    reasons: ['Found the answer to “What can we help you with?”: Drain cleaning.', 'Asked the next question: postal_code.'],
  }),
  held: null,
  latencyMs: 3,
  adapter: 'builtin',
};
const SECOND = {
  decision: decision({
    reply: 'Service call is usually $89 per visit; the team confirms the final price after seeing the job.',
    answers: { postal_code: '60614' },
    lead: 'qualified',
    quotedItemIds: [APPROVED_ITEM.id],
    summary: 'Drain cleaning in 60614.',
    reasons: ['A price was asked: quoted the approved item “Service call”.'],
  }),
  held: 'Held for approval: it quotes a price.',
  latencyMs: 5,
  adapter: 'builtin',
};

async function renderChat(handlers: Parameters<typeof aiApi>[0] = {}) {
  const replies = [FIRST, SECOND];
  const api = aiApi({ 'ai.testChat': () => replies.shift(), ...handlers }, {}, [APPROVED_ITEM]);
  await renderScreen(SettingsLayout, { path: '/settings/ai', children: { 'settings/ai': AiTab }, api });
  const panel = await screen.findByRole('region', { name: 'Test chat' });
  return { api, panel };
}

async function say(panel: HTMLElement, text: string) {
  await userEvent.click(within(panel).getByRole('textbox', { name: 'Your text, as the customer' }));
  await userEvent.paste(text);
  await userEvent.click(within(panel).getByRole('button', { name: 'Send' }));
}

describe('Settings → AI: the test chat', () => {
  it('says it runs the saved settings and stores or texts nothing', async () => {
    const { panel } = await renderChat();
    expect(panel).toHaveTextContent('It uses your SAVED settings and approved prices; nothing is texted to anyone and nothing is stored.');
  });

  it('sends the transcript and the answers so far, and shows each reply with its decision and reasons', async () => {
    const { api, panel } = await renderChat();
    await say(panel, 'My kitchen drain is clogged');
    const log = within(panel).getByRole('log', { name: 'Test conversation' });
    expect(await within(log).findByText('Got it, thanks! What’s the ZIP or postal code where you need the work done?')).toBeInTheDocument();
    const [first] = within(log).getAllByTestId('test-chat-decision');
    expect(first).toHaveTextContent('Decision: Replied');
    expect(first).toHaveTextContent('Answers found: What can we help you with? → Drain cleaning');
    expect(first).toHaveTextContent('Lead would move to: Engaging');
    expect(first).toHaveTextContent('Decided by: built-in · Built-in assistant · 3 ms');
    expect(within(first!).getByRole('list', { name: 'Why' })).toHaveTextContent('Asked the next question: postal_code.');
    expect(within(panel).getByTestId('test-chat-answers')).toHaveTextContent('Answers so far: What can we help you with? → Drain cleaning');
    expect(within(panel).getByRole('textbox', { name: 'Your text, as the customer' })).toHaveValue('');

    await say(panel, '60614, how much is a service call?');
    await waitFor(() => expect(within(log).getAllByTestId('test-chat-decision')).toHaveLength(2));
    const second = within(log).getAllByTestId('test-chat-decision')[1]!;
    expect(second).toHaveTextContent('Decision: Held for approval');
    expect(second).toHaveTextContent('in a real thread this reply would wait for your approval. Held for approval: it quotes a price.');
    expect(second).toHaveTextContent('Quoted from the price book: Service call');
    expect(second).toHaveTextContent('Lead would move to: Qualified');
    expect(second).toHaveTextContent('Lead summary: Drain cleaning in 60614.');
    expect(within(panel).getByTestId('test-chat-answers')).toHaveTextContent('What can we help you with? → Drain cleaning; What’s the ZIP or postal code where you need the work done? → 60614');

    expect(api.callsTo('ai.testChat')).toEqual([
      { transcript: [{ from: 'contact', body: 'My kitchen drain is clogged' }], answers: {} },
      {
        transcript: [
          { from: 'contact', body: 'My kitchen drain is clogged' },
          { from: 'business', body: FIRST.decision.reply },
          { from: 'contact', body: '60614, how much is a service call?' },
        ],
        answers: { service: 'Drain cleaning' },
      },
    ]);
  });

  it('a handoff says why; no reply adds nothing to the transcript', async () => {
    const { api, panel } = await renderChat({
      'ai.testChat': () => ({ decision: decision({ action: 'handoff', handoffReason: 'emergency', reasons: ['Emergency words: “flooding”.'] }), held: null, latencyMs: 2, adapter: 'builtin' }),
    });
    await say(panel, 'The basement is flooding');
    expect(await within(panel).findByTestId('test-chat-decision')).toHaveTextContent('Decision: Handed to a person: Mentioned an emergency');
    expect(within(panel).getByText('(no reply)')).toBeInTheDocument();
    await say(panel, 'Hello?');
    await waitFor(() => expect(api.callsTo('ai.testChat')).toHaveLength(2));
    expect(api.callsTo('ai.testChat')[1]).toEqual({
      transcript: [
        { from: 'contact', body: 'The basement is flooding' },
        { from: 'contact', body: 'Hello?' },
      ],
      answers: {},
    });
  });

  it('Start over clears the conversation and the answers', async () => {
    const { api, panel } = await renderChat();
    await say(panel, 'My kitchen drain is clogged');
    await within(panel).findAllByTestId('test-chat-decision');
    await userEvent.click(within(panel).getByRole('button', { name: 'Start over' }));
    expect(within(panel).queryAllByTestId('test-chat-decision')).toHaveLength(0);
    expect(within(panel).getByTestId('test-chat-answers')).toHaveTextContent('Answers so far: none yet');
    await say(panel, 'Hi again');
    await waitFor(() => expect(api.callsTo('ai.testChat')).toHaveLength(2));
    expect(api.callsTo('ai.testChat')[1]).toEqual({ transcript: [{ from: 'contact', body: 'Hi again' }], answers: {} });
  });

  it('a failure says why and keeps what was typed', async () => {
    const { panel } = await renderChat({
      'ai.testChat': () => {
        throw apiError('TOO_MANY_REQUESTS', 'Too many test messages: wait a minute and try again.');
      },
    });
    await say(panel, 'Hello');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Too many test messages: wait a minute and try again.');
    expect(within(panel).getByRole('textbox', { name: 'Your text, as the customer' })).toHaveValue('Hello');
  });
});
