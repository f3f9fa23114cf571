import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { inferRouterOutputs } from '@trpc/server';
import { afterEach, describe, expect, it } from 'vitest';
import { LEAD_STATUS_WORDS, LEAD_STATUSES, type LeadStatus } from '@contracts/lead';
import { MESSAGE_STATUS_WORDS, MESSAGE_STATUSES } from '@contracts/message';
import type { ClientDetail } from '@/entities/contact';
import type { Thread } from '@/entities/conversation';
import type { LeadDetail, LeadListItem } from '@/entities/lead';
import type { TeamMember } from '@/entities/user';
import { LogsPage } from '@/pages/business/logs';
import { ClientDetailsPage } from '@/pages/inbox/clients';
import { ConversationsPage } from '@/pages/inbox/conversations';
import { LeadsPage } from '@/pages/inbox/leads';
import type { AppRouter } from '@/shared/api';
import { type ApiHandlers, createFakeApi, renderScreen } from '@/shared/lib/test';

/**
 * The words owners see for a lead's status (and a text's status) are defined once, in contracts/. This renders
 * every screen that shows them from one fixture and reads them back: /leads, the lead drawer, the client page,
 * the inbox's side panel and the message log. The CSV export is checked on the server.
 */

type MessageLogRow = inferRouterOutputs<AppRouter>['logs']['messages']['items'][number];

const CONTACT = 'c0000000-0000-4000-8000-000000000001';
const THREAD = 'd0000000-0000-4000-8000-000000000001';
const ME = 'e0000000-0000-4000-8000-000000000001';
const NOW = Date.now();
const leadId = (index: number) => `a0000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

const contact = {
  id: CONTACT,
  name: 'Jane Doe',
  firstName: 'Jane',
  lastName: 'Doe',
  phone: '+14155552671',
  otherPhones: [] as string[],
  optedOut: false,
  optedOutAt: null,
  blocked: false,
};

/** One lead of the client in each status, newest first in lifecycle order. */
const leads: LeadListItem[] = LEAD_STATUSES.map((status, index) => ({
  id: leadId(index),
  status,
  source: 'form',
  summary: `Lead ${index}`,
  valueCents: null,
  assignedUserId: null,
  createdAt: NOW - (index + 1) * 60_000,
  lastActivityAt: NOW - (index + 1) * 60_000,
  contact,
  conversationId: THREAD,
}));

const detail = (status: LeadStatus): LeadDetail => ({ ...leads[LEAD_STATUSES.indexOf(status)]!, tracking: {}, answers: {}, aiSummary: null, aiQuotes: [], fromCallers: [] });

const client: ClientDetail = {
  ...contact,
  casl: null,
  email: null,
  addressLine1: null,
  city: null,
  region: null,
  postalCode: null,
  timezone: null,
  tags: [],
  notes: null,
  createdAt: NOW - 86_400_000,
  leads: leads.map(({ id, status, source, summary, valueCents, createdAt }) => ({ id, status, source, summary, valueCents, createdAt })),
  conversations: [],
  consent: [],
  timeline: [],
};

const thread = (status: LeadStatus): Thread => ({
  id: THREAD,
  mode: 'ai',
  status: 'open',
  assignedUserId: null,
  unreadCount: 0,
  businessNumber: '+14155550000',
  businessNumberActive: true,
  contact: { ...contact, email: null, timezone: null },
  peerPhone: contact.phone,
  lead: { id: leadId(0), status, source: 'form', summary: null, valueCents: null, assignedUserId: null, createdAt: NOW - 60_000 },
  messages: [],
});

/** One text in each status. */
const texts: MessageLogRow[] = MESSAGE_STATUSES.map((status, index) => ({
  id: `m${index}`,
  conversationId: THREAD,
  contact: { id: CONTACT, name: contact.name },
  direction: status === 'received' ? 'inbound' : 'outbound',
  author: status === 'received' ? 'contact' : 'ai',
  from: '+14155550000',
  to: contact.phone,
  body: `Text ${index}`,
  segments: 1,
  status,
  provider: 'simulator',
  errorCode: null,
  problem: null,
  createdAt: NOW - index * 60_000,
  sentAt: null,
  deliveredAt: null,
}));

const team: TeamMember[] = [{ id: ME, firstName: 'Olivia', lastName: 'Owner', email: 'olivia@example.com', role: 'owner', me: true }];

function api(handlers: ApiHandlers = {}) {
  return createFakeApi({
    'team.members': () => team,
    'leads.list': () => ({ items: leads, total: leads.length }),
    'clients.get': () => client,
    'company.get': () => ({ id: 'company-1', name: 'Acme Plumbing', country: 'US' }),
    'conversations.list': () => ({ items: [], nextCursor: null }),
    'conversations.templates.list': () => [],
    'logs.messages': () => ({ items: texts, total: texts.length }),
    'calls.list': () => ({ items: [], nextCursor: null }),
    ...handlers,
  });
}

/** The text of each body cell under the column headed `header`. */
function column(table: HTMLElement, header: string): string[] {
  const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
  const index = headers.indexOf(header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index]!.textContent);
}

const leadWords = LEAD_STATUSES.map((status) => LEAD_STATUS_WORDS[status]);

afterEach(() => notifications.clean());

describe('the lead status words are the same on every screen', () => {
  it('/leads lists each status in the words of contracts/lead', async () => {
    await renderScreen(LeadsPage, { path: '/leads', api: api() });
    await screen.findAllByTestId('lead-row');
    expect(column(screen.getByRole('table', { name: 'Leads' }), 'Status')).toEqual(leadWords);
  });

  it('the client page lists its leads with the same words', async () => {
    const user = userEvent.setup();
    await renderScreen(ClientDetailsPage, { path: `/clients/${CONTACT}`, routePath: 'clients/$id', api: api() });
    await user.click(await screen.findByRole('tab', { name: `Leads (${leads.length})` }));
    expect(column(await screen.findByRole('table', { name: 'Leads of this client' }), 'Status')).toEqual(leadWords);
  });

  it.each(LEAD_STATUSES)('the lead drawer and the inbox side panel say %s in the same words', async (status) => {
    const word = LEAD_STATUS_WORDS[status];
    const drawerApi = api({ 'leads.get': () => detail(status) });
    const { unmount } = await renderScreen(LeadsPage, { path: `/leads?lead=${leadId(LEAD_STATUSES.indexOf(status))}`, api: drawerApi });
    const drawer = await screen.findByRole('dialog', { name: 'Lead details' });
    expect(await within(drawer).findByRole('combobox', { name: 'Status' })).toHaveValue(word);
    unmount();

    await renderScreen(ConversationsPage, { path: `/conversations?c=${THREAD}`, api: api({ 'conversations.get': () => thread(status) }) });
    const panel = screen.getByRole('complementary', { name: 'Client and lead' });
    const latestLead = (await within(panel).findByRole('heading', { name: 'Latest lead' })).closest('section')!;
    expect(within(latestLead).getByText(word)).toHaveClass('mantine-Badge-label');
  });
});

describe('the message status words are the same on every screen', () => {
  it('the message log shows each status in the words of contracts/message (a blocked text reads "Not sent")', async () => {
    await renderScreen(LogsPage, { path: '/logs', api: api() });
    const table = await screen.findByRole('table', { name: 'Messages' });
    expect(column(table, 'Status')).toEqual(MESSAGE_STATUSES.map((status) => MESSAGE_STATUS_WORDS[status]));
    expect(column(table, 'Status')).toContain('Not sent');
  });
});
