import { z } from 'zod';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { id } from '@server/platform/lib/common.schema';
import { listCallsInput, updateMissedCallSettingsInput } from './calls.schema';
import { getCall, listCalls, ringingCalls } from './calls.service';
import { getMissedCallSettings, updateMissedCallSettings } from './missed-call-settings.service';

/** Calls: Missed calls → History (list, one call); mounted as `calls` by the app router. */
export const callProcedures = {
  list: protectedProcedure.input(listCallsInput).query(({ ctx, input }) => listCalls(companyScope(ctx), input)),
  get: protectedProcedure.input(z.object({ id })).query(({ ctx, input }) => getCall(companyScope(ctx), input.id)),
  /** The app's incoming-call card: calls ringing the team now (a test-phone call is answered there: test-phone's `incomingCallProcedures`). */
  ringing: protectedProcedure.query(({ ctx }) => ringingCalls(companyScope(ctx))),
};

/** Missed calls → Basic and Voicemail: the settings of the text-back, the routing and the voicemail. */
export const missedCallsRouter = router({
  settings: router({
    get: protectedProcedure.query(({ ctx }) => getMissedCallSettings(companyScope(ctx))),
    update: protectedProcedure.input(updateMissedCallSettingsInput).mutation(({ ctx, input }) => updateMissedCallSettings(companyScope(ctx), input)),
  }),
});
