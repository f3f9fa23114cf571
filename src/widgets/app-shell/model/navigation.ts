import type { LinkProps } from '@tanstack/react-router';
import { longestPathPrefixMatch } from '@/shared/lib/path-prefix';

export interface NavItem {
  label: string;
  to: NonNullable<LinkProps['to']>;
  /** Other path prefixes that belong to this item (e.g. Settings → Company also covers the Address tab). */
  alsoMatches?: string[];
  /** A live count shown beside the item. */
  badge?: 'unreadConversations';
  /** A feature not built yet: its screen says what it will do, and the item says "soon" (decision 0017). */
  soon?: true;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

/** Grouped the way an owner thinks about the business: talk to leads, capture them, automate, run the business. */
export const NAVIGATION: NavGroup[] = [
  {
    label: 'Leads & inbox',
    items: [
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Conversations', to: '/conversations', badge: 'unreadConversations' },
      { label: 'Leads', to: '/leads' },
      { label: 'Clients', to: '/clients' },
      { label: 'Notifications', to: '/notifications' },
    ],
  },
  {
    label: 'Capture',
    items: [
      { label: 'Chat widget', to: '/chat-widget' },
      { label: 'Missed calls', to: '/missed-calls' },
      { label: 'AI call answering', to: '/ai-call-answering', soon: true },
      { label: 'Microsites', to: '/microsites', soon: true },
      { label: 'Email gateway', to: '/email-gateway' },
    ],
  },
  {
    label: 'Automation',
    items: [
      { label: 'Flows', to: '/flows', soon: true },
      { label: 'Scheduling', to: '/scheduling', soon: true },
      { label: 'Review requests', to: '/review-requests', soon: true },
    ],
  },
  {
    label: 'Business',
    items: [
      { label: 'Users', to: '/users', soon: true },
      { label: 'Integrations', to: '/external-integrations', soon: true },
      { label: 'Webhooks', to: '/integrations', soon: true },
      { label: 'Logs', to: '/logs' },
      { label: 'Refer a business', to: '/referral-thank-you', soon: true },
    ],
  },
  {
    label: 'Settings',
    items: [
      { label: 'Company', to: '/settings/company' },
      { label: 'Address', to: '/settings/address' },
      { label: 'Phone', to: '/settings/phone' },
      { label: 'Texting registration', to: '/settings/phone/application', soon: true },
      { label: 'AI assistant', to: '/settings/ai', soon: true },
      { label: 'Subscription', to: '/settings/subscription' },
      { label: 'API keys', to: '/settings/api-keys', soon: true },
    ],
  },
];

/** The item to mark active: the longest path prefix of the location among all items. */
export function activeNavItem(pathname: string): NavItem | null {
  const items = NAVIGATION.flatMap((group) => group.items);
  return longestPathPrefixMatch(pathname, items, (item) => [item.to, ...(item.alsoMatches ?? [])]);
}
