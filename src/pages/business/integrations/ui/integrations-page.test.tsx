import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiHandlers, apiError, createFakeApi, renderScreen } from '@/shared/lib/test';
import { IntegrationsPage } from './integrations-page';

const ME = '11111111-1111-4111-8111-111111111111';
const ENDPOINT = '22222222-2222-4222-8222-222222222222';
const DELIVERY = '33333333-3333-4333-8333-333333333333';
const SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2UtZm9yLXRoZS10ZXN0LWVuZHBvaW50';

const member = (role: string) => [{ id: ME, firstName: 'Olivia', lastName: 'Owner', email: 'olivia@acme.test', role, me: true }];

const endpoint = {
  id: ENDPOINT,
  url: 'https://crm.example.com/leadloop',
  description: 'Our CRM',
  events: ['lead.created', 'message.received'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  secretHint: 'whsec_c2Vj…',
  failingSince: null,
  createdAt: Date.parse('2026-11-02T15:00:00Z'),
  updatedAt: Date.parse('2026-11-02T15:00:00Z'),
};

const delivery = {
  id: DELIVERY,
  endpointId: ENDPOINT,
  endpointUrl: endpoint.url,
  eventType: 'message.received',
  messageId: 'msg_0123456789abcdef0123456789abcdef',
  status: 'failed',
  test: false,
  attempts: 8,
  nextAttemptAt: null,
  lastAttemptAt: Date.parse('2026-11-03T15:00:00Z'),
  responseStatus: 503,
  latencyMs: 42,
  responseExcerpt: 'down',
  error: 'Answered 503',
  createdAt: Date.parse('2026-11-02T15:00:00Z'),
};

function api(role: string, handlers: ApiHandlers = {}) {
  return createFakeApi({
    'team.members': () => member(role),
    'webhooks.endpoints.list': () => [],
    'webhooks.deliveries.list': () => ({ items: [delivery], nextCursor: null }),
    ...handlers,
  });
}

describe('IntegrationsPage', () => {
  it('adds an endpoint with its events, shows the signing secret once, and lists it', async () => {
    let endpoints: unknown[] = [];
    const fake = api('owner', {
      'webhooks.endpoints.list': () => endpoints,
      'webhooks.endpoints.create': (input) => {
        const { url } = input as { url: string };
        if (url.startsWith('http://10.')) throw apiError('BAD_REQUEST', 'That address is not reachable from LeadLoop (10.0.0.5 is a private address)', { url: ['That address is not reachable from LeadLoop (10.0.0.5 is a private address)'] });
        endpoints = [endpoint];
        return { endpoint, secret: SECRET };
      },
    });
    const user = userEvent.setup();
    const { heading } = await renderScreen(IntegrationsPage, { path: '/integrations', api: fake });
    expect(heading).toHaveTextContent('Webhooks');
    expect(await screen.findByRole('heading', { name: 'No webhook endpoints yet' })).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Add an endpoint' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add an endpoint' });
    await user.click(within(dialog).getByRole('textbox', { name: /Address/ }));
    await user.paste('http://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: /Missed call/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add the endpoint' }));
    // The guard's reason shows under the address.
    expect(await within(dialog).findByText('That address is not reachable from LeadLoop (10.0.0.5 is a private address)')).toBeInTheDocument();

    const address = within(dialog).getByRole('textbox', { name: /Address/ });
    await user.clear(address);
    await user.paste('https://crm.example.com/leadloop');
    await user.click(within(dialog).getByRole('textbox', { name: /Description/ }));
    await user.paste('Our CRM');
    await user.click(within(dialog).getByRole('button', { name: 'Add the endpoint' }));
    await waitFor(() => expect(fake.callsTo('webhooks.endpoints.create')).toHaveLength(2));
    expect(fake.callsTo('webhooks.endpoints.create')[1]).toEqual({
      url: 'https://crm.example.com/leadloop',
      description: 'Our CRM',
      events: ['lead.created', 'message.received', 'call.missed'],
    });

    const secret = await screen.findByRole('dialog', { name: 'Your signing secret' });
    expect(within(secret).getByRole('textbox', { name: 'Secret' })).toHaveValue(SECRET);
    await user.click(within(secret).getByRole('button', { name: 'I’ve saved it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your signing secret' })).not.toBeInTheDocument());

    const card = await screen.findByRole('listitem', { name: 'Endpoint crm.example.com' });
    expect(within(card).getByText('New lead')).toBeInTheDocument();
    expect(within(card).getByText('Text received')).toBeInTheDocument();
    expect(within(card).getByText(/whsec_c2Vj…/)).toBeInTheDocument();
    expect(card).not.toHaveTextContent(SECRET);
  });

  it('sends a test, turns the endpoint off, and resends a failed delivery from its log', async () => {
    const fake = api('admin', {
      'webhooks.endpoints.list': () => [endpoint],
      'webhooks.endpoints.sendTest': () => ({ deliveryId: DELIVERY }),
      'webhooks.endpoints.update': (input) => ({ ...endpoint, ...(input as object), disabledReason: 'manual' }),
      'webhooks.deliveries.resend': () => ({ id: DELIVERY, queued: true }),
    });
    const user = userEvent.setup();
    await renderScreen(IntegrationsPage, { path: '/integrations', api: fake });
    const card = await screen.findByRole('listitem', { name: 'Endpoint crm.example.com' });

    await user.click(within(card).getByRole('button', { name: 'Send a test' }));
    expect(await within(card).findByText('Test queued: its result shows in the deliveries below.')).toBeInTheDocument();
    expect(fake.callsTo('webhooks.endpoints.sendTest')).toEqual([{ id: ENDPOINT }]);

    const row = await within(card).findByTestId('webhook-delivery');
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('8 attempts · answered 503 in 42 ms');
    await user.click(within(row).getByRole('button', { name: 'Resend Text received to crm.example.com' }));
    await waitFor(() => expect(fake.callsTo('webhooks.deliveries.resend')).toEqual([{ id: DELIVERY }]));
    expect(await within(row).findByText('Queued to send again now.')).toBeInTheDocument();

    await user.click(within(card).getByRole('switch', { name: 'Send events to crm.example.com' }));
    await waitFor(() => expect(fake.callsTo('webhooks.endpoints.update')).toEqual([{ id: ENDPOINT, enabled: false }]));
  });

  it('tells staff why they cannot change endpoints, and offers no control to', async () => {
    const paused = { ...endpoint, enabled: false, disabledReason: 'failing', disabledAt: Date.parse('2026-11-03T15:00:00Z') };
    await renderScreen(IntegrationsPage, { path: `/integrations?endpoint=${ENDPOINT}`, api: api('staff', { 'webhooks.endpoints.list': () => [paused] }) });
    expect(await screen.findByText(/Only the owner or an admin can add or change endpoints/)).toBeInTheDocument();
    const card = await screen.findByRole('listitem', { name: 'Endpoint crm.example.com' });
    expect(within(card).getByText('Paused after failures')).toBeInTheDocument();
    expect(within(card).getByText('LeadLoop paused this endpoint')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add an endpoint' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Send a test' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('switch')).not.toBeInTheDocument();
    // The link from the notification opens its delivery log; staff can read it but not resend.
    const row = await within(card).findByTestId('webhook-delivery');
    expect(within(row).queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
  });
});
