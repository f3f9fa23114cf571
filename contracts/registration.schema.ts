import { z } from 'zod';
import { BUSINESS_TYPES, CONTACT_POSITIONS, MAX_SAMPLES, MONTHLY_VOLUMES, USE_CASES } from './registration';

/**
 * The texting registration's drafts as the server validates them (tRPC input, stored rows). Apart from
 * registration.ts so the screens, which need its words and limits, do not load zod's full API (the sign-in's first
 * load shares zod's core with every screen: decision 0046).
 */
const text = (max: number) => z.string().trim().max(max, `Keep it under ${max} characters`);

/** The brand as saved while the owner goes: every field may still be empty (the checklist says what is missing). */
export const brandDraftSchema = z.object({
  legalName: text(200).default(''),
  /** US: the EIN (12-3456789); Canada: the 9-digit business number. */
  taxId: text(20).default(''),
  businessType: z.enum(BUSINESS_TYPES, { error: 'Choose a business type' }).nullable().default(null),
  country: z.enum(['US', 'CA'], { error: 'Choose US or Canada' }).default('US'),
  addressLine1: text(200).default(''),
  addressLine2: text(200).default(''),
  city: text(100).default(''),
  region: text(40).default(''),
  postalCode: text(20).default(''),
  contactFirstName: text(100).default(''),
  contactLastName: text(100).default(''),
  contactEmail: text(200).default(''),
  contactPhone: text(30).default(''),
  contactTitle: text(100).default(''),
  contactPosition: z.enum(CONTACT_POSITIONS, { error: 'Choose a position' }).default('Other'),
  website: text(500).default(''),
});
export type BrandDraft = z.output<typeof brandDraftSchema>;

export const campaignDraftSchema = z.object({
  useCase: z.enum(USE_CASES, { error: 'Choose a use case' }).nullable().default(null),
  description: text(4096).default(''),
  sampleMessages: z.array(text(1024)).max(MAX_SAMPLES, `At most ${MAX_SAMPLES} sample messages`).default([]),
  messageFlow: text(2048).default(''),
  privacyUrl: text(500).default(''),
  termsUrl: text(500).default(''),
  monthlyVolume: z.enum(MONTHLY_VOLUMES, { error: 'Choose a monthly volume' }).nullable().default(null),
  hasLinks: z.boolean().default(false),
  hasPhoneNumbers: z.boolean().default(false),
});
export type CampaignDraft = z.output<typeof campaignDraftSchema>;

/** Saving the draft: either part, or both, each whole (the wizard sends the step it shows). */
export const saveDraftInput = z.object({ brand: brandDraftSchema.optional(), campaign: campaignDraftSchema.optional() }).refine((v) => v.brand || v.campaign, 'Send the brand, the campaign or both');
