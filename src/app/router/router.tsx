import {
  createBrowserHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  type RouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import { lazyImport } from '../../shared/lib/lazy-import';
import { safeRedirectPath } from '../../shared/lib/safe-redirect';
import { ErrorFallback } from '../../shared/ui/error-fallback';
import { ScreenSpinner } from '../../shared/ui/spinner';
import { parseSignInSearch } from '../sign-in-screen';
import { SignInRoute } from './sign-in.route';
import { parseSearch, stringifySearch } from './search';
import type { RouterContext } from './session-context';

/** A lazily loaded screen: its own chunk, and 'Lazy import failed' naming the export if the module lacks it. */
function screen<M extends Record<string, unknown>, K extends keyof M & string>(importer: () => Promise<M>, exportName: K) {
  return lazyRouteComponent(lazyImport(importer, exportName), exportName);
}

const pages = {
  onboarding: () => import('../../pages/onboarding'),
  dashboard: () => import('../../pages/dashboard'),
  chatWidget: () => import('../../pages/chat-widget'),
  leads: () => import('../../pages/leads'),
  notifications: () => import('../../pages/notifications'),
  clients: () => import('../../pages/clients'),
  conversations: () => import('../../pages/conversations'),
  missedCalls: () => import('../../pages/missed-calls'),
  aiCallAnswering: () => import('../../pages/ai-call-answering'),
  flows: () => import('../../pages/flows'),
  logs: () => import('../../pages/logs'),
  settings: () => import('../../pages/settings'),
  microsites: () => import('../../pages/microsites'),
  users: () => import('../../pages/users'),
  externalIntegrations: () => import('../../pages/external-integrations'),
  integrations: () => import('../../pages/integrations'),
  referralThankYou: () => import('../../pages/referral-thank-you'),
  scheduling: () => import('../../pages/scheduling'),
  emailGateway: () => import('../../pages/email-gateway'),
  reviewRequests: () => import('../../pages/review-requests'),
  oauthCallback: () => import('../../pages/oauth-callback'),
};

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: ({ error, reset }) => <ErrorFallback error={error} onRetry={reset} />,
});

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
  createRoute({ getParentRoute: () => rootRoute, path, component: screen(pages.oauthCallback, 'OAuthCallbackPage') });
const jobberOAuthRoute = oauthCallback('jobber-oauth');
const thumbtackOAuthRoute = oauthCallback('thumbtack-oauth');
const googleCalendarOAuthRoute = oauthCallback('google-oauth-cal');

// ── Protected ─────────────────────────────────────────────────────────────────────────────────────────────────
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
});

const onboardingRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: 'onboarding',
  component: screen(pages.onboarding, 'OnboardingPage'),
});

/** Screens inside the application shell. */
export const shellRoute = createRoute({
  getParentRoute: () => protectedRoute,
  id: 'shell',
  component: lazyRouteComponent(lazyImport(() => import('../../widgets/app-shell'), 'AppShellLayout'), 'AppShellLayout'),
});

const page = <P extends string>(path: P, component: RouteComponent) =>
  createRoute({ getParentRoute: () => shellRoute, path, component });

const dashboardRoute = page('dashboard', screen(pages.dashboard, 'DashboardPage'));
const leadsRoute = page('leads', screen(pages.leads, 'LeadsPage'));
const notificationsRoute = page('notifications', screen(pages.notifications, 'NotificationsPage'));
const conversationsRoute = page('conversations', screen(pages.conversations, 'ConversationsPage'));
const logsRoute = page('logs', screen(pages.logs, 'LogsPage'));
const usersRoute = page('users', screen(pages.users, 'UsersPage'));
const externalIntegrationsRoute = page('external-integrations', screen(pages.externalIntegrations, 'ExternalIntegrationsPage'));
const referralThankYouRoute = page('referral-thank-you', screen(pages.referralThankYou, 'ReferralThankYouPage'));
const schedulingRoute = page('scheduling', screen(pages.scheduling, 'SchedulingPage'));
const emailGatewayRoute = page('email-gateway', screen(pages.emailGateway, 'EmailGatewayPage'));
const reviewRequestsRoute = page('review-requests', screen(pages.reviewRequests, 'ReviewRequestsPage'));

const clientsRoute = createRoute({ getParentRoute: () => shellRoute, path: 'clients' });
const clientsIndexRoute = createRoute({ getParentRoute: () => clientsRoute, path: '/', component: screen(pages.clients, 'ClientsPage') });
const clientDetailsRoute = createRoute({
  getParentRoute: () => clientsRoute,
  path: '$id',
  component: screen(pages.clients, 'ClientDetailsPage'),
});

