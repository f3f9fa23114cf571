import {
  type ChecklistItem,
  type ChecklistItemId,
  MIN_DESCRIPTION_LENGTH,
  MIN_SAMPLE_LENGTH,
  MIN_SAMPLES,
} from './registration';
import type { BrandDraft, CampaignDraft } from './registration.schema';

/**
 * The pre-submission checklist (decision 0046): one item per common reason carriers reject an A2P 10DLC
 * registration, each saying "Ready" or "Missing: …" in words. The wizard shows it as the owner types; the server
 * computes it again (with a fresh check that the website answers) and refuses to submit while an item is missing.
 */
export interface ChecklistInput {
  brand: BrandDraft;
  campaign: CampaignDraft;
  /** The company's own names: the one customers know (samples must carry it) and its legal name, when set. */
  company: { name: string; legalName: string | null };
  microsite: { published: boolean; home: string; privacy: string; smsTerms: string } | null;
  /** The last check that the brand's website answers, or null when it has not been checked. */
  websiteCheck: { url: string; ok: boolean; detail: string } | null;
}

/** IRS campus prefixes never assigned to an EIN. */
const INVALID_EIN_PREFIXES = new Set(['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97']);

export function einProblem(taxId: string, country: 'US' | 'CA'): string | null {
  const value = taxId.trim();
  if (!value) return country === 'CA' ? 'your business number (BN)' : 'your EIN';
  if (country === 'CA') return /^\d{9}([A-Z]{2}\d{4})?$/.test(value.replace(/\s/g, '').toUpperCase()) ? null : 'a business number of 9 digits (like 123456789)';
  const match = /^(\d{2})-?(\d{7})$/.exec(value);
  if (!match) return 'an EIN in the form 12-3456789 (9 digits)';
  if (INVALID_EIN_PREFIXES.has(match[1]!)) return `a real EIN: no EIN starts with ${match[1]}`;
  return null;
}

/** Names compared the way a registry would: case, punctuation and spacing aside ("Acme Plumbing, L.L.C." = "ACME PLUMBING LLC"). */
export const comparableName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\b(\w) (?=\w\b)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

