import * as z from 'zod/mini';

/**
 * The browser's configuration: VITE_* variables baked in at build time, validated once. A malformed value falls
 * back to its default (and says so in the console) instead of breaking the sign-in screen.
 */
const optionalText = z.optional(z.string());
const url = (fallback: string) => z._default(z.url(), fallback);

const schema = z.object({
  VITE_POSTHOG_KEY: optionalText,
  VITE_POSTHOG_HOST: url('https://us.i.posthog.com'),
  VITE_INTERCOM_APP_ID: optionalText,
  VITE_XSTATE_INSPECT: optionalText,
  VITE_TESTIMONIALS_EMBED_URL: z.optional(z.url()),
  VITE_MAIN_SITE_URL: url('https://leadloop.example'),
  VITE_AGENCY_PORTAL_URL: url('https://agency.leadloop.example'),
  VITE_TERMS_URL: url('https://leadloop.example/terms'),
  VITE_PRIVACY_URL: url('https://leadloop.example/privacy'),
  VITE_SUPPORT_URL: url('https://leadloop.example/support'),
  VITE_DEMO_URL: url('https://leadloop.example/demo'),
});

export type ClientConfig = z.infer<typeof schema>;

export function parseClientConfig(raw: Record<string, unknown>): ClientConfig {
  // Empty strings mean "not set", as in .env files.
  const present = Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === 'string' && v.trim() !== ''));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const bad = new Set(result.error.issues.map((issue) => String(issue.path[0])));
  console.warn(`Ignoring invalid configuration: ${[...bad].join(', ')}`);
  return schema.parse(Object.fromEntries(Object.entries(present).filter(([key]) => !bad.has(key))));
}

export const config: ClientConfig = parseClientConfig(import.meta.env);

export const links = {
  mainSite: config.VITE_MAIN_SITE_URL,
  agencyPortal: config.VITE_AGENCY_PORTAL_URL,
  terms: config.VITE_TERMS_URL,
  privacy: config.VITE_PRIVACY_URL,
  support: config.VITE_SUPPORT_URL,
  demo: config.VITE_DEMO_URL,
} as const;
