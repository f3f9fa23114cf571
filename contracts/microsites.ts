import * as z from 'zod/mini';

/**
 * The hosted one-page site (issue 26, docs/decisions/0044-microsites.md): what each tab holds, the rules both the
 * app and the server check (colours readable with white text, tracking tags by id only, slugs and domains), and
 * the words a visitor reads where they are also the compliance record (the consent text of the opt-in form).
 */

export const MICROSITE_TABS = ['basic', 'content', 'advanced', 'domain'] as const;
export type MicrositeTab = (typeof MICROSITE_TABS)[number];

/** What the page's main button does: call or text the business number, or open the website chat widget. */
export const MICROSITE_CTAS = ['call', 'text', 'widget'] as const;
export type MicrositeCta = (typeof MICROSITE_CTAS)[number];
export const MICROSITE_CTA_WORDS = {
  call: 'Call us',
  text: 'Text us',
  widget: 'Chat with us (the website widget)',
} as const satisfies Record<MicrositeCta, string>;

export const MICROSITE_LIMITS = {
  name: 80,
  tagline: 160,
  heroHeadline: 120,
  heroText: 600,
  reviews: 12,
  reviewQuote: 500,
  reviewName: 80,
  seoTitle: 70,
  seoDescription: 160,
  ogText: 200,
  slugMin: 3,
  slugMax: 40,
  domain: 253,
  /** What a visitor may type in the opt-in form. */
  visitorName: 100,
  visitorMessage: 1000,
} as const;

// ── Colours ──────────────────────────────────────────────────────────────────────────────────────────────────────

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
/** WCAG 2 AA for normal text: white words on the page's colours must reach this. */
export const MIN_CONTRAST = 4.5;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of `#rrggbb`. */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Why white text on `hex` is hard to read (null: it is readable), in words an owner can act on. */
export function colourProblem(label: string, hex: string): string | null {
  if (!HEX_COLOUR.test(hex)) return `${label}: use a colour like #1864ab`;
  const ratio = contrastRatio(hex, '#ffffff');
  return ratio >= MIN_CONTRAST ? null : `${label} is too light for white text (contrast ${ratio.toFixed(1)}:1, needs ${MIN_CONTRAST}:1). Pick a darker shade.`;
}

// zod/mini, not zod's full API: these schemas also run in the app's microsite tabs, and the sign-in's first load
// shares zod's core with every screen (the full API would bring every string format into it).

const colour = (label: string) =>
  z.pipe(
    z.string().check(z.trim()),
    z.transform((value, ctx) => {
      const problem = colourProblem(label, value);
      if (problem) {
        ctx.issues.push({ code: 'custom', message: problem, input: value });
        return z.NEVER;
      }
      return value.toLowerCase();
    }),
  );

// ── Text fields ──────────────────────────────────────────────────────────────────────────────────────────────────

/** No control characters but line breaks and tabs: the page shows words, never markup (it is escaped anyway). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const words = (label: string, max: number, min = 0) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(min, min <= 1 ? `${label} cannot be empty` : `${label} must be at least ${min} characters`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
      z.refine((value) => !CONTROL.test(value), `${label} has characters that cannot be shown`),
    );

/** An uploaded file's id (a uuid, as the uploads feature makes them). Checked with a plain pattern: zod's string
 * formats would all join the sign-in's first load (it shares zod's core). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const fileId = (message: string) => z.string(message).check(z.regex(UUID, message));

// ── Basic ────────────────────────────────────────────────────────────────────────────────────────────────────────

export const micrositeBasicSchema = z.strictObject({
  name: words('The business name', MICROSITE_LIMITS.name, 1),
  tagline: words('The tagline', MICROSITE_LIMITS.tagline),
  primaryColor: colour('The main colour'),
  accentColor: colour('The accent colour'),
  /** An uploaded picture (the uploads feature); null: the page shows the name alone. */
  logoFileId: z.nullable(fileId('Choose the logo again')),
  cta: z.enum(MICROSITE_CTAS, 'Choose what the main button does'),
});
export type MicrositeBasic = z.output<typeof micrositeBasicSchema>;

// ── Content ──────────────────────────────────────────────────────────────────────────────────────────────────────

export const micrositeReviewSchema = z.strictObject({
  quote: words('The review', MICROSITE_LIMITS.reviewQuote, 1),
  name: words('The reviewer’s name', MICROSITE_LIMITS.reviewName, 1),
  stars: z.number('Choose 1 to 5 stars').check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 5, 'Choose 1 to 5 stars')),
});
export type MicrositeReview = z.output<typeof micrositeReviewSchema>;

