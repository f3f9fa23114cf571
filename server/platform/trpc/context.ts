import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { parseAuthorizationHeader } from '@server/platform/auth/session';
import type { AppServices } from '@server/platform/services';

export interface Context {
  services: AppServices;
  authToken: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The HTTP request's id (in logs and in the body of an internal error); null for calls without HTTP. */
  requestId: string | null;
}

/** The request-independent part, used directly by tests with `createCaller`. */
export function createContextInner(
  services: AppServices,
  request: { authToken?: string | null; ip?: string | null; userAgent?: string | null; requestId?: string | null } = {},
): Context {
  return {
    services,
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

export function createFastifyContextFactory(services: AppServices) {
  return ({ req, info }: CreateFastifyContextOptions): Context =>
    createContextInner(services, {
      authToken: parseAuthorizationHeader(req.headers.authorization) ?? tokenOf(info.connectionParams),
      ip: req.ip ?? null,
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
      requestId: req.id,
    });
}
