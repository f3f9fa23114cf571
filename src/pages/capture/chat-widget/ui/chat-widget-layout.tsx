import { type RouteTab, RouteTabsLayout } from '@/shared/ui/route-tabs';

const TABS: RouteTab[] = [
  { to: '/chat-widget/styles', label: 'Styles' },
  { to: '/chat-widget/form-embed', label: 'Form embed' },
  { to: '/chat-widget/lead-qualifier', label: 'Lead qualifier' },
  { to: '/chat-widget/popup', label: 'Popup' },
  { to: '/chat-widget/ai-schedule', label: 'AI schedule' },
  { to: '/chat-widget/follow-ups', label: 'Follow-ups' },
];

/** /chat-widget/*: the website widget's settings, one tab per part; the tab's screen renders below. */
export function ChatWidgetLayout() {
  return (
    <RouteTabsLayout
      title="Chat widget"
      description="Turn website visitors into leads who get a text from you within seconds."
      tabs={TABS}
    />
  );
}
