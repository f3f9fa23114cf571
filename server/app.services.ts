import { API_KEY_REQUESTS_PER_MINUTE } from '@contracts/api-keys';
import type { AiPort } from './adapters/ai/ai.port';
import { type BillingPort, localBilling } from './adapters/billing/billing.port';
import { createBuiltinAssistant } from './adapters/ai/builtin/builtin-assistant';
import type { Mailer } from './adapters/email/email.port';
import { createSimulatorProvider } from './adapters/telephony/simulator';
import type { TextingRegistrar } from './adapters/telephony/registrar.port';
import { createSimulatedRegistrar } from './adapters/telephony/simulated-registrar';
import type { A2pGate } from '@contracts/registration';
import type { NumberProvisioning, TelephonyProvider } from './adapters/telephony/telephony.port';
import type { SessionResolver } from './platform/auth/session';
import type { Env } from './platform/config/env';
import type { Database } from './platform/db/database';
import { EventDispatcher } from './platform/events/domain-events';
import type { JobQueue } from './platform/jobs/job-queue';
import { type Clock, SECOND } from './platform/lib/clock';
import type { Logger } from './platform/lib/logger';
import type { SecretBox } from './platform/lib/secret-box';
import type { EventBus } from './platform/realtime/event-bus';
import type { FileStorage } from './platform/storage/storage.port';
import type { AppServices, AuthLimits, EmailGatewaySettings, ImageLookup, IntegrationsConfig, PushConfig } from './platform/services';
import { companyImageLookup } from './modules/uploads/uploads.service';
import { CachedSessionResolver } from './modules/auth/session.service';
import { recordInboundEvent } from './modules/telephony/provider-events.service';
import { deviceBehavior } from './modules/test-phone/test-phone.service';

export interface AppServicesOptions {
  db: Database;
  clock: Clock;
  queue: JobQueue;
  logger: Logger;
  bus: EventBus;
  mailer: Mailer;
  authLimits: AuthLimits;
  env: AppServices['env'];
  /** Default: the auth module's sessions behind a few seconds of in-process cache. */
  sessions?: SessionResolver;
  twilio?: TelephonyProvider | null;
  provisioning?: NumberProvisioning | null;
  numberPacingMs?: number;
  /** How long the simulated carrier takes to report delivery (tests shorten it). */
  simulatorDeliveryDelayMs?: number;
  twilioAnswersKeywords?: boolean;
  push?: PushConfig | null;
  /** Where uploaded files go: the disk or S3 (server/platform/storage/storage-from-env.ts); tests keep them in memory. */
  storage: FileStorage;
  /** The AI port (default: the built-in assistant). */
  ai?: AiPort;
  emailGateway?: EmailGatewaySettings;
  /** Default: none (features that seal secrets say SECRETS_KEY is needed). */
  secrets?: SecretBox | null;
  /** Default: API_KEY_REQUESTS_PER_MINUTE in contracts/api-keys.ts. */
  apiKeyRequestsPerMinute?: number;
  /** WEBHOOKS_ALLOW_PRIVATE_NETWORKS (default off). */
  allowPrivateNetworks?: boolean;
  /** MICROSITE_DOMAIN (default none: microsites answer at /m/<slug> only). */
  micrositeDomain?: string | null;
  /** Pages' pictures by file id (default: the company's uploads, under PUBLIC_URL). */
  images?: ImageLookup;
  /** Default: the simulated review. */
  registrar?: TextingRegistrar;
  /** A2P_GATE (default warn). */
  a2pGate?: A2pGate;
  /** Default: the local no-charge plan switcher. */
  billing?: BillingPort;
  /** PLAN_LIMITS (default enforce). */
  planLimits?: 'enforce' | 'off';
  /** OAuth integrations' providers (default: none configured). */
  integrations?: IntegrationsConfig;
}

/**
 * The one place the services bag is built (the server in app.ts, tests in server/testing): the ports' adapters
 * wired to each other — the simulator reports delivery through the same inbound path as Twilio's callbacks and
 * asks the test phone how each handset behaves.
 */
export function createAppServices(options: AppServicesOptions): AppServices {
  const { db, clock, queue, logger } = options;
  const services: AppServices = {
    db,
    clock,
    queue,
    logger,
    bus: options.bus,
    events: new EventDispatcher({ db, queue, clock, logger }),
    mailer: options.mailer,
    sessions: options.sessions ?? new CachedSessionResolver(db),
    authLimits: options.authLimits,
    env: options.env,
    publicUrl: options.env.PUBLIC_URL,
    providers: {
      twilio: options.twilio ?? null,
      simulator: createSimulatorProvider({
        deliveryDelayMs: options.simulatorDeliveryDelayMs ?? 1 * SECOND,
        behaviorFor: (companyId, to) => deviceBehavior(db, companyId, to),
        async reportStatus({ providerMessageId, status, errorCode, delayMs }) {
          await recordInboundEvent(services, {
            provider: 'simulator',
            kind: 'status',
            eventKey: `${providerMessageId}:${status}`,
            payload: { MessageSid: providerMessageId, MessageStatus: status, ...(errorCode ? { ErrorCode: errorCode } : {}) },
            runAt: new Date(clock.now().getTime() + delayMs),
          });
        },
      }),
    },
    provisioning: options.provisioning ?? null,
    numberPacingMs: options.numberPacingMs ?? 1 * SECOND,
    twilioAnswersKeywords: options.twilioAnswersKeywords ?? true,
    push: options.push ?? null,
    ai: options.ai ?? createBuiltinAssistant(),
    storage: options.storage,
    secrets: options.secrets ?? null,
    apiKeyRequestsPerMinute: options.apiKeyRequestsPerMinute ?? API_KEY_REQUESTS_PER_MINUTE,
    allowPrivateNetworks: options.allowPrivateNetworks ?? false,
    micrositeDomain: options.micrositeDomain ?? null,
    images: options.images ?? companyImageLookup(db, options.env.PUBLIC_URL),
    registrar: options.registrar ?? createSimulatedRegistrar(),
    a2pGate: options.a2pGate ?? 'warn',
    billing: options.billing ?? localBilling,
    planLimits: options.planLimits ?? 'enforce',
    ...(options.emailGateway ? { emailGateway: options.emailGateway } : {}),
    ...(options.integrations ? { integrations: options.integrations } : {}),
  };
  // A role changed or a member removed on any instance: this instance reads that company's sessions again now
  // (docs/decisions/0041-users-and-roles.md).
  options.bus.subscribeSystem((event) => services.sessions.forgetCompany(event.companyId));
  return services;
}

/** The sign-in code limits the environment sets. */
export function authLimitsFromEnv(env: Env): AuthLimits {
  return {
    codeCooldownMs: env.AUTH_CODE_COOLDOWN_SECONDS * SECOND,
    codeSendsPerEmailPerHour: env.AUTH_CODE_SENDS_PER_EMAIL_PER_HOUR,
    codeSendsPerIpPerHour: env.AUTH_CODE_SENDS_PER_IP_PER_HOUR,
  };
}
