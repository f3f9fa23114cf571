import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type ApiHandlers, renderScreen } from '@/shared/lib/test';
import { aiApi, APPROVED_ITEM, PROPOSED_ITEM, SECOND_PROPOSED_ITEM } from '../lib/ai-test-fixtures';
import { AiTab } from './ai-tab';
import { SettingsLayout } from './settings-layout';

const ITEMS = [APPROVED_ITEM, PROPOSED_ITEM, SECOND_PROPOSED_ITEM];
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  window.localStorage.setItem('authToken', 'session-token-1');
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

async function renderBook(handlers: ApiHandlers = {}, settings: Parameters<typeof aiApi>[1] = {}) {
  const api = aiApi({ 'ai.priceBook.save': (input) => ({ id: (input as { id?: string }).id ?? 'new-item' }), 'ai.priceBook.remove': (input) => ({ removed: (input as { ids: string[] }).ids.length }), ...handlers }, settings, ITEMS);
  await renderScreen(SettingsLayout, { path: '/settings/ai', children: { 'settings/ai': AiTab }, api });
  const book = await screen.findByRole('region', { name: 'Price book' });
  await within(book).findByRole('table', { name: 'Price book' });
  return { api, book };
}
const rows = (book: HTMLElement) => within(book).getAllByTestId('price-item');
const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const pdf = (name = 'prices.pdf') => new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], name, { type: 'application/pdf' });

