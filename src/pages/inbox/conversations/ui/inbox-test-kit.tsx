import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { onTestFinished } from 'vitest';
import { DEFAULT_AI_SETTINGS } from '@contracts/ai';
import { type ApiHandlers, createFakeApi, renderScreen } from '@/shared/lib/test';
import type { AiSettingsView } from '@/entities/ai-assistant';
import type { Thread, ThreadMessage, ThreadSummary } from '@/entities/conversation';
import type { TeamMember } from '@/entities/user';
import { forgetDrafts } from '@/features/send-message';
import { ConversationsPage } from './conversations-page';

/** Test data and a render helper shared by the inbox's tests (imported by tests only). */

export const JANE_ID = '11111111-1111-4111-8111-111111111111';
export const BOB_ID = '22222222-2222-4222-8222-222222222222';
export const ME_ID = '33333333-3333-4333-8333-333333333333';
export const SAM_ID = '44444444-4444-4444-8444-444444444444';
const MINUTE = 60_000;

export function summary(overrides: Partial<ThreadSummary> & { name?: string } = {}): ThreadSummary {
  const { name = 'Jane Cooper', ...rest } = overrides;
  return {
    id: JANE_ID,
    heldReplies: 0,
    contact: {
      id: 'c-jane',
      name,
      firstName: name.split(' ')[0] ?? null,
      lastName: name.split(' ')[1] ?? null,
      phone: '+14155552671',
      otherPhones: [],
      optedOut: false,
      optedOutAt: null,
      blocked: false,
    },
    preview: 'My AC stopped working',
    lastMessageAt: Date.now() - 5 * MINUTE,
    unreadCount: 0,
    mode: 'ai',
    status: 'open',
    assignedUserId: null,
    ...rest,
  };
}

let nextMessage = 0;

export function message(overrides: Partial<ThreadMessage> = {}): ThreadMessage {
  nextMessage += 1;
  return {
    id: `m-${nextMessage}`,
    direction: 'inbound',
    author: 'contact',
    authorName: 'Jane Cooper',
    body: 'My AC stopped working',
    media: [],
    channel: 'sms',
    status: 'received',
    problem: null,
    scheduledFor: null,
    scheduledNote: null,
    createdAt: Date.now() - 10 * MINUTE,
    sentAt: null,
    deliveredAt: null,
    ...overrides,
  };
}

export function thread(overrides: Omit<Partial<Thread>, 'contact'> & { contact?: Partial<Thread['contact']> } = {}): Thread {
  const { contact, ...rest } = overrides;
  return {
    id: JANE_ID,
    mode: 'ai',
    status: 'open',
    assignedUserId: null,
    unreadCount: 0,
    businessNumber: '+14155550000',
    businessNumberActive: true,
    contact: {
      id: 'c-jane',
      name: 'Jane Cooper',
      firstName: 'Jane',
      lastName: 'Cooper',
      phone: '+14155552671',
      otherPhones: [],
      optedOut: false,
      optedOutAt: null,
      blocked: false,
      email: 'jane@example.com',
      timezone: 'America/Chicago',
      ...contact,
    },
    peerPhone: '+14155552671',
    lead: {
      id: 'l-1',
      status: 'qualified',
      source: 'chat_widget',
      summary: 'AC not cooling, 2-storey house, wants a visit this week',
      valueCents: null,
      assignedUserId: null,
      createdAt: Date.now() - 60 * MINUTE,
    },
    messages: [message()],
    ...rest,
  };
}

export const TEAM: TeamMember[] = [
  { id: ME_ID, firstName: 'Alex', lastName: 'Owner', email: 'alex@example.com', role: 'owner', me: true },
  { id: SAM_ID, firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com', role: 'staff', me: false },
];

/** `ai.settings.get`: the assistant on and answering now, unless a test says otherwise. */
export function aiSettings(overrides: Partial<AiSettingsView> = {}): AiSettingsView {
  return {
    ...DEFAULT_AI_SETTINGS,
    enabled: true,
    version: 2,
    updatedAt: Date.now() - 86_400_000,
    canEdit: true,
    timezone: 'America/Chicago',
    now: { on: true, why: 'On (no off window now)' },
    defaults: DEFAULT_AI_SETTINGS,
    addressServiceArea: [],
    ...overrides,
  };
}

export const page = (items: ThreadSummary[], nextCursor: string | null = null) => ({ items, nextCursor });

/** The inbox at `path` over a fake API; every list call answers `list` unless a handler says otherwise. */
export async function renderInbox(handlers: ApiHandlers = {}, path = '/conversations') {
  const api = createFakeApi({
    'conversations.list': () => page([summary()]),
    'conversations.get': () => thread(),
    'team.members': () => TEAM,
    'conversations.templates.list': () => [],
    'conversations.markRead': (input) => ({ ...(input as object), unreadCount: 0 }),
    'calls.list': () => ({ items: [], nextCursor: null }),
    'ai.settings.get': () => aiSettings(),
    'ai.drafts.list': () => [],
    ...handlers,
  });
  const user = userEvent.setup();
  const rendered = await renderScreen(ConversationsPage, { path, api });
  return { ...rendered, api, user };
}

export function resetInbox() {
  notifications.clean();
  forgetDrafts();
}

export const threadPath = (id = JANE_ID) => `/conversations?c=${id}`;

/**
 * Makes every `(max-width: …)` media query match, as on a phone, for the rest of the test. The setup's
 * matchMedia is a `vi.fn`, which restoreAllMocks leaves as it is: the original is put back by hand.
 */
export function onAPhone() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) =>
    ({ matches: query.includes('max-width'), media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as unknown as MediaQueryList) as typeof window.matchMedia;
  onTestFinished(() => {
    window.matchMedia = original;
  });
}
