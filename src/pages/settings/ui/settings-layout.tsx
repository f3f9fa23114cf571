import { type RouteTab, RouteTabsLayout } from '@/shared/ui/route-tabs';

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
  return <RouteTabsLayout title="Settings" description="Your business details, phone, AI assistant and plan." tabs={TABS} />;
}
