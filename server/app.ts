import { resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createBuiltinAssistant } from './adapters/ai/builtin/builtin-assistant';
import { createFallbackAssistant } from './adapters/ai/openai/fallback-assistant';
import { createOpenAiAssistant } from './adapters/ai/openai/openai-assistant';
import { registerPriceBookRoutes } from './modules/ai/price-book/price-book.routes';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import type { FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { constants as zlib } from 'node:zlib';
import type { Mailer } from './adapters/email/email.port';
import type { AiPort } from './adapters/ai/ai.port';
import { createOutboxMailer } from './adapters/email/outbox.mailer';
import { createSmtpMailer } from './adapters/email/smtp.mailer';
import { databaseEmailOutbox } from './platform/jobs/email-outbox';
import type { Env } from './platform/config/env';
import { databaseOptionsFromEnv, type DatabaseHandle, openDatabase } from './platform/db/database';
import { createTwilioClient } from './adapters/telephony/twilio';
import { createStripeBilling } from './adapters/billing/stripe.billing';
import { createTwilioRegistrar } from './adapters/telephony/twilio-registrar';
import { registerAdminRoutes } from './modules/auth/admin.routes';
import { registerTwilioWebhooks } from './modules/telephony/twilio.webhooks';
import fastifyWebsocket from '@fastify/websocket';
import { registerVoiceWebhooks } from './modules/calls/voice.webhooks';
import { voiceUrls } from './modules/calls/voice.service';
import { registerVoiceAgentRoutes, twilioCallRecorder, type VoiceAgentRouteOptions } from './modules/voice-agent/voice-agent.routes';
import { registerRecordingRoutes } from './modules/calls/recordings.routes';
import { registerWidgetPublicRoutes } from './modules/widget/widget.public';
import { registerWidgetSamplePage } from './modules/widget/widget-sample.page';
import { registerEmailWebhook } from './modules/email-gateway/email.webhooks';
import { registerFlowWebhookRoutes } from './modules/flows/flow-webhook.routes';
import { registerStripeWebhook } from './modules/billing/billing.webhooks';
import { registerSchedulingRoutes } from './modules/scheduling/scheduling.routes';
import { registerReviewRoutes } from './modules/reviews/reviews.routes';
import { registerMicrositeRoutes } from './modules/microsites/microsite.routes';
import { registerUploadRoutes } from './modules/uploads/uploads.routes';
import { registerIntegrationRoutes } from './modules/integrations/integrations.routes';
import { integrationsConfigFromEnv } from './modules/integrations/config';
import { registerPublicApi } from './modules/public-api/public-api.routes';
import { WEBHOOK_API_ROUTES } from './modules/webhooks/webhooks.api';
import { type SmtpListener, startSmtpListener } from './modules/email-gateway/smtp-listener';
import { createEventBus } from './platform/realtime/event-bus';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerErrorHandler } from './platform/http/error-handler';
import { registerSpa } from './platform/http/spa';
import { JobQueue } from './platform/jobs/job-queue';
import { type Clock, systemClock } from './platform/lib/clock';
import { createLogger, type Logger } from './platform/lib/logger';
import { secretBoxFor } from './platform/lib/secret-box';
import { storageFromEnv } from './platform/storage/storage-from-env';
import { createFastifyContextFactory } from './platform/trpc/context';
import type { AppServices } from './platform/services';
import { authLimitsFromEnv, createAppServices } from './app.services';
import { registerAppJobs } from './app.jobs';
import { trpcPlugin } from './platform/trpc/fastify-plugin';
import { type AppRouter, appRouter } from './app.router';
import { AppError } from './platform/errors/app-error';

/** The most calls one batched tRPC request may carry (src/shared/api's batch link sends at most this many). */
export const MAX_BATCH_SIZE = 50;

export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));

