import { authProcedures } from './modules/auth/auth.router';
import { callProcedures, missedCallsRouter } from './modules/calls/calls.router';
import { recordingsRouter } from './modules/calls/recordings.router';
import { clientsRouter } from './modules/contacts/clients.router';
import { companyRouter } from './modules/company/company.router';
import { dashboardRouter } from './modules/dashboard/dashboard.router';
import { conversationsRouter } from './modules/conversations/conversations.router';
import { leadsRouter } from './modules/leads/leads.router';
import { logsRouter } from './modules/logs/logs.router';
import { invitationsRouter, teamRouter } from './modules/team/team.router';
import { notificationsRouter } from './modules/notifications/notifications.router';
import { phoneProcedures } from './modules/phone-numbers/phone-numbers.router';
import { incomingCallProcedures, testPhoneRouter } from './modules/test-phone/test-phone.router';
import { widgetRouter } from './modules/widget/widget.router';
import { flowsRouter } from './modules/flows/flows.router';
import { schedulingRouter } from './modules/scheduling/scheduling.router';
import { emailGatewayRouter } from './modules/email-gateway/email-gateway.router';
import { aiRouter } from './modules/ai/ai.router';
import { reviewsRouter } from './modules/reviews/reviews.router';
import { publicApiRouter } from './modules/public-api/public-api.router';
import { webhooksRouter } from './modules/webhooks/webhooks.router';
import { micrositesRouter } from './modules/microsites/microsites.router';
import { registrationRouter } from './modules/registration/registration.router';
import { voiceAgentRouter } from './modules/voice-agent/voice-agent.router';
import { billingRouter } from './modules/billing/billing.router';
import { referralsRouter } from './modules/referrals/referrals.router';
import { integrationsRouter } from './modules/integrations/integrations.router';
import { router } from './platform/trpc/trpc';

/**
 * The tRPC app router: one sub-router per module. Where the API groups procedures of two modules under one name
 * (the test phone under Settings → Phone, its incoming-call answers beside the calls), they are joined here, so
 * neither module climbs to the other.
 */
export const appRouter = router({
  ...authProcedures,
  company: companyRouter,
  dashboard: dashboardRouter,
  conversations: conversationsRouter,
  leads: leadsRouter,
  clients: clientsRouter,
  notifications: notificationsRouter,
  phone: router({ ...phoneProcedures, simulator: testPhoneRouter }),
  logs: logsRouter,
  team: teamRouter,
  invitations: invitationsRouter,
  calls: router({ ...callProcedures, ...incomingCallProcedures }),
  missedCalls: missedCallsRouter,
  voiceAgent: voiceAgentRouter,
  recordings: recordingsRouter,
  widget: widgetRouter,
  flows: flowsRouter,
  scheduling: schedulingRouter,
  emailGateway: emailGatewayRouter,
  ai: aiRouter,
  reviews: reviewsRouter,
  publicApi: publicApiRouter,
  webhooks: webhooksRouter,
  microsites: micrositesRouter,
  registration: registrationRouter,
  billing: billingRouter,
  referrals: referralsRouter,
  integrations: integrationsRouter,
});

export type AppRouter = typeof appRouter;
