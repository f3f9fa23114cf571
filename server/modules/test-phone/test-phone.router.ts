import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '@contracts/merge-tags';
import { id, usCaPhone } from '@server/platform/lib/common.schema';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { endSimulatedAiSession, hangUpSimulatedCall, leaveSimulatedVoicemail, simulateCall, simulatedCallProgress } from './call-simulator.service';
import { answerCall, declineCall, endCall } from './incoming-call.service';
import { aiSessionEndedInput, leaveVoicemailInput, simulateCallInput, simulatedCallInput } from './test-phone.schema';
import { addDevice, deviceThread, listDevices, removeDevice, sendFromDevice, setDeviceBehavior } from './test-phone.service';

/** Settings → Phone → Test phone: its handsets, their texts and calls; mounted as `phone.simulator` by the app router. */
export const testPhoneRouter = router({
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
    .mutation(({ ctx, input }) => sendFromDevice(companyScope(ctx), ctx.services, input)),
  /** The test phone calls the business: the same steps as a Twilio call, scheduled on the job queue ("call" is a word tRPC reserves). */
  placeCall: protectedProcedure.input(simulateCallInput).mutation(({ ctx, input }) => simulateCall(companyScope(ctx), ctx.services, input)),
  /** Where the test phone's call is (ringing, answered, at the greeting, over), for its screen. */
  callProgress: protectedProcedure.input(simulatedCallInput).query(({ ctx, input }) => simulatedCallProgress(companyScope(ctx), ctx.services, input)),
  /** The assistant's session on the test phone's call ended (`end` received): the `<Connect>`'s action, as Twilio calls it. */
  aiSessionEnded: protectedProcedure.input(aiSessionEndedInput).mutation(({ ctx, input }) => endSimulatedAiSession(companyScope(ctx), ctx.services, input)),
  leaveVoicemail: protectedProcedure.input(leaveVoicemailInput).mutation(({ ctx, input }) => leaveSimulatedVoicemail(companyScope(ctx), ctx.services, input)),
  hangUp: protectedProcedure.input(simulatedCallInput).mutation(({ ctx, input }) => hangUpSimulatedCall(companyScope(ctx), ctx.services, input)),
  thread: protectedProcedure.input(z.object({ deviceId: id })).query(({ ctx, input }) => deviceThread(companyScope(ctx), input.deviceId)),
});

/** The app's incoming-call card answers, declines and ends a ringing test-phone call; mounted beside `calls.ringing`. */
export const incomingCallProcedures = {
  answer: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => answerCall(companyScope(ctx), ctx.services, input.id)),
  decline: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => declineCall(companyScope(ctx), ctx.services, input.id)),
  end: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => endCall(companyScope(ctx), ctx.services, input.id)),
};
