import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type z } from 'zod';
import { type ApiKeyScope, API_KEY_SCOPE_WORDS } from '@contracts/api-keys';
import { parseAuthorizationHeader } from '@server/platform/auth/session';
import { and, eq } from 'drizzle-orm';
import { type apiKeys, users } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError } from '@server/platform/errors/app-error';
import type { AppServices } from '@server/platform/services';
import { findApiKey, touchApiKey } from './api-keys.service';
import { countRequest, type RateState, rateLimitHeaders } from './api-rate-limit';
import { beginIdempotent, finishIdempotent, type IdempotencyStart, requestFingerprint } from './idempotency';
import { type Problem, problemBody, problemFromAppError, sendProblem, validationProblem } from './problem';
import { logApiRequest } from './request-log.service';
import { TextRefused } from './api.service';

type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The public API's base path; the version is in the path (docs/api.md). */
export const API_PREFIX = '/api/v1';

/** What a route's handler is given: the key's company scope (acting as the key's maker), the services, the key. */
export interface ApiContext {
  scope: CompanyScope;
  services: AppServices;
  key: ApiKeyRow;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/**
 * One route of the public API: its address, the scope it needs, its zod shapes and its handler. The Fastify route
 * and the OpenAPI operation are both made from this (openapi.ts), so the reference is what the server does. Another
 * module adds its routes as a list of these (the webhook endpoints: see registerPublicApi's `routes`).
 */
export interface ApiRoute<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** OpenAPI style, under /api/v1: `/leads/{id}`. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  scope: ApiKeyScope;
  params?: P;
  query?: Q;
  body?: B;
  /** The answers that are not problems, by status. */
  responses: Record<number, { description: string; schema: z.ZodType }>;
  /** Problem statuses this route may answer besides the common ones (400, 401, 403, 429; 404 with an id). */
  problems?: Record<number, string>;
  handle(context: ApiContext, input: { params: z.output<P>; query: z.output<Q>; body: z.output<B> }): Promise<ApiAnswer>;
}

/** Keeps each route's handler typed by its own schemas inside a list of routes. */
export function defineRoute<P extends z.ZodType = z.ZodUnknown, Q extends z.ZodType = z.ZodUnknown, B extends z.ZodType = z.ZodUnknown>(route: ApiRoute<P, Q, B>): ApiRoute {
  return route as unknown as ApiRoute;
}

/** `/leads/{id}` → `/leads/:id` (under the API's prefix). */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** What the request log needs, kept on the request once the key is known. */
interface Logged {
  key: ApiKeyRow;
  route: string;
}
const logged = new WeakMap<FastifyRequest, Logged>();

function answer(reply: FastifyReply, result: ApiAnswer, rate: RateState | null, replayed = false) {
  if (rate) reply.headers(rateLimitHeaders(rate));
  if (replayed) reply.header('idempotency-replayed', 'true');
  reply.header('cache-control', 'no-store');
  return reply
    .code(result.status)
    .type(result.status >= 400 ? 'application/problem+json' : 'application/json')
    .send(result.body);
}

const asAnswer = (problem: Problem): ApiAnswer => ({ status: problem.status, body: problemBody(problem) });

/** A handler's failure as the answer to send (and to replay): services' refusals through the one map. */
function failureAnswer(error: unknown, where: 'body' | 'query'): ApiAnswer | null {
  if (error instanceof AppError) return asAnswer(problemFromAppError(error, where));
  if (error instanceof TextRefused) return asAnswer({ status: 409, code: error.code, detail: error.detail, extra: { message_id: error.messageId } });
  return null;
}

