import { QueryClient } from '@tanstack/react-query';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@/shared/api';

/**
 * React Query bindings for the authenticated client. Only the signed-in app imports this module, so React Query
 * stays out of the sign-in page's first load.
 */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** Spec section 8: errors are never retried (the error link has already logged them). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 0, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: 0 },
    },
  });
}
