/** Conversations: who answers (mode) and whether the thread is open, with the words owners see. */

export const CONVERSATION_MODES = ['ai', 'human'] as const;
export type ConversationMode = (typeof CONVERSATION_MODES)[number];

export const CONVERSATION_MODE_WORDS = {
  ai: 'AI replying',
  human: 'You’re in control',
} as const satisfies Record<ConversationMode, string>;

export const CONVERSATION_STATUSES = ['open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const CONVERSATION_STATUS_WORDS = {
  open: 'Open',
  closed: 'Closed',
} as const satisfies Record<ConversationStatus, string>;
