/** The consent ledger: what kind of consent, how it was given or withdrawn, in the words an owner (or a regulator) would use. */

export const CONSENT_KINDS = ['opt_in', 'opt_out', 'implied'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const CONSENT_KIND_WORDS = {
  opt_in: 'Opted in',
  opt_out: 'Opted out',
  implied: 'Implied consent',
} as const satisfies Record<ConsentKind, string>;

export const CONSENT_METHODS = ['sms_keyword', 'sms_text', 'inbound_message', 'web_form', 'staff', 'import', 'missed_call', 'lead_email', 'web_chat', 'api'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

export const CONSENT_METHOD_WORDS = {
  sms_keyword: 'Replied with a keyword',
  sms_text: 'Said so in a text',
  inbound_message: 'Texted the business first',
  web_form: 'Web form',
  staff: 'Recorded by staff',
  import: 'Imported',
  missed_call: 'Called the business (one text back about the call)',
  lead_email: 'Asked to be contacted in a lead request (by email)',
  web_chat: 'Said so in the website chat',
  api: 'Sent by another tool with its consent record',
} as const satisfies Record<ConsentMethod, string>;
