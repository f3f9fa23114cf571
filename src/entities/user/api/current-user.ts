import { useQuery } from '@tanstack/react-query';
import { isSignedIn } from '@/entities/session/@x/user';
import { useTRPC } from '@/shared/api-react';

/** `getCurrentLoggedInUser`: the signed-in user and their company (spec section 3). Runs only when signed in. */
export function useCurrentUser() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.getCurrentLoggedInUser.queryOptions(), enabled: isSignedIn(), staleTime: 5 * 60_000 });
}
