import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '@contracts/merge-tags';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, normalizeDomain, POPUP_TRIGGERS, WIDGET_KINDS, WIDGET_LAUNCHER_ICONS, WIDGET_POSITIONS } from '@contracts/widget';
import { usCaPhone } from '@server/platform/lib/common.schema';

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1c7ed6').transform((v) => v.toLowerCase());
const words = (label: string, max: number, min = 1) =>
  z
    .string()
    .trim()
    .min(min, `${label} cannot be empty`)
    .max(max, `${label} must be at most ${max} characters`);
const field = z.strictObject({ shown: z.boolean(), required: z.boolean() }).refine((f) => f.shown || !f.required, 'A hidden field cannot be required');
const pathRule = z.string().trim().min(1).max(200).regex(/^\/[^\s]*$/, 'Page rules start with / (e.g. /services or /blog/*)');

/** Chat widget → Styles, Form embed, Popup: each screen sends what it shows, with the version it read. */
export const updateWidgetSettingsInput = z.strictObject({
  /** The version the screen read: a save over someone else's newer save is refused (CONFLICT). */
  expectedVersion: z.number().int().min(1),
  enabled: z.boolean().optional(),
  allowedDomains: z
    .array(
      z.string().transform((value, ctx) => {
        const domain = normalizeDomain(value);
        if (!domain) {
          ctx.addIssue({ code: 'custom', message: `“${value.slice(0, 100)}” is not a website address: use example.com or *.example.com` });
          return z.NEVER;
        }
        return domain;
      }),
    )
    .max(20, 'At most 20 domains')
    .transform((list) => [...new Set(list)])
    .optional(),
  greeting: words('The greeting', 300).optional(),
  appearance: z
    .strictObject({
      primaryColor: colour,
      textColor: colour,
      position: z.enum(WIDGET_POSITIONS),
      launcherIcon: z.enum(WIDGET_LAUNCHER_ICONS),
      launcherText: words('The launcher text', 40, 0),
    })
    .optional(),
  formFields: z.strictObject({ message: field, service: field, postalCode: field }).optional(),
  consentText: words('The consent text', 1000, 20).optional(),
  firstTextTemplate: words('The first text', MAX_TEXT_LENGTH).optional(),
  /** A new avatar picture (base64), or null to remove it; absent = unchanged. Checked further in the service. */
  avatar: z
    .strictObject({
      contentType: z.enum(AVATAR_TYPES, 'Use a PNG, JPEG or WebP picture'),
      data: z
        .string()
        .max(Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 8, `The picture must be at most ${AVATAR_MAX_BYTES / 1024} kB`)
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The picture did not arrive whole. Choose it again.'),
    })
    .nullable()
    .optional(),
  popup: z
    .strictObject({
      enabled: z.boolean(),
      trigger: z.enum(POPUP_TRIGGERS),
      delaySeconds: z.number().int().min(0).max(600),
      scrollPercent: z.number().int().min(1).max(100),
      includePaths: z.array(pathRule).max(50),
      excludePaths: z.array(pathRule).max(50),
      frequencyDays: z.number().int().min(0).max(365),
    })
    .optional(),
});
export type UpdateWidgetSettingsInput = z.infer<typeof updateWidgetSettingsInput>;

/** The public key as the embed sends it (`wk_` + 32 base64url characters). */
export const publicKey = z.string().regex(/^wk_[A-Za-z0-9_-]{32}$/);

const optionalWords = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null));
const url = z
  .string()
  .max(2000)
  .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), 'Not a web address');
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), url.optional());
/** A US ZIP (12345 or 12345-6789) or a Canadian postal code (A1A 1A1), normalised. */
const postalCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => /^\d{5}(-\d{4})?$/.test(v) || /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/.test(v), 'Enter a ZIP or postal code')
  .transform((v) => (/^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(v) ? `${v.slice(0, 3)} ${v.slice(3)}` : v));
const trackingValue = z.string().trim().max(500).optional();

/**
 * POST /public/widget/submit. Strict: an unknown field is refused. `website` is the honeypot (hidden from people,
 * filled by bots); `fillMs` is how long the form was open before sending.
 */
export const widgetSubmission = z.strictObject({
  kind: z.enum(WIDGET_KINDS),
  name: words('Your name', 80),
  phone: usCaPhone,
  message: optionalWords(1000),
  service: optionalWords(100),
  postalCode: z.preprocess((v) => (v === '' ? undefined : v), postalCode.optional()),
  consent: z.strictObject({ checked: z.boolean(), text: z.string().max(2000) }),
  page: z.strictObject({
    url,
    referrer: optionalUrl,
    /** The first page of the visit (the embed remembers it for the session). */
    landingUrl: optionalUrl,
  }),
  utm: z
    .strictObject({ source: trackingValue, medium: trackingValue, campaign: trackingValue, term: trackingValue, content: trackingValue })
    .optional(),
  gclid: trackingValue,
  fbclid: trackingValue,
  website: z.string().max(500).optional(),
  fillMs: z.number().int().min(0).max(86_400_000),
});
export type WidgetSubmission = z.infer<typeof widgetSubmission>;

/** GET /public/widget/thread: messages after this `seq` (0 = from the submission). */
export const threadQuery = z.object({
  key: z.string(),
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});

/** POST /public/widget/message: what the visitor typed in the chat panel, and the embed's id for it (resends are one). */
export const visitorMessageBody = z.strictObject({
  body: words('Your message', 1000),
  clientId: z.string().uuid('clientId must be a UUID'),
});

/** GET /public/widget/avatar: the key and the picture's hash. */
export const avatarQuery = z.object({ key: publicKey, h: z.string().regex(/^[0-9a-f]{16}$/) });
