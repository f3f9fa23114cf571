import { Notifications } from '@mantine/notifications';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import '../styles/app.css.ts';
import { useCurrentUser } from '@/entities/user';
import { createQueryClient, TRPCProvider } from '@/shared/api-react';
import { analytics } from '@/shared/lib/analytics';
import { messenger } from '@/shared/lib/messenger';
import { authenticatedApi } from '../api/clients';
import { useLiveUpdates } from './live-updates';

function LiveUpdates() {
  useLiveUpdates();
  return null;
}

/** Once the current user has loaded: identify them to analytics and boot the messaging widget. */
function IdentifySignedInUser() {
  const { data } = useCurrentUser();
  useEffect(() => {
    if (!data) return;
    analytics.identify({ user: data.user, company: data.company });
    messenger.boot({ user: data.user, company: data.company });
  }, [data]);
  return null;
}

/**
 * The signed-in part of the app, loaded as its own chunk: React Query, the authenticated tRPC client and the
 * app's CSS stay out of the sign-in page's first load.
 */
export function ProtectedApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={authenticatedApi} queryClient={queryClient}>
        {/* Toasts appear at the top right; only the signed-in app raises them. */}
        <Notifications position="top-right" />
        <IdentifySignedInUser />
        <LiveUpdates />
        <Outlet />
      </TRPCProvider>
    </QueryClientProvider>
  );
}
