export { type RouteTab, RouteTabs } from './route-tabs';
