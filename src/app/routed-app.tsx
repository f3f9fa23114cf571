import { RouterProvider } from '@tanstack/react-router';
import type { Root } from 'react-dom/client';
import { analytics } from '../shared/lib/analytics';
import { messenger } from '../shared/lib/messenger';
import { AppProviders } from './root/app-providers';
import { createAppRouter } from './router/router';
import { browserSession } from './router/session-context';
import { trackNavigation } from './tracking';

/** The whole app under TanStack Router (every route, guards, lazy screens), mounted on `root`. */
export function mountRoutedApp(root: Root): void {
  const router = createAppRouter({ session: browserSession });
  trackNavigation(router, { analytics, messenger, isSignedIn: browserSession.isSignedIn, origin: window.location.origin });
  root.render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
