import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '@contracts/merge-tags';
import {
  addDevice,
  addProtectedNumber,
  connectTwilioNumber,
  deviceThread,
  getPhoneSettings,
  listDevices,
  removeDevice,
  removeProtectedNumber,
  searchTwilioNumbers,
  sendFromDevice,
  setAlertPhone,
  setDeviceBehavior,
  useSimulatedNumber,
} from './phone-numbers.service';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { id, optionalText, usCaPhone } from '@server/platform/lib/common.schema';
import { leaveVoicemailInput, simulateCallInput, simulatedCallInput } from '@server/modules/calls/calls.schema';
import { hangUpSimulatedCall, leaveSimulatedVoicemail, simulateCall, simulatedCallProgress } from '@server/modules/calls/call-simulator.service';

/** Settings → Phone: the business number, the owner's alert number, protected numbers, and the test phone. */
export const phoneRouter = router({
  get: protectedProcedure.query(({ ctx }) => getPhoneSettings(companyScope(ctx), { twilioConfigured: ctx.deps.provisioning !== null })),
  useSimulator: protectedProcedure.mutation(({ ctx }) => useSimulatedNumber(companyScope(ctx))),
  searchNumbers: protectedProcedure
    .input(z.object({ country: z.enum(['US', 'CA']).default('US'), areaCode: z.string().regex(/^[2-9]\d{2}$/, 'Enter a 3-digit area code') }))
    .query(({ ctx, input }) => searchTwilioNumbers(ctx.deps.provisioning, input)),
  connectNumber: protectedProcedure
    .input(z.object({ e164: usCaPhone, mode: z.enum(['buy', 'existing']) }))
    .mutation(({ ctx, input }) => connectTwilioNumber(companyScope(ctx), ctx.deps.provisioning, ctx.deps.env.PUBLIC_URL, input)),
  setAlertPhone: protectedProcedure
    .input(z.object({ phone: usCaPhone.nullable() }))
    .mutation(({ ctx, input }) => setAlertPhone(companyScope(ctx), input.phone)),
  addProtected: protectedProcedure
    .input(z.object({ phone: usCaPhone, label: optionalText('Label', 80) }))
    .mutation(({ ctx, input }) => addProtectedNumber(companyScope(ctx), { e164: input.phone, label: input.label })),
  removeProtected: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => removeProtectedNumber(companyScope(ctx), input.id)),

  simulator: router({
    devices: protectedProcedure.query(({ ctx }) => listDevices(companyScope(ctx))),
    addDevice: protectedProcedure
      .input(z.object({ phone: usCaPhone.nullable().default(null) }))
      .mutation(({ ctx, input }) => addDevice(companyScope(ctx), input.phone)),
    setBehavior: protectedProcedure
      .input(z.object({ id, behavior: z.enum(['deliver', 'unreachable', 'landline', 'carrier_filtered']) }))
      .mutation(({ ctx, input }) => setDeviceBehavior(companyScope(ctx), input.id, input.behavior)),
    removeDevice: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => removeDevice(companyScope(ctx), input.id)),
    send: protectedProcedure
      .input(
        z.object({
          deviceId: id,
          body: z.string().trim().max(MAX_TEXT_LENGTH, `Texts are at most ${MAX_TEXT_LENGTH} characters`).default(''),
          mediaUrls: z.array(z.url({ protocol: /^https?$/, error: 'Media must be an http(s) link' })).max(5).default([]),
        }).refine((v) => v.body.length > 0 || v.mediaUrls.length > 0, { message: 'Write a message or attach a photo link', path: ['body'] }),
      )
      .mutation(({ ctx, input }) => sendFromDevice(companyScope(ctx), ctx.deps.messaging, input)),
    /** The test phone calls the business: the same steps as a Twilio call, scheduled on the job queue ("call" is a word tRPC reserves). */
    placeCall: protectedProcedure.input(simulateCallInput).mutation(({ ctx, input }) => simulateCall(companyScope(ctx), ctx.deps.messaging, input)),
    /** Where the test phone's call is (ringing, answered, at the greeting, over), for its screen. */
    callProgress: protectedProcedure.input(simulatedCallInput).query(({ ctx, input }) => simulatedCallProgress(companyScope(ctx), input)),
    leaveVoicemail: protectedProcedure.input(leaveVoicemailInput).mutation(({ ctx, input }) => leaveSimulatedVoicemail(companyScope(ctx), ctx.deps.messaging, input)),
    hangUp: protectedProcedure.input(simulatedCallInput).mutation(({ ctx, input }) => hangUpSimulatedCall(companyScope(ctx), ctx.deps.messaging, input)),
    thread: protectedProcedure.input(z.object({ deviceId: id })).query(({ ctx, input }) => deviceThread(companyScope(ctx), input.deviceId)),
  }),
});
