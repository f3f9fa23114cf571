import { useQuery } from '@tanstack/react-query';
import { isSignedIn } from '../../session';
import { useTRPC } from '../../../shared/api/react';

/** `getCurrentLoggedInUser`: the signed-in user and their company (spec section 3). Runs only when signed in. */
export function useCurrentUser() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.getCurrentLoggedInUser.queryOptions(), enabled: isSignedIn(), staleTime: 5 * 60_000 });
}

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export function initials(user: { firstName: string; lastName: string }): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || '?';
}
