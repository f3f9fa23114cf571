import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { Env } from '@server/platform/config/env';
import type { Database } from '@server/platform/db/database';
import type { JobQueue } from '@server/platform/jobs/job-queue';
import type { Clock } from '@server/platform/lib/clock';
import type { Logger } from '@server/platform/lib/logger';
import type { NumberProvisioning } from '@server/adapters/telephony/telephony.port';
import type { MessagingDeps } from '@server/modules/messaging/messaging.deps';
import type { AuthLimits } from '@server/modules/auth/auth.service';
import type { SessionCache } from '@server/modules/auth/session-cache';
import { parseAuthorizationHeader } from '@server/modules/auth/session.service';

/** Everything a procedure may use. Built once at start-up (or per test) and shared by every request. */
export interface AppDeps {
  db: Database;
  clock: Clock;
  queue: JobQueue;
  logger: Logger;
  authLimits: AuthLimits;
  /** Sessions read in the last few seconds (docs/decisions/0019-session-cache.md). */
  sessions: SessionCache;
  env: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL'>;
  messaging: MessagingDeps;
  /** Buying and connecting Twilio numbers; null when Twilio is not configured. */
  provisioning: NumberProvisioning | null;
  /** The email gateway's domain, size limit and which ways in are on (the defaults when not set: tests). */
  emailGateway?: { domain: string; maxBytes: number; smtp: boolean; webhook: boolean };
}

export interface Context {
  deps: AppDeps;
  authToken: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The HTTP request's id (in logs and in the body of an internal error); null for calls without HTTP. */
  requestId: string | null;
}

/** The request-independent part, used directly by tests with `createCaller`. */
export function createContextInner(
  deps: AppDeps,
  request: { authToken?: string | null; ip?: string | null; userAgent?: string | null; requestId?: string | null } = {},
): Context {
  return {
    deps,
    authToken: request.authToken ?? null,
    ip: request.ip ?? null,
    userAgent: request.userAgent ?? null,
    requestId: request.requestId ?? null,
  };
}

/**
 * Subscriptions travel over Server-Sent Events, which cannot carry an Authorization header: the client sends the
 * token as a connection parameter instead (redacted from logs).
 */
function tokenOf(connectionParams: unknown): string | null {
  const token = (connectionParams as { authToken?: unknown } | null | undefined)?.authToken;
  return typeof token === 'string' && token ? token : null;
}

export function createFastifyContextFactory(deps: AppDeps) {
  return ({ req, info }: CreateFastifyContextOptions): Context =>
    createContextInner(deps, {
      authToken: parseAuthorizationHeader(req.headers.authorization) ?? tokenOf(info.connectionParams),
      ip: req.ip ?? null,
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
      requestId: req.id,
    });
}
