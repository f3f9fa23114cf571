import type { LinkProps } from '@tanstack/react-router';
import { type FeatureName, FEATURES } from '@/shared/config';
import { longestPathPrefixMatch } from '@/shared/lib/path-prefix';

export interface NavItem {
  label: string;
  to: NonNullable<LinkProps['to']>;
  /** Other path prefixes that belong to this item (e.g. Settings → Company also covers the Address tab). */
  alsoMatches?: string[];
  /** A live count shown beside the item. */
  badge?: 'unreadConversations';
  /** The feature behind the item: while its flag is off, its screen says it is not built and the item says "soon". */
  feature?: FeatureName;
}

/** "soon" beside the item: its feature is not built yet (the same flag its screen reads). */
export function isSoon(item: NavItem): boolean {
  return item.feature !== undefined && !FEATURES[item.feature];
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
      { label: 'AI call answering', to: '/ai-call-answering', feature: 'aiCallAnswering' },
      { label: 'Microsites', to: '/microsites', feature: 'microsites' },
      { label: 'Email gateway', to: '/email-gateway' },
    ],
  },
  {
    label: 'Automation',
    items: [
      { label: 'Flows', to: '/flows', feature: 'flows' },
      { label: 'Scheduling', to: '/scheduling', feature: 'scheduling' },
      { label: 'Review requests', to: '/review-requests', feature: 'reviewRequests' },
    ],
  },
  {
    label: 'Business',
    items: [
      { label: 'Users', to: '/users', feature: 'team' },
      { label: 'Integrations', to: '/external-integrations', feature: 'externalIntegrations' },
      { label: 'Webhooks', to: '/integrations', feature: 'webhooks' },
      { label: 'Logs', to: '/logs' },
      { label: 'Refer a business', to: '/referral-thank-you', feature: 'referrals' },
    ],
  },
  {
    label: 'Settings',
    items: [
      { label: 'Company', to: '/settings/company' },
      { label: 'Address', to: '/settings/address' },
      { label: 'Phone', to: '/settings/phone' },
      { label: 'Texting registration', to: '/settings/phone/application', feature: 'textingRegistration' },
      { label: 'AI assistant', to: '/settings/ai', feature: 'aiAssistant' },
      { label: 'Subscription', to: '/settings/subscription' },
      { label: 'API keys', to: '/settings/api-keys', feature: 'apiKeys' },
    ],
  },
];

/** The item to mark active: the longest path prefix of the location among all items. */
export function activeNavItem(pathname: string): NavItem | null {
  const items = NAVIGATION.flatMap((group) => group.items);
  return longestPathPrefixMatch(pathname, items, (item) => [item.to, ...(item.alsoMatches ?? [])]);
}