async function actingUser(services: AppServices, key: ApiKeyRow): Promise<string> {
  if (key.createdByUserId) return key.createdByUserId;
  // The key's maker left the company: the API acts as the owner (their audit lines say so).
  const [owner] = await services.db.select({ id: users.id }).from(users).where(and(eq(users.companyId, key.companyId), eq(users.role, 'owner'))).limit(1);
  if (!owner) throw new Error('company without an owner');
  return owner.id;
}

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown, where: 'body' | 'query' | 'path'): { ok: true; value: z.output<T> } | { ok: false; problem: Problem } {
  if (!schema) return { ok: true, value: undefined as z.output<T> };
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: validationProblem(parsed.error.issues, where) };
}

async function handle(route: ApiRoute, services: AppServices, request: FastifyRequest, reply: FastifyReply) {
  const token = parseAuthorizationHeader(request.headers.authorization);
  if (!token) {
    reply.header('www-authenticate', 'Bearer realm="LeadLoop API"');
    return sendProblem(reply, { status: 401, code: 'unauthorized', detail: 'Send your API key as "Authorization: Bearer ll_live_…" (Settings → API keys).' });
  }
  const key = await findApiKey(services.db, token);
  if (!key) {
    reply.header('www-authenticate', 'Bearer realm="LeadLoop API", error="invalid_token"');
    return sendProblem(reply, { status: 401, code: 'unauthorized', detail: 'This API key is not valid.' });
  }
  logged.set(request, { key, route: `${request.method} ${request.routeOptions.url ?? route.path}` });
  if (key.revokedAt) {
    reply.header('www-authenticate', 'Bearer realm="LeadLoop API", error="invalid_token"');
    return sendProblem(reply, { status: 401, code: 'unauthorized', detail: 'This API key was revoked.' });
  }
  const now = services.clock.now();
  const rate = await countRequest(services.db, key.id, key.rateLimitPerMinute, now);
  if (!rate.allowed) {
    reply.header('retry-after', String(rate.resetSeconds));
    return answer(reply, asAnswer({ status: 429, code: 'rate_limited', detail: `This key may make ${rate.limit} requests a minute. Try again in ${rate.resetSeconds} s.` }), rate);
  }
  await touchApiKey(services.db, key, request.ip ?? null, now);
  if (!key.scopes.includes(route.scope)) {
    return answer(reply, asAnswer({ status: 403, code: 'insufficient_scope', detail: `This key may not do this: it needs the “${API_KEY_SCOPE_WORDS[route.scope]}” scope (${route.scope}).`, extra: { required_scope: route.scope } }), rate);
  }
  const params = parse(route.params, request.params, 'path');
  if (!params.ok) return answer(reply, asAnswer(params.problem), rate);
  const query = parse(route.query, request.query, 'query');
  if (!query.ok) return answer(reply, asAnswer(query.problem), rate);
  const body = parse(route.body, request.body, 'body');
  if (!body.ok) return answer(reply, asAnswer(body.problem), rate);

  const userId = await actingUser(services, key);
  /** The route on a database handle: the pool, or the transaction that also holds the idempotency key. */
  const run = async (db: AppServices['db'] = services.db): Promise<ApiAnswer> => {
    const context: ApiContext = { scope: { db, companyId: key.companyId, userId, now, ip: request.ip ?? null }, services: db === services.db ? services : { ...services, db }, key };
    try {
      return await route.handle(context, { params: params.value, query: query.value, body: body.value });
    } catch (error) {
      const refused = failureAnswer(error, route.body ? 'body' : 'query');
      if (refused) return refused;
      throw error;
    }
  };

  const idempotencyKey = request.headers['idempotency-key'];
  if (route.method !== 'POST' || idempotencyKey === undefined) return answer(reply, await run(), rate);
  if (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    return answer(reply, asAnswer({ status: 400, code: 'validation_failed', detail: 'Idempotency-Key is 1 to 255 printable ASCII characters (a UUID is a good choice).', errors: [{ parameter: 'Idempotency-Key', detail: 'Not a valid idempotency key' }] }), rate);
  }
  // One transaction holds the key, the request's effect and its answer (decision 0042): a crash anywhere in it
  // leaves no trace, so a retry runs once; a second request with the key waits on the first's claim, then replays.
  // The services run on the transaction's handle (their own transactions become savepoints in it).
  const started = await services.db.transaction(async (tx): Promise<Exclude<IdempotencyStart, { kind: 'new' }> | { kind: 'answered'; sent: { status: number; body: string } }> => {
    const claim = await beginIdempotent(tx, { companyId: key.companyId, apiKeyId: key.id, key: idempotencyKey, requestHash: requestFingerprint(request.method, request.url, request.body), now });
    if (claim.kind !== 'new') return claim;
    const result = await run(tx as unknown as AppServices['db']);
    // Stored as the exact text sent, so a replay is the same bytes.
    const sent = { status: result.status, body: JSON.stringify(result.body) };
    await finishIdempotent(tx, claim.id, sent, services.clock.now());
    return { kind: 'answered', sent };
  });
  // Jobs the request queued (texts, events) were committed with it: start them now rather than at the next poll.
  services.queue.wake();
  if (started.kind === 'answered') return answer(reply, started.sent, rate);
  if (started.kind === 'replay') return answer(reply, { status: started.status, body: started.body }, rate, true);
  if (started.kind === 'mismatch') {
    return answer(reply, asAnswer({ status: 422, code: 'idempotency_key_reused', detail: 'This Idempotency-Key was used with another request (a different address or body) in the last 24 hours. Use a new key for a new request.' }), rate);
  }
  // in_progress: a claim without its answer, which only a claim written before answers shared the effect's
  // transaction can be (a concurrent first request is waited for, not reported).
  return answer(reply, asAnswer({ status: 409, code: 'idempotency_key_in_use', detail: 'A request with this Idempotency-Key is still being answered. Retry in a moment to get its answer.' }), rate);
}

