import { z } from 'zod';
import { FLOW_RUN_STATUSES } from '@contracts/flows';
import { id } from '@server/platform/lib/common.schema';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { getFlowRunSteps, listFlowRuns } from './flow-runs.service';
import { getFollowUps, updateFollowUps } from './follow-ups.service';
import { updateFollowUpsInput } from './flows.schema';

/** Automations: for now the built-in no-reply follow-ups (Chat widget → Follow-ups); saving: owners and admins. */
export const flowsRouter = router({
  followUps: router({
    get: protectedProcedure.query(({ ctx }) => getFollowUps(companyScope(ctx))),
    update: protectedProcedure.input(updateFollowUpsInput).mutation(({ ctx, input }) => updateFollowUps(companyScope(ctx), input)),
  }),
  /** Logs → Flow runs: the runs, newest first (keyset pages), and one run's step log. */
  runs: router({
    list: protectedProcedure
      .input(
        z.object({
          status: z.enum(FLOW_RUN_STATUSES).optional(),
          flowId: id.optional(),
          search: z.string().trim().max(100).optional(),
          cursor: z.string().max(100).optional(),
          limit: z.number().int().min(1).max(100).default(30),
        }),
      )
      .query(({ ctx, input }) => listFlowRuns(companyScope(ctx), input)),
    steps: protectedProcedure.input(z.object({ id })).query(({ ctx, input }) => getFlowRunSteps(companyScope(ctx), input.id)),
  }),
});
