import type { ClientDetail, ClientLead, ClientTimelineEntry, ConsentEntry } from './types';

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

// The same words as the leads screen (src/pages/leads/model/lead-labels.ts); pages can't import each other.
export const LEAD_STATUS_WORDS = {
  new: 'New',
  engaging: 'Engaging',
  qualified: 'Qualified',
  needs_human: 'Needs human',
  booked: 'Booked',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
  opted_out: 'Opted out',
} as const satisfies Record<ClientLead['status'], string>;

export const LEAD_STATUS_COLORS = {
  new: 'blue',
  engaging: 'cyan',
  qualified: 'teal',
  needs_human: 'orange',
  booked: 'violet',
  won: 'green',
  lost: 'gray',
  spam: 'dark',
  opted_out: 'red',
} as const satisfies Record<ClientLead['status'], string>;

export const LEAD_SOURCE_WORDS = {
  sms: 'Text message',
  manual: 'Added by your team',
  chat_widget: 'Chat widget',
  form: 'Website form',
  popup: 'Popup',
  missed_call: 'Missed call',
  ai_call: 'AI-answered call',
  microsite: 'Microsite',
  email: 'Email',
  api: 'API',
} as const satisfies Record<ClientLead['source'], string>;

export const CONVERSATION_MODE_WORDS = {
  ai: 'AI replying',
  human: 'You’re in control',
} as const satisfies Record<ClientDetail['conversations'][number]['mode'], string>;
