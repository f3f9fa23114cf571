import metadata from 'libphonenumber-js/min/metadata';
import { z } from 'zod';
import { INVALID_US_CA_PHONE_MESSAGE, parseUsCaPhone } from '@contracts/phone';

export const id = z.uuid({ error: 'Must be a valid id' });

/** A US or Canadian number in any common format, stored as E.164. */
export const usCaPhone = z
  .string({ error: INVALID_US_CA_PHONE_MESSAGE })
  .trim()
  .transform((value, ctx) => {
    const parsed = parseUsCaPhone(value, metadata);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: INVALID_US_CA_PHONE_MESSAGE });
      return z.NEVER;
    }
    return parsed.e164;
  });

export const optionalText = (label: string, max: number) =>
  z
    .string()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

/** A blank string counts as no value. */
export const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** An email address, or null when left blank. */
export const optionalEmail = z.preprocess(emptyToNull, z.email('Enter a valid email address').nullable().optional());

export const paging = {
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(10).max(100).default(25),
};
