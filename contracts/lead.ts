/**
 * Leads: the codes stored in the database and sent over the API, and the words owners see for them. The database
 * enums, the API's input schemas, every screen and the CSV export read them from here, so each word exists once.
 */

/** The lead lifecycle in the order a lead moves through it; won / lost / spam / opted out are endings. */
export const LEAD_STATUSES = ['new', 'engaging', 'qualified', 'needs_human', 'booked', 'won', 'lost', 'spam', 'opted_out'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

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
} as const satisfies Record<LeadStatus, string>;

/** Statuses after which a lead is finished: an opt-out does not reopen or change them. */
export const CLOSED_LEAD_STATUSES = ['won', 'lost', 'spam', 'opted_out'] as const satisfies readonly LeadStatus[];

/** Where a lead came from: one code per capture channel. */
export const LEAD_SOURCES = ['sms', 'manual', 'chat_widget', 'form', 'popup', 'missed_call', 'ai_call', 'microsite', 'email', 'api', 'thumbtack'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_SOURCE_WORDS = {
  sms: 'Text message',
  manual: 'Added by your team',
  chat_widget: 'Website chat',
  form: 'Website form',
  popup: 'Website popup',
  missed_call: 'Missed call',
  ai_call: 'AI-answered call',
  microsite: 'Microsite',
  email: 'Email',
  api: 'API',
  thumbtack: 'Thumbtack',
} as const satisfies Record<LeadSource, string>;

export const isLeadStatus = (value: string): value is LeadStatus => Object.hasOwn(LEAD_STATUS_WORDS, value);
export const isLeadSource = (value: string): value is LeadSource => Object.hasOwn(LEAD_SOURCE_WORDS, value);

/** Tracking keys we can name; anything else is shown with its own key. */
export const TRACKING_WORDS: Readonly<Record<string, string>> = {
  utm_source: 'Campaign source',
  utm_medium: 'Campaign medium',
  utm_campaign: 'Campaign',
  utm_term: 'Keyword',
  utm_content: 'Ad content',
  gclid: 'Google Ads click ID',
  fbclid: 'Facebook click ID',
  msclkid: 'Microsoft Ads click ID',
  page: 'Page',
  pageUrl: 'Page',
  page_url: 'Page',
  landingPage: 'Landing page',
  landing_page: 'Landing page',
  referrer: 'Came from',
};
