import { LEAD_SOURCE_LABELS, LEAD_SOURCES, LEAD_STATUS_LABELS, LEAD_STATUSES } from '../../../entities/lead';
import { fullName } from '../../../entities/user';
import type { TeamMember } from './types';

export const STATUS_OPTIONS = LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }));
export const SOURCE_OPTIONS = LEAD_SOURCES.map((value) => ({ value, label: LEAD_SOURCE_LABELS[value] }));

/** A team member in a list of choices: their name, with "(you)" after the viewer's own. */
export function memberLabel(member: TeamMember): string {
  return member.me ? `${fullName(member)} (you)` : fullName(member);
}

/** Who a lead is assigned to, in words: a name, "You", "Unassigned", or a former member. */
export function assigneeLabel(assignedUserId: string | null, members: TeamMember[] | undefined): string {
  if (!assignedUserId) return 'Unassigned';
  const member = members?.find((m) => m.id === assignedUserId);
  if (!member) return members ? 'Former team member' : '…';
  return memberLabel(member);
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
