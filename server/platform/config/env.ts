import { existsSync } from 'node:fs';
import { z } from 'zod';
import { parseSecretsKey } from '../lib/secret-box';

/**
 * The one place the server reads `process.env`. Every variable is validated at start-up; a wrong value stops
 * the process with a message naming the variable (see `formatEnvError`).
 */
/** Blank values never get here: `loadEnv` drops them. */
const optionalString = z.string().trim().optional();

const boolFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const positiveInt = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

const urlWithProtocol = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('localhost'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(urlWithProtocol(['postgres:', 'postgresql:']).optional()),
    SMTP_URL: optionalString.pipe(urlWithProtocol(['smtp:', 'smtps:']).optional()),
    MAIL_FROM: z.string().trim().min(3).default('LeadLoop <no-reply@leadloop.localhost>'),
    PUBLIC_URL: optionalString.pipe(urlWithProtocol(['http:', 'https:']).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: boolFlag,
    SERVE_SPA: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    AUTH_CODE_COOLDOWN_SECONDS: positiveInt(30),
    AUTH_CODE_SENDS_PER_EMAIL_PER_HOUR: positiveInt(5),
    AUTH_CODE_SENDS_PER_IP_PER_HOUR: positiveInt(20),
    /** Requests a new API key may make per minute (decision 0042); the benchmark raises it. */
    API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1, 'must be at least 1').default(120),
    // Telephony: Twilio when both are set; otherwise the built-in simulator only.
    TWILIO_ACCOUNT_SID: optionalString.pipe(z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must look like AC followed by 32 hex characters').optional()),
    TWILIO_AUTH_TOKEN: optionalString,
    TWILIO_API_BASE: z.string().trim().default('https://api.twilio.com').pipe(urlWithProtocol(['https:', 'http:'])),
    /** Twilio's Advanced Opt-Out answers STOP/START/HELP itself; set false if it is turned off on the account. */
    TWILIO_ANSWERS_KEYWORDS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** The ISV's primary Trust Hub customer profile (BU…): each company's texting registration is attached to it. */
    TWILIO_PRIMARY_PROFILE_SID: optionalString.pipe(z.string().regex(/^BU[0-9a-fA-F]{32}$/, 'must look like BU followed by 32 hex characters').optional()),
    /**
     * Until a company's texting registration (A2P 10DLC) is approved: `warn` sends automated texts and warns; `hold`
     * keeps automated texts from Twilio numbers until approval (replies still go). Decision 0046.
     */
    A2P_GATE: z.enum(['warn', 'hold'], { error: 'must be warn or hold' }).default('warn'),
    // Billing (decision 0052): Stripe when the secret key is set (then all four), otherwise the local no-charge plan switcher.
    STRIPE_SECRET_KEY: optionalString.pipe(z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)').optional()),
    /** Signs the events Stripe posts to /webhooks/stripe (whsec_…, from the webhook endpoint in Stripe's dashboard). */
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(z.string().regex(/^whsec_[A-Za-z0-9+/=_-]+$/, 'must be a webhook signing secret (whsec_…)').optional()),
    STRIPE_PRICE_STARTER: optionalString.pipe(z.string().regex(/^price_[A-Za-z0-9]+$/, 'must be a Stripe price id (price_…)').optional()),
    STRIPE_PRICE_PRO: optionalString.pipe(z.string().regex(/^price_[A-Za-z0-9]+$/, 'must be a Stripe price id (price_…)').optional()),
    /**
     * `enforce`: past a plan's text or AI limit, at the trial's end and after a cancellation, AI replies and flow texts
     * pause (decision 0052). `off`: nothing pauses and no usage notices go (benchmarks; a LeadLoop run for one business).
     */
    PLAN_LIMITS: z.enum(['enforce', 'off'], { error: 'must be enforce or off' }).default('enforce'),
    /** Minimum gap between two texts from one business number, in ms (1 message per second). */
    SMS_MIN_GAP_MS: positiveInt(1000),
    // Email gateway (/email-gateway): addresses leads+<token>@EMAIL_GATEWAY_DOMAIN; the SMTP listener is off unless a port is set.
    EMAIL_GATEWAY_DOMAIN: z
      .string()
      .trim()
      .toLowerCase()
      .default('inbound.leadloop.localhost')
      .pipe(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a domain name such as inbound.example.com')),
    EMAIL_GATEWAY_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    EMAIL_GATEWAY_SMTP_HOST: z.string().trim().min(1).default('127.0.0.1'),
    /** Authenticates POST /webhooks/email/inbound (Bearer, or the Basic-auth password); the endpoint is off without it. */
    EMAIL_GATEWAY_WEBHOOK_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    // Microsites (/m/<slug>) also answer at <slug>.MICROSITE_DOMAIN when set (a wildcard DNS record to this server).
    MICROSITE_DOMAIN: optionalString.pipe(
      z
        .string()
        .toLowerCase()
        .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a domain name such as sites.example.com (no scheme, no path)')
        .optional(),
    ),
    EMAIL_GATEWAY_MAX_BYTES: z.coerce.number().int().min(1024).max(25 * 1024 * 1024).default(2 * 1024 * 1024),
    // AI assistant: an OpenAI-compatible chat-completions API when AI_API_KEY or AI_BASE_URL is set (OpenAI, Azure
    // OpenAI, Ollama, vLLM, llama.cpp server); otherwise the built-in assistant (offline, rule-based).
    AI_BASE_URL: optionalString.pipe(urlWithProtocol(['https:', 'http:']).optional()),
    AI_API_KEY: optionalString,
    AI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
    /** One model call's time limit; past it the built-in assistant answers that turn and staff are told. */
    AI_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
    // Web Push (notifications on the owner's phone): VAPID keys from `npx web-push generate-vapid-keys`.
    VAPID_PUBLIC_KEY: optionalString,
    VAPID_PRIVATE_KEY: optionalString,
    VAPID_SUBJECT: z.string().trim().default('mailto:support@leadloop.localhost').pipe(urlWithProtocol(['mailto:', 'https:'])),
    // Client-side keys are read here only to widen the Content-Security-Policy for the hosts they imply.
    /** Seals the secrets the app must read back (flow webhook signing secrets): 32 bytes, base64 or hex. */
    SECRETS_KEY: optionalString.pipe(
      z
        .string()
        .refine((value) => parseSecretsKey(value) !== null, 'must be 32 bytes in base64 (openssl rand -base64 32) or 64 hex digits')
        .optional(),
    ),
    /** Outgoing webhooks and a flow's HTTP step may reach private and loopback addresses (tests, self-hosting on a LAN). */
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: boolFlag,
    // Uploaded images (logos, microsite pictures): the local disk under DATA_DIR/uploads unless S3_BUCKET is set,
    // then an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2…) through the AWS SDK.
    S3_BUCKET: optionalString.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3–63 lower-case letters, digits, dots and hyphens')
        .optional(),
    ),
    S3_REGION: optionalString.pipe(z.string().regex(/^[a-z0-9-]{2,30}$/, 'must be a region name such as us-east-1 (auto for Cloudflare R2)').optional()),
    /** An S3-compatible service's address (MinIO, R2…); AWS's own endpoint when not set. */
    S3_ENDPOINT: optionalString.pipe(urlWithProtocol(['https:', 'http:']).optional()),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** The bucket in the URL path instead of the host name (MinIO and most self-hosted services need true). */
    S3_FORCE_PATH_STYLE: boolFlag,
    // OAuth integrations (/external-integrations, decision 0055): each provider is on when its client id and secret
    // are set; its URLs default to the provider's own and may point elsewhere (a local fake in tests, a proxy).
    GOOGLE_OAUTH_CLIENT_ID: optionalString,
    GOOGLE_OAUTH_CLIENT_SECRET: optionalString,
    GOOGLE_OAUTH_AUTHORIZE_URL: z.string().trim().default('https://accounts.google.com/o/oauth2/v2/auth').pipe(urlWithProtocol(['https:', 'http:'])),
    GOOGLE_OAUTH_TOKEN_URL: z.string().trim().default('https://oauth2.googleapis.com/token').pipe(urlWithProtocol(['https:', 'http:'])),
    GOOGLE_OAUTH_REVOKE_URL: z.string().trim().default('https://oauth2.googleapis.com/revoke').pipe(urlWithProtocol(['https:', 'http:'])),
    GOOGLE_CALENDAR_API_URL: z.string().trim().default('https://www.googleapis.com/calendar/v3').pipe(urlWithProtocol(['https:', 'http:'])),
    JOBBER_CLIENT_ID: optionalString,
    JOBBER_CLIENT_SECRET: optionalString,
    JOBBER_AUTHORIZE_URL: z.string().trim().default('https://api.getjobber.com/api/oauth/authorize').pipe(urlWithProtocol(['https:', 'http:'])),
    JOBBER_TOKEN_URL: z.string().trim().default('https://api.getjobber.com/api/oauth/token').pipe(urlWithProtocol(['https:', 'http:'])),
    JOBBER_GRAPHQL_URL: z.string().trim().default('https://api.getjobber.com/api/graphql').pipe(urlWithProtocol(['https:', 'http:'])),
    /** Jobber's GraphQL schema version (the X-JOBBER-GRAPHQL-VERSION header). */
    JOBBER_GRAPHQL_VERSION: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2025-04-16').default('2025-04-16'),
    THUMBTACK_CLIENT_ID: optionalString,
    THUMBTACK_CLIENT_SECRET: optionalString,
    THUMBTACK_AUTHORIZE_URL: z.string().trim().default('https://auth.thumbtack.com/oauth2/auth').pipe(urlWithProtocol(['https:', 'http:'])),
    THUMBTACK_TOKEN_URL: z.string().trim().default('https://auth.thumbtack.com/oauth2/token').pipe(urlWithProtocol(['https:', 'http:'])),
    THUMBTACK_API_URL: z.string().trim().default('https://api.thumbtack.com/api/v4').pipe(urlWithProtocol(['https:', 'http:'])),
    VITE_POSTHOG_KEY: optionalString,
    VITE_POSTHOG_HOST: optionalString.pipe(urlWithProtocol(['https:', 'http:']).optional()),
    VITE_INTERCOM_APP_ID: optionalString,
    VITE_TESTIMONIALS_EMBED_URL: optionalString.pipe(urlWithProtocol(['https:', 'http:']).optional()),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.TWILIO_ACCOUNT_SID) !== Boolean(env.TWILIO_AUTH_TOKEN)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.TWILIO_ACCOUNT_SID ? 'TWILIO_AUTH_TOKEN' : 'TWILIO_ACCOUNT_SID'],
        message: 'set both TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN, or neither',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (then the AWS SDK finds credentials itself: environment, instance role)',
      });
    }
    const stripe = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_STARTER', 'STRIPE_PRICE_PRO'] as const).filter((key) => env[key]);
    if (stripe.length > 0 && stripe.length < 4) {
      const missing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_STARTER', 'STRIPE_PRICE_PRO'] as const).find((key) => !env[key])!;
      ctx.addIssue({ code: 'custom', path: [missing], message: `is needed with ${stripe[0]}: set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_STARTER and STRIPE_PRICE_PRO together, or none (the local plan switcher)` });
    }
    for (const prefix of ['GOOGLE_OAUTH', 'JOBBER', 'THUMBTACK'] as const) {
      const id = env[`${prefix}_CLIENT_ID`];
      const secret = env[`${prefix}_CLIENT_SECRET`];
      if (Boolean(id) !== Boolean(secret)) ctx.addIssue({ code: 'custom', path: [id ? `${prefix}_CLIENT_SECRET` : `${prefix}_CLIENT_ID`], message: `set both ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET, or neither` });
    }
    if (!env.S3_BUCKET) {
      const stray = (['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).find((key) => env[key]);
      if (stray) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `is needed when ${stray} is set: name the bucket uploads go to, or remove the S3_* variables to keep them on disk` });
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  }));

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

export function formatEnvError(error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const variable = issue.path.join('.') || '(environment)';
    return `  ${variable}: ${issue.message}`;
  });
  return `Invalid environment configuration:\n${lines.join('\n')}`;
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty value (`PORT=` in a .env file) means "not set": the default applies.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) throw new EnvError(formatEnvError(result.error));
  return result.data;
}

/**
 * Loads `.env` (then `.env.local`) into process.env without overriding variables already set, so the server
 * reads the same file Vite reads for the VITE_* keys.
 */
export function loadDotEnvFiles(cwd = process.cwd()): void {
  for (const name of ['.env.local', '.env']) {
    const path = `${cwd}/${name}`;
    if (existsSync(path)) process.loadEnvFile(path);
  }
}