const flowsRoute = createRoute({ getParentRoute: () => shellRoute, path: 'flows' });
const flowsIndexRoute = createRoute({ getParentRoute: () => flowsRoute, path: '/', component: screen(pages.flows, 'FlowsPage') });
const newFlowRoute = createRoute({ getParentRoute: () => flowsRoute, path: 'new', component: screen(pages.flows, 'NewFlowPage') });
const flowEditorRoute = createRoute({
  getParentRoute: () => flowsRoute,
  path: '$flowId',
  component: screen(pages.flows, 'FlowEditorPage'),
});

// Tabbed areas: the bare parent lands on its default tab; an unknown tab goes to the default too.
const chatWidgetRoute = createRoute({ getParentRoute: () => shellRoute, path: 'chat-widget', component: screen(pages.chatWidget, 'ChatWidgetLayout') });
const chatWidgetTabs = [
  createRoute({ getParentRoute: () => chatWidgetRoute, path: '/', beforeLoad: () => redirect({ to: '/chat-widget/styles', replace: true, throw: true }) }),
  createRoute({ getParentRoute: () => chatWidgetRoute, path: 'styles', component: screen(pages.chatWidget, 'StylesTab') }),
  createRoute({ getParentRoute: () => chatWidgetRoute, path: 'form-embed', component: screen(pages.chatWidget, 'FormEmbedTab') }),
  createRoute({ getParentRoute: () => chatWidgetRoute, path: 'lead-qualifier', component: screen(pages.chatWidget, 'LeadQualifierTab') }),
  createRoute({ getParentRoute: () => chatWidgetRoute, path: 'popup', component: screen(pages.chatWidget, 'PopupTab') }),
  createRoute({ getParentRoute: () => chatWidgetRoute, path: 'ai-schedule', component: screen(pages.chatWidget, 'AiScheduleTab') }),
  createRoute({ getParentRoute: () => chatWidgetRoute, path: 'follow-ups', component: screen(pages.chatWidget, 'FollowUpsTab') }),
  createRoute({ getParentRoute: () => chatWidgetRoute, path: '$', beforeLoad: () => redirect({ to: '/chat-widget/styles', replace: true, throw: true }) }),
] as const;

const missedCallsRoute = createRoute({ getParentRoute: () => shellRoute, path: 'missed-calls', component: screen(pages.missedCalls, 'MissedCallsLayout') });
const missedCallsTabs = [
  createRoute({ getParentRoute: () => missedCallsRoute, path: '/', beforeLoad: () => redirect({ to: '/missed-calls/basic', replace: true, throw: true }) }),
  createRoute({ getParentRoute: () => missedCallsRoute, path: 'basic', component: screen(pages.missedCalls, 'BasicTab') }),
  createRoute({ getParentRoute: () => missedCallsRoute, path: 'agent', component: screen(pages.missedCalls, 'AgentTab') }),
  createRoute({ getParentRoute: () => missedCallsRoute, path: 'voicemail', component: screen(pages.missedCalls, 'VoicemailTab') }),
  createRoute({ getParentRoute: () => missedCallsRoute, path: 'history', component: screen(pages.missedCalls, 'HistoryTab') }),
  createRoute({ getParentRoute: () => missedCallsRoute, path: '$', beforeLoad: () => redirect({ to: '/missed-calls/basic', replace: true, throw: true }) }),
] as const;

const aiCallAnsweringRoute = createRoute({ getParentRoute: () => shellRoute, path: 'ai-call-answering', component: screen(pages.aiCallAnswering, 'AiCallAnsweringLayout') });
const aiCallAnsweringTabs = [
  createRoute({ getParentRoute: () => aiCallAnsweringRoute, path: '/', beforeLoad: () => redirect({ to: '/ai-call-answering/basic', replace: true, throw: true }) }),
  createRoute({ getParentRoute: () => aiCallAnsweringRoute, path: 'basic', component: screen(pages.aiCallAnswering, 'BasicTab') }),
  createRoute({ getParentRoute: () => aiCallAnsweringRoute, path: 'agent', component: screen(pages.aiCallAnswering, 'AgentTab') }),
  createRoute({ getParentRoute: () => aiCallAnsweringRoute, path: 'sms-followup', component: screen(pages.aiCallAnswering, 'SmsFollowupTab') }),
  createRoute({ getParentRoute: () => aiCallAnsweringRoute, path: 'history', component: screen(pages.aiCallAnswering, 'HistoryTab') }),
  createRoute({ getParentRoute: () => aiCallAnsweringRoute, path: '$', beforeLoad: () => redirect({ to: '/ai-call-answering/basic', replace: true, throw: true }) }),
] as const;

