import { z } from 'zod';
import { FLOW_RUN_STATUSES, FLOW_STATUSES, MAX_WAIT_MINUTES } from '@contracts/flows';
import { id } from '@server/platform/lib/common.schema';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { getFlowRun, getFlowRunSteps, listFlowRuns } from './flow-runs.service';
import { moveTestTimeForward, skipTestWait, startTestRun } from './test-time.service';
import { replayFlow } from './replay.service';
import { getFlowWebhook, makeFlowWebhookSecret } from './flow-webhook';
import { getFollowUps, updateFollowUps } from './follow-ups.service';
import { createFlow, getFlow, listFlows, publishFlow, restoreVersion, saveDraft, setFlowStatus } from './flows.service';
import { updateFollowUpsInput } from './flows.schema';

const name = z.string().trim().min(1, 'Name the flow').max(80, 'A flow name is at most 80 characters');

/** Automations: the flows (list, drafts, versions, status), the built-in follow-ups, and the runs log. */
export const flowsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listFlows(companyScope(ctx))),
  get: protectedProcedure.input(z.object({ id })).query(({ ctx, input }) => getFlow(companyScope(ctx), input.id)),
  create: protectedProcedure.input(z.object({ name, template: z.string().max(40).optional() })).mutation(({ ctx, input }) => createFlow(companyScope(ctx), input)),
  /** The editor's autosave: the graph is checked against the flow schema in the service (its problems are listed, not refused). */
  saveDraft: protectedProcedure
    .input(z.object({ id, expectedVersion: z.number().int().min(1), name, graph: z.unknown() }))
    .mutation(({ ctx, input }) => saveDraft(companyScope(ctx), input)),
  publish: protectedProcedure.input(z.object({ id, expectedVersion: z.number().int().min(1) })).mutation(({ ctx, input }) => publishFlow(companyScope(ctx), input)),
  setStatus: protectedProcedure.input(z.object({ id, status: z.enum(FLOW_STATUSES) })).mutation(({ ctx, input }) => setFlowStatus(companyScope(ctx), input)),
  restoreVersion: protectedProcedure
    .input(z.object({ id, number: z.number().int().min(1), expectedVersion: z.number().int().min(1) }))
    .mutation(({ ctx, input }) => restoreVersion(companyScope(ctx), input)),
  /** Before publishing: the draft and the published version replayed over the last 50 conversations (nothing sent). */
  replay: protectedProcedure.input(z.object({ id })).query(({ ctx, input }) => replayFlow(companyScope(ctx), input.id)),
  /** The editor's "Test": the draft run once on a test phone. */
  test: protectedProcedure.input(z.object({ id, deviceId: id })).mutation(({ ctx, input }) => startTestRun(companyScope(ctx), ctx.services, input)),
  /** Test phones only: their flow waits and no-reply checks come this much sooner. */
  moveTestTimeForward: protectedProcedure
    .input(z.object({ minutes: z.number().int().min(1).max(MAX_WAIT_MINUTES) }))
    .mutation(({ ctx, input }) => moveTestTimeForward(companyScope(ctx), ctx.services, input)),
  /** The flow's inbound webhook: its address, and a signing secret made (or replaced) and shown once. */
  webhook: router({
    get: protectedProcedure.input(z.object({ id })).query(({ ctx, input }) => getFlowWebhook(companyScope(ctx), ctx.services, input.id)),
    makeSecret: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => makeFlowWebhookSecret(companyScope(ctx), ctx.services, input.id)),
  }),
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
    get: protectedProcedure.input(z.object({ id })).query(({ ctx, input }) => getFlowRun(companyScope(ctx), input.id)),
    /** A test phone's run only: time moves forward until its current wait is over. */
    skipWait: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => skipTestWait(companyScope(ctx), ctx.services, input.id)),
  }),
});
