/**
 * Reading API errors without importing the tRPC client (the sign-in page loads it only when it first calls the
 * API). A tRPC client error carries the server's `data`: { code, httpStatus, fieldErrors?, retryAfterSeconds? }.
 */
interface ErrorData {
  code?: unknown;
  fieldErrors?: unknown;
  retryAfterSeconds?: unknown;
}

function dataOf(error: unknown): ErrorData | undefined {
  if (!error || typeof error !== 'object' || !('data' in error)) return undefined;
  const data = (error as { data: unknown }).data;
  return data && typeof data === 'object' ? (data as ErrorData) : undefined;
}

/** The error code the server put in `data.code` (UNAUTHORIZED, BAD_REQUEST, TOO_MANY_REQUESTS, …). */
export function apiErrorCode(error: unknown): string | undefined {
  const code = dataOf(error)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function apiRetryAfterSeconds(error: unknown): number | undefined {
  const seconds = dataOf(error)?.retryAfterSeconds;
  return typeof seconds === 'number' ? seconds : undefined;
}

/** Per-field messages of a BAD_REQUEST (`data.fieldErrors`), keyed by field path ("postalCode", "hours.mon.close"). */
export function apiFieldErrors(error: unknown): Record<string, string> {
  const fieldErrors = dataOf(error)?.fieldErrors;
  if (!fieldErrors || typeof fieldErrors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fieldErrors as Record<string, unknown>).map(([field, messages]) => [
      field,
      Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : 'Invalid value',
    ]),
  );
}
