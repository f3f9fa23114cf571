import { initTRPC, TRPCError } from '@trpc/server';
import { RetryAfter } from '../lib/errors';
import { resolveSession } from '../services/session.service';
import type { Context } from './context';

interface Issue {
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
  message: string;
}

function validationIssues(cause: unknown): Issue[] | null {
  if (cause && typeof cause === 'object' && Array.isArray((cause as { issues?: unknown }).issues)) {
    return (cause as { issues: Issue[] }).issues;
  }
  return null;
}

function issuePath(issue: Issue): string {
  const parts = (issue.path ?? []).map((p) => (typeof p === 'object' && p !== null ? p.key : p));
  return parts.map(String).join('.');
}

/** Input issues grouped by field path ("signupPhone", "params.utm_source"). */
function fieldErrorsOf(error: TRPCError): Record<string, string[]> | null {
  const issues = error.code === 'BAD_REQUEST' ? validationIssues(error.cause) : null;
  if (!issues) return null;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) (fieldErrors[issuePath(issue) || '(input)'] ??= []).push(issue.message);
  return fieldErrors;
}

function describeFieldErrors(fieldErrors: Record<string, string[]>): string {
  const parts = Object.entries(fieldErrors).map(([field, messages]) => `${field}: ${messages.join(', ')}`);
  return `Invalid input: ${parts.join('; ')}`;
}

const t = initTRPC.context<Context>().create({
  // Live updates (subscriptions over Server-Sent Events): a ping keeps proxies from closing an idle stream.
  sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 40_000 } },
  errorFormatter({ shape, error }) {
    const fieldErrors = fieldErrorsOf(error);
    const { stack: _stack, ...data } = shape.data;
    return {
      ...shape,
      message: error.code === 'INTERNAL_SERVER_ERROR' ? 'Something went wrong on our side. Please try again.' : shape.message,
      data: {
        ...data,
        ...(fieldErrors ? { fieldErrors } : {}),
        ...(error.cause instanceof RetryAfter ? { retryAfterSeconds: error.cause.seconds } : {}),
      },
    };
  },
});

/**
 * Rewrites a failed input validation into one readable sentence that names each field, for HTTP clients and
 * `createCaller` alike (by default the message is the raw issue list as JSON).
 */
const readableValidationErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const fieldErrors = fieldErrorsOf(result.error);
    if (fieldErrors) result.error.message = describeFieldErrors(fieldErrors);
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(readableValidationErrors);
export const createCallerFactory = t.createCallerFactory;

/**
 * Requires a live session. UNAUTHORIZED means exactly "no valid session" (missing, unknown, expired or revoked
 * token): the client logs out on it, so no other failure may use it.
 */
export const protectedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.authToken) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in.' });
  const auth = await resolveSession(ctx.deps.db, ctx.authToken, ctx.deps.clock.now());
  if (!auth) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Your session has ended. Please sign in again.' });
  return next({ ctx: { ...ctx, auth, companyId: auth.company.id, userId: auth.user.id } });
});
