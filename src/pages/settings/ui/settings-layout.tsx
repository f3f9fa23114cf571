import { Outlet } from '@tanstack/react-router';
import { PageHeader } from '../../../shared/ui/page-header';
import { type RouteTab, RouteTabs } from '../../../shared/ui/route-tabs';

const TABS: RouteTab[] = [
  { to: '/settings/company', label: 'Company' },
  { to: '/settings/address', label: 'Address' },
  { to: '/settings/ai', label: 'AI assistant' },
  { to: '/settings/phone', label: 'Phone' },
  { to: '/settings/phone/application', label: 'Texting registration' },
  { to: '/settings/subscription', label: 'Subscription' },
  { to: '/settings/api-keys', label: 'API keys' },
];

export function SettingsLayout() {
  return (
    <>
      <PageHeader title="Settings" description="Your business details, phone, AI assistant and plan." />
      <RouteTabs tabs={TABS} label="Settings sections" />
      <Outlet />
    </>
  );
}
