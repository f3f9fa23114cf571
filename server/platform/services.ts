import type { Agent } from 'node:https';
import type { AiPort } from '@server/adapters/ai/ai.port';
import type { BillingPort } from '@server/adapters/billing/billing.port';
import type { Mailer } from '@server/adapters/email/email.port';
import type { TextingRegistrar } from '@server/adapters/telephony/registrar.port';
import type { NumberProvisioning, TelephonyProvider } from '@server/adapters/telephony/telephony.port';
import type { A2pGate } from '@contracts/registration';
import type { SessionResolver } from './auth/session';
import type { Env } from './config/env';
import type { Database } from './db/database';
import type { EventDispatcher } from './events/domain-events';
import type { JobQueue } from './jobs/job-queue';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import type { SecretBox } from './lib/secret-box';
import type { EventBus } from './realtime/event-bus';
import type { FileStorage } from './storage/storage.port';

/** Sign-in code limits (from the environment; tests lower or raise them). */
export interface AuthLimits {
  /** One code per email per this many ms (the spec's 30 s resend cooldown). 0 switches it off. */
  codeCooldownMs: number;
  codeSendsPerEmailPerHour: number;
  codeSendsPerIpPerHour: number;
}

/** Web Push's VAPID keys. */
export interface PushConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
  /** Which endpoints may be pushed to (tests add their local fake push service). */
  allowEndpoint?: (url: URL) => boolean;
  /** The HTTPS agent for push requests (tests trust their local fake push service's certificate). */
  agent?: Agent;
}

/** The DNS questions a custom domain's check asks (node:dns/promises in the app; a fake in tests). */
export interface DnsResolver {
  resolveCname(host: string): Promise<string[]>;
  resolve4(host: string): Promise<string[]>;
  resolve6(host: string): Promise<string[]>;
}

/** An uploaded picture as pages show it: its address and size (width/height keep the layout from shifting). */
export interface ImageRef {
  src: string;
  width: number;
  height: number;
}

/** Finds a company's uploaded picture by its file id (null: none, or not that company's). */
export type ImageLookup = (companyId: string, fileId: string) => Promise<ImageRef | null>;

/** The email gateway's domain, size limit and which ways in are on. */
export interface EmailGatewaySettings {
  domain: string;
  maxBytes: number;
  smtp: boolean;
  webhook: boolean;
}

/** One OAuth provider as the environment configures it (decision 0055): its client and the URLs it is reached at. */
export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** RFC 7009 revocation endpoint; null: the provider has none (disconnecting forgets the tokens). */
  revokeUrl: string | null;
  /** The API's base (Calendar v3, Jobber's GraphQL endpoint, Thumbtack's v4). */
  apiUrl: string;
}

/** The integrations this server can connect (a provider without a client id is null: its card says how to set it). */
export interface IntegrationsConfig {
  google_calendar: OAuthProviderConfig | null;
  jobber: (OAuthProviderConfig & { graphqlVersion: string }) | null;
  thumbtack: OAuthProviderConfig | null;
  /**
   * Addresses the provider URLs may have although private: outside production, the IP-literal hosts of the
   * configured URLs (a local fake on 127.0.0.1); in production none, so every provider call passes the SSRF guard.
   */
  allowAddresses: string[];
}

/**
 * Everything a procedure, a route or a job may use: the one bag of services, built once by the composition root
 * (server/app.services.ts; tests build theirs with server/testing) and shared by every request and job. Nothing
 * in it is per request. Every field is either stateless or keeps its in-process state true across instances in
 * the way its own comment says (the session resolver's cache, the event bus).
 */
