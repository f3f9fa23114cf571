/** Texts: statuses, authors and directions as stored, and the words owners see for them (one copy, here). */

/** Every status a text can have, in the order it moves through them. */
export const MESSAGE_STATUSES = ['received', 'scheduled', 'queued', 'sending', 'sent', 'delivered', 'failed', 'blocked'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * "blocked" is a text LeadLoop refused to send (opted out, protected number, blocked client): owners read it as
 * "Not sent" everywhere — "Blocked" is the word for a blocked client, not for a text.
 */
export const MESSAGE_STATUS_WORDS = {
  received: 'Received',
  scheduled: 'Scheduled',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  blocked: 'Not sent',
} as const satisfies Record<MessageStatus, string>;

export const MESSAGE_DIRECTIONS = ['inbound', 'outbound'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

export const MESSAGE_DIRECTION_WORDS = {
  inbound: 'Received',
  outbound: 'Sent',
} as const satisfies Record<MessageDirection, string>;

/**
 * How a message travelled: `simulator` / `twilio` are texts (SMS/MMS) through that provider; `web_chat` is a message a
 * visitor typed in the website chat panel after leaving their number (inbound only: the business answers by text,
 * and the panel shows the texts too); `thumbtack` is a customer's message in a Thumbtack lead's conversation (inbound
 * only: replies go by text and are copied to Thumbtack, decision 0055).
 */
export const MESSAGE_PROVIDERS = ['simulator', 'twilio', 'web_chat', 'thumbtack'] as const;
export type MessageProvider = (typeof MESSAGE_PROVIDERS)[number];

export const MESSAGE_CHANNELS = ['sms', 'web_chat', 'thumbtack'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_WORDS = { sms: 'Text message', web_chat: 'Website chat', thumbtack: 'Thumbtack message' } as const satisfies Record<MessageChannel, string>;
export const channelOf = (provider: MessageProvider): MessageChannel => (provider === 'web_chat' ? 'web_chat' : provider === 'thumbtack' ? 'thumbtack' : 'sms');

/** Who wrote a text: the client, a team member, the AI assistant, an automation, or LeadLoop itself. */
export const MESSAGE_AUTHORS = ['contact', 'user', 'ai', 'flow', 'system'] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];

/** Used when no person's name is known for the author (a team member's own name is shown when it is). */
export const MESSAGE_AUTHOR_WORDS = {
  contact: 'Client',
  user: 'Your team',
  ai: 'AI assistant',
  flow: 'Automation',
  system: 'Automatic reply',
} as const satisfies Record<MessageAuthor, string>;
