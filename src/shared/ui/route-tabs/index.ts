export { type RouteTab } from './route-tabs';
export { RouteTabsLayout } from './route-tabs-layout';
