import { createTRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@/shared/api';

/**
 * The signed-in API's query keys outside React: the same keys `useTRPC()` gives, built by the same function, for
 * the entities' `api/` helpers (keys, invalidation, cache writes) and the live updates. Keys only: it has no
 * link, so calling a procedure through it fails.
 */
export const apiKeys = createTRPCOptionsProxy<AppRouter>({
  client: createTRPCClient<AppRouter>({ links: [] }),
  queryClient: () => {
    throw new Error('apiKeys builds query keys only: call procedures through useTRPC()');
  },
});
