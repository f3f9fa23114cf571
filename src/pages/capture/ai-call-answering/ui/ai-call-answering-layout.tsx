import { type RouteTab, RouteTabsLayout } from '@/shared/ui/route-tabs';

const TABS: RouteTab[] = [
  { to: '/ai-call-answering/basic', label: 'Basic' },
  { to: '/ai-call-answering/agent', label: 'Agent' },
  { to: '/ai-call-answering/sms-followup', label: 'SMS follow-up' },
  { to: '/ai-call-answering/history', label: 'History' },
];

/** /ai-call-answering/*: the assistant that picks up calls, one tab per part; the tab's screen renders below. */
export function AiCallAnsweringLayout() {
  return (
    <RouteTabsLayout
      title="AI call answering"
      description="The assistant picks up the calls your team can’t, takes down what the caller needs, and tells you."
      tabs={TABS}
    />
  );
}
