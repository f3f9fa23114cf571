import { LEAD_SOURCE_WORDS, LEAD_SOURCES, LEAD_STATUS_WORDS, LEAD_STATUSES, type LeadStatus } from '@contracts/lead';

/** Badge colours: one per status, the same on every screen (the words come from contracts/lead). */
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

/** Choices for a status picker or filter, in lifecycle order. */
export const LEAD_STATUS_OPTIONS = LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_WORDS[value] }));
export const LEAD_SOURCE_OPTIONS = LEAD_SOURCES.map((value) => ({ value, label: LEAD_SOURCE_WORDS[value] }));
