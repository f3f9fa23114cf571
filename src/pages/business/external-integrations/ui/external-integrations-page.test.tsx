import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IntegrationCard } from '@contracts/integrations';
import { apiError, createFakeApi, renderScreen } from '@/shared/lib/test';
import { ExternalIntegrationsPage } from './external-integrations-page';

const ME = '11111111-1111-4111-8111-111111111111';
const member = (role: string) => [{ id: ME, firstName: 'Olivia', lastName: 'Owner', email: 'olivia@acme.test', role, me: true }];

const base = (provider: IntegrationCard['provider'], overrides: Partial<IntegrationCard> = {}): IntegrationCard => ({
  provider,
  status: 'not_connected',
  account: null,
  connectedAt: null,
  lastSyncAt: null,
  lastError: null,
  lastErrorAt: null,
  missingEnv: [],
  calendars: [],
  writeCalendarId: null,
  memberName: null,
  ...overrides,
});

const NOW = Date.now();
const cards = (): IntegrationCard[] => [
  base('google_calendar', {
    status: 'connected',
    account: 'owner@example.test',
    connectedAt: NOW - 86_400_000,
    lastSyncAt: NOW - 120_000,
    memberName: 'Olivia Owner',
    calendars: [
      { id: 'owner@example.test', name: 'Olivia', primary: true, busy: true },
      { id: 'family', name: 'Family', primary: false, busy: false },
    ],
    writeCalendarId: 'owner@example.test',
  }),
  base('jobber', { status: 'reconnect', account: 'Acme (Jobber)', lastSyncAt: NOW - 3_600_000, lastError: 'Jobber no longer accepts LeadLoop’s access (it was revoked or has expired): reconnect it.', lastErrorAt: NOW - 60_000 }),
  base('thumbtack', { status: 'not_configured', missingEnv: ['THUMBTACK_CLIENT_ID', 'THUMBTACK_CLIENT_SECRET'] }),
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ExternalIntegrationsPage', () => {
  it('shows each card’s status, account, last sync and last error in words, and what a server without a client id needs', async () => {
    const api = createFakeApi({ 'integrations.list': () => cards(), 'team.members': () => member('owner') });
    const { heading } = await renderScreen(ExternalIntegrationsPage, { path: '/external-integrations', api });
    expect(heading).toHaveTextContent('External integrations');
    const google = await screen.findByRole('region', { name: 'Google Calendar' });
    expect(within(google).getByText('Connected')).toBeInTheDocument();
    expect(within(google).getByText('Account: owner@example.test')).toBeInTheDocument();
    expect(within(google).getByText('Blocks and receives the bookings of: Olivia Owner')).toBeInTheDocument();
    expect(within(google).getByText(/Last sync: 2 min\. ago/)).toBeInTheDocument();
    expect(within(google).getByRole('checkbox', { name: 'Olivia (main)' })).toBeChecked();
    expect(within(google).getByRole('checkbox', { name: 'Family' })).not.toBeChecked();
    expect(within(google).getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();

    const jobber = screen.getByRole('region', { name: 'Jobber' });
    expect(within(jobber).getByText('Reconnect needed', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(within(jobber).getByText('Jobber no longer accepts LeadLoop’s access (it was revoked or has expired): reconnect it.')).toBeInTheDocument();
    expect(within(jobber).getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();

    const thumbtack = screen.getByRole('region', { name: 'Thumbtack' });
    expect(within(thumbtack).getByText('Not set up on this server')).toBeInTheDocument();
    expect(within(thumbtack).getByText('THUMBTACK_CLIENT_ID')).toBeInTheDocument();
    expect(within(thumbtack).queryByRole('button')).not.toBeInTheDocument();

    // The tools not built say so, with no control.
    const hubspot = screen.getByRole('region', { name: 'HubSpot' });
    expect(within(hubspot).getByText('Not available yet: LeadLoop can’t connect to HubSpot today.')).toBeInTheDocument();
    expect(within(hubspot).queryByRole('button')).not.toBeInTheDocument();
  });

  it('Reconnect goes to the provider’s authorization address; a refusal is shown in words', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let refuse = false;
    const api = createFakeApi({
      'integrations.list': () => cards(),
      'team.members': () => member('admin'),
      'integrations.connect': () => {
        if (refuse) throw apiError('PRECONDITION_FAILED', 'Set SECRETS_KEY (openssl rand -base64 32), the same on every instance, to store integration tokens.');
        return { url: 'https://auth.example.test/authorize?state=x' };
      },
    });
    await renderScreen(ExternalIntegrationsPage, { path: '/external-integrations', api });
    const jobber = await screen.findByRole('region', { name: 'Jobber' });
    await userEvent.click(within(jobber).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://auth.example.test/authorize?state=x'));
    expect(api.callsTo('integrations.connect')).toEqual([{ provider: 'jobber' }]);
    refuse = true;
    await userEvent.click(within(jobber).getByRole('button', { name: 'Reconnect' }));
    expect(await within(jobber).findByText(/Set SECRETS_KEY/)).toBeInTheDocument();
  });

  it('disconnects after a confirmation, and saves the calendar choice', async () => {
    const api = createFakeApi({
      'integrations.list': () => cards(),
      'team.members': () => member('owner'),
      'integrations.disconnect': () => ({ revoked: true }),
      'integrations.setCalendars': (input) => input,
    });
    await renderScreen(ExternalIntegrationsPage, { path: '/external-integrations', api });
    const google = await screen.findByRole('region', { name: 'Google Calendar' });
    await userEvent.click(within(google).getByRole('checkbox', { name: 'Family' }));
    await userEvent.click(within(google).getByRole('button', { name: 'Save calendar choice' }));
    await waitFor(() => expect(api.callsTo('integrations.setCalendars')).toEqual([{ busyCalendarIds: ['owner@example.test', 'family'], writeCalendarId: 'owner@example.test' }]));
    await userEvent.click(within(google).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Google Calendar?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(api.callsTo('integrations.disconnect')).toEqual([{ provider: 'google_calendar' }]));
  });

  it('staff see where things stand but get no controls; a return from a provider says it connected', async () => {
    const api = createFakeApi({ 'integrations.list': () => cards(), 'team.members': () => member('staff') });
    await renderScreen(ExternalIntegrationsPage, { path: '/external-integrations?connected=google_calendar', api });
    expect(await screen.findByText('Google Calendar is connected')).toBeInTheDocument();
    expect(screen.getByText(/Only the owner or an admin can connect or disconnect a tool/)).toBeInTheDocument();
    const google = await screen.findByRole('region', { name: 'Google Calendar' });
    expect(within(google).queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
    expect(within(google).getByRole('checkbox', { name: 'Family' })).toBeDisabled();
  });
});
