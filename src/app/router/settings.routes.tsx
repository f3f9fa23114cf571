import { createRoute, redirect } from '@tanstack/react-router';
import { screen, shellRoute } from './shell.route';

/** Navigation: "Settings", one tabbed area; the bare /settings and an unknown tab land on Company. */
const pages = { settings: () => import('@/pages/settings') };

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

export const settingsRoutes = [settingsRoute.addChildren([...settingsTabs])] as const;
