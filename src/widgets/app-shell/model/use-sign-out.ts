import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { clearAuthToken } from '@/entities/session';
import { useTRPC } from '@/shared/api-react';
import { analytics } from '@/shared/lib/analytics';

/**
 * Sign out: revoke the session on the server, then forget it here whatever the server said (a sign-out must
 * never leave someone signed in because the network failed), reset analytics and leave for the sign-in page.
 * Leaving unmounts the signed-in app with its query cache and live updates; the navigation tracker shuts the
 * messaging widget down.
 */
export function useSignOut() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const logout = useMutation(trpc.logout.mutationOptions());
  return {
    pending: logout.isPending,
    async signOut() {
      await logout.mutateAsync().catch(() => undefined);
      clearAuthToken();
      analytics.reset();
      await navigate({ to: '/', replace: true });
    },
  };
}
