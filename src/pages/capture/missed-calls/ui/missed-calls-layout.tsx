import { type RouteTab, RouteTabsLayout } from '@/shared/ui/route-tabs';

const TABS: RouteTab[] = [
  { to: '/missed-calls/basic', label: 'Basic' },
  { to: '/missed-calls/agent', label: 'Agent' },
  { to: '/missed-calls/voicemail', label: 'Voicemail' },
  { to: '/missed-calls/history', label: 'History' },
];

/** /missed-calls/*: text-back for calls nobody picked up, one tab per part; the tab's screen renders below. */
export function MissedCallsLayout() {
  return (
    <RouteTabsLayout
      title="Missed calls"
      description="When you can’t pick up, the caller gets a text within seconds instead of calling the next company."
      tabs={TABS}
    />
  );
}