describe('Settings → AI: the price book', () => {
  it('lists proposed items first with price, status and where each came from; says only approved items are quoted', async () => {
    const { book } = await renderBook({}, { pricingPolicy: 'ranges' });
    const [first, second, third] = rows(book);
    expect(first).toHaveTextContent('Drain cleaning');
    expect(first).toHaveTextContent('$150–$250 per drain');
    expect(first).toHaveTextContent('ProposedNeeds your review');
    expect(first).toHaveTextContent('prices-2026.pdf, page 2, line 14');
    expect(first).toHaveTextContent('“Drain cleaning ........ $150 - $250 per drain”');
    expect(second).toHaveTextContent('Water heater flush');
    expect(second).toHaveTextContent('$95');
    expect(third).toHaveTextContent('Service call');
    expect(third).toHaveTextContent('$89 per visit');
    expect(third).toHaveTextContent('Approved');
    expect(third).toHaveTextContent('Typed in');
    expect(book).toHaveTextContent('The assistant quotes only approved items, and only as your pricing policy allows: with “Never quote prices” it quotes none of them at all.');
    expect(within(book).getByTestId('price-policy-now')).toHaveTextContent('the assistant may quote the 1 approved item.');
  });

  it('with “Never quote prices” saved, says no item is quoted', async () => {
    const { book } = await renderBook();
    expect(within(book).getByTestId('price-policy-now')).toHaveTextContent('Your saved pricing policy is “Never quote prices”: no item is quoted now.');
  });

  it('approves, drops and removes one item with the right procedure and input, then reloads the list', async () => {
    const { api, book } = await renderBook();
    await userEvent.click(within(book).getByRole('button', { name: 'Approve Drain cleaning' }));
    await waitFor(() => expect(api.callsTo('ai.priceBook.save')).toEqual([{ id: PROPOSED_ITEM.id, name: 'Drain cleaning', minCents: 15000, maxCents: 25000, unit: 'per drain', status: 'approved' }]));
    await waitFor(() => expect(api.callsTo('ai.priceBook.list').length).toBeGreaterThanOrEqual(2));

    await userEvent.click(within(book).getByRole('button', { name: 'Drop Water heater flush' }));
    await waitFor(() => expect(api.callsTo('ai.priceBook.remove')).toEqual([{ ids: [SECOND_PROPOSED_ITEM.id] }]));
    await userEvent.click(within(book).getByRole('button', { name: 'Remove Service call' }));
    await waitFor(() => expect(api.callsTo('ai.priceBook.remove')).toHaveLength(2));
    expect(api.callsTo('ai.priceBook.remove')[1]).toEqual({ ids: [APPROVED_ITEM.id] });
  });

  it('edits a proposed item in dollars and approves it', async () => {
    const { api, book } = await renderBook();
    await userEvent.click(within(book).getByRole('button', { name: 'Edit Drain cleaning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit price item' });
    expect(dialog).toHaveTextContent('From prices-2026.pdf, page 2, line 14');
    const lowest = within(dialog).getByRole('textbox', { name: 'Price (or lowest)' });
    await userEvent.clear(lowest);
    await userEvent.type(lowest, '175.5');
    const highest = within(dialog).getByRole('textbox', { name: 'Highest (optional)' });
    await userEvent.clear(highest);
    await userEvent.type(highest, '1275');
    const unit = within(dialog).getByRole('textbox', { name: 'Unit (optional)' });
    await userEvent.clear(unit);
    await userEvent.type(unit, 'per line');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and approve' }));
    await waitFor(() => expect(api.callsTo('ai.priceBook.save')).toEqual([{ id: PROPOSED_ITEM.id, name: 'Drain cleaning', minCents: 17550, maxCents: 127500, unit: 'per line', status: 'approved' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('checks an edit before sending and shows the server’s refusal under its field', async () => {
    const { api, book } = await renderBook({
      'ai.priceBook.save': () => {
        throw apiError('BAD_REQUEST', 'Invalid input', { maxCents: ['The highest price is below the lowest.'] });
      },
    });
    await userEvent.click(within(book).getByRole('button', { name: 'Edit Service call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit price item' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Name the item'));
    expect(api.callsTo('ai.priceBook.save')).toEqual([]);
    await userEvent.type(name, 'Service call');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Highest (optional)' })).toHaveAccessibleDescription(expect.stringContaining('The highest price is below the lowest.')));
    expect(api.callsTo('ai.priceBook.save')).toEqual([{ id: APPROVED_ITEM.id, name: 'Service call', minCents: 8900, maxCents: 8900, unit: 'per visit', status: 'approved' }]);
  });

  it('adds an item typed in as approved, one price when no highest is given', async () => {
    const { api, book } = await renderBook();
    await userEvent.click(within(book).getByRole('button', { name: 'Add an item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a price item' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Toilet repair');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Price (or lowest)' }), '120');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));
    await waitFor(() => expect(api.callsTo('ai.priceBook.save')).toEqual([{ name: 'Toilet repair', minCents: 12000, maxCents: 12000, unit: '', status: 'approved' }]));
  });

  it('approves or drops all proposed items only after asking', async () => {
    const { api, book } = await renderBook();
    await userEvent.click(within(book).getByRole('button', { name: 'Drop all proposed (2)' }));
    let dialog = await screen.findByRole('dialog', { name: 'Drop all proposed items?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('ai.priceBook.remove')).toEqual([]);

    await userEvent.click(within(book).getByRole('button', { name: 'Approve all proposed (2)' }));
    dialog = await screen.findByRole('dialog', { name: 'Approve all proposed items?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve 2' }));
    await waitFor(() => expect(api.callsTo('ai.priceBook.save')).toHaveLength(2));
    expect(api.callsTo('ai.priceBook.save')).toEqual([
      { id: PROPOSED_ITEM.id, name: 'Drain cleaning', minCents: 15000, maxCents: 25000, unit: 'per drain', status: 'approved' },
      { id: SECOND_PROPOSED_ITEM.id, name: 'Water heater flush', minCents: 9500, maxCents: 9500, unit: '', status: 'approved' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(within(book).getByRole('button', { name: 'Drop all proposed (2)' }));
    dialog = await screen.findByRole('dialog', { name: 'Drop all proposed items?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Drop 2' }));
    await waitFor(() => expect(api.callsTo('ai.priceBook.remove')).toEqual([{ ids: [PROPOSED_ITEM.id, SECOND_PROPOSED_ITEM.id] }]));
  });
});

describe('Settings → AI: the PDF importer', () => {
  it('sends the PDF with the session, then shows what was found and reloads the list', async () => {
    fetchMock.mockResolvedValue(json({ pages: 4, proposed: 12, lowConfidence: 2, pagesWithoutText: [3, 4] }, 201));
    const { api, book } = await renderBook();
    const listCalls = api.callsTo('ai.priceBook.list').length;
    await userEvent.upload(within(book).getByRole('group', { name: 'Import a price list (PDF)' }).querySelector('input[type=file]')!, pdf('Price list 2026.pdf'));

    const result = await within(book).findByRole('status', { name: /Read Price list 2026.pdf/ });
    expect(result).toHaveTextContent('12 items proposed from 4 pages; 2 look uncertain. Review them below');
    expect(result).toHaveTextContent('Pages 3 and 4 are images: type those prices in by hand.');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/price-book/import?name=Price+list+2026.pdf');
    expect(init).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer session-token-1', 'Content-Type': 'application/pdf' } });
    expect(init?.body).toBeInstanceOf(File);
    await waitFor(() => expect(api.callsTo('ai.priceBook.list').length).toBeGreaterThan(listCalls));
  });

  it('says who proposed the items, what was already there, what the model named that did not hold, and why the rules stood in', async () => {
    fetchMock.mockResolvedValue(
      json({ pages: 2, proposed: 3, lowConfidence: 0, pagesWithoutText: [], alreadyThere: 2, proposedBy: 'rules', dropped: 1, note: 'The AI service was unavailable (it timed out after 60 s); the rules proposed these.' }, 201),
    );
    const { book } = await renderBook();
    await userEvent.upload(within(book).getByRole('group', { name: 'Import a price list (PDF)' }).querySelector('input[type=file]')!, pdf('prices.pdf'));
    const result = await within(book).findByRole('status', { name: /Read prices.pdf/ });
    expect(result).toHaveTextContent('3 items proposed from 2 pages.');
    expect(result).toHaveTextContent('2 items were already in your price book, so not added again.');
    expect(result).toHaveTextContent('1 item the model named did not match the file and was left out.');
    expect(result).toHaveTextContent('The AI service was unavailable (it timed out after 60 s); the rules proposed these.');
  });

  it('shows the server’s refusal word for word', async () => {
    // The server's sentence for a scan (server/modules/ai/price-book/price-import.errors.ts).
    const refusal = 'This PDF is a scanned image: it has no text LeadLoop can read. Export the price list from the program that made it, or type the prices in.';
    fetchMock.mockResolvedValue(json({ error: refusal, field: 'file' }, 400));
    const { api, book } = await renderBook();
    const listCalls = api.callsTo('ai.priceBook.list').length;
    await userEvent.upload(within(book).getByRole('group', { name: 'Import a price list (PDF)' }).querySelector('input[type=file]')!, pdf());
    const alert = await within(book).findByRole('alert');
    expect(alert).toHaveTextContent('Not imported');
    expect(alert).toHaveTextContent(refusal);
    expect(api.callsTo('ai.priceBook.list')).toHaveLength(listCalls);
  });

  it('refuses a file over 10 MB without sending it', async () => {
    const { book } = await renderBook();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(book).getByRole('group', { name: 'Import a price list (PDF)' }).querySelector('input[type=file]')!, big);
    expect(await within(book).findByRole('alert')).toHaveTextContent('The file is too large: upload a PDF of at most 10 MB.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
