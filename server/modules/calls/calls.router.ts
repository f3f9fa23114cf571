import { z } from 'zod';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { id } from '@server/platform/lib/common.schema';
import { listCallsInput, updateMissedCallSettingsInput } from './calls.schema';
import { getCall, listCalls } from './calls.service';
import { getMissedCallSettings, updateMissedCallSettings } from './missed-call-settings.service';
import { answerCall, declineCall, endCall, ringingCalls } from './incoming-call.service';

/** Calls: Missed calls → History (list, one call). */
export const callsRouter = router({
  list: protectedProcedure.input(listCallsInput).query(({ ctx, input }) => listCalls(companyScope(ctx), input)),
  get: protectedProcedure.input(z.object({ id })).query(({ ctx, input }) => getCall(companyScope(ctx), input.id)),
  /** The app's incoming-call card: calls ringing the team now; a test-phone call can be answered, declined and ended here. */
  ringing: protectedProcedure.query(({ ctx }) => ringingCalls(companyScope(ctx))),
  answer: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => answerCall(companyScope(ctx), ctx.deps.messaging, input.id)),
  decline: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => declineCall(companyScope(ctx), ctx.deps.messaging, input.id)),
  end: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => endCall(companyScope(ctx), ctx.deps.messaging, input.id)),
});

/** Missed calls → Basic and Voicemail: the settings of the text-back, the routing and the voicemail. */
export const missedCallsRouter = router({
  settings: router({
    get: protectedProcedure.query(({ ctx }) => getMissedCallSettings(companyScope(ctx))),
    update: protectedProcedure.input(updateMissedCallSettingsInput).mutation(({ ctx, input }) => updateMissedCallSettings(companyScope(ctx), input)),
  }),
});
