/** The consent ledger: what kind of consent, how it was given or withdrawn, in the words an owner (or a regulator) would use. */

export const CONSENT_KINDS = ['opt_in', 'opt_out', 'implied'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const CONSENT_KIND_WORDS = {
  opt_in: 'Opted in',
  opt_out: 'Opted out',
  implied: 'Implied consent',
} as const satisfies Record<ConsentKind, string>;

export const CONSENT_METHODS = ['sms_keyword', 'sms_text', 'inbound_message', 'web_form', 'staff', 'import', 'missed_call', 'lead_email', 'web_chat', 'api', 'purchase', 'marketplace'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

export const CONSENT_METHOD_WORDS = {
  sms_keyword: 'Replied with a keyword',
  sms_text: 'Said so in a text',
  inbound_message: 'Texted the business first',
  web_form: 'Web form',
  staff: 'Recorded by staff',
  import: 'Imported',
  missed_call: 'Called the business (one text back about the call)',
  lead_email: 'Asked to be contacted in a lead request (by email)',
  web_chat: 'Said so in the website chat',
  api: 'Sent by another tool with its consent record',
  purchase: 'Bought from the business (a job marked won)',
  marketplace: 'Asked for a quote on a lead marketplace (Thumbtack) and shared their number',
} as const satisfies Record<ConsentMethod, string>;

/**
 * Canada's anti-spam law (CASL, decision 0046): consent is express (asked for and given: a ticked box, START, a
 * staff record of their request) or implied — by an inquiry, for 6 months after it, or by a purchase, for 2 years.
 * A ledger row may name its basis; one without a basis is read from its kind (opt_in → express, implied → inquiry).
 */
export const CASL_BASES = ['express', 'implied_inquiry', 'implied_purchase'] as const;
export type CaslBasis = (typeof CASL_BASES)[number];

export const CASL_BASIS_WORDS = {
  express: 'Express consent (no expiry)',
  implied_inquiry: 'Implied consent from an inquiry (6 months)',
  implied_purchase: 'Implied consent from a purchase (2 years)',
} as const satisfies Record<CaslBasis, string>;

export const IMPLIED_INQUIRY_MONTHS = 6;
export const IMPLIED_PURCHASE_MONTHS = 24;

/** `at` plus whole calendar months (UTC), the way "6 months after" is counted. */
export function addMonths(at: number, months: number): number {
  const date = new Date(at);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

export const caslBasisOf = (event: { kind: ConsentKind; caslBasis?: CaslBasis | null }): CaslBasis | null =>
  event.caslBasis ?? (event.kind === 'opt_in' ? 'express' : event.kind === 'implied' ? 'implied_inquiry' : null);

/** When implied consent given at `at` on `basis` ends (null: express consent does not expire). */
export function caslExpiry(basis: CaslBasis, at: number): number | null {
  if (basis === 'express') return null;
  return addMonths(at, basis === 'implied_purchase' ? IMPLIED_PURCHASE_MONTHS : IMPLIED_INQUIRY_MONTHS);
}

export interface CaslConsent {
  basis: CaslBasis | null;
  /** When the consent ends; null for express consent or none. */
  expiresAt: number | null;
  /** No consent now: none recorded, withdrawn, or implied consent past its end. */
  expired: boolean;
}

/**
 * The consent CASL sees now, from the ledger (oldest first) and the latest inquiry (the person's newest text: each
 * one is a new inquiry and starts its 6 months again). An opt-out ends everything before it.
 */
export function caslConsent(ledger: ReadonlyArray<{ kind: ConsentKind; caslBasis?: CaslBasis | null; createdAt: number }>, lastInquiryAt: number | null, now: number): CaslConsent {
  const optOut = ledger.reduce((last, e) => (e.kind === 'opt_out' ? Math.max(last, e.createdAt) : last), -Infinity);
  let express = false;
  let expiresAt: number | null = null;
  let basis: CaslBasis | null = null;
  const consider = (b: CaslBasis, at: number) => {
    if (at < optOut) return;
    if (b === 'express') {
      express = true;
      return;
    }
    const end = caslExpiry(b, at)!;
    if (expiresAt === null || end > expiresAt) {
      expiresAt = end;
      basis = b;
    }
  };
  for (const event of ledger) {
    const b = caslBasisOf(event);
    if (b) consider(b, event.createdAt);
  }
  if (lastInquiryAt !== null) consider('implied_inquiry', lastInquiryAt);
  if (express) return { basis: 'express', expiresAt: null, expired: false };
  if (expiresAt === null) return { basis: null, expiresAt: null, expired: true };
  return { basis, expiresAt, expired: now >= expiresAt };
}
