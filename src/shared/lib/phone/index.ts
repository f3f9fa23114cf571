import type { MetadataJson } from 'libphonenumber-js/core';
import { INVALID_US_CA_PHONE_MESSAGE, parseUsCaPhone, SIGNUP_PHONE_COUNTRIES, type ParsedUsCaPhone } from '@contracts/phone';
import nanpMetadata from './metadata.nanp.json';

/** The +1 region only (see scripts/phone-metadata.ts): enough for US/CA input and to reject other +1 countries. */
export const phoneMetadata = nanpMetadata as unknown as MetadataJson;

export { INVALID_US_CA_PHONE_MESSAGE, SIGNUP_PHONE_COUNTRIES };
export type { ParsedUsCaPhone };

export function parseSignupPhone(value: string): ParsedUsCaPhone | null {
  return parseUsCaPhone(value, phoneMetadata);
}
