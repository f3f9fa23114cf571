import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/shared/api';

/** One call as `calls.list` / `calls.get` return it (History, a client's timeline, a thread). */
export type CallItem = inferRouterOutputs<AppRouter>['calls']['get'];
