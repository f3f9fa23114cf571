import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type ApiHandlers, createFakeApi, renderScreen } from '@/shared/lib/test';
import { jane, JANE, JANE_DUP, janeDuplicate, LEAD, OPTED_OUT_AT, THREAD } from './clients-test-data';
import { ClientDetailsPage } from './client-details-page';

afterEach(() => notifications.clean());

function setup(handlers: ApiHandlers = {}, id = JANE) {
  const api = createFakeApi({
    // A US company: the address form says "State" and "ZIP code".
    'company.get': () => ({ id: 'company-1', name: 'Acme Plumbing', country: 'US' }),
    'clients.get': () => jane,
    'clients.duplicates': () => [janeDuplicate],
    'calls.list': () => ({ items: [], nextCursor: null }),
    ...handlers,
  });
  return { api, user: userEvent.setup(), render: () => renderScreen(ClientDetailsPage, { path: `/clients/${id}`, routePath: 'clients/$id', api }) };
}

/** Text split over several elements (a line of links): the innermost element that holds it all. */
const wholeText = (text: string) => (_content: string, element: Element | null) =>
  element?.textContent === text && ![...element.children].some((child) => child.textContent === text);

describe('ClientDetailsPage', () => {
  it('shows the client with all numbers and the opt-out and blocked state', async () => {
    const { api, render } = setup({ 'clients.get': () => ({ ...jane, blocked: true }) });
    await render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(api.callsTo('clients.get')).toEqual([{ id: JANE }]);
    expect(screen.getByText(wholeText('(415) 555-2671 · (415) 555-0000 · jane@example.com'))).toBeInTheDocument();
    // Every number is a tap to call.
    expect(screen.getByRole('link', { name: '(415) 555-2671' })).toHaveAttribute('href', 'tel:+14155552671');
    expect(screen.getByRole('link', { name: '(415) 555-0000' })).toHaveAttribute('href', 'tel:+14155550000');
    const optedOutOn = new Date(jane.optedOutAt!).toLocaleDateString(undefined, { dateStyle: 'medium' });
    expect(screen.getByText(`Opted out ${optedOutOn}`)).toBeInTheDocument();
    expect(screen.getByText('Blocked', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
  });

  it('shows the timeline newest first, with message direction, status and problem, as text', async () => {
    const { render } = setup();
    await render();
    const entries = await screen.findAllByTestId('timeline-entry');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('Opted out · Replied with a keyword'),
      expect.stringContaining('Text sent by AI assistant'),
      expect.stringContaining('Text from Jane Doe'),
      expect.stringContaining('New lead · Website form'),
    ]);
    expect(within(entries[1]!).getByText('Failed')).toBeInTheDocument();
    expect(within(entries[1]!).getByText('The carrier rejected this number (30006: landline).')).toBeInTheDocument();
    // What a client wrote is shown as text, never as markup.
    expect(within(entries[2]!).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(within(entries[3]!).getByRole('link', { name: 'Open lead' })).toHaveAttribute('href', `/leads?lead=${LEAD}`);
  });

  it('puts her calls in the timeline in time order: missed or answered and why, the voicemail as text, the text-back, a link to the call history', async () => {
    const call = {
      direction: 'inbound',
      from: '+14155552671',
      to: '+14155550000',
      status: 'ended',
      routingMode: 'forwarded_missed',
      answeredAt: null,
      endedAt: null,
      forwardedTo: null,
      contact: { id: JANE, name: 'Jane Doe' },
      conversationId: THREAD,
      lead: null,
      replied: false,
    };
    const missed = {
      ...call,
      id: 'call-1',
      // Between her text and the failed reply.
      startedAt: OPTED_OUT_AT - 90_000,
      ringSeconds: 20,
      talkSeconds: null,
      missed: true,
      missedReason: 'no_answer',
      voicemail: { audioUrl: null, seconds: 42, transcript: '<b>Water</b> everywhere.', transcriptStatus: 'completed' },
      textBack: { outcome: 'skipped', reason: 'repeat_caller', repeatWindowHours: 12, messageId: null, dueAt: null },
    };
    const answered = {
      ...call,
      id: 'call-2',
      startedAt: OPTED_OUT_AT - 6 * 86_400_000,
      ringSeconds: 4,
      talkSeconds: 95,
      missed: false,
      missedReason: null,
      voicemail: null,
      textBack: { outcome: 'not_needed', reason: null, messageId: null, dueAt: null },
    };
    const { api, render } = setup({ 'calls.list': () => ({ items: [missed, answered], nextCursor: null }) });
    await render();
    await waitFor(() => expect(screen.getAllByTestId('timeline-entry')).toHaveLength(6));
    const entries = screen.getAllByTestId('timeline-entry');
    expect(api.callsTo('calls.list')).toEqual([expect.objectContaining({ contactId: JANE })]);
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('Opted out'),
      expect.stringContaining('Text sent by AI assistant'),
      expect.stringContaining('Missed call from Jane Doe'),
      expect.stringContaining('Text from Jane Doe'),
      expect.stringContaining('New lead'),
      expect.stringContaining('Call from Jane Doe, answered'),
    ]);
    const missedEntry = entries[2]!;
    expect(missedEntry).toHaveTextContent('Nobody answered · rang 20 s');
    expect(missedEntry).toHaveTextContent('Voicemail · 0:42');
    expect(within(missedEntry).getByTestId('voicemail-transcript')).toHaveTextContent('“<b>Water</b> everywhere.”');
    expect(missedEntry.querySelector('b')).toBeNull();
    expect(within(missedEntry).getByTestId('call-outcome')).toHaveTextContent('Skipped');
    expect(missedEntry).toHaveTextContent('Already texted back after a call');
    expect(within(missedEntry).getByRole('link', { name: 'Call history' })).toHaveAttribute('href', '/missed-calls/history');
    expect(entries[5]).toHaveTextContent('Answered · talked 1:35');
    expect(within(entries[5]!).queryByTestId('call-outcome')).toBeNull();
  });

  it('a client with more calls than one page offers the earlier ones', async () => {
    const page = (id: string, startedAt: number, nextCursor: string | null) => ({
      items: [
        {
          id,
          direction: 'inbound',
          from: '+14155552671',
          to: '+14155550000',
          status: 'ended',
          routingMode: 'forwarded_missed',
          startedAt,
          answeredAt: null,
          endedAt: null,
          ringSeconds: 0,
          talkSeconds: null,
          missed: true,
          missedReason: 'forwarded',
          forwardedTo: null,
          contact: { id: JANE, name: 'Jane Doe' },
          conversationId: THREAD,
          lead: null,
          voicemail: null,
          textBack: { outcome: 'texted', reason: null, messageId: 'm9', dueAt: null },
          replied: false,
        },
      ],
      nextCursor,
    });
    const { api, user, render } = setup({
      'calls.list': (input) => ((input as { cursor?: string }).cursor ? page('call-old', OPTED_OUT_AT - 20 * 86_400_000, null) : page('call-new', OPTED_OUT_AT + 1000, 'next')),
    });
    await render();
    await waitFor(() => expect(screen.getAllByTestId('timeline-entry')).toHaveLength(5));
    await user.click(screen.getByRole('button', { name: 'Show earlier calls' }));
    await waitFor(() => expect(screen.getAllByTestId('timeline-entry')).toHaveLength(6));
    expect(api.callsTo('calls.list').at(-1)).toEqual(expect.objectContaining({ contactId: JANE, cursor: 'next' }));
    expect(screen.getAllByTestId('timeline-entry').at(-1)).toHaveTextContent('Missed call from Jane Doe');
    expect(screen.getAllByTestId('timeline-entry').at(-1)).toHaveTextContent('Texted');
    expect(screen.queryByRole('button', { name: 'Show earlier calls' })).toBeNull();
  });

  it('shows the consent ledger in plain words with the exact text and where it came from', async () => {
    const { user, render } = setup();
    await render();
    await user.click(await screen.findByRole('tab', { name: 'Consent' }));
    const ledger = screen.getByRole('list', { name: 'Consent ledger' });
    const rows = within(ledger).getAllByTestId('consent-row');
    expect(rows).toHaveLength(3);
    // Newest first.
    expect(within(rows[0]!).getByText('Opted out')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Replied with a keyword')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('“STOP”')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Implied consent')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Texted the business first')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Opted in')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Web form')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('“I agree to receive texts from Acme Plumbing. Reply STOP to opt out.”')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Page: https://acme.example/contact');
    expect(rows[2]).toHaveTextContent('IP address: 203.0.113.9');
    expect(rows[2]).toHaveTextContent('Browser: Mozilla/5.0 (iPhone)');
    expect(ledger).not.toHaveTextContent('sms_keyword');
    // A US company: nothing about Canada's law.
    expect(screen.queryByTestId('casl-status')).toBeNull();
    expect(ledger).not.toHaveTextContent('CASL');
  });

  it('for a Canadian company: the CASL basis of each entry, and when implied consent ends (or ended)', async () => {
    const ends = OPTED_OUT_AT + 180 * 86_400_000;
    const ledgerOf = (casl: unknown) => ({ ...jane, consent: jane.consent.filter((c) => c.kind === 'implied').map((c) => (c.id === 'c2' ? { ...c, caslBasis: 'implied_purchase' } : c)), casl });
    const { user, render } = setup({ 'clients.get': () => ledgerOf({ basis: 'implied_purchase', expiresAt: ends, expired: false }) });
    await render();
    await user.click(await screen.findByRole('tab', { name: 'Consent' }));
    const rows = within(screen.getByRole('list', { name: 'Consent ledger' })).getAllByTestId('consent-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('CASL: Implied consent from a purchase (2 years)');
    expect(screen.getByTestId('casl-status')).toHaveTextContent(/implied consent from a purchase \(2 years\), until .+\. Automated texts stop after that/);
  });

  it('for a Canadian company whose implied consent ended: says automated texts stop and how to get consent again', async () => {
    const { user, render } = setup({ 'clients.get': () => ({ ...jane, casl: { basis: 'implied_inquiry', expiresAt: OPTED_OUT_AT, expired: true } }) });
    await render();
    await user.click(await screen.findByRole('tab', { name: 'Consent' }));
    expect(screen.getByTestId('casl-status')).toHaveTextContent(/their consent ended .+: automated texts to them stop\. They can still text you and your replies go; ask them to opt in again\./);
  });

  it('lists the leads and links each conversation', async () => {
    const { user, render } = setup();
    await render();
    await user.click(await screen.findByRole('tab', { name: 'Leads (1)' }));
    const leads = screen.getByRole('table', { name: 'Leads of this client' });
    expect(leads).toHaveTextContent('Website form');
    expect(leads).toHaveTextContent('Qualified');
    expect(leads).toHaveTextContent('Leaking water heater');

    await user.click(screen.getByRole('tab', { name: 'Conversations (1)' }));
    const thread = screen.getByTestId('conversation-item');
    // Who answers the thread: the team here ("You’re in control"); an assistant thread says "AI replying".
    expect(thread).toHaveTextContent('You’re in control');
    expect(within(thread).getByRole('link', { name: 'Open conversation' })).toHaveAttribute('href', `/conversations?c=${THREAD}`);
  });

  it('saves only the changed details with clients.update', async () => {
    const update = vi.fn((input: object) => ({ ...jane, ...input }));
    const { user, render } = setup({ 'clients.update': update as (input: unknown) => unknown });
    await render();
    const form = await screen.findByRole('form', { name: 'Details' });
    const save = within(form).getByRole('button', { name: 'Save client' });
    expect(save).toBeDisabled();
    expect(within(form).getByLabelText('Street address')).toHaveValue('1 Main St');

    await user.clear(within(form).getByLabelText('City'));
    await user.type(within(form).getByLabelText('City'), 'Round Rock');
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Notes'), 'Gate code 1234');
    await user.type(within(form).getByRole('combobox', { name: 'Tags' }), 'repeat{Enter}');
    await user.click(save);

    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![0]).toEqual({ id: JANE, city: 'Round Rock', email: null, notes: 'Gate code 1234', tags: ['vip', 'repeat'] });
    expect(await screen.findByText('Client saved')).toBeInTheDocument();
  });

  it('checks the state code and shows the server’s field errors', async () => {
    const { user, render } = setup({
      'clients.update': () => {
        throw apiError('BAD_REQUEST', 'Invalid input: postalCode: Postal code must be at most 10 characters', { postalCode: ['Postal code must be at most 10 characters'] });
      },
    });
    await render();
    const form = await screen.findByRole('form', { name: 'Details' });
    await user.clear(await within(form).findByLabelText('State'));
    await user.type(within(form).getByLabelText('State'), 'T');
    await user.click(within(form).getByRole('button', { name: 'Save client' }));
    expect(within(form).getByText('Use the 2-letter code, e.g. TX or ON')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('State'), 'x');
    expect(within(form).getByLabelText('State')).toHaveValue('TX');
    await user.clear(within(form).getByLabelText('ZIP code'));
    await user.type(within(form).getByLabelText('ZIP code'), '78701-1234');
    await user.click(within(form).getByRole('button', { name: 'Save client' }));
    expect(await within(form).findByText('Postal code must be at most 10 characters')).toBeInTheDocument();
  });

  it('merges a duplicate into this client after explaining what moves', async () => {
    const merged = { ...jane, otherPhones: [...jane.otherPhones, janeDuplicate.phone!] };
    let current = jane;
    const merge = vi.fn(() => (current = merged));
    const { api, user, render } = setup({ 'clients.get': () => current, 'clients.merge': merge });
    await render();
    await user.click(await screen.findByRole('button', { name: 'Merge duplicates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge duplicates' });
    expect(await within(dialog).findByTestId('duplicate-candidate')).toHaveTextContent('(512) 555-0199 · jane@example.com');
    expect(api.callsTo('clients.duplicates')).toEqual([{ id: JANE }]);

    await user.click(within(dialog).getByRole('button', { name: 'Merge Jane Doe ((512) 555-0199) into this client' }));
    expect(dialog).toHaveTextContent('Merge Jane Doe ((512) 555-0199) into Jane Doe ((415) 555-2671)?');
    expect(dialog).toHaveTextContent('Their texts and conversations, leads and consent history move to this client.');
    expect(dialog).toHaveTextContent('(512) 555-0199 becomes an extra number of this client.');
    expect(dialog).toHaveTextContent('If either of them opted out or was blocked, that stays in place');
    expect(merge).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));

    await waitFor(() => expect(merge).toHaveBeenCalledTimes(1));
    expect((merge.mock.calls[0] as unknown[])[0]).toEqual({ keepId: JANE, mergeId: JANE_DUP });
    expect(await screen.findByText('Jane Doe was merged into Jane Doe')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Merge duplicates' })).not.toBeInTheDocument());
    expect(await screen.findByText(wholeText('(415) 555-2671 · (415) 555-0000 · (512) 555-0199 · jane@example.com'))).toBeInTheDocument();
  });

  it('blocks the client after a confirmation', async () => {
    const setBlocked = vi.fn((input: { id: string; blocked: boolean }) => input);
    const { user, render } = setup({ 'clients.get': () => ({ ...jane, optedOut: false, optedOutAt: null }), 'clients.setBlocked': setBlocked as (input: unknown) => unknown });
    await render();
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Jane Doe?' });
    expect(dialog).toHaveTextContent('LeadLoop will stop sending texts to Jane Doe');
    await user.click(within(dialog).getByRole('button', { name: 'Block client' }));
    await waitFor(() => expect(setBlocked).toHaveBeenCalledWith({ id: JANE, blocked: true }));
    expect(await screen.findByText('Jane Doe is blocked')).toBeInTheDocument();
  });

  it('says "Client not found" when the API answers NOT_FOUND (missing or another company’s)', async () => {
    const { render } = setup({
      'clients.get': () => {
        throw apiError('NOT_FOUND', 'Client not found');
      },
    });
    const { heading } = await render();
    expect(heading).toHaveTextContent('Client details');
    expect(await screen.findByRole('heading', { name: 'Client not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to clients' })).toHaveAttribute('href', '/clients');
  });

  it('does not ask the API about an id that can’t exist, and shows it as text', async () => {
    const { api, render } = setup({}, '%3Cb%3Ehi%3C%2Fb%3E');
    await render();
    expect(screen.getByRole('heading', { name: 'Client not found' })).toBeInTheDocument();
    expect(screen.getByText('<b>hi</b>')).toBeInTheDocument();
    expect(api.callsTo('clients.get')).toEqual([]);
  });
});