const settingsRoute = createRoute({ getParentRoute: () => shellRoute, path: 'settings', component: screen(pages.settings, 'SettingsLayout') });
const settingsTabs = [
  createRoute({ getParentRoute: () => settingsRoute, path: '/', beforeLoad: () => redirect({ to: '/settings/company', replace: true, throw: true }) }),
  createRoute({ getParentRoute: () => settingsRoute, path: 'company', component: screen(pages.settings, 'CompanyTab') }),
  createRoute({ getParentRoute: () => settingsRoute, path: 'address', component: screen(pages.settings, 'AddressTab') }),
  createRoute({ getParentRoute: () => settingsRoute, path: 'ai', component: screen(pages.settings, 'AiTab') }),
  createRoute({ getParentRoute: () => settingsRoute, path: 'phone', component: screen(pages.settings, 'PhoneTab') }),
  createRoute({ getParentRoute: () => settingsRoute, path: 'phone/application', component: screen(pages.settings, 'PhoneApplicationTab') }),
  createRoute({ getParentRoute: () => settingsRoute, path: 'subscription', component: screen(pages.settings, 'SubscriptionTab') }),
  createRoute({ getParentRoute: () => settingsRoute, path: 'api-keys', component: screen(pages.settings, 'ApiKeysTab') }),
  createRoute({ getParentRoute: () => settingsRoute, path: '$', beforeLoad: () => redirect({ to: '/settings/company', replace: true, throw: true }) }),
] as const;

const micrositesRoute = createRoute({ getParentRoute: () => shellRoute, path: 'microsites', component: screen(pages.microsites, 'MicrositesLayout') });
const micrositesTabs = [
  createRoute({ getParentRoute: () => micrositesRoute, path: '/', beforeLoad: () => redirect({ to: '/microsites/basic', replace: true, throw: true }) }),
  createRoute({ getParentRoute: () => micrositesRoute, path: 'basic', component: screen(pages.microsites, 'BasicTab') }),
  createRoute({ getParentRoute: () => micrositesRoute, path: 'content', component: screen(pages.microsites, 'ContentTab') }),
  createRoute({ getParentRoute: () => micrositesRoute, path: 'advanced', component: screen(pages.microsites, 'AdvancedTab') }),
  createRoute({ getParentRoute: () => micrositesRoute, path: 'domain', component: screen(pages.microsites, 'DomainTab') }),
  createRoute({ getParentRoute: () => micrositesRoute, path: '$', beforeLoad: () => redirect({ to: '/microsites/basic', replace: true, throw: true }) }),
] as const;

/** /integrations/* — outgoing webhooks; any deeper path lands on the list. */
const integrationsRoute = createRoute({ getParentRoute: () => shellRoute, path: 'integrations' });
const integrationsIndexRoute = createRoute({ getParentRoute: () => integrationsRoute, path: '/', component: screen(pages.integrations, 'IntegrationsPage') });
const integrationsSplatRoute = createRoute({
  getParentRoute: () => integrationsRoute,
  path: '$',
  beforeLoad: () => redirect({ to: '/integrations', replace: true, throw: true }),
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
  protectedRoute.addChildren([
    onboardingRoute,
    shellRoute.addChildren([
      dashboardRoute,
      leadsRoute,
      notificationsRoute,
      conversationsRoute,
      logsRoute,
      usersRoute,
      externalIntegrationsRoute,
      referralThankYouRoute,
      schedulingRoute,
      emailGatewayRoute,
      reviewRequestsRoute,
      clientsRoute.addChildren([clientsIndexRoute, clientDetailsRoute]),
      flowsRoute.addChildren([flowsIndexRoute, newFlowRoute, flowEditorRoute]),
      chatWidgetRoute.addChildren([...chatWidgetTabs]),
      missedCallsRoute.addChildren([...missedCallsTabs]),
      aiCallAnsweringRoute.addChildren([...aiCallAnsweringTabs]),
      settingsRoute.addChildren([...settingsTabs]),
      micrositesRoute.addChildren([...micrositesTabs]),
      integrationsRoute.addChildren([integrationsIndexRoute, integrationsSplatRoute]),
    ]),
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
    defaultPendingComponent: () => <ScreenSpinner />,
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