export const micrositeContentSchema = z.strictObject({
  heroHeadline: words('The headline', MICROSITE_LIMITS.heroHeadline, 1),
  heroText: words('The text under the headline', MICROSITE_LIMITS.heroText),
  /**
   * The company's services (Settings → AI) NOT shown: a service added there later shows by default, and nothing
   * is typed twice. Names that no longer match a service are simply ignored.
   */
  hiddenServices: z.array(z.string().check(z.trim(), z.maxLength(100, 'A service name is at most 100 characters'))).check(z.maxLength(100, 'At most 100 services')),
  /** The service area of Settings → Address (never asked here). */
  showServiceArea: z.boolean(),
  /** The assistant's FAQ (Settings → AI), shown as it is there: one list, not a second copy. */
  showFaq: z.boolean(),
  reviews: z.array(micrositeReviewSchema).check(z.maxLength(MICROSITE_LIMITS.reviews, `At most ${MICROSITE_LIMITS.reviews} reviews`)),
});
export type MicrositeContent = z.output<typeof micrositeContentSchema>;

// ── Advanced ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** Tracking tags are ids of known providers, never code: the server writes the provider's own loader for them. */
export const TRACKING_PROVIDERS = {
  ga4: { label: 'Google Analytics 4 measurement id', pattern: /^G-[A-Z0-9]{4,15}$/, example: 'G-AB12CD34EF' },
  gtm: { label: 'Google Tag Manager container id', pattern: /^GTM-[A-Z0-9]{4,10}$/, example: 'GTM-AB12CD3' },
  metaPixel: { label: 'Meta Pixel id', pattern: /^\d{6,20}$/, example: '123456789012345' },
} as const;
export type TrackingProvider = keyof typeof TRACKING_PROVIDERS;

const trackingId = (provider: TrackingProvider) =>
  z.pipe(
    z.nullable(z.string().check(z.trim())),
    z.transform((value, ctx) => {
      if (value === null || value === '') return null;
      const { label, pattern, example } = TRACKING_PROVIDERS[provider];
      const normal = provider === 'metaPixel' ? value : value.toUpperCase();
      if (!pattern.test(normal)) {
        ctx.issues.push({ code: 'custom', message: `That is not a ${label}: it looks like ${example} (the id alone, not a code snippet)`, input: value });
        return z.NEVER;
      }
      return normal;
    }),
  );

export const micrositeAdvancedSchema = z.strictObject({
  seoTitle: words('The search title', MICROSITE_LIMITS.seoTitle),
  seoDescription: words('The search description', MICROSITE_LIMITS.seoDescription),
  /** The picture link previews show (an uploaded file, like the logo); null: the logo, if any. */
  ogImageFileId: z.nullable(fileId('Choose the picture again')),
  ogText: words('The link preview text', MICROSITE_LIMITS.ogText),
  tracking: z.strictObject({ ga4: trackingId('ga4'), gtm: trackingId('gtm'), metaPixel: trackingId('metaPixel') }),
  /** Ask search engines not to list the page. */
  noindex: z.boolean(),
});
export type MicrositeAdvanced = z.output<typeof micrositeAdvancedSchema>;

export const DEFAULT_MICROSITE_CONTENT: MicrositeContent = { heroHeadline: '', heroText: '', hiddenServices: [], showServiceArea: true, showFaq: true, reviews: [] };
export const DEFAULT_MICROSITE_ADVANCED: MicrositeAdvanced = { seoTitle: '', seoDescription: '', ogImageFileId: null, ogText: '', tracking: { ga4: null, gtm: null, metaPixel: null }, noindex: false };
/** Colours that pass the contrast check with white text (Mantine's blue 9 and teal 9). */
export const DEFAULT_MICROSITE_COLOURS = { primaryColor: '#1864ab', accentColor: '#087f5b' } as const;

// ── Slug and domains ─────────────────────────────────────────────────────────────────────────────────────────────

