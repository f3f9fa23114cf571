import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { type ReactNode, useState } from 'react';
import type { AppRouter } from '@/shared/api';
import { createQueryClient, TRPCProvider } from '@/shared/api-react';

/** Answers keyed by procedure path ('leads.list', 'conversations.send'); a missing one answers undefined. */
export type ApiHandlers = Record<string, (input: unknown) => unknown>;

export interface FakeApi {
  client: ReturnType<typeof createTRPCClient<AppRouter>>;
  /** Every call made, in order. */
  calls: Array<{ path: string; input: unknown }>;
  handlers: ApiHandlers;
  callsTo(path: string): unknown[];
  /** Sends `data` to every open subscription of `path` (a live event from the server). */
  emit(path: string, data: unknown): void;
}

/**
 * A tRPC client whose procedures are answered by the test: no HTTP, no server. Throw `apiError(...)` from a
 * handler to answer like the server does on failure. Subscriptions stay open and silent until the test `emit`s.
 */
export function createFakeApi(handlers: ApiHandlers = {}): FakeApi {
  const calls: FakeApi['calls'] = [];
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  const link: TRPCLink<AppRouter> = () => ({ op }) =>
    observable((observer) => {
      if (op.type === 'subscription') {
        const listener = (data: unknown) => observer.next({ result: { type: 'data', data } });
        const open = listeners.get(op.path) ?? new Set();
        listeners.set(op.path, open.add(listener));
        return () => void open.delete(listener);
      }
      calls.push({ path: op.path, input: op.input });
      Promise.resolve()
        .then(() => (handlers[op.path] ?? (() => undefined))(op.input))
        .then((data) => {
          observer.next({ result: { type: 'data', data } });
          observer.complete();
        })
        .catch((error: unknown) => observer.error(error as TRPCClientError<AppRouter>));
      return () => undefined;
    });
  return {
    client: createTRPCClient<AppRouter>({ links: [link] }),
    calls,
    handlers,
    callsTo: (path) => calls.filter((call) => call.path === path).map((call) => call.input),
    emit(path, data) {
      for (const listener of listeners.get(path) ?? []) listener(data);
    },
  };
}

/** A server error as the client sees it: `code` is the tRPC code (BAD_REQUEST, NOT_FOUND, CONFLICT…). */
export function apiError(code: string, message: string, fieldErrors?: Record<string, string[]>) {
  return TRPCClientError.from({ error: { message, code: -32600, data: { code, httpStatus: 400, ...(fieldErrors ? { fieldErrors } : {}) } } });
}

/** React Query + the tRPC context over a fake API, with toasts (the signed-in app's providers). */
export function ApiTestProvider({ api, children }: { api: FakeApi; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={api.client} queryClient={queryClient}>
        <Notifications />
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
