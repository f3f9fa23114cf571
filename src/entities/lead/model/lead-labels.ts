import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter } from '../../../shared/api';

type LeadListInput = inferRouterInputs<AppRouter>['leads']['list'];
export type LeadStatus = NonNullable<LeadListInput['status']>[number];
export type LeadSource = NonNullable<LeadListInput['source']>[number];

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

/** Badge colours: one per status, the same on every screen. */
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

/** Where a lead came from, in the owner's words. */
export const LEAD_SOURCE_LABELS = {
  sms: 'Text message',
  manual: 'Added by your team',
  chat_widget: 'Website chat',
  form: 'Website form',
  popup: 'Website popup',
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
