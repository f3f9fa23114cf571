import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { HistoryTab } from './history-tab';
import { MissedCallsLayout } from './missed-calls-layout';
import { missedCallsApi } from './test-fixtures';

const base = {
  direction: 'inbound',
  to: '+13125550100',
  status: 'ended',
  routingMode: 'ring_then_voicemail',
  answeredAt: null,
  endedAt: null,
  talkSeconds: null,
  forwardedTo: null,
  lead: null,
  voicemail: null,
  replied: false,
};

const TEXTED = {
  ...base,
  id: 'c1',
  from: '+13125550101',
  startedAt: new Date(2026, 10, 20, 9, 15).getTime(),
  ringSeconds: 20,
  missed: true,
  missedReason: 'no_answer',
  contact: { id: 'k1', name: 'Dana Smith' },
  conversationId: 'v1',
  lead: { id: 'l1', status: 'qualified' },
  voicemail: { audioUrl: null, seconds: 42, transcript: '<b>My water heater</b> is leaking.', transcriptStatus: 'completed' },
  textBack: { outcome: 'texted', reason: null, messageId: 'm1', dueAt: null },
  replied: true,
};
const SKIPPED = {
  ...base,
  id: 'c2',
  from: '+13125550102',
  startedAt: new Date(2026, 10, 20, 8, 0).getTime(),
  ringSeconds: 20,
  missed: true,
  missedReason: 'busy',
  contact: null,
  conversationId: null,
  // The company's window when the call was skipped (not the 12 h default).
  textBack: { outcome: 'skipped', reason: 'repeat_caller', repeatWindowHours: 6, messageId: null, dueAt: null },
};
const ANSWERED = {
  ...base,
  id: 'c3',
  from: '+13125550103',
  startedAt: new Date(2026, 10, 19, 16, 30).getTime(),
  ringSeconds: 4,
  talkSeconds: 95,
  missed: false,
  missedReason: null,
  contact: null,
  conversationId: null,
  textBack: { outcome: 'not_needed', reason: null, messageId: null, dueAt: null },
};

const renderHistory = (api = missedCallsApi({ 'calls.list': () => ({ items: [TEXTED, SKIPPED, ANSWERED], nextCursor: null }) })) =>
  renderScreen(MissedCallsLayout, { path: '/missed-calls/history', children: { 'missed-calls/history': HistoryTab }, api }).then((r) => ({ ...r, api }));

afterEach(() => vi.restoreAllMocks());

