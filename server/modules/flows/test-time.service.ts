import { and, desc, eq, inArray, isNotNull, isNull, min, sql } from 'drizzle-orm';
import { type FlowGraph, flowProblems } from '@contracts/flows';
import { flowDraftSchema, flowFieldProblems } from '@contracts/flows.schema';
import { contacts, conversations, flowRunSteps, flowRuns, flows, flowVersions, jobs, leads, messages, reviewRequests, simulatorDevices } from '@server/platform/db/schema';
import { REVIEW_REMINDER_QUEUE, REVIEW_SEND_QUEUE } from '@server/modules/reviews/review-texts';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { assertMayCall } from '@server/modules/team/managers';
import { startRun } from './flow-runs-lifecycle';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError, notFound } from '@server/platform/errors/app-error';
import { MINUTE } from '@server/platform/lib/clock';
import type { AppServices } from '@server/platform/services';
import { FLOW_STEP_QUEUE } from './flow-runtime';
import { NO_REPLY_QUEUE } from './follow-ups.service';

/**
 * "Move time forward" for the company's test phones (issue 23: a flow tested with time compressed). Real customers
 * are never touched: only runs whose contact is one of the company's test phones (Settings → Phone), and the
 * no-reply checks of texts to those phones. Moving forward N minutes brings each such wait N minutes nearer — the
 * waiting step's due time in its log and its job in the queue move together — and no history is rewritten: the texts
 * and the moments waits count replies from stay as they were. Any team member may do it (it only moves test work).
 */
export interface MovedForward {
  runs: number;
  checks: number;
  /** Review requests (and their reminders) waiting to text a test phone. */
  reviews: number;
}

export async function moveTestTimeForward(scope: CompanyScope, deps: Pick<AppServices, 'queue'>, input: { minutes: number; runId?: string | undefined }): Promise<MovedForward> {
  const delta = input.minutes * MINUTE;
  const moved = await scope.db.transaction(async (tx) => {
    const runs = await tx
      .select({ id: flowRuns.id, stepId: flowRuns.currentStepId, test: flowRuns.test })
      .from(flowRuns)
      .where(and(eq(flowRuns.companyId, scope.companyId), eq(flowRuns.status, 'active'), ...(input.runId ? [eq(flowRuns.id, input.runId)] : [eq(flowRuns.test, true)])));
    if (input.runId && runs.length === 0) throw notFound('Flow run');
    if (input.runId && !runs[0]!.test) throw new AppError('INVALID', 'Only a run on a test phone can skip ahead: a real customer’s waits keep their time.');
    let runCount = 0;
    for (const run of runs) {
      if (!run.stepId) continue;
      const [waiting] = await tx
        .update(flowRunSteps)
        .set({ dueAt: sql`${flowRunSteps.dueAt} - (${delta} * interval '1 millisecond')` })
        .where(and(eq(flowRunSteps.runId, run.id), eq(flowRunSteps.stepId, run.stepId), eq(flowRunSteps.outcome, 'waiting'), isNotNull(flowRunSteps.dueAt)))
        .returning({ dueAt: flowRunSteps.dueAt });
      if (!waiting?.dueAt) continue;
      await deps.queue.advance(tx, FLOW_STEP_QUEUE, `${run.id}:${run.stepId}`, waiting.dueAt);
      runCount += 1;
    }
    if (input.runId) return { runs: runCount, checks: 0, reviews: 0 };
    // No-reply checks of texts to test phones: due sooner, and the check knows by how much (`shiftMs`).
    const toTestPhones = tx
      .select({ id: sql`${messages.id}::text` })
      .from(messages)
      .innerJoin(simulatorDevices, and(eq(simulatorDevices.companyId, messages.companyId), eq(simulatorDevices.e164, messages.toNumber)))
      .where(eq(messages.companyId, scope.companyId));
    const checks = await tx
      .update(jobs)
      .set({
        runAt: sql`${jobs.runAt} - (${delta} * interval '1 millisecond')`,
        payload: sql`jsonb_set(${jobs.payload}, '{shiftMs}', to_jsonb(coalesce((${jobs.payload}->>'shiftMs')::bigint, 0) + ${delta}))`,
      })
      .where(and(eq(jobs.companyId, scope.companyId), eq(jobs.queue, NO_REPLY_QUEUE), eq(jobs.status, 'pending'), inArray(sql`${jobs.payload}->>'messageId'`, toTestPhones)))
      .returning({ id: jobs.id });
    // Review requests to test phones (the won job's 2-hour wait, the 3-day reminder): due sooner too.
    const testContacts = tx
      .select({ id: contacts.id })
      .from(contacts)
      .innerJoin(simulatorDevices, and(eq(simulatorDevices.companyId, contacts.companyId), eq(simulatorDevices.e164, contacts.phone)))
      .where(eq(contacts.companyId, scope.companyId));
    await tx
      .update(reviewRequests)
      .set({ sendAt: sql`${reviewRequests.sendAt} - (${delta} * interval '1 millisecond')` })
      .where(and(eq(reviewRequests.companyId, scope.companyId), eq(reviewRequests.status, 'pending'), inArray(reviewRequests.contactId, testContacts)));
    const toTestPhonesReviews = tx.select({ id: sql`${reviewRequests.id}::text` }).from(reviewRequests).where(and(eq(reviewRequests.companyId, scope.companyId), inArray(reviewRequests.contactId, testContacts)));
    const reviews = await tx
      .update(jobs)
      .set({ runAt: sql`${jobs.runAt} - (${delta} * interval '1 millisecond')` })
      .where(and(eq(jobs.companyId, scope.companyId), inArray(jobs.queue, [REVIEW_SEND_QUEUE, REVIEW_REMINDER_QUEUE]), eq(jobs.status, 'pending'), inArray(sql`${jobs.payload}->>'requestId'`, toTestPhonesReviews)))
      .returning({ id: jobs.id });
    return { runs: runCount, checks: checks.length, reviews: reviews.length };
  });
  deps.queue.wake();
  return moved;
}

