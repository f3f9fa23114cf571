import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { EmailMessage, Mailer } from '@server/adapters/email/email.port';
import type { NumberProvisioning, TelephonyProvider } from '@server/adapters/telephony/telephony.port';
import type { Database } from '@server/platform/db/database';
import { JobQueue } from '@server/platform/jobs/job-queue';
import { ManualClock } from '@server/platform/lib/clock';
import { createLogger } from '@server/platform/lib/logger';
import { createEventBus } from '@server/platform/realtime/event-bus';
import type { AppServices, AuthLimits, IntegrationsConfig, PushConfig } from '@server/platform/services';
import { createTestDatabase, type TestDatabase } from '@server/platform/testing/test-database';
import { createContextInner } from '@server/platform/trpc/context';
import { createCallerFactory } from '@server/platform/trpc/trpc';
import { DEFAULT_AUTH_LIMITS } from '@server/modules/auth/auth.service';
import { CachedSessionResolver } from '@server/modules/auth/session.service';
import { registerAppJobs } from '@server/app.jobs';
import { appRouter } from '@server/app.router';
import { createAppServices } from '@server/app.services';
import { createSecretBox, TEST_KEY } from '@server/platform/lib/secret-box';
import { createMemoryStorage } from '@server/platform/storage/memory.storage';

export interface MemoryMailer extends Mailer {
  sent: EmailMessage[];
  /** The 6-digit code of the newest message to `to`. */
  lastCode(to: string): string;
}

export function createMemoryMailer(): MemoryMailer {
  const sent: EmailMessage[] = [];
  return {
    kind: 'memory',
    sent,
    async send(message) {
      sent.push(message);
    },
    lastCode(to) {
      const message = [...sent].reverse().find((m) => m.to === to);
      const code = message?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code was emailed to ${to}`);
      return code;
    },
  };
}

/** The app's services as a test builds them: a manual clock, a memory mailer, the session cache to inspect. */
export interface TestDeps extends AppServices {
  clock: ManualClock;
  mailer: MemoryMailer;
  sessions: CachedSessionResolver;
}

export interface TestDepsOptions {
  limits?: Partial<AuthLimits>;
  twilio?: TelephonyProvider | null;
  provisioning?: NumberProvisioning | null;
  numberPacingMs?: number;
  push?: PushConfig | null;
  /**
   * Default `off`: most tests run weeks or months on a fake clock, past any trial; the plan's own tests turn it on
   * (server/modules/billing/soft-landing.test.ts).
   */
  planLimits?: 'enforce' | 'off';
  /** OAuth integrations' providers (server/testing/fake-integrations.ts); a function when they start in the test file. */
  integrations?: IntegrationsConfig | (() => IntegrationsConfig);
}

/** The composition root's services and jobs over a test database (no HTTP, no workers until a test drains the queue). */
export function createTestDeps(db: Database, options: TestDepsOptions = {}): TestDeps {
  const clock = new ManualClock();
  const logger = createLogger('silent');
  const mailer = createMemoryMailer();
  const sessions = new CachedSessionResolver(db);
  const services = createAppServices({
    db,
    clock,
    queue: new JobQueue({ db, clock, logger }),
    logger,
    bus: createEventBus({ logger }),
    mailer,
    sessions,
    authLimits: { ...DEFAULT_AUTH_LIMITS, ...options.limits },
    env: { NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' },
    twilio: options.twilio ?? null,
    provisioning: options.provisioning ?? null,
    numberPacingMs: options.numberPacingMs ?? 1000,
    push: options.push ?? null,
    secrets: createSecretBox(TEST_KEY),
    storage: createMemoryStorage(),
    planLimits: options.planLimits ?? 'off',
    ...(options.integrations ? { integrations: typeof options.integrations === 'function' ? options.integrations() : options.integrations } : {}),
  });
  registerAppJobs(services);
  return Object.assign(services, { clock, mailer, sessions });
}

const createCaller = createCallerFactory(appRouter);

export function callerFor(deps: AppServices, request: { authToken?: string | null; ip?: string | null; userAgent?: string | null } = {}) {
  return createCaller(createContextInner(deps, { ip: '203.0.113.7', userAgent: 'vitest', ...request }));
}

export const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  email: 'owner@acme-plumbing.test',
  firstName: 'Dana',
  lastName: 'Rivera',
  companyName: 'Acme Plumbing',
  signupPhone: '+14155552671',
  referralCode: 'FRIEND42',
  referrer: 'https://www.google.com/',
  params: { utm_source: 'google', gclid: 'abc123' },
  ...overrides,
});

/** Registers, reads the emailed code and verifies: returns the session token. */
export async function signUp(deps: TestDeps, overrides: Record<string, unknown> = {}): Promise<string> {
  const input = validRegistration(overrides);
  const caller = callerFor(deps, { ip: `198.51.100.${Math.floor(Math.random() * 200) + 1}` });
  const created = await caller.createNewUserAccount(input);
  if (!created.success) throw new Error(created.message);
  await deps.queue.drain();
  const email = String(input.email).toLowerCase();
  const verified = await caller.verifyUserEmail({ email, code: deps.mailer.lastCode(email) });
  if (!verified.authToken) throw new Error(verified.message);
  return verified.authToken;
}

/**
 * One database per test file (creating one costs seconds), emptied before each test, with fresh dependencies:
 * a manual clock and a memory mailer. Read `.database` / `.deps` inside tests and hooks.
 */
export function setUpTestApp(options: TestDepsOptions = {}): { readonly database: TestDatabase; readonly deps: TestDeps } {
  let database: TestDatabase | null = null;
  let deps: TestDeps | null = null;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    if (!database) throw new Error('test database not ready');
    await database.truncateAll();
    deps = createTestDeps(database.db, options);
  });
  return {
    get database() {
      if (!database) throw new Error('test database not ready');
      return database;
    },
    get deps() {
      if (!deps) throw new Error('test dependencies are created before each test');
      return deps;
    },
  };
}
