import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseAuthorizationHeader } from '@server/platform/auth/session';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError, HTTP_STATUS } from '@server/platform/errors/app-error';
import type { AppServices } from '@server/platform/services';

/** A refusal over plain HTTP: `{ error, field? }` as JSON with its status. */
export interface Problem {
  status: number;
  error: string;
  field?: string;
}

export function sendProblem(reply: FastifyReply, problem: Problem) {
  return reply
    .code(problem.status)
    .type('application/json')
    .header('Cache-Control', 'no-store')
    .send({ error: problem.error, ...(problem.field ? { field: problem.field } : {}) });
}

/** The caller's company scope, or null with the 401 already answered (exactly "no valid session", as in tRPC). */
export type Authenticate = (request: FastifyRequest, reply: FastifyReply) => Promise<CompanyScope | null>;

export interface AuthenticatedRoutesOptions {
  services: Pick<AppServices, 'db' | 'clock' | 'sessions'>;
  /** Every body is read as bytes up to this size; the route decides what it is. */
  bodyLimit: number;
  /** Answered with 413 (field `file`) past `bodyLimit`. */
  tooLarge: string;
  /** Names the routes in the log line of an unexpected failure. */
  logLabel: string;
}

/**
 * Plain-HTTP routes for what does not fit tRPC's JSON (uploads, audio), authenticated like tRPC: `Authorization:
 * Bearer <token>` through the same session resolver, each request scoped to the session's company, a service's
 * AppError answered with its HTTP status and words, anything unexpected with a fixed sentence and logged.
 */
export function registerAuthenticatedRoutes(
  app: FastifyInstance,
  options: AuthenticatedRoutesOptions,
  routes: (scope: FastifyInstance, authenticate: Authenticate) => void,
) {
  const { services } = options;
  const authenticate: Authenticate = async (request, reply) => {
    const token = parseAuthorizationHeader(request.headers.authorization);
    const now = services.clock.now();
    const auth = token ? await services.sessions.resolve(token, now) : null;
    if (!auth) {
      void sendProblem(reply, { status: 401, error: token ? 'Your session has ended. Please sign in again.' : 'Please sign in.' });
      return null;
    }
    return { db: services.db, companyId: auth.company.id, userId: auth.user.id, now, ip: request.ip ?? null };
  };
  return app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: options.bodyLimit }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: { code?: string; statusCode?: number }, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendProblem(reply, { status: 413, error: options.tooLarge, field: 'file' });
      if (error instanceof AppError) return sendProblem(reply, { status: HTTP_STATUS[error.code], error: error.message, ...(error.field ? { field: error.field } : {}) });
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error, requestId: request.id }, `${options.logLabel} failed`);
      return sendProblem(reply, status === 500 ? { status, error: 'Internal error' } : { status, error: 'Bad request' });
    });
    routes(scope, authenticate);
  });
}

/** A request body read as bytes (empty when there was none). */
export function bodyBytes(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}
