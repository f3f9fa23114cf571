import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_SETTINGS } from '@contracts/reviews';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { ReviewRequestsPage } from './review-requests-page';

const NOW = Date.now();
const ZERO = { sent: 0, delivered: 0, clicked: 0, reminded: 0, unhappy: 0 };
const GOOGLE = { id: 'google', site: 'google', url: 'https://g.page/r/acme/review' };
const ROW = {
  id: '5b4c7a3e-1f1e-4c55-9a55-0c8a3d6a1b01',
  client: { id: '5b4c7a3e-1f1e-4c55-9a55-0c8a3d6a1b02', name: 'Jane Doe' },
  leadId: null,
  conversationId: '5b4c7a3e-1f1e-4c55-9a55-0c8a3d6a1b03',
  source: 'automatic',
  state: 'delivered',
  reason: null,
  createdAt: NOW - 3_600_000,
  dueAt: null,
  scheduledFor: null,
  sentAt: NOW - 3_600_000,
  deliveredAt: NOW - 3_500_000,
  clicks: 0,
  clickedAt: null,
  reminder: { dueAt: null, sentAt: null, skipReason: 'They replied unhappy: a person is handling it.' },
  unhappyAt: NOW - 1_000_000,
};

describe('ReviewRequestsPage', () => {
  it('with nothing sent yet: says so, shows the results as zeros from the server, and asks for a review link before a list can be sent', async () => {
    const api = createFakeApi({
      'reviews.settings.get': () => DEFAULT_REVIEW_SETTINGS,
      'reviews.list': () => [],
      'reviews.stats': (input) => ({ ...(input as object), current: ZERO, previous: ZERO, links: [] }),
    });
    const { heading } = await renderScreen(ReviewRequestsPage, { path: '/review-requests', api });
    expect(heading).toHaveTextContent('Review requests');
    expect(await screen.findByRole('heading', { name: 'No review requests sent yet' })).toBeInTheDocument();
    const results = await screen.findByRole('list', { name: 'Review request results' });
    expect(within(results).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Sent00 the period before',
      'Delivered00 the period before',
      'Clicked00 the period before',
      'Unhappy replies00 the period before',
    ]);
    const period = api.callsTo('reviews.stats')[0] as { from: number; to: number };
    expect(period.to - period.from).toBe(30 * 24 * 60 * 60 * 1000);
    expect(await screen.findByText('Add a review link in the settings below first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send review requests' })).toBeDisabled();
    expect(screen.getByText(/No link yet/)).toBeInTheDocument();
  });

  it('lists requests with their status, delivery, clicks and an unhappy reply; results per link beside the period before', async () => {
    const api = createFakeApi({
      'reviews.settings.get': () => ({ ...DEFAULT_REVIEW_SETTINGS, links: [GOOGLE], primaryLinkId: 'google' }),
      'reviews.list': () => [ROW, { ...ROW, id: 'r2', client: { id: 'c2', name: 'Bob Smith' }, source: 'manual', state: 'skipped', reason: 'Bob Smith opted out of texts.', sentAt: null, deliveredAt: null, unhappyAt: null, reminder: { dueAt: null, sentAt: null, skipReason: null } }],
      'reviews.stats': (input) => ({ ...(input as object), current: { sent: 4, delivered: 3, clicked: 2, reminded: 1, unhappy: 1 }, previous: { ...ZERO, sent: 1 }, links: [{ linkId: 'google', site: 'google', sent: 4, clicked: 2, label: 'Google · g.page', primary: true }] }),
    });
    await renderScreen(ReviewRequestsPage, { path: '/review-requests', api });
    const table = await screen.findByRole('table', { name: 'Requests' });
    const [, jane, bob] = within(table).getAllByRole('row');
    expect(jane).toHaveTextContent(/Jane Doe\s*After a won job\s*Delivered/);
    expect(jane).toHaveTextContent('No reminder: They replied unhappy: a person is handling it.');
    expect(jane).toHaveTextContent('Not yet');
    expect(within(jane!).getByRole('link', { name: 'Unhappy reply — recovery opened' })).toHaveAttribute('href', `/conversations?c=${ROW.conversationId}`);
    expect(bob).toHaveTextContent(/Bob Smith\s*By hand\s*Not sent\s*Bob Smith opted out of texts\./);
    const results = await screen.findByRole('list', { name: 'Review request results' });
    expect(within(results).getAllByRole('listitem')[0]).toHaveTextContent('Sent41 the period before');
    const perLink = screen.getByRole('table', { name: 'Per review link' });
    expect(within(perLink).getAllByRole('row')[1]).toHaveTextContent(/Google · g\.page\s*4\s*2\s*50%/);
  });

  it('refuses a review link that is not https before saving, then saves the settings', async () => {
    const api = createFakeApi({
      'reviews.settings.get': () => DEFAULT_REVIEW_SETTINGS,
      'reviews.list': () => [],
      'reviews.stats': (input) => ({ ...(input as object), current: ZERO, previous: ZERO, links: [] }),
      'reviews.settings.set': (input) => input,
    });
    await renderScreen(ReviewRequestsPage, { path: '/review-requests', api });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a review link' }));
    const address = screen.getByRole('textbox', { name: 'Address of link 1' });
    await user.type(address, 'http://g.page/r/acme/review');
    await user.click(screen.getByRole('button', { name: 'Save review settings' }));
    expect(await screen.findByText(/Use the secure address/)).toBeInTheDocument();
    expect(api.callsTo('reviews.settings.set')).toEqual([]);

    await user.clear(address);
    await user.type(address, 'https://g.page/r/acme/review');
    await user.click(screen.getByRole('button', { name: 'Save review settings' }));
    await waitFor(() => expect(api.callsTo('reviews.settings.set')).toHaveLength(1));
    expect(api.callsTo('reviews.settings.set')[0]).toMatchObject({ links: [{ site: 'google', url: 'https://g.page/r/acme/review' }], automatic: true, delayMinutes: 120, reminder: true, reminderAfterDays: 3 });
    // The preview shows the text as a customer gets it, with a short link in place of {link}.
    expect(screen.getByText(/Would you leave us a quick review\? https:\/\/…\/r\//)).toBeInTheDocument();
  });

  it('sends to a pasted list and reports every line', async () => {
    const api = createFakeApi({
      'reviews.settings.get': () => ({ ...DEFAULT_REVIEW_SETTINGS, links: [GOOGLE], primaryLinkId: 'google' }),
      'reviews.list': () => [],
      'reviews.stats': (input) => ({ ...(input as object), current: ZERO, previous: ZERO, links: [] }),
      'reviews.requestList': () => ({
        lines: [
          { line: 1, text: 'Jane, 3125550111', name: 'Jane', phone: '(312) 555-0111', outcome: 'sent', reason: null },
          { line: 2, text: 'Bob, 123', name: 'Bob 123', phone: null, outcome: 'skipped', reason: 'Please enter a valid US or Canadian phone number.' },
        ],
      }),
    });
    await renderScreen(ReviewRequestsPage, { path: '/review-requests', api });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Customers' }), 'Jane, 3125550111{enter}Bob, 123');
    await user.click(screen.getByRole('button', { name: 'Send review requests' }));
    const report = await screen.findByRole('table', { name: 'What happened to each line' });
    const [, first, second] = within(report).getAllByRole('row');
    expect(first).toHaveTextContent(/1\s*Jane · \(312\) 555-0111\s*Sent/);
    expect(second).toHaveTextContent(/2\s*Bob 123\s*Skipped\s*Please enter a valid US or Canadian phone number\./);
    expect(api.callsTo('reviews.requestList')).toEqual([{ text: 'Jane, 3125550111\nBob, 123' }]);
  });
});
