import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, createFakeApi, renderScreen } from '@/shared/lib/test';
import { AiCallAnsweringLayout } from './ai-call-answering-layout';
import { HistoryTab } from './history-tab';
import { aiCall, aiCallDetail } from './test-fixtures';

const tabs = { 'ai-call-answering/history': HistoryTab };

function historyApi(handlers: Record<string, (input: unknown) => unknown> = {}) {
  return createFakeApi({
    'voiceAgent.calls.list': () => ({ items: [aiCall(1), aiCall(2, { outcome: 'transferred', summary: 'Put through to the on-call number (mentioned an emergency). Flooded basement.', transfer: { to: '+13125550199', status: 'completed' } })], nextCursor: null }),
    'voiceAgent.calls.get': (input) => aiCallDetail(Number((input as { id: string }).id.split('-').at(-1))),
    ...handlers,
  });
}

const open = async (api = historyApi(), path = '/ai-call-answering/history') => {
  const result = await renderScreen(AiCallAnsweringLayout, { path, children: tabs, api });
  return { api, ...result };
};

describe('AI call answering → History', () => {
  it('lists the calls newest first: caller, outcome, duration, summary, the follow-up text, links to the lead and the thread', async () => {
    await open();
    const rows = await screen.findAllByTestId('ai-call-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Tom Becker');
    expect(rows[0]).toHaveTextContent('Qualified');
    expect(rows[0]).toHaveTextContent('1:35');
    expect(rows[0]).toHaveTextContent('Qualified. Leaking water heater in 60614 (call 1).');
    expect(rows[0]).toHaveTextContent('Follow-up text sent');
    expect(within(rows[0]!).getByRole('link', { name: /Open lead \(Qualified\)/ })).toHaveAttribute('href', '/leads?lead=40000000-0000-4000-8000-000000000001');
    expect(within(rows[0]!).getByRole('link', { name: 'Open conversation' })).toHaveAttribute('href', '/conversations?c=30000000-0000-4000-8000-000000000001');
    expect(rows[1]).toHaveTextContent('Transferred');
  });

  it('filters by outcome (the server filters) and says when none match', async () => {
    const { api } = await open(
      historyApi({
        'voiceAgent.calls.list': (input) => ((input as { outcome?: string }).outcome === 'booked' ? { items: [], nextCursor: null } : { items: [aiCall(1)], nextCursor: null }),
      }),
    );
    await screen.findAllByTestId('ai-call-row');
    await userEvent.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Booked' }));
    expect(await screen.findByRole('heading', { name: 'No calls ended “booked”' })).toBeInTheDocument();
    expect(api.callsTo('voiceAgent.calls.list').at(-1)).toMatchObject({ limit: 25, outcome: 'booked' });
    await userEvent.click(screen.getByRole('button', { name: 'Show every call' }));
    expect(await screen.findAllByTestId('ai-call-row')).toHaveLength(1);
  });

  it('pages with the server’s cursor: “Load more calls” adds the next page below', async () => {
    const { api } = await open(
      historyApi({
        'voiceAgent.calls.list': (input) =>
          (input as { cursor?: string | null }).cursor === 'page-2' ? { items: [aiCall(3)], nextCursor: null } : { items: [aiCall(1), aiCall(2)], nextCursor: 'page-2' },
      }),
    );
    expect(await screen.findAllByTestId('ai-call-row')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load more calls' }));
    await waitFor(() => expect(screen.getAllByTestId('ai-call-row')).toHaveLength(3));
    expect(screen.getAllByTestId('ai-call-row')[2]).toHaveTextContent('(call 3)');
    expect(api.callsTo('voiceAgent.calls.list').at(-1)).toMatchObject({ cursor: 'page-2' });
    expect(screen.queryByRole('button', { name: 'Load more calls' })).not.toBeInTheDocument();
  });

  it('a call opens with its transcript turn by turn, its summary, answers, reply times, recording and links', async () => {
    const { router } = await open();
    const [first] = await screen.findAllByTestId('ai-call-row');
    await userEvent.click(within(first!).getByRole('button', { name: /^Transcript of the call from Tom Becker/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ call: aiCall(1).id }));
    const details = await screen.findByTestId('ai-call-details');
    const turns = within(details).getAllByTestId('transcript-turn');
    expect(turns.map((turn) => within(turn).getAllByText(/^(Caller|Assistant)$/)[0]!.textContent)).toEqual(['Assistant', 'Caller', 'Assistant', 'Caller']);
    expect(turns[0]).toHaveTextContent('0:01');
    expect(turns[1]).toHaveTextContent('My water heater is leaking');
    expect(turns[2]).toHaveTextContent('replied in 420 ms');
    expect(turns[2]).toHaveTextContent('The caller spoke over it after: “Got it.”');
    expect(turns[3]).toHaveTextContent('Pressed 60614');
    expect(within(details).getByTestId('ai-call-summary')).toHaveTextContent('Qualified. Leaking water heater in 60614 (call 1).');
    expect(within(details).getByTestId('ai-call-answers')).toHaveTextContent('What can we help you with?: leaking water heater');
    expect(within(details).getByTestId('ai-call-latency')).toHaveTextContent('Reply time: typically 420 ms, slowest 420 ms');
    expect(within(details).getByRole('button', { name: 'Play recording (1:35)' })).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: /Open lead/ })).toHaveAttribute('href', '/leads?lead=40000000-0000-4000-8000-000000000001');
    expect(within(details).getByRole('link', { name: 'Open conversation' })).toHaveAttribute('href', '/conversations?c=30000000-0000-4000-8000-000000000001');
    expect(within(details).getByText('The assistant finished and said goodbye.')).toBeInTheDocument();
  });

  it('opens the call named in the address (the notification’s link)', async () => {
    const id = aiCall(2).id;
    const { api } = await open(historyApi(), `/ai-call-answering/history?call=${id}`);
    expect(await screen.findByTestId('ai-call-details')).toHaveTextContent('Tom Becker');
    expect(api.callsTo('voiceAgent.calls.get')).toEqual([{ id }]);
  });

  it('a call that is not the company’s (NOT_FOUND) says it could not be loaded', async () => {
    await open(
      historyApi({
        'voiceAgent.calls.get': () => {
          throw apiError('NOT_FOUND', 'Call not found');
        },
      }),
      '/ai-call-answering/history?call=00000000-0000-4000-8000-999999999999',
    );
    expect(await screen.findByText('Couldn’t load this call')).toBeInTheDocument();
  });

  it('no calls yet: says what will be listed and links to the settings', async () => {
    await open(historyApi({ 'voiceAgent.calls.list': () => ({ items: [], nextCursor: null }) }));
    expect(await screen.findByRole('heading', { level: 2, name: 'No answered calls yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check call answering settings' })).toHaveAttribute('href', '/ai-call-answering/basic');
  });
});
