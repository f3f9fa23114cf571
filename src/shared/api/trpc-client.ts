import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink, type TRPCClient, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@server/app.router';
import { apiErrorCode } from '@/shared/api-errors';

export type ApiClient = TRPCClient<AppRouter>;
export type { AppRouter };

export interface ApiClientOptions {
  /** The stored credential, read on every request; null/undefined means no Authorization header at all. */
  getAuthToken?: () => string | null;
  /** Called once per UNAUTHORIZED answer (the authenticated client logs out; the anonymous one never does). */
  onUnauthorized?: () => void;
  url?: string;
  fetch?: typeof fetch;
  log?: (message: string, code: string | undefined, data: unknown) => void;
}

const defaultLog = (message: string, code: string | undefined, data: unknown) => console.error(message, code, data);

/** Logs every API error with its code and data, and reports UNAUTHORIZED. Errors are passed on, never retried. */
function errorLink(options: ApiClientOptions): TRPCLink<AppRouter> {
  const log = options.log ?? defaultLog;
  return () =>
    ({ next, op }) =>
      observable((observer) =>
        next(op).subscribe({
          next: (value) => observer.next(value),
          complete: () => observer.complete(),
          error: (error) => {
            const code = apiErrorCode(error);
            log(`API error (${op.type} ${op.path}):`, code, error.data ?? error.message);
            if (code === 'UNAUTHORIZED') options.onUnauthorized?.();
            observer.error(error);
          },
        }),
      );
}

/**
 * The one tRPC client factory (spec section 6): plain JSON over `/trpc`, calls batched. The anonymous client is
 * made without `getAuthToken`; the authenticated one sends `Authorization: Bearer <token>` when a token exists.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const url = options.url ?? '/trpc';
  const batch = httpBatchLink({
    url,
    // The server refuses a batch of more than 50 calls (server/app.ts MAX_BATCH_SIZE); longer ones are split.
    maxItems: 50,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    headers() {
      const token = options.getAuthToken?.();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  });
  return createTRPCClient<AppRouter>({
    links: [
      errorLink(options),
      // Live updates are Server-Sent Events, which cannot carry headers: the token travels as a connection
      // parameter (the server redacts it from logs). Only the authenticated client subscribes.
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url,
          connectionParams: () => {
            const token = options.getAuthToken?.();
            return token ? { authToken: token } : null;
          },
        }),
        false: batch,
      }),
    ],
  });
}

