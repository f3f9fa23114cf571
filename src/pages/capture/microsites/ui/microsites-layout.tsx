import { type RouteTab, RouteTabsLayout } from '@/shared/ui/route-tabs';

const TABS: RouteTab[] = [
  { to: '/microsites/basic', label: 'Basic' },
  { to: '/microsites/content', label: 'Content' },
  { to: '/microsites/advanced', label: 'Advanced' },
  { to: '/microsites/domain', label: 'Domain' },
];

/** /microsites/*: the company's hosted one-page site, one tab per part; the tab's screen renders below. */
export function MicrositesLayout() {
  return (
    <RouteTabsLayout
      title="Microsite"
      description="A one-page website for your business, with a contact form that turns visitors into leads."
      tabs={TABS}
    />
  );
}
