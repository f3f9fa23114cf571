import { createRoute } from '@tanstack/react-router';
import { page, screen, shellRoute } from './shell.route';

/** Navigation: "Automation". */
const pages = {
  flows: () => import('@/pages/automation/flows'),
  scheduling: () => import('@/pages/automation/scheduling'),
  reviewRequests: () => import('@/pages/automation/review-requests'),
};

const flowsRoute = createRoute({ getParentRoute: () => shellRoute, path: 'flows' });
const flowsIndexRoute = createRoute({ getParentRoute: () => flowsRoute, path: '/', component: screen(pages.flows, 'FlowsPage') });
const newFlowRoute = createRoute({ getParentRoute: () => flowsRoute, path: 'new', component: screen(pages.flows, 'NewFlowPage') });
const flowEditorRoute = createRoute({
  getParentRoute: () => flowsRoute,
  path: '$flowId',
  component: screen(pages.flows, 'FlowEditorPage'),
});

export const automationRoutes = [
  flowsRoute.addChildren([flowsIndexRoute, newFlowRoute, flowEditorRoute]),
  page('scheduling', screen(pages.scheduling, 'SchedulingPage')),
  page('review-requests', screen(pages.reviewRequests, 'ReviewRequestsPage')),
] as const;
