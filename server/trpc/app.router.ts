import { authProcedures } from '../routers/auth.router';
import { clientsRouter } from '../routers/clients.router';
import { companyRouter } from '../routers/company.router';
import { conversationsRouter } from '../routers/conversations.router';
import { leadsRouter } from '../routers/leads.router';
import { logsRouter, teamRouter } from '../routers/logs.router';
import { notificationsRouter } from '../routers/notifications.router';
import { phoneRouter } from '../routers/phone.router';
import { router } from './trpc';

export const appRouter = router({
  ...authProcedures,
  company: companyRouter,
  conversations: conversationsRouter,
  leads: leadsRouter,
  clients: clientsRouter,
  notifications: notificationsRouter,
  phone: phoneRouter,
  logs: logsRouter,
  team: teamRouter,
});

export type AppRouter = typeof appRouter;