/** A US/Canadian phone number as E.164 (+14155552671), or null. */
export function normalizeNanpPhone(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10 && /^[2-9]/.test(digits)) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1') && /^1[2-9]/.test(digits)) return `+${digits}`;
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const OPT_OUT_LANGUAGE = /\b(reply|text|send|txt)\s+["“']?stop\b|\bstop\s+to\s+(opt|unsubscribe|end|cancel|quit|stop)/i;
const CONSENT_METHOD = /(check\s?box|tick|web\s?form|\bform\b|website|text(s|ed|ing)?\s+(us|our|the)\b|keyword|verbal|in person|paper|sign(s|ed)?\s?up|opt(s|ed)?[\s-]?in|calls? us|called us)/i;
const LINK = /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(com|net|org|ca|us|io|co)\b/i;
const PHONE = /(\+?1[\s.-]?)?\(?\b[2-9]\d{2}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/;
const PO_BOX = /\bp\.?\s*o\.?\s*box\b|\bpost\s+office\s+box\b/i;

/** An http(s) address (a LeadLoop on localhost serves its microsites over http). */
function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const LABELS: Record<ChecklistItemId, string> = {
  legal_name: 'Legal business name',
  tax_id: 'Tax ID (EIN or business number)',
  business_type: 'Business type',
  address: 'Business address',
  contact: 'Contact person',
  website: 'Website answers',
  policies: 'Privacy policy and SMS terms',
  use_case: 'Use case and description',
  samples: 'Sample messages',
  samples_business_name: 'Samples name your business',
  samples_opt_out: 'Samples include opt-out language',
  opt_in: 'How customers opt in',
  volume: 'Expected monthly volume',
};

const STEPS: Record<ChecklistItemId, 'brand' | 'campaign'> = {
  legal_name: 'brand',
  tax_id: 'brand',
  business_type: 'brand',
  address: 'brand',
  contact: 'brand',
  website: 'brand',
  policies: 'campaign',
  use_case: 'campaign',
  samples: 'campaign',
  samples_business_name: 'campaign',
  samples_opt_out: 'campaign',
  opt_in: 'campaign',
  volume: 'campaign',
};

const list = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

export function registrationChecklist(input: ChecklistInput): ChecklistItem[] {
  const { brand, campaign, company, microsite, websiteCheck } = input;
  const missing: Partial<Record<ChecklistItemId, string>> = {};

  if (!brand.legalName) missing.legal_name = 'your legal business name, exactly as registered with the IRS or the CRA';
  else if (company.legalName && comparableName(company.legalName) !== comparableName(brand.legalName)) {
    missing.legal_name = `the legal name “${brand.legalName}” does not match your company's legal name “${company.legalName}” (Settings → Company). Carriers compare it with the tax record: use the same one`;
  }

  const taxProblem = einProblem(brand.taxId, brand.country);
  if (taxProblem) missing.tax_id = taxProblem;
  if (!brand.businessType) missing.business_type = 'choose your business type';

  const addressGaps = [!brand.addressLine1 && 'street', !brand.city && 'city', !brand.region && (brand.country === 'CA' ? 'province' : 'state'), !brand.postalCode && (brand.country === 'CA' ? 'postal code' : 'ZIP code')].filter(
    (gap): gap is string => Boolean(gap),
  );
  if (addressGaps.length > 0) missing.address = `the address's ${list(addressGaps)}`;
  else if (PO_BOX.test(`${brand.addressLine1} ${brand.addressLine2}`)) missing.address = 'a street address: carriers refuse P.O. boxes';

  const contactGaps = [
    !brand.contactFirstName && 'first name',
    !brand.contactLastName && 'last name',
    !EMAIL.test(brand.contactEmail) && (brand.contactEmail ? 'a valid email' : 'email'),
    !normalizeNanpPhone(brand.contactPhone) && (brand.contactPhone ? 'a valid US or Canadian phone number' : 'phone number'),
  ].filter((gap): gap is string => Boolean(gap));
  if (contactGaps.length > 0) missing.contact = `the contact person's ${list(contactGaps)}`;

  const onMicrosite = (url: string) => microsite !== null && url.startsWith(microsite.home);
  if (!brand.website) missing.website = 'your website address';
  else if (!isUrl(brand.website)) missing.website = 'a full website address such as https://example.com';
  else if (onMicrosite(brand.website) && !microsite?.published) missing.website = `your microsite is not published, so ${brand.website} does not answer. Publish it in Microsites`;
  else if (!websiteCheck || websiteCheck.url !== brand.website) missing.website = `not checked yet that ${brand.website} answers`;
  else if (!websiteCheck.ok) missing.website = `${brand.website} did not answer (${websiteCheck.detail}). Carriers open it: it must load`;

  const policyGaps = [!campaign.privacyUrl && 'a privacy policy link', !campaign.termsUrl && 'an SMS terms link'].filter((gap): gap is string => Boolean(gap));
  if (policyGaps.length > 0) {
    missing.policies = microsite ? `${list(policyGaps)} (your microsite has both: ${microsite.privacy} and ${microsite.smsTerms})` : `${list(policyGaps)}: set up your microsite (Microsites) and LeadLoop writes both`;
  } else if (!isUrl(campaign.privacyUrl) || !isUrl(campaign.termsUrl)) missing.policies = 'full addresses (https://…) for the privacy policy and SMS terms';
  else if ((onMicrosite(campaign.privacyUrl) || onMicrosite(campaign.termsUrl)) && !microsite?.published) {
    missing.policies = 'your microsite is not published, so its privacy policy and SMS terms pages do not answer. Publish it in Microsites';
  }

  const useCaseGaps = [!campaign.useCase && 'choose a use case', campaign.description.length < MIN_DESCRIPTION_LENGTH && `a description of what you text (at least ${MIN_DESCRIPTION_LENGTH} characters)`].filter(
    (gap): gap is string => Boolean(gap),
  );
  if (useCaseGaps.length > 0) missing.use_case = list(useCaseGaps);

  const samples = campaign.sampleMessages.map((s) => s.trim()).filter(Boolean);
  const short = samples.findIndex((s) => s.length < MIN_SAMPLE_LENGTH);
  if (samples.length < MIN_SAMPLES) missing.samples = `at least ${MIN_SAMPLES} sample messages (you have ${samples.length})`;
  else if (short !== -1) missing.samples = `sample ${short + 1} is too short: at least ${MIN_SAMPLE_LENGTH} characters, written as a real text`;
  else if (samples.some((s) => LINK.test(s)) && !campaign.hasLinks) missing.samples = 'a sample contains a link: tick “Messages include links”';
  else if (samples.some((s) => PHONE.test(s)) && !campaign.hasPhoneNumbers) missing.samples = 'a sample contains a phone number: tick “Messages include phone numbers”';

  const names = [company.name, brand.legalName].map(comparableName).filter(Boolean);
  const unnamed = samples.map((s, i) => ({ s: comparableName(s), i })).filter(({ s }) => !names.some((name) => s.includes(name)));
  if (samples.length === 0) missing.samples_business_name = `your business name (“${company.name}”) in every sample`;
  else if (unnamed.length > 0) missing.samples_business_name = `your business name (“${company.name}”) in sample ${list(unnamed.map(({ i }) => String(i + 1)))}`;

  if (!samples.some((s) => OPT_OUT_LANGUAGE.test(s))) missing.samples_opt_out = 'opt-out words in at least one sample, such as “Reply STOP to opt out”';

  if (campaign.messageFlow.length < MIN_DESCRIPTION_LENGTH) missing.opt_in = `a description of how customers agree to get your texts (at least ${MIN_DESCRIPTION_LENGTH} characters)`;
  else if (!CONSENT_METHOD.test(campaign.messageFlow)) missing.opt_in = 'say how customers give consent: for example your website form’s unticked checkbox, or texting your number first';

  if (!campaign.monthlyVolume) missing.volume = 'choose how many texts you expect to send a month';

  return (Object.keys(LABELS) as ChecklistItemId[]).map((id) => {
    const gap = missing[id];
    return { id, label: LABELS[id], step: STEPS[id], ready: gap === undefined, words: gap === undefined ? 'Ready' : `Missing: ${gap}` };
  });
}