export interface ServerApp {
  http: FastifyInstance;
  services: AppServices;
  database: DatabaseHandle;
  mailer: Mailer;
  /** Starts background work (job queue). `listen` is separate so tests can use `inject`. */
  startBackground(): void;
  /** Drains requests and jobs, closes the database. Safe to call twice. */
  close(): Promise<void>;
}

export interface CreateServerOptions {
  env: Env;
  clock?: Clock;
  logger?: Logger;
  /** An already-open database (tests); otherwise opened from the environment. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  distDir?: string;
  /** Secret for the loopback-only admin endpoint used by `npm run admin:token` while the server runs. */
  adminSecret?: string;
  /** How long the simulated carrier takes to report delivery (tests shorten it). */
  simulatorDeliveryDelayMs?: number;
  /** The assistant's port (tests: the scripted model); otherwise from the environment. */
  ai?: AiPort;
  /** AI call answering's sessions: tests replace their real time and the recorder, and watch each session. */
  voiceAgent?: Pick<VoiceAgentRouteOptions, 'runtime' | 'onSession'> & { recorder?: VoiceAgentRouteOptions['recorder'] };
}

export async function createServerApp(options: CreateServerOptions): Promise<ServerApp> {
  const { env } = options;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const database = options.database ?? openDatabase(databaseOptionsFromEnv(env));
  await database.migrate();
  const { db } = database;

  const queue = new JobQueue({ db, clock, logger: logger.child({ component: 'jobs' }), soleWorker: database.engine === 'pglite' });
  const mailer =
    options.mailer ??
    (env.SMTP_URL
      ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM)
      : createOutboxMailer(databaseEmailOutbox(db, clock), env.MAIL_FROM, (outbox, text) => logger.child({ component: 'outbox' }).info({ outbox }, text)));
  const bus = createEventBus({ postgresUrl: database.engine === 'postgres' ? env.DATABASE_URL : undefined, logger });
  const twilio =
    env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN
      ? createTwilioClient({ accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, apiBase: env.TWILIO_API_BASE })
      : null;
  // The assistant: a configured OpenAI-compatible model with the built-in assistant as its fallback, else the built-in one.
  const builtinAssistant = createBuiltinAssistant();
  const ai =
    options.ai ??
    (env.AI_API_KEY || env.AI_BASE_URL
      ? createFallbackAssistant(
          createOpenAiAssistant({ ...(env.AI_BASE_URL ? { baseURL: env.AI_BASE_URL } : {}), ...(env.AI_API_KEY ? { apiKey: env.AI_API_KEY } : {}), model: env.AI_MODEL, timeoutMs: env.AI_TIMEOUT_MS }),
          builtinAssistant,
          { clock, onFallback: (error) => logger.warn({ err: error }, 'the AI service was unavailable; the built-in assistant answered') },
        )
      : builtinAssistant);
  // Uploaded images: DATA_DIR/uploads, or the S3 bucket when S3_BUCKET is set. Several instances on one Postgres
  // server each have their own disk: they need the bucket (or one shared folder) to serve each other's uploads.
  const { storage, where: storageWhere } = await storageFromEnv(env);
  if (storage.kind === 'disk' && database.engine === 'postgres') {
    logger.warn({ uploads: storageWhere }, 'uploads are stored on this machine’s disk: with more than one instance, set S3_BUCKET (or share DATA_DIR) so every instance serves them');
  }
  const emailGateway = {
    domain: env.EMAIL_GATEWAY_DOMAIN,
    maxBytes: env.EMAIL_GATEWAY_MAX_BYTES,
    smtp: env.EMAIL_GATEWAY_SMTP_PORT !== undefined,
    webhook: Boolean(env.EMAIL_GATEWAY_WEBHOOK_SECRET),
  };
  const services = createAppServices({
    db,
    clock,
    queue,
    logger,
    bus,
    mailer,
    ai,
    storage,
    authLimits: authLimitsFromEnv(env),
    env: { NODE_ENV: env.NODE_ENV, PUBLIC_URL: env.PUBLIC_URL },
    twilio: twilio?.provider ?? null,
    provisioning: twilio?.provisioning ?? null,
    numberPacingMs: env.SMS_MIN_GAP_MS,
    twilioAnswersKeywords: env.TWILIO_ANSWERS_KEYWORDS,
    push: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT } : null,
    emailGateway,
    apiKeyRequestsPerMinute: env.API_KEY_REQUESTS_PER_MINUTE,
    allowPrivateNetworks: env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS,
    micrositeDomain: env.MICROSITE_DOMAIN ?? null,
    // Texting registration: through Twilio's Trust Hub / A2P APIs when Twilio is configured, else the simulated review.
    ...(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN
      ? { registrar: createTwilioRegistrar({ accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, apiBase: env.TWILIO_API_BASE, primaryProfileSid: env.TWILIO_PRIMARY_PROFILE_SID ?? null }) }
      : {}),
    a2pGate: env.A2P_GATE,
    planLimits: env.PLAN_LIMITS,
    // Billing: Stripe when configured (env validation makes the four STRIPE_* come together), else the local switcher.
    ...(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PRICE_STARTER && env.STRIPE_PRICE_PRO
      ? { billing: createStripeBilling({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, prices: { starter: env.STRIPE_PRICE_STARTER, pro: env.STRIPE_PRICE_PRO } }) }
      : {}),
    integrations: integrationsConfigFromEnv(env),
    secrets: secretBoxFor({ secretsKey: env.SECRETS_KEY, nodeEnv: env.NODE_ENV, embeddedDataDir: database.engine === 'pglite' && !options.database ? resolve(env.DATA_DIR) : null }),
    ...(options.simulatorDeliveryDelayMs !== undefined ? { simulatorDeliveryDelayMs: options.simulatorDeliveryDelayMs } : {}),
  });
  registerAppJobs(services);

  const http = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // tRPC batches put every procedure name in one path segment (find-my-way's default limit is 100 chars).
    routerOptions: { maxParamLength: 4096 },
    return503OnClosing: true,
    // Unique across instances, so a request id a user quotes finds its log line whichever server answered.
    genReqId: () => randomUUID(),
  });
  registerErrorHandler(http);

  registerSecurityHeaders(http, {
    posthogHost: env.VITE_POSTHOG_KEY ? (env.VITE_POSTHOG_HOST ?? 'https://us.i.posthog.com') : undefined,
    intercomAppId: env.VITE_INTERCOM_APP_ID,
    testimonialsEmbedUrl: env.VITE_TESTIMONIALS_EMBED_URL,
    https: env.PUBLIC_URL.startsWith('https://'),
  });
  await http.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // Microsites first: on a microsite's own host (its subdomain or custom domain) every request is the site's.
  await registerMicrositeRoutes(http, { services });

  await http.register(trpcPlugin<AppRouter>, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: createFastifyContextFactory(services),
      // One request may not hold the process: a batch of more calls is refused (the client batches at most 50).
      maxBatchSize: MAX_BATCH_SIZE,
      responseMeta({ errors }) {
        const headers: Record<string, string> = { 'cache-control': 'no-store' };
        const retry = errors.map((e) => (e.cause instanceof AppError ? e.cause.retryAfterSeconds : undefined)).find((s) => s !== undefined);
        if (retry !== undefined) headers['retry-after'] = String(retry);
        return { headers };
      },
      onError({ error, path, type, ctx }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          logger.error({ err: error.cause ?? error, path, type, requestId: ctx?.requestId }, 'tRPC procedure failed');
        }
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  http.get('/healthz', async (_request, reply) => {
    const dbUp = await database.ping();
    return reply
      .code(dbUp ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send({ status: dbUp ? 'ok' : 'unavailable', db: dbUp ? 'up' : 'down', engine: database.engine });
  });

  // WebSockets (AI call answering's ConversationRelay socket): the plugin before the routes it serves.
  await http.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  if (options.adminSecret) registerAdminRoutes(http, { services, secret: options.adminSecret });
  if (env.TWILIO_AUTH_TOKEN) {
    const twilioWebhooks = { services, authToken: env.TWILIO_AUTH_TOKEN, publicUrl: env.PUBLIC_URL, logger };
    await registerTwilioWebhooks(http, twilioWebhooks);
    await registerVoiceWebhooks(http, twilioWebhooks);
  }
  await registerVoiceAgentRoutes(http, {
    services,
    twilioAuthToken: env.TWILIO_AUTH_TOKEN ?? null,
    recorder: options.voiceAgent?.recorder !== undefined ? options.voiceAgent.recorder : env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN ? twilioCallRecorder({ accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN }) : null,
    dialActionUrl: voiceUrls(env.PUBLIC_URL).dial,
    ...(options.voiceAgent?.runtime ? { runtime: options.voiceAgent.runtime } : {}),
    ...(options.voiceAgent?.onSession ? { onSession: options.voiceAgent.onSession } : {}),
  });
  await registerWidgetPublicRoutes(http, { services, publicUrl: env.PUBLIC_URL });
  registerWidgetSamplePage(http, { services });
  if (env.EMAIL_GATEWAY_WEBHOOK_SECRET) await registerEmailWebhook(http, { services, config: emailGateway, secret: env.EMAIL_GATEWAY_WEBHOOK_SECRET });
  await registerPriceBookRoutes(http, { services });
  await registerFlowWebhookRoutes(http, { services });
  await registerStripeWebhook(http, { services });
  registerSchedulingRoutes(http, { services });
  registerReviewRoutes(http, { services });
  await registerUploadRoutes(http, { services });
  await registerIntegrationRoutes(http, { services });
  // The public REST API, its OpenAPI document and reference; other modules' API routes join through `routes`.
  await registerPublicApi(http, { services, routes: WEBHOOK_API_ROUTES });
  await registerRecordingRoutes(http, { services, twilio: twilio && env.TWILIO_AUTH_TOKEN ? { authToken: env.TWILIO_AUTH_TOKEN, recordings: twilio.recordings } : null });
  // A test that serves the SPA from the real dist/ passes on a machine that has built it and fails on a clean
  // checkout (CI runs the unit tests before the build): in tests the SPA needs an explicit distDir.
  if (env.NODE_ENV === 'test' && env.SERVE_SPA && !options.distDir) {
    throw new Error("In tests, pass SERVE_SPA: 'false' or a distDir of your own: dist/ is not built on a clean checkout");
  }
  const spa = env.SERVE_SPA ? await registerSpa(http, options.distDir ?? DEFAULT_DIST_DIR) : null;
  // Fastify's default 404 logs the whole URL, and ours may carry `?adminAuth=`: answer without logging it.
  http.setNotFoundHandler((request, reply) => {
    return spa?.serveClientRoute(request, reply) || reply.code(404).type('application/json').send({ error: 'Not Found' });
  });

  let closing: Promise<void> | null = null;
  let smtp: Promise<SmtpListener | null> | null = null;
  return {
    http,
    services,
    database,
    mailer,
    startBackground: () => {
      queue.start();
      const port = env.EMAIL_GATEWAY_SMTP_PORT;
      if (port !== undefined && !smtp) {
        const smtpLogger = logger.child({ component: 'email-gateway' });
        smtp = startSmtpListener(services, emailGateway, { port, host: env.EMAIL_GATEWAY_SMTP_HOST, logger: smtpLogger }).catch((error: unknown) => {
          smtpLogger.error({ err: error, port }, 'email gateway SMTP listener could not start');
          return null;
        });
      }
    },
    close() {
      closing ??= (async () => {
        await http.close();
        await (await smtp)?.close();
        await queue.stop();
        await bus.close();
        await mailer.close?.();
        await database.close();
      })();
      return closing;
    },
  };
}
