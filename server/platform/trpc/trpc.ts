import { initTRPC, TRPCError } from '@trpc/server';
import { storableValue } from '@contracts/text';
import { roleAllows } from '@contracts/team';
import { AppError, type AppErrorCode } from '@server/platform/errors/app-error';
import type { Context } from './context';
import { accessOf, forbiddenMessage } from './roles';

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

/** Input issues grouped by field path ("signupPhone", "params.utm_source"), or the one field a service refused. */
function fieldErrorsOf(error: TRPCError): Record<string, string[]> | null {
  if (error.cause instanceof AppError && error.cause.field) return { [error.cause.field]: [error.cause.message] };
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
  errorFormatter({ shape, error, ctx }) {
    const fieldErrors = fieldErrorsOf(error);
    const { stack: _stack, ...data } = shape.data;
    const internal = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      // A JSON parser's message quotes the input it choked on: never echo a payload back.
      message: internal ? 'Something went wrong on our side. Please try again.' : error.code === 'PARSE_ERROR' ? 'The request is not valid JSON.' : shape.message,
      data: {
        ...data,
        ...(internal && ctx?.requestId ? { requestId: ctx.requestId } : {}),
        ...(fieldErrors ? { fieldErrors } : {}),
        ...(error.cause instanceof AppError && error.cause.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.cause.retryAfterSeconds } : {}),
      },
    };
  },
});

const TRPC_CODE: Record<AppErrorCode, TRPCError['code']> = {
  INVALID: 'BAD_REQUEST',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  FORBIDDEN: 'FORBIDDEN',
  PRECONDITION_FAILED: 'PRECONDITION_FAILED',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
};

/** The one place a domain error becomes a tRPC error: same message, the matching code, the AppError as cause. */
function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: TRPC_CODE[error.code], message: error.message, cause: error });
}

/**
 * Maps domain errors (AppError) to their tRPC code, and rewrites a failed input validation into one readable sentence that names each field, for HTTP clients and
 * `createCaller` alike (by default the message is the raw issue list as JSON).
 */
const readableErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) return { ...result, error: toTRPCError(result.error.cause) };
  if (!result.ok) {
    const fieldErrors = fieldErrorsOf(result.error);
    if (fieldErrors) result.error.message = describeFieldErrors(fieldErrors);
  }
  return result;
});

export const router = t.router;
/**
 * Text from outside, at the API's edge: every string of every input is made storable (NUL removed, broken
 * surrogate halves replaced; contracts/text.ts) before it is validated, so no input can fail later in the database.
 */
const storableInput = t.middleware(({ next, getRawInput }) => next({ getRawInput: async () => storableValue(await getRawInput()) }));

export const publicProcedure = t.procedure.use(readableErrors).use(storableInput);
export const createCallerFactory = t.createCallerFactory;

/**
 * Requires a live session. UNAUTHORIZED means exactly "no valid session" (missing, unknown, expired or revoked
 * token): the client logs out on it, so no other failure may use it.
 */
export const protectedProcedure = publicProcedure.use(async ({ ctx, next, type, path }) => {
  if (!ctx.authToken) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in.' });
  const auth = await ctx.services.sessions.resolve(ctx.authToken, ctx.services.clock.now());
  if (!auth) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Your session has ended. Please sign in again.' });
  // The one role table (roles.ts): a path nobody listed is refused to everyone, never let through.
  const access = accessOf(path);
  if (access === undefined || access === 'public' || !roleAllows(auth.user.role, access)) throw new TRPCError({ code: 'FORBIDDEN', message: forbiddenMessage(path) });
  if (type !== 'mutation') return next({ ctx: { ...ctx, auth, companyId: auth.company.id, userId: auth.user.id } });
  // A change may touch what sessions carry (the company's name, a sign-out): the company's sessions are read
  // again on this process after it, whether it succeeded or not (docs/decisions/0019-session-cache.md).
  try {
    return await next({ ctx: { ...ctx, auth, companyId: auth.company.id, userId: auth.user.id } });
  } finally {
    ctx.services.sessions.forgetCompany(auth.company.id);
  }
});
