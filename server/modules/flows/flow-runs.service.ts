import { and, asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FlowRunStatus, FlowStopReason } from '@contracts/flows';
import { contacts, flowRunSteps, flowRuns, flows } from '@server/platform/db/schema';
import { afterCursor, keysetPage } from '@server/platform/db/keyset';
import type { CompanyScope } from '@server/platform/db/scope';
import { notFound } from '@server/platform/errors/app-error';

/**
 * Logs → Flow runs (issue 23 item 6): every run of the company's automations, newest first, searchable by the
 * contact (name or number), by flow and by how it ended, a page at a time; a run's step log on request. Scoped to
 * the caller's company: another company's run is NOT_FOUND.
 */
export interface FlowRunsInput {
  status?: FlowRunStatus | undefined;
  flowId?: string | undefined;
  search?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

export async function listFlowRuns(scope: CompanyScope, input: FlowRunsInput) {
  const conditions: SQL[] = [eq(flowRuns.companyId, scope.companyId)];
  if (input.status) conditions.push(eq(flowRuns.status, input.status));
  if (input.flowId) conditions.push(eq(flowRuns.flowId, input.flowId));
  const search = input.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = search.replace(/\D/g, '');
    const matches = [ilike(contacts.firstName, like), ilike(contacts.lastName, like)];
    if (digits.length >= 3) matches.push(ilike(contacts.phone, `%${digits}%`));
    conditions.push(or(...matches)!);
  }
  const rows = await scope.db
    .select({ run: flowRuns, flowName: flows.name, flowKind: flows.kind, firstName: contacts.firstName, lastName: contacts.lastName, phone: contacts.phone })
    .from(flowRuns)
    .innerJoin(flows, eq(flows.id, flowRuns.flowId))
    .innerJoin(contacts, eq(contacts.id, flowRuns.contactId))
    .where(and(...conditions, ...afterCursor(input.cursor, flowRuns.startedAt, flowRuns.id)))
    .orderBy(desc(flowRuns.startedAt), desc(flowRuns.id))
    .limit(input.limit + 1);
  const { page, nextCursor } = keysetPage(rows, input.limit, (row) => ({ at: row.run.startedAt.getTime(), id: row.run.id }));
  return {
    items: page.map(({ run, flowName, flowKind, firstName, lastName, phone }) => ({
      id: run.id,
      flowId: run.flowId,
      flowName,
      flowKind,
      contactId: run.contactId,
      leadId: run.leadId,
      contactName: [firstName, lastName].filter(Boolean).join(' ') || null,
      phone,
      status: run.status as FlowRunStatus,
      stopReason: run.stopReason as FlowStopReason | null,
      currentStepId: run.currentStepId,
      /** On a test phone: its waits can be skipped. */
      test: run.test,
      startedAt: run.startedAt.getTime(),
      endedAt: run.endedAt?.getTime() ?? null,
    })),
    nextCursor,
  };
}

/** One run as the editor's test panel follows it: how it stands, and its step log. */
export async function getFlowRun(scope: CompanyScope, runId: string) {
  const [run] = await scope.db.select().from(flowRuns).where(and(eq(flowRuns.id, runId), eq(flowRuns.companyId, scope.companyId))).limit(1);
  if (!run) throw notFound('Flow run');
  return {
    id: run.id,
    status: run.status as FlowRunStatus,
    stopReason: run.stopReason as FlowStopReason | null,
    currentStepId: run.currentStepId,
    test: run.test,
    steps: await getFlowRunSteps(scope, runId),
  };
}

/** One run's step log, oldest first: each step, when, and how it went (why it waited or stopped). */
export async function getFlowRunSteps(scope: CompanyScope, runId: string) {
  const [run] = await scope.db.select({ id: flowRuns.id }).from(flowRuns).where(and(eq(flowRuns.id, runId), eq(flowRuns.companyId, scope.companyId))).limit(1);
  if (!run) throw notFound('Flow run');
  const steps = await scope.db
    .select()
    .from(flowRunSteps)
    .where(and(eq(flowRunSteps.runId, runId), eq(flowRunSteps.companyId, scope.companyId)))
    .orderBy(asc(flowRunSteps.seq));
  return steps.map((step) => ({
    id: step.id,
    stepId: step.stepId,
    type: step.type,
    outcome: step.outcome,
    detail: step.detail,
    messageId: step.messageId,
    at: step.createdAt.getTime(),
    dueAt: step.dueAt?.getTime() ?? null,
  }));
}
