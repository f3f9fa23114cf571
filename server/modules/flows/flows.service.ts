import { and, count, desc, eq, max, notLike } from 'drizzle-orm';
import { describeGraphChanges, type FlowGraph, flowProblems, type FlowStatus } from '@contracts/flows';
import { FLOW_TEMPLATES } from '@contracts/flow-templates';
import { flowDraftSchema, flowFieldProblems } from '@contracts/flows.schema';
import { flowRuns, flows, flowVersions } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError, invalidField, notFound } from '@server/platform/errors/app-error';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import { assertMayCall, mayCallNow } from '@server/modules/team/managers';
import { ensureFollowUpsFlow } from './follow-ups.service';

/**
 * The flows a company builds (issue 23 items 1 and 3, the part under the editor): a draft graph saved as it is being
 * drawn (any shape the schema accepts, problems and all), published as a new version only when it has no problem,
 * active / paused / archived, versions listed and restorable into the draft. Every call is scoped to the caller's
 * company: another company's flow is NOT_FOUND. Changing flows is for owners and admins.
 */

/** A new flow starts from this: a new SMS lead gets a text, and a second one if they do not answer within a day. */
export const BLANK_FLOW: FlowGraph = {
  trigger: { type: 'lead_created', sources: ['sms'] },
  start: 'welcome',
  steps: [
    { id: 'welcome', type: 'send_sms', body: 'Hi {first_name}, thanks for texting {business_name}! How can we help?', next: 'answer' },
    { id: 'answer', type: 'wait_for_reply', minutes: 24 * 60, replied: null, timeout: 'nudge' },
    { id: 'nudge', type: 'send_sms', body: 'Hi {first_name}, just checking in: still need a hand?', next: null },
  ],
};

type FlowRow = typeof flows.$inferSelect;

async function ownFlow(scope: CompanyScope, id: string): Promise<FlowRow> {
  const [flow] = await scope.db.select().from(flows).where(and(eq(flows.id, id), eq(flows.companyId, scope.companyId))).limit(1);
  if (!flow) throw notFound('Flow');
  return flow;
}

function draftOf(flow: FlowRow): FlowGraph | null {
  const parsed = flowDraftSchema.safeParse(flow.settings);
  return parsed.success ? (parsed.data as FlowGraph) : null;
}

/** /flows: every flow, the built-in follow-ups first, with its status, trigger, runs by outcome and last run. */
export async function listFlows(scope: CompanyScope) {
  await ensureFollowUpsFlow(scope.db, scope.companyId, scope.now);
  const rows = await scope.db.select({ flow: flows, graph: flowVersions.graph }).from(flows).leftJoin(flowVersions, eq(flowVersions.id, flows.publishedVersionId)).where(eq(flows.companyId, scope.companyId));
  const counts = await scope.db
    .select({ flowId: flowRuns.flowId, status: flowRuns.status, n: count(), last: max(flowRuns.startedAt) })
    .from(flowRuns)
    // A draft tried from the editor is not one of the flow's runs.
    .where(and(eq(flowRuns.companyId, scope.companyId), notLike(flowRuns.triggerKey, 'test:%')))
    .groupBy(flowRuns.flowId, flowRuns.status);
  return rows
    .filter(({ flow }) => flow.status !== 'archived')
    .map(({ flow, graph }) => {
      const mine = counts.filter((row) => row.flowId === flow.id);
      const runs = (status: string) => mine.find((row) => row.status === status)?.n ?? 0;
      const last = mine.reduce<Date | null>((latest, row) => (row.last && (!latest || row.last > latest) ? row.last : latest), null);
      return {
        id: flow.id,
        kind: flow.kind,
        name: flow.name,
        status: flow.status,
        trigger: graph?.trigger.type ?? null,
        published: flow.publishedVersionId !== null,
        runs: { active: runs('active'), completed: runs('completed'), stopped: runs('stopped') + runs('failed') },
        lastRunAt: last?.getTime() ?? null,
      };
    })
    .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'follow_ups' ? -1 : 1));
}

/** A new flow (paused, unpublished) from a template of /flows/new, or the starter flow. */
export async function createFlow(scope: CompanyScope, input: { name: string; template?: string | undefined }) {
  await assertMayCall(scope.db, scope, 'flows.create', 'flows');
  const template = input.template === undefined ? null : FLOW_TEMPLATES.find((candidate) => candidate.id === input.template);
  if (template === undefined) throw invalidField('template', 'There is no such template');
  if (template?.needs) throw invalidField('template', template.needs);
  const [flow] = await scope.db
    .insert(flows)
    .values({ companyId: scope.companyId, kind: 'custom', name: input.name, status: 'paused', settings: template?.graph ?? BLANK_FLOW, createdAt: scope.now, updatedAt: scope.now })
    .returning();
  await writeUserAudit(scope.db, scope, { action: 'flows.created', targetType: 'flow', targetId: flow!.id, metadata: { template: template?.id ?? null } });
  return getFlow(scope, flow!.id);
}

