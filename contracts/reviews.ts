import { MERGE_TAGS, mergeTagPattern, unknownMergeTags } from './merge-tags';

/**
 * Review requests (issue 24 item 4, decision 0039): the company's own review links, the text with its `{link}`, the
 * timing defaults, and the words owners see. One rule each, for the screen and the server.
 */

/** Where a review link leads. */
export const REVIEW_SITES = ['google', 'facebook', 'yelp', 'other'] as const;
export type ReviewSite = (typeof REVIEW_SITES)[number];

export const REVIEW_SITE_WORDS = {
  google: 'Google',
  facebook: 'Facebook',
  yelp: 'Yelp',
  other: 'Other',
} as const satisfies Record<ReviewSite, string>;

/** A company's review link: `id` names it in stats and short links even if its address is edited later. */
export interface ReviewLink {
  id: string;
  site: ReviewSite;
  url: string;
}

export const MAX_REVIEW_LINKS = 5;
export const MAX_REVIEW_URL_LENGTH = 500;
export const MAX_REVIEW_TEMPLATE_LENGTH = 480;

/** The tag the review link goes in. */
export const LINK_TAG = '{link}';

/** Product brief §6: 2 h after the job, one reminder after 3 days. */
export const DEFAULT_REVIEW_DELAY_MINUTES = 120;
export const DEFAULT_REMINDER_AFTER_DAYS = 3;
export const DEFAULT_REVIEW_TEMPLATE = 'Thanks for choosing {business_name}, {first_name}! Would you leave us a quick review? {link}';
/** The one reminder's words (fixed: it only points back at the same link). */
export const REVIEW_REMINDER_TEMPLATE = 'Hi {first_name}, a quick reminder from {business_name}: if you have a minute, a review would mean a lot to us. {link}';
/** The same person is asked again only after this many days (any source). */
export const REPEAT_ASK_DAYS = 30;
/** A reply within this many days of the request is read for an unhappy customer. */
export const REPLY_WATCH_DAYS = 14;
/** Lines one "Send to a list" may hold. */
export const MAX_LIST_LINES = 200;

export interface ReviewSettingsValues {
  links: ReviewLink[];
  /** The link sent in `{link}`; null: the first one. */
  primaryLinkId: string | null;
  template: string;
  automatic: boolean;
  delayMinutes: number;
  reminder: boolean;
  reminderAfterDays: number;
}

export const DEFAULT_REVIEW_SETTINGS: ReviewSettingsValues = {
  links: [],
  primaryLinkId: null,
  template: DEFAULT_REVIEW_TEMPLATE,
  automatic: true,
  delayMinutes: DEFAULT_REVIEW_DELAY_MINUTES,
  reminder: true,
  reminderAfterDays: DEFAULT_REMINDER_AFTER_DAYS,
};

/**
 * Why a review address cannot be used, or null. Only https: a customer taps it from a text, so it must not be
 * plain http, a `javascript:` or `data:` address, or anything without a host.
 */
export function reviewUrlProblem(value: string): string | null {
  const url = value.trim();
  if (!url) return 'Paste the address of your review page';
  if (url.length > MAX_REVIEW_URL_LENGTH) return `A review address is at most ${MAX_REVIEW_URL_LENGTH} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'This is not a web address: it should start with https://';
  }
  if (parsed.protocol === 'http:') return 'Use the secure address (https://…): customers’ phones warn about plain http links';
  if (parsed.protocol !== 'https:') return 'A review link must be a web address starting with https://';
  if (!parsed.hostname.includes('.') || parsed.username || parsed.password) return 'This address has no proper website in it (e.g. https://g.page/r/…)';
  return null;
}

/** The one link a text carries: the chosen one, else the first. */
export function primaryLink(settings: Pick<ReviewSettingsValues, 'links' | 'primaryLinkId'>): ReviewLink | null {
  return settings.links.find((link) => link.id === settings.primaryLinkId) ?? settings.links[0] ?? null;
}

/** Why a review text cannot be saved, or null: it needs `{link}` once, and only tags LeadLoop knows. */
export function reviewTemplateProblem(text: string): string | null {
  if (!text.trim()) return 'Write the text customers get';
  const links = [...text.matchAll(mergeTagPattern())].filter((match) => match[1]!.toLowerCase() === 'link').length;
  if (links === 0) return 'Put {link} where the review link goes: without it, customers get no way to review you';
  if (links > 1) return 'Put {link} only once';
  const unknown = unknownMergeTags(text).filter((tag) => tag !== 'link');
  if (unknown.length > 0) {
    return `Unknown merge tag${unknown.length > 1 ? 's' : ''}: ${unknown.map((t) => `{${t}}`).join(', ')}. Available: ${[...MERGE_TAGS.map((t) => `{${t.tag}}`), LINK_TAG].join(', ')}.`;
  }
  if (text.length > MAX_REVIEW_TEMPLATE_LENGTH) return `At most ${MAX_REVIEW_TEMPLATE_LENGTH} characters`;
  return null;
}

/** Puts the short link where `{link}` is (after the other merge tags are filled). */
export function withLink(text: string, url: string): string {
  return text.replace(/\{link\}/gi, () => url);
}

/** How a review request went, as the list shows it. */
export const REVIEW_REQUEST_STATES = ['waiting', 'scheduled', 'sending', 'sent', 'delivered', 'failed', 'blocked', 'skipped', 'cancelled'] as const;
export type ReviewRequestState = (typeof REVIEW_REQUEST_STATES)[number];

export const REVIEW_REQUEST_STATE_WORDS = {
  waiting: 'Waiting',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  blocked: 'Not sent',
  skipped: 'Not sent',
  cancelled: 'Cancelled',
} as const satisfies Record<ReviewRequestState, string>;

export const REVIEW_SOURCES = ['automatic', 'manual', 'list'] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

export const REVIEW_SOURCE_WORDS = {
  automatic: 'After a won job',
  manual: 'By hand',
  list: 'From a list',
} as const satisfies Record<ReviewSource, string>;

export const UNHAPPY_WORDS = 'Unhappy reply — recovery opened';
