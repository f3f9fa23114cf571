import { MESSAGE_STATUS_WORDS, MESSAGE_STATUSES, type MessageStatus } from '@contracts/message';

/** Status badge colours, the same in the message log and on the client page (the words come from contracts). */
export const MESSAGE_STATUS_COLORS = {
  received: 'grape',
  scheduled: 'violet',
  queued: 'gray',
  sending: 'gray',
  sent: 'blue',
  delivered: 'teal',
  failed: 'red',
  blocked: 'orange',
} as const satisfies Record<MessageStatus, string>;

/** Choices for a status filter, in the order a text moves through them. */
export const MESSAGE_STATUS_OPTIONS = MESSAGE_STATUSES.map((value) => ({ value, label: MESSAGE_STATUS_WORDS[value] }));