describe('Missed calls → History', () => {
  it('lists each call with its caller, outcome, voicemail transcript as text and the conversation link', async () => {
    await renderHistory();
    const table = await screen.findByRole('table', { name: 'Calls' });
    const [texted, skipped, answered] = within(table).getAllByTestId('call-row');

    expect(within(texted!).getByRole('link', { name: 'Dana Smith' })).toHaveAttribute('href', '/clients/k1');
    expect(texted).toHaveTextContent('Nobody answered · rang 20 s');
    expect(within(texted!).getByTestId('call-outcome')).toHaveTextContent('Texted');
    expect(texted).toHaveTextContent('Replied');
    expect(texted).toHaveTextContent('Qualified');
    expect(texted).toHaveTextContent('Voicemail · 0:42');
    // The transcript is shown as the caller's words, never as markup.
    const transcript = within(texted!).getByTestId('voicemail-transcript');
    expect(transcript).toHaveTextContent('“<b>My water heater</b> is leaking.”');
    expect(transcript.querySelector('b')).toBeNull();
    expect(within(texted!).getByRole('link', { name: 'Open conversation' })).toHaveAttribute('href', '/conversations?c=v1');

    expect(skipped).toHaveTextContent('(312) 555-0102');
    expect(skipped).toHaveTextContent('Your line was busy');
    expect(within(skipped!).getByTestId('call-outcome')).toHaveTextContent('Skipped');
    expect(skipped).toHaveTextContent('Already texted back after a call in the last 6 hours');
    expect(within(skipped!).queryByRole('link', { name: 'Open conversation' })).not.toBeInTheDocument();

    expect(within(answered!).getByTestId('call-outcome')).toHaveTextContent('Answered');
    expect(answered).toHaveTextContent('Answered · talked 1:35');
  });

  it('an answered call says who answered it when someone did in the app', async () => {
    const byLee = { ...ANSWERED, id: 'c4', answeredBy: { id: 'u-lee', name: 'Lee Park' } };
    await renderHistory(missedCallsApi({ 'calls.list': () => ({ items: [byLee, { ...ANSWERED, answeredBy: null }], nextCursor: null }) }));
    const table = await screen.findByRole('table', { name: 'Calls' });
    const [inApp, onPhone] = within(table).getAllByTestId('call-row');
    expect(inApp).toHaveTextContent('Answered by Lee Park · talked 1:35');
    expect(within(inApp!).getByTestId('call-outcome')).toHaveTextContent('Answered');
    expect(onPhone).toHaveTextContent('Answered · talked 1:35');
    expect(onPhone).not.toHaveTextContent('Answered by');
  });

  it('pages with the cursor: Show more calls asks for the next page and appends it', async () => {
    const list = vi.fn((input: unknown) =>
      (input as { cursor?: string }).cursor === 'next-1' ? { items: [ANSWERED], nextCursor: null } : { items: [TEXTED, SKIPPED], nextCursor: 'next-1' },
    );
    const { api } = await renderHistory(missedCallsApi({ 'calls.list': list }));
    await screen.findByRole('table', { name: 'Calls' });
    expect(screen.getAllByTestId('call-row')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Show more calls' }));
    await waitFor(() => expect(screen.getAllByTestId('call-row')).toHaveLength(3));
    expect(api.callsTo('calls.list').at(-1)).toMatchObject({ cursor: 'next-1', limit: 25 });
    expect(screen.queryByRole('button', { name: 'Show more calls' })).not.toBeInTheDocument();
  });

  it('filters by outcome and date, says when nothing matches and clears back to every call', async () => {
    const list = vi.fn((input: unknown) => ((input as { outcome?: string }).outcome ? { items: [], nextCursor: null } : { items: [TEXTED], nextCursor: null }));
    const { api } = await renderHistory(missedCallsApi({ 'calls.list': list }));
    await screen.findByRole('table', { name: 'Calls' });

    await userEvent.click(screen.getByLabelText('Outcome', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Skipped' }));
    expect(await screen.findByRole('heading', { name: 'No calls match these filters' })).toBeInTheDocument();
    expect(api.callsTo('calls.list').at(-1)).toMatchObject({ outcome: 'skipped' });

    const from = screen.getByLabelText('From');
    await userEvent.type(from, '2026-11-01');
    await waitFor(() => expect(api.callsTo('calls.list').at(-1)).toMatchObject({ outcome: 'skipped', from: '2026-11-01' }));

    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByRole('table', { name: 'Calls' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dana Smith' })).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('');
  });

  it('on a phone, shows one card per call with the same facts instead of a table', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query.includes('max-width'), media: query, onchange: null, addListener: vi.fn(), removeListener: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn(), dispatchEvent: vi.fn() }) as unknown as MediaQueryList,
    );
    await renderHistory();
    const list = await screen.findByRole('list', { name: 'Calls' });
    expect(screen.queryByRole('table', { name: 'Calls' })).not.toBeInTheDocument();
    const [texted] = within(list).getAllByTestId('call-row');
    expect(texted).toHaveTextContent('Dana Smith');
    expect(texted).toHaveTextContent('Texted');
    expect(within(texted!).getByTestId('voicemail-transcript')).toHaveTextContent('My water heater');
    expect(within(texted!).getByRole('link', { name: 'Open conversation' })).toHaveAttribute('href', '/conversations?c=v1');
  });
});
