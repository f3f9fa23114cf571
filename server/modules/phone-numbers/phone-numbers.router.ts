import { z } from 'zod';
import {
  addProtectedNumber,
  connectTwilioNumber,
  getPhoneSettings,
  removeProtectedNumber,
  searchTwilioNumbers,
  setAlertPhone,
  useSimulatedNumber,
} from './phone-numbers.service';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure } from '@server/platform/trpc/trpc';
import { id, optionalText, usCaPhone } from '@server/platform/lib/common.schema';

/** Settings → Phone: the business number, the owner's alert number and protected numbers; mounted as `phone` by the app router (the test phone as `phone.simulator`). */
export const phoneProcedures = {
  get: protectedProcedure.query(({ ctx }) => getPhoneSettings(companyScope(ctx), { twilioConfigured: ctx.services.provisioning !== null })),
  useSimulator: protectedProcedure.mutation(({ ctx }) => useSimulatedNumber(companyScope(ctx))),
  searchNumbers: protectedProcedure
    .input(z.object({ country: z.enum(['US', 'CA']).default('US'), areaCode: z.string().regex(/^[2-9]\d{2}$/, 'Enter a 3-digit area code') }))
    .query(({ ctx, input }) => searchTwilioNumbers(ctx.services.provisioning, input)),
  connectNumber: protectedProcedure
    .input(z.object({ e164: usCaPhone, mode: z.enum(['buy', 'existing']) }))
    .mutation(({ ctx, input }) => connectTwilioNumber(companyScope(ctx), ctx.services.provisioning, ctx.services.env.PUBLIC_URL, input)),
  setAlertPhone: protectedProcedure
    .input(z.object({ phone: usCaPhone.nullable() }))
    .mutation(({ ctx, input }) => setAlertPhone(companyScope(ctx), input.phone)),
  addProtected: protectedProcedure
    .input(z.object({ phone: usCaPhone, label: optionalText('Label', 80) }))
    .mutation(({ ctx, input }) => addProtectedNumber(companyScope(ctx), { e164: input.phone, label: input.label })),
  removeProtected: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => removeProtectedNumber(companyScope(ctx), input.id)),
};
