import type { BrandDraft, CampaignDraft } from '@contracts/registration.schema';

/**
 * Registering a company's texting (A2P 10DLC brand and campaign) with the carriers: Twilio's Trust Hub and A2P APIs
 * when Twilio is configured, a simulated review otherwise (decision 0046). The registration module drives it from
 * durable jobs: `submit` once per (re)submission, then `check` until a verdict.
 */
export type RegistrarRefs = Record<string, string | number>;

export interface RegistrationSubmission {
  companyId: string;
  /** The name customers know (what the samples must name). */
  businessName: string;
  brand: BrandDraft;
  campaign: CampaignDraft;
  /** The active business number's provider id (Twilio's PN…), added to the campaign's messaging service. */
  numberSid: string | null;
  /** The ids made so far (a retry resumes from them). */
  refs: RegistrarRefs;
  /** Stores the ids made so far, after each step, so a crash mid-way does not make them twice. */
  saveRefs(refs: RegistrarRefs): Promise<void>;
  /** 1 for the first submission, 2 for the first resubmission… */
  round: number;
}

export type ReviewVerdict = { state: 'in_review' } | { state: 'approved' } | { state: 'rejected'; reason: string };

/** The reviewer refused the data outright (a 4xx, a failed evaluation): a rejection the owner can fix, not a retry. */
export class RegistrationRefused extends Error {
  override name = 'RegistrationRefused';
}

export interface TextingRegistrar {
  readonly kind: 'twilio' | 'simulated';
  /** How long between two checks of a registration in review. */
  readonly pollMs: number;
  /** Sends the registration (or the fixed one after a rejection). Returns the ids it made. */
  submit(submission: RegistrationSubmission): Promise<RegistrarRefs>;
  /** Where the review is; may take the next step (Twilio: the campaign once the brand is approved). */
  check(submission: RegistrationSubmission): Promise<ReviewVerdict & { refs: RegistrarRefs }>;
}