/** Lower-case letters and digits, single hyphens between them. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Addresses that would pass for LeadLoop's own (or a mail or name server) under MICROSITE_DOMAIN: refused. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'www', 'app', 'api', 'admin', 'administrator', 'mail', 'email', 'smtp', 'imap', 'pop', 'mx', 'ns', 'ns1', 'ns2', 'dns',
  'ftp', 'cdn', 'static', 'assets', 'img', 'images', 'media', 'files', 'uploads', 'help', 'support', 'status', 'blog',
  'docs', 'dev', 'test', 'staging', 'beta', 'demo', 'login', 'signin', 'signup', 'register', 'account', 'accounts',
  'billing', 'dashboard', 'settings', 'security', 'privacy', 'terms', 'legal', 'abuse', 'postmaster', 'webmaster',
  'hostmaster', 'root', 'leadloop', 'official', 'widget', 'm', 'r', 'a', 'trpc', 'webhooks', 'internal', 'public',
  'null', 'undefined',
]);

/** Why a slug cannot be used (null: it can, if no other company has it), in words. */
export function slugProblem(slug: string): string | null {
  if (slug.length < MICROSITE_LIMITS.slugMin) return `The address must be at least ${MICROSITE_LIMITS.slugMin} characters`;
  if (slug.length > MICROSITE_LIMITS.slugMax) return `The address must be at most ${MICROSITE_LIMITS.slugMax} characters`;
  if (!SLUG_PATTERN.test(slug)) return 'Use lower-case letters, digits and single hyphens (e.g. acme-plumbing)';
  if (RESERVED_SLUGS.has(slug)) return `“${slug}” is reserved. Please choose another address.`;
  return null;
}

/** "Acme Plumbing & Heating, LLC" → "acme-plumbing-heating-llc"; the slug a first save proposes. */
export function slugFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // ASCII only here, so cutting by code units is cutting by characters.
  const cut = base.substring(0, MICROSITE_LIMITS.slugMax).replace(/-+$/g, '');
  if (!cut) return 'my-business';
  return cut.length >= MICROSITE_LIMITS.slugMin ? cut : `${cut}-site`;
}

export const slugSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase()),
  z.transform((value, ctx) => {
    const problem = slugProblem(value);
    if (problem) {
      ctx.issues.push({ code: 'custom', message: problem, input: value });
      return z.NEVER;
    }
    return value;
  }),
);

/** A host name of the company's own: at least two labels, letters, digits and hyphens, no IP address. */
const HOSTNAME = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** `https://www.Example.com/` → `www.example.com`; null when it is not a host name a site can be served on. */
export function normalizeCustomDomain(value: string): string | null {
  const host = value
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');
  return HOSTNAME.test(host) ? host : null;
}

export const customDomainSchema = z.pipe(
  z.nullable(z.string()),
  z.transform((value, ctx) => {
    if (value === null || value.trim() === '') return null;
    const host = normalizeCustomDomain(value);
    if (!host) {
      ctx.issues.push({ code: 'custom', message: 'Enter a domain name like www.example.com (no http://, no path)', input: value });
      return z.NEVER;
    }
    return host;
  }),
);

/** What the last DNS check of a custom domain found, stored with the site and shown on the domain tab. */
export interface MicrositeDomainCheck {
  domain: string;
  ok: boolean;
  /** The record to create, in words ("CNAME www.example.com → acme.sites.example"). */
  expected: { cname: string; addresses: string[] };
  found: { cname: string[]; addresses: string[] };
  /** What is missing or wrong, one sentence each; empty when ok. */
  problems: string[];
  checkedAt: number;
}

// ── The opt-in form ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The consent sentence beside the unticked box, word for word what the consent ledger stores: it names the
 * business, says "text messages", how often, "Msg & data rates may apply" and "Reply STOP to opt out, HELP for
 * help", and names the two policy pages (linked on the page). Carriers' A2P 10DLC rules ask for each of these.
 */
export function micrositeConsentText(businessName: string): string {
  return `I agree to receive text messages from ${businessName} at the number above about my request (replies, quotes and appointment updates). Message frequency varies. Msg & data rates may apply. Reply STOP to opt out, HELP for help. Consent is not a condition of purchase. See our Privacy Policy and SMS Terms.`;
}

/** The first text to a person who sent the opt-in form (merge tags as in every template). */
export const MICROSITE_FIRST_TEXT = 'Hi {first_name}, thanks for contacting {business_name}! We got your request and will text you here shortly. Reply STOP to opt out.';

/** The opt-in form's refusals, in a visitor's words. */
export const MICROSITE_FORM_ERRORS = {
  name: 'Please enter your name.',
  nameLong: `Your name must be at most ${MICROSITE_LIMITS.visitorName} characters.`,
  phone: 'Please enter a valid US or Canadian mobile number.',
  messageLong: `Your message must be at most ${MICROSITE_LIMITS.visitorMessage} characters.`,
  consent: 'Please tick the box to agree to receive text messages. We can only text you with your permission.',
  changed: 'This form was just updated. Please read the consent text again and send.',
  rateLimited: 'Too many attempts from your connection. Please wait a little and try again, or call us.',
  spam: 'Your message could not be sent. Please try again.',
} as const;
