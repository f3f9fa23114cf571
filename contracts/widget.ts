/**
 * The website widget (chat launcher, inline form, popup): its settings, the codes the public endpoints answer, and
 * the small rules both the server and the embed apply (which page hosts may use a key, how a number is masked).
 * One list here, read by the settings router, the public endpoints and, later, the embed and the settings screens.
 */
import type { LeadSource } from './lead';

/** Where a submission came from: the chat panel, the inline form on a page, or the popup. */
export const WIDGET_KINDS = ['chat', 'form', 'popup'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

export const WIDGET_KIND_SOURCE = { chat: 'chat_widget', form: 'form', popup: 'popup' } as const satisfies Record<WidgetKind, LeadSource>;

export const WIDGET_POSITIONS = ['bottom_right', 'bottom_left'] as const;
export type WidgetPosition = (typeof WIDGET_POSITIONS)[number];

export const WIDGET_LAUNCHER_ICONS = ['chat', 'message', 'phone', 'none'] as const;
export type WidgetLauncherIcon = (typeof WIDGET_LAUNCHER_ICONS)[number];

/** The optional form fields; name, mobile number and the consent checkbox are always shown and required. */
export const WIDGET_OPTIONAL_FIELDS = ['message', 'service', 'postalCode'] as const;
export type WidgetOptionalField = (typeof WIDGET_OPTIONAL_FIELDS)[number];

export const POPUP_TRIGGERS = ['time', 'scroll', 'exit_intent'] as const;
export type PopupTrigger = (typeof POPUP_TRIGGERS)[number];

export interface WidgetAppearance {
  /** #rrggbb */
  primaryColor: string;
  /** #rrggbb, text on the primary colour */
  textColor: string;
  position: WidgetPosition;
  launcherIcon: WidgetLauncherIcon;
  launcherText: string;
}

export type WidgetFormFields = Record<WidgetOptionalField, { shown: boolean; required: boolean }>;

export interface WidgetPopup {
  enabled: boolean;
  trigger: PopupTrigger;
  /** trigger `time`: after this many seconds on a page. */
  delaySeconds: number;
  /** trigger `scroll`: after this share of the page was scrolled. */
  scrollPercent: number;
  /** Page rules: path prefixes (`/services`) or `*` patterns; empty include = every page. */
  includePaths: string[];
  excludePaths: string[];
  /** How often one visitor may see it: at most once per this many days (0 = every visit). */
  frequencyDays: number;
}

/** What the company edits (Chat widget → Styles, Form embed, Popup). */
export interface WidgetSettingsValues {
  enabled: boolean;
  /** Page hosts allowed to use the key: `example.com` (that host) or `*.example.com` (it and its subdomains). */
  allowedDomains: string[];
  greeting: string;
  appearance: WidgetAppearance;
  formFields: WidgetFormFields;
  /** Shown beside the consent checkbox (unchecked by default); stored word for word with each submission. */
  consentText: string;
  /** The first text to the visitor, from the business number; merge tags as in every template. */
  firstTextTemplate: string;
  popup: WidgetPopup;
}

export const DEFAULT_WIDGET_SETTINGS: WidgetSettingsValues = {
  enabled: false,
  allowedDomains: [],
  greeting: 'Hi! How can we help? Leave your number and we will text you right back.',
  appearance: { primaryColor: '#1c7ed6', textColor: '#ffffff', position: 'bottom_right', launcherIcon: 'chat', launcherText: 'Text us' },
  formFields: { message: { shown: true, required: false }, service: { shown: false, required: false }, postalCode: { shown: false, required: false } },
  consentText:
    'By checking this box, I agree to receive text messages from {business_name} about my request at the number provided. Message and data rates may apply. Reply STOP to opt out, HELP for help.',
  firstTextTemplate: 'Hi {first_name}, thanks for reaching {business_name}! We got your message and will text you here shortly. Reply STOP to opt out.',
  popup: { enabled: false, trigger: 'time', delaySeconds: 15, scrollPercent: 50, includePaths: [], excludePaths: [], frequencyDays: 7 },
};

/** The avatar picture a company may upload (shown in the chat panel's header): these types, at most this size. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];
export const AVATAR_MAX_BYTES = 256 * 1024;

/** Where the embed loads the avatar from: immutable per picture (`h` is its hash), so browsers keep it. */
export const avatarPath = (publicKey: string, hash: string) => `/public/widget/avatar?key=${encodeURIComponent(publicKey)}&h=${encodeURIComponent(hash)}`;

/** What GET /public/widget/config answers (only what the embed draws): the consent text has its merge tags filled. */
export interface WidgetPublicConfig {
  version: number;
  businessName: string;
  /** The avatar picture's hash (load it from `avatarPath`), or null: the embed shows the business's initials. */
  avatarHash: string | null;
  greeting: string;
  appearance: WidgetAppearance;
  formFields: WidgetFormFields;
  consentText: string;
  popup: WidgetPopup;
}

/**
 * An allowed website: a hostname or `*.` + hostname, an IPv4 address, or `localhost`, each with an optional port
 * (`127.0.0.1:3320`: that port only; without a port, any). Lower case, no scheme or path.
 */
export const DOMAIN_PATTERN =
  /^((\*\.)?(localhost|([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))(:([1-9]\d{0,3}|[1-5]\d{4}|6[0-4]\d{3}|65[0-4]\d{2}|655[0-2]\d|6553[0-5]))?$/;

/**
 * `https://www.Example.com/` → `www.example.com`, `http://127.0.0.1:3320/x` → `127.0.0.1:3320` (what a company may
 * paste: the scheme and path go, a port stays); null when it is not a website.
 */
export function normalizeDomain(value: string): string | null {
  let v = value.trim().toLowerCase();
  v = v.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '').replace(/\.(?=:\d+$|$)/, '');
  return DOMAIN_PATTERN.test(v) ? v : null;
}

/**
 * Whether a page on `host` (a URL's host: hostname, and `:port` when not the default) may use the widget: an exact
 * entry, an entry without a port for any port of that host, or `*.example.com` for example.com and its subdomains.
 */
export function hostAllowed(host: string, allowedDomains: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.(?=:\d+$|$)/, '');
  const hostname = h.replace(/:\d+$/, '');
  return allowedDomains.some((d) => {
    const entry = d.includes(':') ? h : hostname;
    return d.startsWith('*.') ? entry === d.slice(2) || entry.endsWith(d.slice(1)) : entry === d;
  });
}

/** +14155550123 → "(415) 555-…": enough for the visitor to recognise their number, not enough to read it off a screen. */
export function maskPhone(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})\d{4}$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-…` : `…${e164.slice(-2)}`;
}

/** The refusals of the public endpoints: a stable code for the embed and a sentence a visitor may read. */
export const WIDGET_ERRORS = {
  unknown_key: 'This chat widget is not set up.',
  widget_disabled: 'This chat widget is turned off.',
  origin_not_allowed: 'This chat widget is not allowed on this website.',
  rate_limited: 'Too many attempts. Please wait a little and try again.',
  body_too_large: 'The message is too long.',
  invalid: 'Please check the form.',
  consent_required: 'Please tick the box to agree to receive texts.',
  settings_changed: 'This form was just updated. Please review it and send again.',
  honeypot: 'Your message could not be sent.',
  too_fast: 'That was quick! Please check your details and press Send again.',
  bad_token: 'This conversation has ended. Please send your number again.',
} as const;
export type WidgetErrorCode = keyof typeof WIDGET_ERRORS;
