import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiHandlers, createFakeApi, renderScreen } from '@/shared/lib/test';
import { filtersToSearch, parseFilters, toApiInput } from '../model/message-filters';
import { LogsPage } from './logs-page';

const CONVERSATION = '33333333-3333-4333-8333-333333333333';
const LONG = `Hi, this is Dana. ${'The upstairs unit makes a rattling noise and blows warm air. '.repeat(3)}Can you come Friday?`;

function row(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    conversationId: CONVERSATION,
    contact: { id: 'k1', name: 'Dana Smith' },
    direction: 'outbound',
    author: 'ai',
    from: '+14155550142',
    to: '+13125550101',
    body: `Text ${id}`,
    status: 'delivered',
    provider: 'simulator',
    errorCode: null,
    problem: null,
    createdAt: new Date(2025, 5, 3, 14, 5).getTime(),
    sentAt: null,
    deliveredAt: null,
    ...overrides,
  };
}

const ROWS = [
  row('m1', { direction: 'inbound', author: 'contact', from: '+13125550101', to: '+14155550142', body: LONG, status: 'received' }),
  row('m2', { status: 'failed', errorCode: '30006', problem: 'This is a landline or a number that cannot receive texts.' }),
  row('m3', { status: 'blocked', problem: 'Dana Smith opted out of texts on 2025-06-01. LeadLoop will not text this number unless they reply START.' }),
];

async function renderLog(handlers: ApiHandlers = {}, path = '/logs') {
  const messages = vi.fn((_input: unknown) => ({ items: ROWS, total: 60 }));
  const api = createFakeApi({ 'logs.messages': messages, ...handlers });
  const result = await renderScreen(LogsPage, { path, api });
  return { ...result, api, messages, user: userEvent.setup() };
}

describe('Logs → Messages', () => {
  it('lists texts with time, direction, client link, numbers, status, and the problem of failed and blocked ones', async () => {
    const { messages, user } = await renderLog();
    const table = await screen.findByRole('table', { name: 'Messages' });
    expect(messages).toHaveBeenCalledWith({ page: 1, pageSize: 25 });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Time', 'Direction', 'Client', 'From → To', 'Text', 'Status']);

    const [, received, failed, blocked] = within(table).getAllByRole('row');
    expect(received).toHaveTextContent('In');
    expect(received).toHaveTextContent('(312) 555-0101 →(415) 555-0142');
    expect(received).toHaveTextContent('Received');
    expect(within(received!).getByRole('link', { name: 'Dana Smith' })).toHaveAttribute('href', `/conversations?c=${CONVERSATION}`);
    expect(within(received!).queryByTestId('problem')).not.toBeInTheDocument();

    expect(failed).toHaveTextContent('Out');
    expect(failed).toHaveTextContent('AI assistant');
    expect(within(failed!).getByText('Failed')).toBeInTheDocument();
    expect(within(failed!).getByTestId('problem')).toHaveTextContent('This is a landline or a number that cannot receive texts.');
    expect(within(blocked!).getByText('Not sent')).toBeInTheDocument();
    expect(within(blocked!).getByTestId('problem')).toHaveTextContent('opted out of texts');

    // Long texts fold; the full text is one click away.
    const more = within(received!).getByRole('button', { name: 'Show all' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(received!).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');

    expect(screen.getByText('1–25 of 60 texts')).toBeInTheDocument();
  });

  it('filters by status, direction, words and dates, pages through, and keeps the filters in the address', async () => {
    const { messages, user, router } = await renderLog();
    await screen.findByRole('table', { name: 'Messages' });

    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await user.click(await screen.findByRole('option', { name: 'Not sent' }));
    await waitFor(() => expect(messages).toHaveBeenLastCalledWith({ status: ['failed', 'blocked'], page: 1, pageSize: 25 }));

    await user.click(screen.getByRole('combobox', { name: 'Direction' }));
    await user.click(await screen.findByRole('option', { name: 'Outgoing' }));
    await waitFor(() => expect(messages).toHaveBeenLastCalledWith({ status: ['failed', 'blocked'], direction: 'outbound', page: 1, pageSize: 25 }));

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'boiler');
    await waitFor(() => expect(messages).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'boiler' })));
    expect(messages).not.toHaveBeenCalledWith(expect.objectContaining({ search: 'boi' }));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-06-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-06-30' } });
    await waitFor(() =>
      expect(messages).toHaveBeenLastCalledWith({
        status: ['failed', 'blocked'],
        direction: 'outbound',
        search: 'boiler',
        from: new Date(2025, 5, 1).getTime(),
        to: new Date(2025, 6, 1).getTime(),
        page: 1,
        pageSize: 25,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(messages).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2, search: 'boiler' })));
    const search = new URLSearchParams(router.state.location.searchStr);
    expect(Object.fromEntries(search)).toEqual({ status: 'failed,blocked', direction: 'outbound', q: 'boiler', from: '2025-06-01', to: '2025-06-30', page: '2' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // Back to the unfiltered first page (already cached from the first visit, so no new call is needed).
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Direction' })).toHaveValue('In and out');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('starts from the filters in the address, and says when nothing matches', async () => {
    const { api } = await renderLog({ 'logs.messages': () => ({ items: [], total: 0 }) }, '/logs?status=failed&direction=inbound&q=leak&page=1');
    expect(await screen.findByRole('heading', { name: 'No texts match these filters' })).toBeInTheDocument();
    expect(api.callsTo('logs.messages')[0]).toEqual({ status: ['failed'], direction: 'inbound', search: 'leak', page: 1, pageSize: 25 });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('leak');
  });
});

