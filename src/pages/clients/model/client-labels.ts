import type { ClientDetail, ClientTimelineEntry, ConsentEntry } from './types';

type MessageEntry = Extract<ClientTimelineEntry, { kind: 'message' }>;

/** How consent was given or withdrawn, in the words an owner (or a regulator) would use. */
export const CONSENT_METHOD_WORDS = {
  sms_keyword: 'Replied with a keyword',
  sms_text: 'Said so in a text',
  inbound_message: 'Texted the business first',
  web_form: 'Web form',
  staff: 'Recorded by staff',
  import: 'Imported',
} as const satisfies Record<ConsentEntry['method'], string>;

export const CONSENT_KIND_WORDS = {
  opt_in: 'Opted in',
  opt_out: 'Opted out',
  implied: 'Implied consent',
} as const satisfies Record<ConsentEntry['kind'], string>;

export const CONSENT_KIND_COLORS = {
  opt_in: 'teal',
  opt_out: 'red',
  implied: 'yellow',
} as const satisfies Record<ConsentEntry['kind'], string>;

export const MESSAGE_STATUS_WORDS = {
  received: 'Received',
  scheduled: 'Scheduled',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  blocked: 'Not sent',
} as const satisfies Record<MessageEntry['status'], string>;

export const MESSAGE_AUTHOR_WORDS = {
  contact: 'Client',
  user: 'Your team',
  ai: 'AI assistant',
  flow: 'Automation',
  system: 'LeadLoop',
} as const satisfies Record<MessageEntry['author'], string>;

export const CONVERSATION_MODE_WORDS = {
  ai: 'AI replying',
  human: 'You’re in control',
} as const satisfies Record<ClientDetail['conversations'][number]['mode'], string>;
