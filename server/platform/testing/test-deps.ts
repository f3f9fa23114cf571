import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { EmailMessage, Mailer } from '@server/adapters/email/email.port';
import type { Database } from '@server/platform/db/database';
import { registerEmailJobs } from '@server/platform/jobs/email.jobs';
import { JobQueue } from '@server/platform/jobs/job-queue';
import { ManualClock } from '@server/platform/lib/clock';
import { createLogger } from '@server/platform/lib/logger';
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from '@server/modules/auth/auth.service';
import { SessionCache } from '@server/modules/auth/session-cache';
import { type AppDeps, createContextInner } from '@server/platform/trpc/context';
import { appRouter } from '@server/app.router';
import { createCallerFactory } from '@server/platform/trpc/trpc';
import type { NumberProvisioning, TelephonyProvider } from '@server/adapters/telephony/telephony.port';
import { createMessaging } from '@server/modules/telephony/telephony';
import type { PushConfig } from '@server/modules/notifications/push.service';
import { createEventBus } from '@server/platform/realtime/event-bus';
import { createTestDatabase, type TestDatabase } from './test-database';

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

export interface TestDeps extends AppDeps {
  clock: ManualClock;
  mailer: MemoryMailer;
}

export interface TestDepsOptions {
  limits?: Partial<AuthLimits>;
  twilio?: TelephonyProvider | null;
  provisioning?: NumberProvisioning | null;
  numberPacingMs?: number;
  push?: PushConfig | null;
}

export function createTestDeps(db: Database, options: TestDepsOptions = {}): TestDeps {
  const clock = new ManualClock();
  const logger = createLogger('silent');
  const queue = new JobQueue({ db, clock, logger });
  const mailer = createMemoryMailer();
  registerEmailJobs(queue, mailer);
  const publicUrl = 'http://localhost:3000';
  const messaging = createMessaging({
    db,
    clock,
    queue,
    bus: createEventBus({ logger }),
    logger,
    publicUrl,
    twilio: options.twilio ?? null,
    numberPacingMs: options.numberPacingMs ?? 1000,
    push: options.push ?? null,
  });
  return {
    db,
    clock,
    queue,
    logger,
    mailer,
    authLimits: { ...DEFAULT_AUTH_LIMITS, ...options.limits },
    sessions: new SessionCache(),
    env: { NODE_ENV: 'test', PUBLIC_URL: publicUrl },
    messaging,
    provisioning: options.provisioning ?? null,
  };
}

const createCaller = createCallerFactory(appRouter);

export function callerFor(deps: AppDeps, request: { authToken?: string | null; ip?: string | null; userAgent?: string | null } = {}) {
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