export interface PublicApiOptions {
  services: AppServices;
  /** Every route of the API: this module's (api.handlers.ts) and any other module's, e.g. the webhook endpoints. */
  routes: readonly ApiRoute[];
}

/**
 * `/api/v1/*`: every route of the table behind the key check, the per-key rate limit, the scope check, zod
 * validation and idempotency; every error — Fastify's own included — as a problem, never a stack; each request
 * made with a known key logged (key, route, status, latency) after its answer.
 */
export async function registerApiRoutes(http: FastifyInstance, options: PublicApiOptions): Promise<void> {
  const { services } = options;
  await http.register(async (scope) => {
    scope.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) {
        request.log.error({ err: error, requestId: request.id }, 'public API request failed');
        return sendProblem(reply, { status, code: 'internal_error', detail: 'Something went wrong on our side. Quote this request id to support.', extra: { request_id: request.id } });
      }
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Send the body as application/json.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The body is too large.'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'The JSON body is empty.'
              : 'The body is not valid JSON.';
      return sendProblem(reply, { status, code: 'invalid_request', detail });
    });
    scope.setNotFoundHandler((_request, reply) => sendProblem(reply, { status: 404, code: 'not_found', detail: 'No such route in the LeadLoop API v1. The reference: /api/docs.' }));
    scope.addHook('onResponse', async (request, reply) => {
      const line = logged.get(request);
      if (!line) return;
      try {
        await logApiRequest(services.db, {
          companyId: line.key.companyId,
          apiKeyId: line.key.id,
          keyPrefix: line.key.prefix,
          keyName: line.key.name,
          method: request.method,
          route: line.route.replace(/^\w+ /, ''),
          status: reply.statusCode,
          latencyMs: reply.elapsedTime,
          ip: request.ip ?? null,
          requestId: request.id,
          at: services.clock.now(),
        });
      } catch (error) {
        request.log.warn({ err: error }, 'could not log a public API request');
      }
    });
    for (const route of options.routes) {
      scope.route({ method: route.method, url: fastifyPath(route.path), bodyLimit: 64 * 1024, handler: (request, reply) => handle(route, services, request, reply) });
    }
  }, { prefix: API_PREFIX });
}