export interface AppServices {
  db: Database;
  clock: Clock;
  queue: JobQueue;
  logger: Logger;
  /** Live-update hints between processes (in-process, or LISTEN/NOTIFY with a Postgres server). */
  bus: EventBus;
  /** Fans durable domain events out to their consumers (live screens; flows and webhooks subscribe here later). */
  events: EventDispatcher;
  mailer: Mailer;
  /** Who a bearer token belongs to (the auth module's sessions). */
  sessions: SessionResolver;
  authLimits: AuthLimits;
  env: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL'>;
  /** Absolute base URL for provider callbacks. */
  publicUrl: string;
  /** Texts and calls: the built-in simulator always, Twilio when configured. */
  providers: { simulator: TelephonyProvider; twilio: TelephonyProvider | null };
  /** Buying and connecting Twilio numbers; null when Twilio is not configured. */
  provisioning: NumberProvisioning | null;
  /** Minimum gap between two texts from one business number (1 message/s by default). */
  numberPacingMs: number;
  /** Twilio answers STOP/START/HELP itself (Advanced Opt-Out): we record them but do not reply twice. */
  twilioAnswersKeywords: boolean;
  /** Web Push (VAPID keys); null when not configured. */
  push: PushConfig | null;
  /**
   * Uploaded files (logos, microsite images): DATA_DIR/uploads on this machine, or an S3-compatible bucket when
   * S3_BUCKET is set (docs/decisions/0045-file-storage-and-uploads.md). Stateless: the files are where every
   * instance reads them (a bucket), or the one machine's disk.
   */
  storage: FileStorage;
  /** The AI assistant's port: the built-in assistant, or a model with the built-in one as its fallback. */
  ai: AiPort;
  /**
   * Seals secrets the app reads back (server/platform/lib/secret-box.ts); null on a PostgreSQL server without
   * SECRETS_KEY. Stateless: the key is the same on every instance or there is none.
   */
  secrets: SecretBox | null;
  /** Requests a new API key may make per minute (API_KEY_REQUESTS_PER_MINUTE). */
  apiKeyRequestsPerMinute: number;
  /**
   * WEBHOOKS_ALLOW_PRIVATE_NETWORKS: customer-given addresses (outgoing webhooks, a flow's HTTP step) may be on
   * private and loopback networks — tests and self-hosters on a LAN. Off by default (server/platform/lib/safe-fetch.ts).
   */
  allowPrivateNetworks?: boolean;
  /** The email gateway's settings (the defaults when not set: tests). */
  emailGateway?: EmailGatewaySettings;
  /** MICROSITE_DOMAIN: microsites also answer at `<slug>.<domain>`; null or absent: at `/m/<slug>` only. */
  micrositeDomain?: string | null;
  /** Custom-domain DNS checks of microsites; absent: node:dns/promises (server/modules/microsites/dns-check.ts). */
  dnsResolver?: DnsResolver;
  /** The uploads feature's pictures (a microsite's logo and link-preview picture); absent: no pictures are shown. */
  images?: ImageLookup;
  /** Registers the company's texting (A2P 10DLC) with the carriers: Twilio's APIs, or the simulated review. */
  registrar: TextingRegistrar;
  /** OAuth integrations' providers (absent: none configured). */
  integrations?: IntegrationsConfig;
  /** A2P_GATE: `hold` keeps automated texts from Twilio numbers until the registration is approved (decision 0046). */
  a2pGate: A2pGate;
  /** Billing: Stripe when STRIPE_* are set, else the local no-charge plan switcher (decision 0052). Stateless. */
  billing: BillingPort;
  /** PLAN_LIMITS: `enforce` pauses AI replies and flow texts past a limit or the trial; `off` never does (decision 0052). */
  planLimits: 'enforce' | 'off';
}

/** The telephony provider of a business number. */
export function providerFor(services: Pick<AppServices, 'providers'>, kind: 'simulator' | 'twilio'): TelephonyProvider {
  if (kind === 'twilio') {
    if (!services.providers.twilio) throw new Error('This number is a Twilio number but Twilio is not configured (TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN).');
    return services.providers.twilio;
  }
  return services.providers.simulator;
}
