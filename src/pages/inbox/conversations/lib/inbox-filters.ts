import { CONVERSATION_STATUS_WORDS } from '@contracts/conversation';
import type { InboxFilter } from '@/entities/conversation';
import { FEATURES } from '@/shared/config';

const ALL_FILTERS: { value: InboxFilter; label: string; needsAssistant?: boolean }[] = [
  { value: 'all', label: 'All' },
  { value: 'needs_human', label: 'Needs human', needsAssistant: true },
  { value: 'ai', label: 'AI active', needsAssistant: true },
  { value: 'mine', label: 'Mine' },
  { value: 'unread', label: 'Unread' },
  { value: 'closed', label: CONVERSATION_STATUS_WORDS.closed },
];

/**
 * The filters on offer. "Needs human" and "AI active" sort threads by whether the assistant has them; with no
 * assistant yet every thread is the team's, so they would only repeat "All" (decision 0017).
 */
export const INBOX_FILTERS = ALL_FILTERS.filter((filter) => FEATURES.aiAssistant || !filter.needsAssistant);

/** A filter from the address (`/conversations?filter=unread`), as the dashboard links to it. */
export function inboxFilterFrom(value: unknown): InboxFilter {
  return INBOX_FILTERS.find((filter) => filter.value === value)?.value ?? 'all';
}

// What each filter would list, so an empty filter says what it is for rather than just "nothing".
export const EMPTY_FILTER: Record<Exclude<InboxFilter, 'all'>, { title: string; description: string }> = {
  needs_human: {
    title: 'No conversations need a person',
    description: 'When the assistant can’t help, a customer asks for a person, or you take over, the open conversation lands here.',
  },
  ai: {
    title: 'The assistant isn’t in any conversations',
    description: 'Open conversations the assistant is replying to right now are listed here.',
  },
  mine: {
    title: 'Nothing assigned to you',
    description: 'Conversations assigned to you are listed here. Assign one from the conversation’s header.',
  },
  unread: {
    title: 'No unread texts',
    description: 'Conversations with texts nobody on your team has opened yet are listed here.',
  },
  closed: {
    title: 'No closed conversations',
    description: 'Finished conversations are kept here, so you can look back at them. A new text from the client reopens them.',
  },
};
