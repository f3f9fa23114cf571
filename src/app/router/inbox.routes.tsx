import { createRoute } from '@tanstack/react-router';
import { page, screen, shellRoute } from './shell.route';

/** Navigation: "Leads & inbox". */
const pages = {
  dashboard: () => import('@/pages/inbox/dashboard'),
  conversations: () => import('@/pages/inbox/conversations'),
  leads: () => import('@/pages/inbox/leads'),
  clients: () => import('@/pages/inbox/clients'),
  notifications: () => import('@/pages/inbox/notifications'),
};

const clientsRoute = createRoute({ getParentRoute: () => shellRoute, path: 'clients' });
const clientsIndexRoute = createRoute({ getParentRoute: () => clientsRoute, path: '/', component: screen(pages.clients, 'ClientsPage') });
const clientDetailsRoute = createRoute({
  getParentRoute: () => clientsRoute,
  path: '$id',
  component: screen(pages.clients, 'ClientDetailsPage'),
});

export const inboxRoutes = [
  page('dashboard', screen(pages.dashboard, 'DashboardPage')),
  // A chat app: the inbox is the window's height and its panes scroll inside (issue 21).
  page('conversations', screen(pages.conversations, 'ConversationsPage'), { fillsWindow: true }),
  page('leads', screen(pages.leads, 'LeadsPage')),
  clientsRoute.addChildren([clientsIndexRoute, clientDetailsRoute]),
  page('notifications', screen(pages.notifications, 'NotificationsPage')),
] as const;
