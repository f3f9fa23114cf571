import { createBrowserHistory, createRoute, createRouter, redirect, type RouterHistory } from '@tanstack/react-router';
import { safeRedirectPath } from '@/shared/lib/safe-redirect';
import { ErrorFallback } from '@/shared/ui/error-fallback';
import { ScreenSkeleton } from '@/shared/ui/screen-skeleton';
import { devtoolsClock, inspector } from '../devtools/inspector';
import { parseSignInSearch } from '../sign-in-screen';
import { automationRoutes } from './automation.routes';
import { businessRoutes } from './business.routes';
import { captureRoutes } from './capture.routes';
import { inboxRoutes } from './inbox.routes';
import { parseSearch, stringifySearch } from './search';
import type { RouterContext } from './session-context';
import { settingsRoutes } from './settings.routes';
import { BootShellPending, protectedRoute, rootRoute, screen, shellRoute } from './shell.route';
import { SignInRoute } from './sign-in.route';

export { protectedRoute, rootRoute, shellRoute };

/** The screens outside the application shell; the shell's are in one file per navigation area (*.routes.tsx). */
const pages = {
  onboarding: () => import('@/pages/onboarding'),
  oauthCallback: () => import('@/pages/oauth-callback'),
  invite: () => import('@/pages/invite'),
};

// ── Public ────────────────────────────────────────────────────────────────────────────────────────────────────
export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: parseSignInSearch,
  beforeLoad: ({ context, search }) => {
    // Support impersonation: the token becomes the session credential and leaves the address bar and history
    // (a redirect from beforeLoad replaces the entry).
    if (search.adminAuth) {
      context.session.signIn(search.adminAuth);
      throw redirect({ to: '/dashboard', replace: true });
    }
    if (context.session.isSignedIn()) {
      const from = safeRedirectPath(search.from, window.location.origin);
      if (from) throw redirect({ href: from, replace: true });
      throw redirect({ to: '/dashboard', replace: true });
    }
  },
  component: SignInRoute,
});

const oauthCallback = (path: 'jobber-oauth' | 'thumbtack-oauth' | 'google-oauth-cal') =>
  createRoute({ getParentRoute: () => rootRoute, path, component: screen(pages.oauthCallback, 'OAuthCallbackPage'), pendingComponent: BootShellPending });
const jobberOAuthRoute = oauthCallback('jobber-oauth');
const thumbtackOAuthRoute = oauthCallback('thumbtack-oauth');
const googleCalendarOAuthRoute = oauthCallback('google-oauth-cal');

const LazyInvitePage = screen(pages.invite, 'InvitePage');
/** The invitation screen with the devtools' inspector and clock (the real clock and none outside the QA build). */
function InviteScreen() {
  return <LazyInvitePage inspect={inspector()} clock={devtoolsClock()} />;
}
/** An invitation link (/invite/<token>): joins the inviting company through a code by email (decision 0041). */
const inviteRoute = createRoute({ getParentRoute: () => rootRoute, path: 'invite/$token', component: InviteScreen, pendingComponent: BootShellPending });

// ── Protected: onboarding, then the application shell ──────────────────────────────────────────────────────────
const onboardingRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'onboarding',
  component: screen(pages.onboarding, 'OnboardingPage'),
  pendingComponent: BootShellPending,
});

/** Spec: any other path redirects to `/`. */
const catchAllRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => redirect({ to: '/', replace: true, throw: true }),
});

export const routeTree = rootRoute.addChildren([
  signInRoute,
  jobberOAuthRoute,
  thumbtackOAuthRoute,
  googleCalendarOAuthRoute,
  inviteRoute,
  protectedRoute.addChildren([
    onboardingRoute,
    shellRoute.addChildren([...inboxRoutes, ...captureRoutes, ...automationRoutes, ...businessRoutes, ...settingsRoutes]),
  ]),
  catchAllRoute,
]);

export function createAppRouter(context: RouterContext, history: RouterHistory = createBrowserHistory()) {
  return createRouter({
    routeTree,
    history,
    context,
    parseSearch,
    stringifySearch,
    // A screen's skeleton (with the spec's spinner) while its chunk loads; the shell stays painted around it.
    defaultPendingComponent: () => <ScreenSkeleton />,
    defaultPendingMs: 150,
    defaultPendingMinMs: 300,
    defaultErrorComponent: ({ error, reset }) => <ErrorFallback error={error} onRetry={reset} />,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
