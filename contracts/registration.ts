
/**
 * Texting registration (A2P 10DLC, issue 26 item 3, decision 0046): the brand and campaign an owner fills in, the
 * pre-submission checklist's items, the statuses and timeline events, and the words owners see. One copy, for the
 * wizard and the server.
 */

export const BUSINESS_TYPES = ['sole_proprietorship', 'partnership', 'llc', 'corporation', 'non_profit', 'co_operative'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export const BUSINESS_TYPE_WORDS = {
  sole_proprietorship: 'Sole proprietorship',
  partnership: 'Partnership',
  llc: 'Limited liability company (LLC)',
  corporation: 'Corporation',
  non_profit: 'Non-profit',
  co_operative: 'Co-operative',
} as const satisfies Record<BusinessType, string>;

/** The contact person's position, as carriers list them. */
export const CONTACT_POSITIONS = ['Director', 'GM', 'VP', 'CEO', 'CFO', 'General Counsel', 'Other'] as const;
export type ContactPosition = (typeof CONTACT_POSITIONS)[number];

/** The campaign's use case (Twilio's UsAppToPersonUsecase values). */
export const USE_CASES = ['MIXED', 'CUSTOMER_CARE', 'ACCOUNT_NOTIFICATION', 'MARKETING', 'LOW_VOLUME'] as const;
export type UseCase = (typeof USE_CASES)[number];
export const USE_CASE_WORDS = {
  MIXED: 'Mixed: replies, reminders and follow-ups',
  CUSTOMER_CARE: 'Customer care',
  ACCOUNT_NOTIFICATION: 'Account and appointment notifications',
  MARKETING: 'Marketing and promotions',
  LOW_VOLUME: 'Low volume mixed (under 2,000 texts a month)',
} as const satisfies Record<UseCase, string>;

export const MONTHLY_VOLUMES = ['up_to_1000', 'up_to_10000', 'up_to_100000', 'over_100000'] as const;
export type MonthlyVolume = (typeof MONTHLY_VOLUMES)[number];
export const MONTHLY_VOLUME_WORDS = {
  up_to_1000: 'Up to 1,000 texts a month',
  up_to_10000: '1,000 – 10,000 texts a month',
  up_to_100000: '10,000 – 100,000 texts a month',
  over_100000: 'More than 100,000 texts a month',
} as const satisfies Record<MonthlyVolume, string>;

export const MIN_SAMPLES = 2;
export const MAX_SAMPLES = 5;
/** Carriers' limits: samples 20–1024 characters, description and message flow at least 40. */
export const MIN_SAMPLE_LENGTH = 20;
export const MIN_DESCRIPTION_LENGTH = 40;


export const REGISTRATION_STATUSES = ['draft', 'submitted', 'in_review', 'approved', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export const REGISTRATION_STATUS_WORDS = {
  draft: 'Draft — not submitted',
  submitted: 'Submitted',
  in_review: 'In review with the carriers',
  approved: 'Approved',
  rejected: 'Rejected',
} as const satisfies Record<RegistrationStatus, string>;

export const REGISTRATION_EVENT_KINDS = ['draft_started', 'submitted', 'resubmitted', 'in_review', 'approved', 'rejected', 'submission_failed'] as const;
export type RegistrationEventKind = (typeof REGISTRATION_EVENT_KINDS)[number];
export const REGISTRATION_EVENT_WORDS = {
  draft_started: 'Draft started',
  submitted: 'Submitted',
  resubmitted: 'Resubmitted after a rejection',
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Rejected',
  submission_failed: 'Could not be sent to the carriers',
} as const satisfies Record<RegistrationEventKind, string>;

/** One pre-submission check: its state in words ("Ready" / "Missing: …"), never only an icon. */
export interface ChecklistItem {
  id: ChecklistItemId;
  label: string;
  ready: boolean;
  /** "Ready", or "Missing: " and what to do. */
  words: string;
  /** Which wizard step fixes it. */
  step: 'brand' | 'campaign';
}

export const CHECKLIST_ITEM_IDS = [
  'legal_name',
  'tax_id',
  'business_type',
  'address',
  'contact',
  'website',
  'policies',
  'use_case',
  'samples',
  'samples_business_name',
  'samples_opt_out',
  'opt_in',
  'volume',
] as const;
export type ChecklistItemId = (typeof CHECKLIST_ITEM_IDS)[number];

/** A2P_GATE: warn (automated texts go, the app warns) or hold (with Twilio, automated texts wait for approval). */
export const A2P_GATES = ['warn', 'hold'] as const;
export type A2pGate = (typeof A2P_GATES)[number];

/** The error code and words of an automated text waiting for the registration (A2P_GATE=hold). */
export const A2P_HELD_CODE = 'a2p_pending';
export const A2P_HELD_WORDS =
  'Waiting for your texting registration: US carriers block automated texts from a number whose A2P 10DLC campaign is not approved. It goes out on its own once Settings → Phone → Texting registration is approved.';
