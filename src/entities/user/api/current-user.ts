import { type QueryClient, useQuery } from '@tanstack/react-query';
import { isSignedIn } from '@/entities/session/@x/user';
import { apiKeys, useTRPC } from '@/shared/api-react';

/** `getCurrentLoggedInUser`: the signed-in user and their company (spec section 3). Runs only when signed in. */
export function useCurrentUser() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.getCurrentLoggedInUser.queryOptions(), enabled: isSignedIn(), staleTime: 5 * 60_000 });
}

/** The signed-in user and their company, read again (the company's name changed). */
export function invalidateCurrentUser(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: apiKeys.getCurrentLoggedInUser.queryKey() });
}
