import { parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';

/** Sign-up and business phones are US or Canadian only (spec section 5). */
export const SIGNUP_PHONE_COUNTRIES = ['US', 'CA'] as const;
export type SignupPhoneCountry = (typeof SIGNUP_PHONE_COUNTRIES)[number];

export const INVALID_US_CA_PHONE_MESSAGE = 'Please enter a valid US or Canadian phone number.';

export interface ParsedUsCaPhone {
  e164: string;
  country: SignupPhoneCountry;
}

/**
 * Parses a phone number and accepts it only when it is a valid number of the US or Canada. `+1` alone is not
 * enough: +1 876 is Jamaica. Without a leading `+`, the number is read as a US/Canadian national number.
 * `metadata` is passed in so the browser can use a lean NANP-only copy and the server the full one.
 */
export function parseUsCaPhone(value: string, metadata: MetadataJson): ParsedUsCaPhone | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const parsed = parsePhoneNumberFromString(trimmed, { defaultCountry: 'US' }, metadata);
  if (!parsed || !parsed.isValid()) return null;
  const country = parsed.country;
  if (country !== 'US' && country !== 'CA') return null;
  return { e164: parsed.number, country };
}

/** +14155552671 → (415) 555-2671, how people read a US/Canadian number; any other number is shown as stored. */
export function formatPhone(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}
