import { Outlet } from '@tanstack/react-router';
import { PageHeader } from '../../../shared/ui/page-header';
import { type RouteTab, RouteTabs } from '../../../shared/ui/route-tabs';

const TABS: RouteTab[] = [
  { to: '/microsites/basic', label: 'Basic' },
  { to: '/microsites/content', label: 'Content' },
  { to: '/microsites/advanced', label: 'Advanced' },
  { to: '/microsites/domain', label: 'Domain' },
];

/** /microsites/*: the company's hosted one-page site, one tab per part; the tab's screen renders below. */
export function MicrositesLayout() {
  return (
    <>
      <PageHeader
        title="Microsite"
        description="A one-page website for your business, with a contact form that turns visitors into leads."
      />
      <RouteTabs tabs={TABS} label="Microsite sections" />
      <Outlet />
    </>
  );
}
