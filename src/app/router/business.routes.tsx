import { createRoute, redirect } from '@tanstack/react-router';
import { page, screen, shellRoute } from './shell.route';

/** Navigation: "Business". */
const pages = {
  users: () => import('@/pages/business/users'),
  externalIntegrations: () => import('@/pages/business/external-integrations'),
  integrations: () => import('@/pages/business/integrations'),
  logs: () => import('@/pages/business/logs'),
  referralThankYou: () => import('@/pages/business/referral-thank-you'),
};

/** /integrations/* — outgoing webhooks; any deeper path lands on the list. */
const integrationsRoute = createRoute({ getParentRoute: () => shellRoute, path: 'integrations' });
const integrationsIndexRoute = createRoute({ getParentRoute: () => integrationsRoute, path: '/', component: screen(pages.integrations, 'IntegrationsPage') });
const integrationsSplatRoute = createRoute({
  getParentRoute: () => integrationsRoute,
  path: '$',
  beforeLoad: () => redirect({ to: '/integrations', replace: true, throw: true }),
});

export const businessRoutes = [
  page('users', screen(pages.users, 'UsersPage')),
  page('external-integrations', screen(pages.externalIntegrations, 'ExternalIntegrationsPage')),
  integrationsRoute.addChildren([integrationsIndexRoute, integrationsSplatRoute]),
  page('logs', screen(pages.logs, 'LogsPage')),
  page('referral-thank-you', screen(pages.referralThankYou, 'ReferralThankYouPage')),
] as const;
