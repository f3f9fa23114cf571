/**
 * The email gateway (/email-gateway): what happened to each received email and which parser read it, in the words an
 * owner sees. The database enums, the API and the screen read them from here.
 */

/** Where an email came in: our SMTP listener, or an inbound-parse webhook (raw MIME over HTTP). */
export const INBOUND_EMAIL_CHANNELS = ['smtp', 'http'] as const;
export type InboundEmailChannel = (typeof INBOUND_EMAIL_CHANNELS)[number];

/** received: stored, waiting for its job; the others are the job's outcome. */
export const INBOUND_EMAIL_STATUSES = ['received', 'lead_created', 'lead_joined', 'no_phone', 'failed'] as const;
export type InboundEmailStatus = (typeof INBOUND_EMAIL_STATUSES)[number];

export const INBOUND_EMAIL_STATUS_WORDS = {
  received: 'Waiting to be read',
  lead_created: 'New lead',
  lead_joined: 'Added to an open lead',
  no_phone: 'No phone number found',
  failed: 'Could not be read',
} as const satisfies Record<InboundEmailStatus, string>;

/** The known lead-email formats, tried in this order; `generic` reads any other email. */
export const EMAIL_PARSERS = ['thumbtack', 'angi', 'yelp', 'google_lsa', 'facebook', 'web_form', 'generic'] as const;
export type EmailParser = (typeof EMAIL_PARSERS)[number];

export const EMAIL_PARSER_WORDS = {
  thumbtack: 'Thumbtack',
  angi: 'Angi / HomeAdvisor',
  yelp: 'Yelp',
  google_lsa: 'Google Local Services',
  facebook: 'Facebook lead ads',
  web_form: 'Website form',
  generic: 'Other email',
} as const satisfies Record<EmailParser, string>;

export const EXTRACTED_FIELDS = ['name', 'phone', 'email', 'service', 'message'] as const;
export type ExtractedField = (typeof EXTRACTED_FIELDS)[number];

export const EXTRACTED_FIELD_WORDS = {
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  service: 'Service',
  message: 'Message',
} as const satisfies Record<ExtractedField, string>;

/** What a parser found, and for each field where it found it ("the “Phone:” line", "the Reply-To address"). */
export interface ExtractedLead {
  name: string | null;
  phone: string | null;
  email: string | null;
  service: string | null;
  message: string | null;
  /** Field → where it was found. */
  how: Partial<Record<ExtractedField, string>>;
}
