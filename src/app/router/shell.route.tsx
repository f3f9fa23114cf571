import {
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  Outlet,
  redirect,
  type RouteComponent,
  type StaticDataRouteOption,
  useRouterState,
} from '@tanstack/react-router';
import { lazyImport } from '@/shared/lib/lazy-import';
import { ErrorFallback } from '@/shared/ui/error-fallback';
import type { RouterContext } from './session-context';
import { BARE_BOOT_PATHS, BootShell } from '../boot-shell';

/** The boot picture for the screen being opened: without the navigation outside the shell (onboarding, OAuth). */
export function BootShellPending() {
  const bare = useRouterState({ select: (state) => BARE_BOOT_PATHS.test(state.location.pathname) });
  return <BootShell bare={bare} />;
}

/** A lazily loaded screen: its own chunk, and 'Lazy import failed' naming the export if the module lacks it. */
export function screen<M extends Record<string, unknown>, K extends keyof M & string>(importer: () => Promise<M>, exportName: K) {
  return lazyRouteComponent(lazyImport(importer, exportName), exportName);
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: ({ error, reset }) => <ErrorFallback error={error} onRetry={reset} />,
});

/** Everything below needs a stored credential; without one: `/` with history replaced and `from` kept. */
export const protectedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'protected',
  beforeLoad: ({ context, location }) => {
    if (!context.session.isSignedIn()) {
      throw redirect({ to: '/', search: { from: location.href }, replace: true });
    }
  },
  component: lazyRouteComponent(lazyImport(() => import('../protected/protected-app'), 'ProtectedApp'), 'ProtectedApp'),
  // Until the signed-in app's chunks are here: the same picture index.html painted first (../boot-shell.ts).
  pendingComponent: BootShellPending,
  pendingMs: 0,
});

/** Screens inside the application shell. */
export const shellRoute = createRoute({
  getParentRoute: () => protectedRoute,
  id: 'shell',
  component: lazyRouteComponent(lazyImport(() => import('@/widgets/app-shell'), 'AppShellLayout'), 'AppShellLayout'),
  pendingComponent: BootShellPending,
  pendingMs: 0,
});

/** A screen of the application shell at `path`. */
export const page = <P extends string>(path: P, component: RouteComponent, staticData: StaticDataRouteOption = {}) =>
  createRoute({ getParentRoute: () => shellRoute, path, component, staticData });
