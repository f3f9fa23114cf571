import { TRPCError } from '@trpc/server';

/** Thrown when a caller exceeds a limit; turned into TOO_MANY_REQUESTS with the wait in seconds. */
export function tooManyRequests(message: string, retryAfterMs: number): TRPCError {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message: message.replace('{wait}', formatWait(retryAfterSeconds)),
    cause: new RetryAfter(retryAfterSeconds),
  });
}

export class RetryAfter extends Error {
  constructor(readonly seconds: number) {
    super(`Retry after ${seconds} s`);
  }
}

export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** Company-scoped lookups that miss answer NOT_FOUND, whether the row is absent or someone else's. */
export function notFound(what: string): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: `${what} not found` });
}
