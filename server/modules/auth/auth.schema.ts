import metadata from 'libphonenumber-js/min/metadata';
import { z } from 'zod';
import { INVALID_US_CA_PHONE_MESSAGE, parseUsCaPhone } from '@contracts/phone';
import { emptyToNull } from '@server/platform/lib/common.schema';

export const emailInput = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), `${label} contains invalid characters`);

/** null, or a valid US/Canadian number written in E.164 (+1 and ten digits). */
export const signupPhoneInput = z.preprocess(
  emptyToNull,
  z
    .string()
    .trim()
    .regex(/^\+1\d{10}$/, 'Phone must be in E.164 format, e.g. +14155550123')
    .transform((value, ctx) => {
      const parsed = parseUsCaPhone(value, metadata);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: INVALID_US_CA_PHONE_MESSAGE });
        return z.NEVER;
      }
      return parsed;
    })
    .nullable()
    .optional(),
);

export const createNewUserAccountInput = z.object({
  email: emailInput,
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  companyName: requiredText('Company name', 200),
  signupPhone: signupPhoneInput,
  referralCode: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(64, 'Referral code is too long')
      .regex(/^[A-Za-z0-9_-]+$/, 'Referral code may contain only letters, digits, - and _')
      .nullable()
      .optional(),
  ),
  referrer: z.preprocess(emptyToNull, z.string().max(2048, 'Referrer is too long').nullable().optional()),
  params: z
    .record(z.string().max(100, 'Parameter names are at most 100 characters'), z.string().max(2000, 'Parameter values are at most 2000 characters'))
    .refine((p) => Object.keys(p).length <= 50, 'At most 50 parameters')
    .optional(),
});
export type CreateNewUserAccountInput = z.output<typeof createNewUserAccountInput>;

export const initializeUserLoginVerificationInput = z.object({ email: emailInput });

export const verifyUserEmailInput = z.object({
  email: emailInput,
  code: z.string({ error: 'Code is required' }).trim().min(1, 'Code is required').max(32, 'Code is too long'),
});
