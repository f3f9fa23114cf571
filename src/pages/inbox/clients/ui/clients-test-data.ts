import type { ClientDetail, ClientListItem, DuplicateCandidate } from '@/entities/contact';

export const JANE = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const JANE_DUP = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const BOB = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const THREAD = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
export const LEAD = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
export const OPTED_OUT_AT = new Date(2025, 2, 4, 15, 30).getTime();

const base = { otherPhones: [] as string[], optedOut: false, optedOutAt: null, blocked: false };

export const listJane: ClientListItem = {
  ...base,
  id: JANE,
  name: 'Jane Doe',
  firstName: 'Jane',
  lastName: 'Doe',
  phone: '+14155552671',
  otherPhones: ['+14155550000'],
  email: 'jane@example.com',
  leadsCount: 2,
  lastMessageAt: Date.now() - 2 * 3_600_000,
  createdAt: Date.now() - 30 * 86_400_000,
};

export const listBob: ClientListItem = {
  ...base,
  id: BOB,
  name: '(604) 555-0123',
  firstName: null,
  lastName: null,
  phone: '+16045550123',
  email: null,
  leadsCount: 0,
  lastMessageAt: null,
  optedOut: true,
  optedOutAt: OPTED_OUT_AT,
  blocked: true,
  createdAt: Date.now() - 3 * 86_400_000,
};

export const jane: ClientDetail = {
  ...base,
  id: JANE,
  name: 'Jane Doe',
  firstName: 'Jane',
  lastName: 'Doe',
  phone: '+14155552671',
  otherPhones: ['+14155550000'],
  optedOut: true,
  optedOutAt: OPTED_OUT_AT,
  email: 'jane@example.com',
  addressLine1: '1 Main St',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  timezone: null,
  tags: ['vip'],
  notes: null,
  createdAt: OPTED_OUT_AT - 10 * 86_400_000,
  leads: [{ id: LEAD, status: 'qualified', source: 'form', summary: 'Leaking water heater', valueCents: null, createdAt: OPTED_OUT_AT - 5 * 86_400_000 }],
  conversations: [{ id: THREAD, status: 'open', mode: 'human', lastMessageAt: OPTED_OUT_AT, preview: 'STOP' }],
  consent: [
    {
      id: 'c1',
      kind: 'opt_in',
      method: 'web_form',
      text: 'I agree to receive texts from Acme Plumbing. Reply STOP to opt out.',
      sourceUrl: 'https://acme.example/contact',
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (iPhone)',
      recordedBy: null,
      at: OPTED_OUT_AT - 5 * 86_400_000,
      caslBasis: null,
    },
    { id: 'c2', kind: 'implied', method: 'inbound_message', text: 'Hi, is anyone available today?', sourceUrl: null, ip: null, userAgent: null, recordedBy: null, at: OPTED_OUT_AT - 86_400_000, caslBasis: null },
    { id: 'c3', kind: 'opt_out', method: 'sms_keyword', text: 'STOP', sourceUrl: null, ip: null, userAgent: null, recordedBy: null, at: OPTED_OUT_AT, caslBasis: null },
  ],
  casl: null,
  timeline: [
    { kind: 'consent', at: OPTED_OUT_AT, id: 'c3', consent: 'opt_out', method: 'sms_keyword' },
    { kind: 'message', at: OPTED_OUT_AT - 60_000, id: 'm2', conversationId: THREAD, direction: 'outbound', author: 'ai', body: 'Thanks! When works for you?', status: 'failed', problem: 'The carrier rejected this number (30006: landline).' },
    { kind: 'message', at: OPTED_OUT_AT - 120_000, id: 'm1', conversationId: THREAD, direction: 'inbound', author: 'contact', body: '<img src=x onerror=alert(1)>', status: 'received', problem: null },
    { kind: 'lead', at: OPTED_OUT_AT - 5 * 86_400_000, id: LEAD, source: 'form', status: 'qualified', summary: 'Leaking water heater' },
  ],
};

export const janeDuplicate: DuplicateCandidate = {
  ...base,
  id: JANE_DUP,
  name: 'Jane Doe',
  firstName: 'Jane',
  lastName: 'Doe',
  phone: '+15125550199',
  email: 'jane@example.com',
};