describe('Logs → Messages on a phone', () => {
  it('shows one card per text with the same facts instead of a table', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query.includes('max-width'), media: query, onchange: null, addListener: vi.fn(), removeListener: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn(), dispatchEvent: vi.fn() }) as unknown as MediaQueryList,
    );
    try {
      const { user } = await renderLog();
      const list = await screen.findByRole('list', { name: 'Messages' });
      expect(screen.queryByRole('table', { name: 'Messages' })).not.toBeInTheDocument();
      const [received, failed, blocked] = within(list).getAllByTestId('message-card');
      expect(received).toHaveTextContent('In');
      expect(received).toHaveTextContent('(312) 555-0101 → (415) 555-0142');
      expect(received).toHaveTextContent('Received');
      expect(within(received!).getByRole('link', { name: 'Dana Smith' })).toHaveAttribute('href', `/conversations?c=${CONVERSATION}`);
      expect(within(received!).getByRole('time')).toHaveAttribute('dateTime', new Date(2025, 5, 3, 14, 5).toISOString());
      await user.click(within(received!).getByRole('button', { name: 'Show all' }));
      expect(within(received!).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');

      expect(failed).toHaveTextContent('Out');
      expect(failed).toHaveTextContent('AI assistant');
      expect(within(failed!).getByTestId('problem')).toHaveTextContent('This is a landline or a number that cannot receive texts.');
      expect(within(blocked!).getByTestId('problem')).toHaveTextContent('Dana Smith opted out of texts');

      // The search stays in sight; the other filters fold behind one button.
      expect(screen.getByRole('textbox', { name: 'Search' })).toBeVisible();
      const filters = screen.getByRole('button', { name: 'Filters' });
      expect(filters).toHaveAttribute('aria-expanded', 'false');
      await user.click(filters);
      expect(screen.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
      expect(await screen.findByRole('combobox', { name: 'Direction' })).toBeVisible();
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('message log filters in the address', () => {
  it('round-trips, ignoring what it does not know', () => {
    const filters = parseFilters('?status=failed,nonsense,sent&direction=sideways&q=hi&from=2025-06-01&to=June&page=-3');
    expect(filters).toEqual({ status: ['failed', 'sent'], direction: null, search: 'hi', from: '2025-06-01', to: '', page: 1 });
    expect(filtersToSearch(filters)).toBe('?status=failed%2Csent&q=hi&from=2025-06-01');
    expect(toApiInput(filters)).toEqual({ status: ['failed', 'sent'], search: 'hi', from: new Date(2025, 5, 1).getTime(), page: 1, pageSize: 25 });
  });
});
