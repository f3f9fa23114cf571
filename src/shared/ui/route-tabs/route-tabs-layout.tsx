import { Outlet } from '@tanstack/react-router';
import { PageHeader } from '../page-header';
import { type RouteTab, RouteTabs } from './route-tabs';

/** A screen made of tabs: the header, one tab per part (`${title} sections`) and the tab's screen below. */
export function RouteTabsLayout({ title, description, tabs }: { title: string; description: string; tabs: RouteTab[] }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <RouteTabs tabs={tabs} label={`${title} sections`} />
      <Outlet />
    </>
  );
}
