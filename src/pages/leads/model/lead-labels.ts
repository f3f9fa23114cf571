import type { LeadSource, LeadStatus, TeamMember } from './types';

/** The lead lifecycle in the order a lead moves through it; won / lost / spam / opted out are endings. */
export const LEAD_STATUS_LABELS = {
  new: 'New',
  engaging: 'Engaging',
  qualified: 'Qualified',
  needs_human: 'Needs human',
  booked: 'Booked',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
  opted_out: 'Opted out',
} as const satisfies Record<LeadStatus, string>;

export const LEAD_STATUS_COLORS = {
  new: 'blue',
  engaging: 'cyan',
  qualified: 'teal',
  needs_human: 'orange',
  booked: 'violet',
  won: 'green',
  lost: 'gray',
  spam: 'dark',
  opted_out: 'red',
} as const satisfies Record<LeadStatus, string>;

export const LEAD_SOURCE_LABELS = {
  sms: 'Text message',
  manual: 'Added by your team',
  chat_widget: 'Chat widget',
  form: 'Website form',
  popup: 'Popup',
  missed_call: 'Missed call',
  ai_call: 'AI-answered call',
  microsite: 'Microsite',
  email: 'Email',
  api: 'API',
} as const satisfies Record<LeadSource, string>;

export const LEAD_STATUSES = Object.keys(LEAD_STATUS_LABELS) as LeadStatus[];
export const LEAD_SOURCES = Object.keys(LEAD_SOURCE_LABELS) as LeadSource[];

export const isLeadStatus = (value: string): value is LeadStatus => Object.hasOwn(LEAD_STATUS_LABELS, value);
export const isLeadSource = (value: string): value is LeadSource => Object.hasOwn(LEAD_SOURCE_LABELS, value);

export const STATUS_OPTIONS = LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }));
export const SOURCE_OPTIONS = LEAD_SOURCES.map((value) => ({ value, label: LEAD_SOURCE_LABELS[value] }));

export function memberName(member: Pick<TeamMember, 'firstName' | 'lastName'>): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

/** Who a lead is assigned to, in words: a name, "You", "Unassigned", or a former member. */
export function assigneeLabel(assignedUserId: string | null, members: TeamMember[] | undefined): string {
  if (!assignedUserId) return 'Unassigned';
  const member = members?.find((m) => m.id === assignedUserId);
  if (!member) return members ? 'Former team member' : '…';
  return member.me ? `${memberName(member)} (you)` : memberName(member);
}

/** Tracking keys we can name; anything else is shown with its own key. */
export const TRACKING_LABELS: Record<string, string> = {
  utm_source: 'Campaign source',
  utm_medium: 'Campaign medium',
  utm_campaign: 'Campaign',
  utm_term: 'Keyword',
  utm_content: 'Ad content',
  gclid: 'Google Ads click ID',
  fbclid: 'Facebook click ID',
  msclkid: 'Microsoft Ads click ID',
  page: 'Page',
  pageUrl: 'Page',
  page_url: 'Page',
  landingPage: 'Landing page',
  landing_page: 'Landing page',
  referrer: 'Came from',
};