/** The editor's view of a flow: the draft, its problems, the published version and the list of versions. */
export async function getFlow(scope: CompanyScope, id: string) {
  const flow = await ownFlow(scope, id);
  if (flow.kind !== 'custom') throw new AppError('INVALID', 'The follow-ups are edited on Chat widget → Follow-ups.');
  // The latest 50 versions (and the one before them, to say what the oldest shown changed).
  const versions = await scope.db
    .select({ id: flowVersions.id, number: flowVersions.number, createdAt: flowVersions.createdAt, graph: flowVersions.graph })
    .from(flowVersions)
    .where(and(eq(flowVersions.flowId, id), eq(flowVersions.sandbox, false)))
    .orderBy(desc(flowVersions.number))
    .limit(51);
  const draft = draftOf(flow) ?? BLANK_FLOW;
  return {
    id: flow.id,
    name: flow.name,
    status: flow.status,
    version: flow.version,
    draft,
    problems: flowProblems(draft),
    /** What the strict schema finds wrong in the draft's fields (an empty text, an unknown merge tag…). */
    fieldProblems: flowFieldProblems(draft),
    canEdit: await mayCallNow(scope.db, scope, 'flows.saveDraft'),
    publishedNumber: versions.find((version) => version.id === flow.publishedVersionId)?.number ?? null,
    versions: versions.slice(0, 50).map((version, index) => ({
      number: version.number,
      createdAt: version.createdAt.getTime(),
      changes: describeGraphChanges(versions[index + 1]?.graph ?? null, version.graph),
      published: version.id === flow.publishedVersionId,
    })),
  };
}

/** Saves the draft as drawn (autosave): any graph of the draft schema; what keeps it from running is listed, not refused. */
export async function saveDraft(scope: CompanyScope, input: { id: string; expectedVersion: number; name: string; graph: unknown }) {
  const parsed = flowDraftSchema.safeParse(input.graph);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidField(`graph.${issue?.path.join('.') ?? ''}`, issue?.message ?? 'The flow is not valid');
  }
  await scope.db.transaction(async (tx) => {
    await assertMayCall(tx, scope, 'flows.saveDraft', 'flows');
    const [flow] = await tx.select().from(flows).where(and(eq(flows.id, input.id), eq(flows.companyId, scope.companyId))).for('update').limit(1);
    if (!flow || flow.kind !== 'custom') throw notFound('Flow');
    if (flow.version !== input.expectedVersion) throw new AppError('CONFLICT', 'Someone else saved this flow after you opened it. Reload to see their changes.');
    await tx.update(flows).set({ name: input.name, settings: parsed.data, version: flow.version + 1, updatedAt: scope.now }).where(eq(flows.id, flow.id));
  });
  return getFlow(scope, input.id);
}

/** Publishes the draft as a new version (refused while it has a problem) and turns the flow on. */
export async function publishFlow(scope: CompanyScope, input: { id: string; expectedVersion: number }) {
  await scope.db.transaction(async (tx) => {
    await assertMayCall(tx, scope, 'flows.publish', 'flows');
    const [flow] = await tx.select().from(flows).where(and(eq(flows.id, input.id), eq(flows.companyId, scope.companyId))).for('update').limit(1);
    if (!flow || flow.kind !== 'custom') throw notFound('Flow');
    if (flow.version !== input.expectedVersion) throw new AppError('CONFLICT', 'Someone else saved this flow after you opened it. Reload to see their changes.');
    const draft = draftOf(flow);
    if (!draft) throw new AppError('INVALID', 'The draft could not be read: save it again.');
    const field = flowFieldProblems(draft)[0];
    const problem = flowProblems(draft)[0]?.message ?? (field ? `“${field.stepId ?? 'the trigger'}”: ${field.message}` : null);
    if (problem) throw new AppError('INVALID', `Fix this before publishing: ${problem}.`);
    const [latest] = await tx.select({ number: max(flowVersions.number) }).from(flowVersions).where(eq(flowVersions.flowId, flow.id));
    const [version] = await tx
      .insert(flowVersions)
      .values({ companyId: scope.companyId, flowId: flow.id, number: (latest?.number ?? 0) + 1, graph: draft, createdAt: scope.now })
      .returning({ id: flowVersions.id, number: flowVersions.number });
    await tx.update(flows).set({ publishedVersionId: version!.id, status: 'active', version: flow.version + 1, updatedAt: scope.now }).where(eq(flows.id, flow.id));
    await writeUserAudit(tx, scope, { action: 'flows.published', targetType: 'flow', targetId: flow.id, metadata: { version: version!.number } });
  });
  return getFlow(scope, input.id);
}

/** On, off or archived. A flow never published cannot be turned on. */
export async function setFlowStatus(scope: CompanyScope, input: { id: string; status: FlowStatus }) {
  await assertMayCall(scope.db, scope, 'flows.setStatus', 'flows');
  const flow = await ownFlow(scope, input.id);
  if (flow.kind !== 'custom') throw new AppError('INVALID', 'The follow-ups are turned on and off on Chat widget → Follow-ups.');
  if (input.status === 'active' && !flow.publishedVersionId) throw new AppError('INVALID', 'Publish the flow before turning it on.');
  await scope.db.update(flows).set({ status: input.status, updatedAt: scope.now }).where(eq(flows.id, flow.id));
  return getFlow(scope, input.id);
}

/** Puts an earlier version's graph back into the draft (publishing it again makes it a new version). */
export async function restoreVersion(scope: CompanyScope, input: { id: string; number: number; expectedVersion: number }) {
  const flow = await ownFlow(scope, input.id);
  const [version] = await scope.db.select({ graph: flowVersions.graph }).from(flowVersions).where(and(eq(flowVersions.flowId, flow.id), eq(flowVersions.number, input.number))).limit(1);
  if (!version) throw notFound('Version');
  return saveDraft(scope, { id: flow.id, expectedVersion: input.expectedVersion, name: flow.name, graph: version.graph });
}
