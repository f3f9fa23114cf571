import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { forgetAuthTokenAfterSignOut } from '../../../entities/session';
import { useTRPC } from '../../../shared/api/react';
import { analytics } from '../../../shared/lib/analytics';
import { messenger } from '../../../shared/lib/messenger';

/**
 * Sign out: revoke the session on the server, then forget it here whatever the server said (a sign-out must
 * never leave someone signed in because the network failed), reset analytics, shut the widget down.
 */
export function useSignOut() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useMutation(trpc.logout.mutationOptions());
  return {
    pending: logout.isPending,
    async signOut() {
      await logout.mutateAsync().catch(() => undefined);
      forgetAuthTokenAfterSignOut();
      analytics.reset();
      messenger.shutdown();
      queryClient.clear();
      await navigate({ to: '/', replace: true });
    },
  };
}
