import { z } from 'zod';
import {
  type Country,
  normalizePostalCode,
  normalizeServiceAreaEntry,
  regionsOf,
  TIME_OF_DAY,
  TIME_ZONE_VALUES,
  TRADE_VALUES,
  WEEKDAYS,
} from '@contracts/company';
import { id, optionalText } from '@server/platform/lib/common.schema';

const dayHours = z
  .object({
    open: z.string().regex(TIME_OF_DAY, 'Use HH:MM (24-hour)'),
    close: z.string().regex(TIME_OF_DAY, 'Use HH:MM (24-hour)'),
  })
  .refine((d) => d.open < d.close, { message: 'Closing time must be after opening time', path: ['close'] })
  .nullable();

const weeklyHoursInput = z.object(Object.fromEntries(WEEKDAYS.map((d) => [d.key, dayHours])) as Record<(typeof WEEKDAYS)[number]['key'], typeof dayHours>);

const website = z.preprocess(
  (v) => {
    if (typeof v !== 'string' || v.trim() === '') return null;
    const trimmed = v.trim();
    return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  },
  z
    .string()
    .max(300, 'Website must be at most 300 characters')
    .refine((v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
      } catch {
        return false;
      }
    }, 'Enter a website address like example.com')
    .nullable(),
);

export const updateCompanyInput = z.object({
  /** The record's `updatedAt` (ms) as loaded: a stale form answers CONFLICT instead of overwriting someone else. */
  expectedUpdatedAt: z.number().int().nonnegative(),
  name: z.string().trim().min(1, 'Business name is required').max(200, 'Business name must be at most 200 characters'),
  legalName: optionalText('Legal name', 200),
  trade: z.enum(TRADE_VALUES, { error: 'Choose your trade from the list' }).nullable(),
  website,
  timezone: z.enum(TIME_ZONE_VALUES, { error: 'Choose a North American time zone' }),
  hours: weeklyHoursInput,
  /** One of the company's uploads (POST /uploads/images), null to remove the logo; left out, the logo stays as it is. */
  logoFileId: id.nullable().optional(),
});
export type UpdateCompanyInput = z.output<typeof updateCompanyInput>;

export const updateAddressInput = z
  .object({
    expectedUpdatedAt: z.number().int().nonnegative(),
    country: z.enum(['US', 'CA'], { error: 'Choose United States or Canada' }),
    line1: z.string().trim().min(1, 'Street address is required').max(200),
    line2: optionalText('Address line 2', 200),
    city: z.string().trim().min(1, 'City is required').max(100),
    region: z.string().trim().toUpperCase(),
    postalCode: z.string().trim(),
    serviceArea: z.array(z.string().max(10)).max(500, 'At most 500 service-area entries').default([]),
  })
  .transform((input, ctx) => {
    const country = input.country as Country;
    if (!regionsOf(country)[input.region]) {
      ctx.addIssue({ code: 'custom', path: ['region'], message: country === 'CA' ? 'Choose a province or territory' : 'Choose a state' });
    }
    const postalCode = normalizePostalCode(country, input.postalCode);
    if (!postalCode) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: country === 'CA' ? 'Enter a postal code like K1A 0B1' : 'Enter a ZIP code like 94103' });
    }
    const serviceArea: string[] = [];
    input.serviceArea.forEach((entry, index) => {
      const normalized = normalizeServiceAreaEntry(country, entry);
      if (!normalized) {
        ctx.addIssue({
          code: 'custom',
          path: ['serviceArea', index],
          message: `"${entry}" is not a ${country === 'CA' ? 'postal code or its first three characters' : '5-digit ZIP code'}`,
        });
      } else if (!serviceArea.includes(normalized)) {
        serviceArea.push(normalized);
      }
    });
    return { ...input, country, postalCode: postalCode ?? '', serviceArea };
  });
export type UpdateAddressInput = z.output<typeof updateAddressInput>;
