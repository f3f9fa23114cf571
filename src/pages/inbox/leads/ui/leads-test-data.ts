import type { LeadDetail, LeadListItem } from '@/entities/lead';
import type { TeamMember } from '@/entities/user';

export const ME = '11111111-1111-4111-8111-111111111111';
export const SAM = '22222222-2222-4222-8222-222222222222';
export const LEAD_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const LEAD_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const CONTACT_A = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const CONVERSATION_A = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

export const members: TeamMember[] = [
  { id: ME, firstName: 'Olivia', lastName: 'Owner', email: 'olivia@example.com', role: 'owner', me: true },
  { id: SAM, firstName: 'Sam', lastName: 'Staff', email: 'sam@example.com', role: 'staff', me: false },
];

const contact = (id: string, name: string, phone: string, optedOut = false) => ({
  id,
  name,
  firstName: name.split(' ')[0] ?? null,
  lastName: name.split(' ')[1] ?? null,
  phone,
  otherPhones: [],
  optedOut,
  optedOutAt: optedOut ? Date.now() - 86_400_000 : null,
  blocked: false,
});

export const leadA: LeadListItem = {
  id: LEAD_A,
  status: 'new',
  source: 'form',
  summary: 'Water heater leaking in the garage',
  valueCents: null,
  assignedUserId: SAM,
  createdAt: Date.now() - 5 * 60_000,
  lastActivityAt: Date.now() - 60_000,
  contact: contact(CONTACT_A, 'Jane Doe', '+14155552671'),
  conversationId: CONVERSATION_A,
};

export const leadB: LeadListItem = {
  id: LEAD_B,
  status: 'won',
  source: 'missed_call',
  summary: '<b>AC not cooling</b>',
  valueCents: 125_000,
  assignedUserId: null,
  createdAt: Date.now() - 3 * 86_400_000,
  lastActivityAt: Date.now() - 86_400_000,
  contact: contact('eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', 'Bob Stone', '+16045550123', true),
  conversationId: null,
};

export const detailA: LeadDetail = {
  ...leadA,
  tracking: { utm_source: 'google', gclid: 'abc123', page: 'https://acme.example/water-heaters' },
  answers: { 'What do you need help with?': 'Leaking water heater' },
  aiSummary: null,
  aiQuotes: [],
  fromCallers: [],
};
