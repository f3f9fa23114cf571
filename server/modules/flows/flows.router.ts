import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { getFollowUps, updateFollowUps } from './follow-ups.service';
import { updateFollowUpsInput } from './flows.schema';

/** Automations: for now the built-in no-reply follow-ups (Chat widget → Follow-ups); saving: owners and admins. */
export const flowsRouter = router({
  followUps: router({
    get: protectedProcedure.query(({ ctx }) => getFollowUps(companyScope(ctx))),
    update: protectedProcedure.input(updateFollowUpsInput).mutation(({ ctx, input }) => updateFollowUps(companyScope(ctx), input)),
  }),
});
