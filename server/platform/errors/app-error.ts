/**
 * The one error type of the domain. Services throw it with a code and the sentence the caller may read; the
 * transports map it once each — tRPC in platform/trpc (toTRPCError), HTTP status codes for webhooks and the public
 * API through HTTP_STATUS — so no service knows which transport called it.
 */
export type AppErrorCode = 'INVALID' | 'NOT_FOUND' | 'CONFLICT' | 'FORBIDDEN' | 'PRECONDITION_FAILED' | 'RATE_LIMITED';

export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** RATE_LIMITED: whole seconds until one more attempt fits (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
    /** INVALID: the input field the refusal is about; tRPC sends it as `data.fieldErrors`, so forms show it under that field. */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A refusal about one input field that only the service can judge (it needs the database), shown under that field. */
export function invalidField(field: string, message: string): AppError {
  return new AppError('INVALID', message, undefined, field);
}

/** The HTTP status for each code, for routes outside tRPC (webhooks today, the REST API later). */
export const HTTP_STATUS: Record<AppErrorCode, number> = {
  INVALID: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  RATE_LIMITED: 429,
};

/** A caller over a limit; `{wait}` in the message becomes the wait in words ("30 seconds", "2 minutes"). */
export function tooManyRequests(message: string, retryAfterMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError('RATE_LIMITED', message.replace('{wait}', formatWait(retryAfterSeconds)), retryAfterSeconds);
}

export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** Company-scoped lookups that miss answer NOT_FOUND, whether the row is absent or someone else's. */
export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} not found`);
}