/** Skips what a test run is waiting for: time moves forward just enough for its current wait to be over. */
export async function skipTestWait(scope: CompanyScope, deps: Pick<AppServices, 'queue'>, runId: string): Promise<MovedForward> {
  const [own] = await scope.db.select({ id: flowRuns.id }).from(flowRuns).where(and(eq(flowRuns.id, runId), eq(flowRuns.companyId, scope.companyId))).limit(1);
  if (!own) throw notFound('Flow run');
  const [waiting] = await scope.db
    .select({ dueAt: flowRunSteps.dueAt })
    .from(flowRuns)
    .innerJoin(flowRunSteps, and(eq(flowRunSteps.runId, flowRuns.id), eq(flowRunSteps.stepId, flowRuns.currentStepId), eq(flowRunSteps.outcome, 'waiting')))
    .where(and(eq(flowRuns.id, runId), eq(flowRuns.companyId, scope.companyId), eq(flowRuns.status, 'active')))
    .limit(1);
  if (!waiting?.dueAt) throw new AppError('INVALID', 'This run is not waiting for anything.');
  const minutes = Math.max(1, Math.ceil((waiting.dueAt.getTime() - scope.now.getTime()) / MINUTE));
  return moveTestTimeForward(scope, deps, { minutes, runId });
}

/**
 * The editor's "Test": the draft as it is now, run once on one of the company's test phones — whether or not the
 * flow is on, and without publishing it (a sandbox version, never listed in the history). The test phone must have
 * texted the business first: a flow only texts people who wrote in, a test too. Its waits can be skipped.
 */
export async function startTestRun(scope: CompanyScope, deps: AppServices, input: { id: string; deviceId: string }): Promise<{ runId: string }> {
  return transactionWithEvents(deps, async (tx) => {
    await assertMayCall(tx, scope, 'flows.test', 'flows');
    const [flow] = await tx.select().from(flows).where(and(eq(flows.id, input.id), eq(flows.companyId, scope.companyId), eq(flows.kind, 'custom'))).limit(1);
    if (!flow) throw notFound('Flow');
    const parsed = flowDraftSchema.safeParse(flow.settings);
    if (!parsed.success) throw new AppError('INVALID', 'The draft could not be read: save it again.');
    const draft = parsed.data as FlowGraph;
    const field = flowFieldProblems(draft)[0];
    const problem = flowProblems(draft)[0]?.message ?? (field ? `“${field.stepId ?? 'the trigger'}”: ${field.message}` : null);
    if (problem) throw new AppError('INVALID', `Fix this before testing: ${problem}.`);
    const [device] = await tx.select().from(simulatorDevices).where(and(eq(simulatorDevices.id, input.deviceId), eq(simulatorDevices.companyId, scope.companyId))).limit(1);
    if (!device) throw notFound('Test phone');
    const [contact] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.companyId, scope.companyId), eq(contacts.phone, device.e164), isNull(contacts.mergedIntoId)))
      .limit(1);
    const [conversation] = contact
      ? await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.contactId, contact.id)).orderBy(desc(conversations.lastMessageAt)).limit(1)
      : [];
    if (!contact || !conversation) throw new AppError('PRECONDITION_FAILED', 'Text your business number from this test phone first (Settings → Phone): a flow only texts people who wrote to you, a test too.');
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.contactId, contact.id)).orderBy(desc(leads.createdAt)).limit(1);
    const [lowest] = await tx.select({ number: min(flowVersions.number) }).from(flowVersions).where(eq(flowVersions.flowId, flow.id));
    const [version] = await tx
      .insert(flowVersions)
      .values({ companyId: scope.companyId, flowId: flow.id, number: Math.min(0, lowest?.number ?? 0) - 1, graph: draft, sandbox: true, createdAt: scope.now })
      .returning({ id: flowVersions.id });
    const runId = await startRun(tx, deps, {
      flow,
      versionId: version!.id,
      contactId: contact.id,
      leadId: lead?.id ?? null,
      conversationId: conversation.id,
      anchorAt: scope.now,
      triggerKey: `test:${version!.id}`,
      startStep: draft.start,
      now: scope.now,
      sandbox: true,
    });
    if (!runId) throw new Error('a test run was not started');
    return { runId };
  });
}
