import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AI_SETTINGS } from '@contracts/ai';
import { type ApiHandlers, createFakeApi, renderScreen } from '@/shared/lib/test';
import { LogsPage } from './logs-page';

const CONVERSATION = '66666666-6666-4666-8666-666666666666';
const T0 = 1_790_000_000_000;

const settings = (enabled: boolean) => ({
  ...DEFAULT_AI_SETTINGS,
  enabled,
  questions: [
    { key: 'service', text: 'What can we help you with?', kind: 'text', choices: [], required: true },
    { key: 'postal_code', text: 'What’s the ZIP code of the job?', kind: 'zip', choices: [], required: true },
  ],
  version: 3,
  updatedAt: T0,
  canEdit: true,
  timezone: 'America/Chicago',
  now: { on: enabled, why: enabled ? 'On (no off window now)' : 'The assistant is turned off' },
  defaults: DEFAULT_AI_SETTINGS,
  addressServiceArea: [],
});

function turn(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    conversationId: CONVERSATION,
    leadId: null,
    contact: { id: 'c1', name: 'Jane Cooper' },
    action: 'reply',
    newMessages: ['My drain is clogged', 'I’m in 78701'],
    answersBefore: {},
    reply: 'Thanks Jane! When would you like us to come out?',
    answers: { service: 'Drain cleaning', postal_code: '78701', budget_range: '$200' },
    reasons: ['Found the service and the ZIP code.', 'Asked the next question.'],
    model: 'gpt-4o-mini',
    fallback: false,
    latencyMs: 1234,
    tokens: { prompt: 1812, completion: 64 },
    createdAt: T0,
    ...overrides,
  };
}

async function openTab(handlers: ApiHandlers, path = '/logs') {
  const api = createFakeApi({ 'logs.messages': () => ({ items: [], total: 0 }), 'ai.settings.get': () => settings(true), ...handlers });
  const rendered = await renderScreen(LogsPage, { path, api });
  if (path === '/logs') await userEvent.click(screen.getByRole('tab', { name: 'AI decisions' }));
  return { ...rendered, api };
}

describe('Logs → AI decisions', () => {
  it('shows each turn: when, who (a link to the thread), what it did, what they wrote, the reply, the answers, why, the model, time and tokens', async () => {
    await openTab({ 'ai.turns': () => ({ items: [turn('t1')], nextBefore: null }) });
    const [card] = await screen.findAllByTestId('ai-turn');
    expect(within(card!).getByText('Replied')).toBeInTheDocument();
    expect(within(card!).getByRole('link', { name: 'Jane Cooper' })).toHaveAttribute('href', `/conversations?c=${CONVERSATION}`);
    expect(card).toHaveTextContent('They wrote“My drain is clogged”“I’m in 78701”');
    expect(card).toHaveTextContent('Its replyThanks Jane! When would you like us to come out?');
    // Answers labelled with the questions' words, in their order; a key no question has any more, in words.
    await waitFor(() => expect(card).toHaveTextContent('Answers it foundWhat can we help you with?: Drain cleaningWhat’s the ZIP code of the job?: 78701Budget range: $200'));
    expect(card).toHaveTextContent('WhyFound the service and the ZIP code.Asked the next question.');
    expect(card).toHaveTextContent('Decided by gpt-4o-mini · took 1.2 s · 1,812 tokens in, 64 out');
  });

  it('names a held reply, a fallback to the built-in assistant, and a turn the engine decided alone', async () => {
    await openTab({
      'ai.turns': () => ({
        items: [
          turn('t1', { action: 'hold', reply: 'It’s $150–$250 per visit.', model: 'built-in', fallback: true, tokens: null, latencyMs: 40 }),
          turn('t2', { action: 'skip', reply: null, answers: {}, model: 'engine', latencyMs: 0, tokens: null, reasons: ['Your team is in control of this thread.'] }),
          turn('t3', { action: 'handoff', reply: 'I’ll get someone from the team.', answers: {}, reasons: ['Asked for a person.'] }),
        ],
        nextBefore: null,
      }),
    });
    const [held, skipped, handoff] = await screen.findAllByTestId('ai-turn');
    expect(held).toHaveTextContent('Held for approval');
    expect(held).toHaveTextContent('Its reply, held for your approvalIt’s $150–$250 per visit.');
    expect(held).toHaveTextContent('Decided by Built-in assistant · Fallback: built-in answered (the AI service was unavailable) · took 40 ms');
    expect(held).not.toHaveTextContent('tokens');
    expect(skipped).toHaveTextContent('Did not reply');
    expect(skipped).toHaveTextContent('Decided by LeadLoop’s rules (no model asked)');
    expect(skipped).not.toHaveTextContent(/Its reply|Answers it found|took/);
    expect(handoff).toHaveTextContent('Handed to a person');
    expect(handoff).toHaveTextContent('Its reply before handing overI’ll get someone from the team.');
  });

  it('renders what people wrote as text, never as HTML', async () => {
    await openTab({ 'ai.turns': () => ({ items: [turn('t1', { newMessages: ['<img src=x onerror=alert(1)>'], reply: '<b>hi</b>' })], nextBefore: null }) });
    const [card] = await screen.findAllByTestId('ai-turn');
    expect(card!.querySelector('img, b')).toBeNull();
    expect(card).toHaveTextContent('“<img src=x onerror=alert(1)>”');
    expect(card).toHaveTextContent('<b>hi</b>');
  });

  it('pages back with the time the server gave (before)', async () => {
    const { api } = await openTab({
      'ai.turns': (input) =>
        (input as { before?: number }).before === T0 - 5000
          ? { items: [turn('t3', { contact: { id: 'c2', name: 'Bob Stone' }, createdAt: T0 - 9000 })], nextBefore: null }
          : { items: [turn('t1'), turn('t2', { createdAt: T0 - 5000 })], nextBefore: T0 - 5000 },
    });
    expect(await screen.findAllByTestId('ai-turn')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Show older decisions' }));
    await waitFor(() => expect(screen.getAllByTestId('ai-turn')).toHaveLength(3));
    expect(screen.getAllByTestId('ai-turn')[2]).toHaveTextContent('Bob Stone');
    expect(api.callsTo('ai.turns')).toEqual([{ limit: 50 }, { limit: 50, before: T0 - 5000 }]);
    expect(screen.queryByRole('button', { name: 'Show older decisions' })).not.toBeInTheDocument();
  });

  it('with none yet and the assistant off, says to turn it on in Settings → AI', async () => {
    await openTab({ 'ai.turns': () => ({ items: [], nextBefore: null }), 'ai.settings.get': () => settings(false) });
    expect(await screen.findByRole('heading', { level: 2, name: 'No AI decisions yet' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/^Turn the assistant on in Settings → AI\./)).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Open Settings → AI' })).toHaveAttribute('href', '/settings/ai');
  });

  it('opens on this tab from /logs?tab=ai (the link in the “AI service unavailable” alert), and the tab is kept in the address', async () => {
    const { router } = await openTab({ 'ai.turns': () => ({ items: [turn('t1')], nextBefore: null }) }, '/logs?tab=ai');
    expect(screen.getByRole('tab', { name: 'AI decisions' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findAllByTestId('ai-turn')).toHaveLength(1);
    await userEvent.click(screen.getByRole('tab', { name: 'Audit log' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'audit' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Messages' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });
});
