import { createRoute, redirect } from '@tanstack/react-router';
import { page, screen, shellRoute } from './shell.route';

/** Navigation: "Capture". Tabbed areas: the bare parent lands on its default tab; an unknown tab goes there too. */
const pages = {
  chatWidget: () => import('@/pages/capture/chat-widget'),
  missedCalls: () => import('@/pages/capture/missed-calls'),
  aiCallAnswering: () => import('@/pages/capture/ai-call-answering'),
  microsites: () => import('@/pages/capture/microsites'),
  emailGateway: () => import('@/pages/capture/email-gateway'),
  widgetDemo: () => import('@/pages/widget-demo'),
};

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

const micrositesRoute = createRoute({ getParentRoute: () => shellRoute, path: 'microsites', component: screen(pages.microsites, 'MicrositesLayout') });
const micrositesTabs = [
  createRoute({ getParentRoute: () => micrositesRoute, path: '/', beforeLoad: () => redirect({ to: '/microsites/basic', replace: true, throw: true }) }),
  createRoute({ getParentRoute: () => micrositesRoute, path: 'basic', component: screen(pages.microsites, 'BasicTab') }),
  createRoute({ getParentRoute: () => micrositesRoute, path: 'content', component: screen(pages.microsites, 'ContentTab') }),
  createRoute({ getParentRoute: () => micrositesRoute, path: 'advanced', component: screen(pages.microsites, 'AdvancedTab') }),
  createRoute({ getParentRoute: () => micrositesRoute, path: 'domain', component: screen(pages.microsites, 'DomainTab') }),
  createRoute({ getParentRoute: () => micrositesRoute, path: '$', beforeLoad: () => redirect({ to: '/microsites/basic', replace: true, throw: true }) }),
] as const;

export const captureRoutes = [
  chatWidgetRoute.addChildren([...chatWidgetTabs]),
  missedCallsRoute.addChildren([...missedCallsTabs]),
  aiCallAnsweringRoute.addChildren([...aiCallAnsweringTabs]),
  micrositesRoute.addChildren([...micrositesTabs]),
  page('email-gateway', screen(pages.emailGateway, 'EmailGatewayPage')),
  page('widget-demo', screen(pages.widgetDemo, 'WidgetDemoPage')),
] as const;
