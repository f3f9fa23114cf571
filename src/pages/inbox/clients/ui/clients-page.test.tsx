import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiHandlers, createFakeApi, renderScreen } from '@/shared/lib/test';
import { BOB, JANE, listBob, listJane } from './clients-test-data';
import { ClientsPage } from './clients-page';

afterEach(() => notifications.clean());

function setup(path = '/clients', handlers: ApiHandlers = {}) {
  const api = createFakeApi({ 'clients.list': () => ({ items: [listJane, listBob], total: 2 }), ...handlers });
  return { api, user: userEvent.setup(), render: () => renderScreen(ClientsPage, { path, api }) };
}

describe('ClientsPage', () => {
  it('lists clients with number, email, leads, last message and texting status', async () => {
    const { api, render } = setup();
    const { heading } = await render();
    expect(heading).toHaveTextContent('Clients');
    const rows = await screen.findAllByTestId('client-row');
    expect(api.callsTo('clients.list')[0]).toEqual({ page: 1, pageSize: 25 });

    const jane = within(rows[0]!);
    expect(jane.getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', `/clients/${JANE}`);
    expect(jane.getByText('(415) 555-2671')).toBeInTheDocument();
    expect(jane.getByText('+1 more')).toBeInTheDocument();
    expect(jane.getByText('jane@example.com')).toBeInTheDocument();
    expect(jane.getByText('2 hr. ago')).toBeInTheDocument();
    expect(jane.getByText('Subscribed')).toBeInTheDocument();

    const bob = within(rows[1]!);
    expect(bob.getByText('No texts yet')).toBeInTheDocument();
    expect(bob.getByText('Opted out')).toBeInTheDocument();
    expect(bob.getByText('Blocked')).toBeInTheDocument();
  });

  it('searches (debounced) and filters by opt-out, keeping both in the address', async () => {
    const { api, user, render } = setup('/clients?page=2', { 'clients.list': () => ({ items: [listJane, listBob], total: 40 }) });
    const { router } = await render();
    await screen.findAllByTestId('client-row');
    expect(api.callsTo('clients.list')[0]).toEqual({ page: 2, pageSize: 25 });

    await user.type(screen.getByLabelText('Search'), 'jane');
    await waitFor(() => expect(api.callsTo('clients.list').at(-1)).toEqual({ search: 'jane', page: 1, pageSize: 25 }));

    await user.click(screen.getByRole('radio', { name: 'Opted out' }));
    await waitFor(() => expect(api.callsTo('clients.list').at(-1)).toEqual({ search: 'jane', optedOut: true, page: 1, pageSize: 25 }));
    await user.click(screen.getByRole('radio', { name: 'Subscribed' }));
    await waitFor(() => expect(api.callsTo('clients.list').at(-1)).toEqual({ search: 'jane', optedOut: false, page: 1, pageSize: 25 }));
    expect(router.state.location.search).toMatchObject({ q: 'jane', show: 'subscribed' });
  });

  it('opens a client when its row is clicked', async () => {
    const { user, render } = setup();
    const { router } = await render();
    const rows = await screen.findAllByTestId('client-row');
    await user.click(within(rows[1]!).getByText('No texts yet'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/clients/${BOB}`));
  });

  it('explains where clients come from when there are none yet, offering the number only when there is none', async () => {
    const { render } = setup('/clients', { 'clients.list': () => ({ items: [], total: 0 }), 'phone.get': () => ({ number: null, twilioConfigured: false, alertPhone: null, protectedNumbers: [] }) });
    await render();
    expect(await screen.findByRole('heading', { name: 'No clients yet' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Set up your business number' })).toHaveAttribute('href', '/settings/phone');
    expect(screen.queryByRole('link', { name: 'Install the chat widget' })).not.toBeInTheDocument();
  });

  it('with a test number, points to the test phone instead of the number', async () => {
    const { render } = setup('/clients', { 'clients.list': () => ({ items: [], total: 0 }), 'phone.get': () => ({ number: { e164: '+13125550100', provider: 'simulator' }, twilioConfigured: false, alertPhone: null, protectedNumbers: [] }) });
    await render();
    expect(await screen.findByRole('link', { name: 'Text yourself from the test phone' })).toHaveAttribute('href', '/settings/phone');
    expect(screen.queryByRole('link', { name: 'Set up your business number' })).not.toBeInTheDocument();
  });

  it('offers to clear a search that matches nobody', async () => {
    const { api, user, render } = setup('/clients?q=zzz', {
      'clients.list': (input) => ((input as { search?: string }).search ? { items: [], total: 0 } : { items: [listJane], total: 1 }),
    });
    await render();
    expect(await screen.findByRole('heading', { name: 'No clients match' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findAllByTestId('client-row')).toHaveLength(1);
    expect(api.callsTo('clients.list').at(-1)).toEqual({ page: 1, pageSize: 25 });
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });
});
