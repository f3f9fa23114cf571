import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AI_SETTINGS } from '@contracts/ai';
import type { LeadDetail } from '@/entities/lead';
import { type ApiHandlers, createFakeApi, renderScreen } from '@/shared/lib/test';
import { answerRows, keyInWords, quoteSentence } from '../lib/ai-answers';
import { LeadDetails } from './lead-details';

const LEAD = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const CONVERSATION = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const T0 = 1_790_000_000_000;

const QUESTIONS = [
  { key: 'service', text: 'What can we help you with?', kind: 'text' as const, choices: [], required: true },
  { key: 'postal_code', text: 'What’s the ZIP code of the job?', kind: 'zip' as const, choices: [], required: true },
];

function lead(overrides: Partial<LeadDetail> = {}): LeadDetail {
  return {
    id: LEAD,
    status: 'qualified',
    source: 'sms',
    summary: null,
    valueCents: null,
    assignedUserId: null,
    createdAt: T0,
    lastActivityAt: T0,
    contact: { id: 'c1', name: 'Jane Doe', firstName: 'Jane', lastName: 'Doe', phone: '+14155552671', otherPhones: [], optedOut: false, optedOutAt: null, blocked: false, email: null },
    conversationId: CONVERSATION,
    tracking: {},
    answers: {},
    aiSummary: null,
    aiQuotes: [],
    fromCallers: [],
    ...overrides,
  } as LeadDetail;
}

async function renderLead(detail: LeadDetail, handlers: ApiHandlers = {}) {
  const api = createFakeApi({
    'leads.get': () => detail,
    'team.members': () => [],
    'ai.settings.get': () => ({ ...DEFAULT_AI_SETTINGS, enabled: true, questions: QUESTIONS, missedCall: { continueThread: true, firstQuestion: 'What was your call about?' }, version: 1, updatedAt: T0, canEdit: true, timezone: 'America/Chicago', now: { on: true, why: 'On' }, defaults: DEFAULT_AI_SETTINGS, addressServiceArea: [] }),
    ...handlers,
  });
  const Screen = () => (
    <>
      <h1>Lead</h1>
      <LeadDetails id={LEAD} />
    </>
  );
  await renderScreen(Screen, { path: '/leads', api });
  await screen.findByRole('heading', { level: 3, name: 'Jane Doe' });
  return api;
}

describe('the lead: what the assistant learned', () => {
  it('shows the answers under their questions’ words, the AI summary, each quote with its price-book item, and the conversation as the transcript', async () => {
    await renderLead(
      lead({
        answers: { postal_code: '78701', service: 'Drain cleaning', call_reason: 'Clogged sink', budget_range: '' },
        aiSummary: 'Kitchen drain clogged; wants someone Friday morning.',
        aiQuotes: [{ itemId: 'p1', name: 'Drain cleaning', minCents: 15_000, maxCents: 25_000, unit: 'per visit', at: T0 }],
      }),
    );
    const section = screen.getByRole('heading', { name: 'From the AI assistant' }).closest('section')!;
    expect(within(section).getByTestId('ai-summary')).toHaveTextContent('Kitchen drain clogged; wants someone Friday morning.');
    const table = within(section).getByRole('table', { name: 'Qualifier answers' });
    await waitFor(() =>
      expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
        'What can we help you with?Drain cleaning',
        'What’s the ZIP code of the job?78701',
        'What was your call about?Clogged sink',
      ]),
    );
    expect(within(section).getByRole('list', { name: 'Prices the assistant quoted' })).toHaveTextContent('Quoted $150–$250 per visit for Drain cleaning (from your price book)');
    expect(within(section).getByRole('link', { name: 'the conversation' })).toHaveAttribute('href', `/conversations?c=${CONVERSATION}`);
  });

  it('labels answers with their keys in words when the settings can’t be read', async () => {
    await renderLead(lead({ answers: { postal_code: '78701' } }), { 'ai.settings.get': () => { throw new Error('down'); } });
    const table = screen.getByRole('table', { name: 'Qualifier answers' });
    expect(table).toHaveTextContent('Postal code78701');
  });

  it('shows nothing of the assistant before it has recorded anything', async () => {
    await renderLead(lead());
    expect(screen.queryByRole('heading', { name: 'From the AI assistant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Qualifier answers' })).not.toBeInTheDocument();
  });

  it('renders the assistant’s words as text', async () => {
    await renderLead(lead({ aiSummary: '<img src=x onerror=alert(1)>', answers: { service: '<b>x</b>' } }));
    const section = screen.getByRole('heading', { name: 'From the AI assistant' }).closest('section')!;
    expect(section.querySelector('img, b')).toBeNull();
    expect(section).toHaveTextContent('<img src=x onerror=alert(1)>');
  });
});

describe('the lead: what the caller said', () => {
  it('lists each detail taken from a voicemail or an AI-answered call with where it came from, as text; nothing when none', async () => {
    const heard = [
      { sentence: 'Name from the voicemail: Tom Becker', applied: true, at: T0 },
      { sentence: 'Address heard in the voicemail, kept the one on file: <b>12 Elm Street</b>', applied: false, at: T0 },
    ];
    await renderLead(lead({ fromCallers: heard }));
    const list = screen.getByRole('list', { name: 'Details from what the caller said' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('Name from the voicemail: Tom Becker'), expect.stringContaining('kept the one on file: <b>12 Elm Street</b>')]);
    expect(list.querySelector('b')).toBeNull();
  });

  it('shows no such section before any caller’s words were read', async () => {
    await renderLead(lead());
    expect(screen.queryByRole('heading', { name: 'From what the caller said' })).not.toBeInTheDocument();
  });
});

describe('answer and quote wording', () => {
  it('says keys in words, orders answers as the questions, and says a fixed price once', () => {
    expect(keyInWords('postal_code')).toBe('Postal code');
    expect(keyInWords('when-needed')).toBe('When needed');
    expect(answerRows({ b: '2', service: 'Roof', a: ' ' }, { questions: QUESTIONS, missedCallQuestion: '' })).toEqual([
      ['What can we help you with?', 'Roof'],
      ['B', '2'],
    ]);
    expect(answerRows({ call_reason: 'Leak' }, undefined)).toEqual([['Call reason', 'Leak']]);
    expect(quoteSentence({ name: 'Service call', minCents: 8900, maxCents: 8900, unit: '' })).toBe('Quoted $89 for Service call (from your price book)');
    expect(quoteSentence({ name: 'Labor', minCents: 9950, maxCents: 12_000, unit: 'per hour' })).toBe('Quoted $99.50–$120 per hour for Labor (from your price book)');
  });
});
