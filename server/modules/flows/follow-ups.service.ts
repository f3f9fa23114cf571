import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import { DEFAULT_FOLLOW_UPS, FLOW_CLOSING_STATUSES, type FlowRunStatus, type FlowStopReason, type FollowUpSettingsValues, followUpsGraph } from '@contracts/flows';
import { followUpSettingsSchema } from '@contracts/flows.schema';
import { mergeTagProblem } from '@contracts/merge-tags';
import type { DbOrTx } from '@server/platform/db/database';
import { contacts, flowRunSteps, flowRuns, flows, flowVersions, leads, messages, nonTextableNumbers } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { type RecordedEvent, transactionWithEvents } from '@server/platform/events/domain-events';
import { AppError, invalidField } from '@server/platform/errors/app-error';
import type { JobRecord } from '@server/platform/jobs/job-queue';
import { DAY, MINUTE } from '@server/platform/lib/clock';
import type { AppServices } from '@server/platform/services';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import { assertMayCall, mayCallNow } from '@server/modules/team/managers';
import { startRun } from './flow-runs-lifecycle';

/**
 * The no-reply follow-ups (Chat widget → Follow-ups, issue 23 item 4): a built-in flow, on by default. When a text
 * from the business (the assistant, a missed-call text-back, the first text to a web lead) has gone unanswered for
 * the first delay, a run starts and sends the enabled texts at +1 h, +1 d, +3 d, +7 d counted from that text. A
 * reply, an opt-out, a person texting them by hand, or the lead booked, won or lost ends it; every text goes through
 * the one outbound pipeline (send window, consent, send-lock).
 */
export const NO_REPLY_QUEUE = 'flows.no_reply';

type FlowRow = typeof flows.$inferSelect;

/** The company's follow-ups flow, created with the defaults the first time anything asks for it. */
export async function ensureFollowUpsFlow(tx: DbOrTx, companyId: string, now: Date): Promise<FlowRow> {
  const [existing] = await tx.select().from(flows).where(and(eq(flows.companyId, companyId), eq(flows.kind, 'follow_ups'))).limit(1);
  if (existing) return existing;
  const [created] = await tx
    .insert(flows)
    .values({ companyId, kind: 'follow_ups', name: 'No-reply follow-ups', status: DEFAULT_FOLLOW_UPS.enabled ? 'active' : 'paused', settings: DEFAULT_FOLLOW_UPS, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!created) {
    const [raced] = await tx.select().from(flows).where(and(eq(flows.companyId, companyId), eq(flows.kind, 'follow_ups'))).limit(1);
    if (!raced) throw new Error('follow-ups flow vanished');
    return raced;
  }
  const [version] = await tx.insert(flowVersions).values({ companyId, flowId: created.id, number: 1, graph: followUpsGraph(DEFAULT_FOLLOW_UPS), createdAt: now }).returning({ id: flowVersions.id });
  const [published] = await tx.update(flows).set({ publishedVersionId: version!.id }).where(eq(flows.id, created.id)).returning();
  return published!;
}

function settingsOf(flow: FlowRow): FollowUpSettingsValues {
  const parsed = followUpSettingsSchema.safeParse(flow.settings);
  return parsed.success ? parsed.data : DEFAULT_FOLLOW_UPS;
}

export interface FollowUpsView extends FollowUpSettingsValues {
  version: number;
  canEdit: boolean;
  /** Leads in the follow-ups now (a run going). */
  activeRuns: number;
  /** Follow-up texts that went out (or wait for the send window) in the last 7 days. */
  sentThisWeek: number;
  /** The latest runs, newest first. */
  recent: Array<{ runId: string; contactId: string; contactName: string | null; phone: string | null; status: FlowRunStatus; stopReason: FlowStopReason | null; step: string | null; startedAt: string; endedAt: string | null }>;
}

export async function getFollowUps(scope: CompanyScope): Promise<FollowUpsView> {
  const flow = await ensureFollowUpsFlow(scope.db, scope.companyId, scope.now);
  const [active] = await scope.db.select({ n: count() }).from(flowRuns).where(and(eq(flowRuns.flowId, flow.id), eq(flowRuns.status, 'active')));
  const [sent] = await scope.db
    .select({ n: count() })
    .from(flowRunSteps)
    .innerJoin(flowRuns, eq(flowRuns.id, flowRunSteps.runId))
    .where(and(eq(flowRuns.flowId, flow.id), eq(flowRunSteps.type, 'send_sms'), eq(flowRunSteps.outcome, 'done'), gt(flowRunSteps.createdAt, new Date(scope.now.getTime() - 7 * DAY))));
  const recent = await scope.db
    .select({ run: flowRuns, firstName: contacts.firstName, lastName: contacts.lastName, phone: contacts.phone })
    .from(flowRuns)
    .innerJoin(contacts, eq(contacts.id, flowRuns.contactId))
    .where(eq(flowRuns.flowId, flow.id))
    .orderBy(desc(flowRuns.startedAt))
    .limit(20);
  return {
    ...settingsOf(flow),
    enabled: flow.status === 'active',
    version: flow.version,
    canEdit: await mayCallNow(scope.db, scope, 'flows.followUps.update'),
    activeRuns: active?.n ?? 0,
    sentThisWeek: sent?.n ?? 0,
    recent: recent.map(({ run, firstName, lastName, phone }) => ({
      runId: run.id,
      contactId: run.contactId,
      contactName: [firstName, lastName].filter(Boolean).join(' ') || null,
      phone,
      status: run.status,
      stopReason: run.stopReason,
      step: run.currentStepId,
      startedAt: run.startedAt.toISOString(),
      endedAt: run.endedAt?.toISOString() ?? null,
    })),
  };
}

/** Saves the follow-ups (owners and admins): a new published version; runs already going keep theirs. */
export async function updateFollowUps(scope: CompanyScope, input: FollowUpSettingsValues & { expectedVersion: number }): Promise<FollowUpsView> {
  const { expectedVersion, ...values } = input;
  const parsed = followUpSettingsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidField(issue?.path.join('.') || 'steps', issue?.message ?? 'Check the follow-ups');
  }
  values.steps.forEach((step, index) => {
    const problem = mergeTagProblem(step.body);
    if (problem) throw invalidField(`steps.${index}.body`, problem);
  });
  await scope.db.transaction(async (tx) => {
    await assertMayCall(tx, scope, 'flows.followUps.update', 'the follow-ups');
    const flow = await ensureFollowUpsFlow(tx, scope.companyId, scope.now);
    const [current] = await tx.select().from(flows).where(eq(flows.id, flow.id)).for('update').limit(1);
    if (!current) throw new Error('follow-ups flow vanished');
    if (current.version !== expectedVersion) throw new AppError('CONFLICT', 'Someone else saved the follow-ups after you opened them. Reload to see their changes.');
    const [latest] = await tx.select({ number: flowVersions.number }).from(flowVersions).where(eq(flowVersions.flowId, flow.id)).orderBy(desc(flowVersions.number)).limit(1);
    const [version] = await tx
      .insert(flowVersions)
      .values({ companyId: scope.companyId, flowId: flow.id, number: (latest?.number ?? 0) + 1, graph: followUpsGraph(parsed.data), createdAt: scope.now })
      .returning({ id: flowVersions.id, number: flowVersions.number });
    await tx
      .update(flows)
      .set({ settings: parsed.data, status: parsed.data.enabled ? 'active' : 'paused', publishedVersionId: version!.id, version: current.version + 1, updatedAt: scope.now })
      .where(eq(flows.id, flow.id));
    await writeUserAudit(tx, scope, { action: 'flows.follow_ups_updated', targetType: 'company', targetId: scope.companyId, metadata: { enabled: parsed.data.enabled, version: version!.number } });
  });
  return getFollowUps(scope);
}

// ---------------------------------------------------------------------------------------------------------------
// The trigger: a text from the business that nobody answered

/**
 * What the business sent that may go unanswered: anything outbound but a flow's own texts. One check is queued for
 * the follow-ups and one for each active flow of the company's own whose trigger is "no reply for N".
 */
export function noReplyConsumer(deps: AppServices) {
  return async (recorded: RecordedEvent): Promise<void> => {
    const { event } = recorded;
    if (event.type !== 'message.sent') return;
    const [message] = await deps.db.select().from(messages).where(eq(messages.id, event.data.messageId)).limit(1);
    if (!message || message.direction !== 'outbound' || message.author === 'flow' || message.author === 'contact') return;
    const sentAt = message.sentAt ?? message.createdAt;
    const check = (flowId: string | null, minutes: number) =>
      deps.queue.enqueue(deps.db, NO_REPLY_QUEUE, { messageId: message.id, ...(flowId ? { flowId } : {}) } satisfies NoReplyPayload, {
        singletonKey: flowId ? `no-reply:${flowId}:${message.id}` : `no-reply:${message.id}`,
        companyId: message.companyId,
        runAt: new Date(sentAt.getTime() + minutes * MINUTE),
      });
    const flow = await ensureFollowUpsFlow(deps.db, message.companyId, deps.clock.now());
    const first = settingsOf(flow).steps.find((step) => step.enabled);
    if (first) await check(null, first.delayMinutes);
    const custom = await deps.db
      .select({ id: flows.id, graph: flowVersions.graph })
      .from(flows)
      .innerJoin(flowVersions, eq(flowVersions.id, flows.publishedVersionId))
      .where(and(eq(flows.companyId, message.companyId), eq(flows.kind, 'custom'), eq(flows.status, 'active')));
    for (const { id, graph } of custom) if (graph.trigger.type === 'no_reply') await check(id, graph.trigger.minutes);
  };
}

/** A no-reply check: the text, and the flow of the company's own it is for (none: the follow-ups). */
export interface NoReplyPayload {
  messageId: string;
  flowId?: string;
  /** How far "move time forward" brought this check nearer (texts to test phones only). */
  shiftMs?: number;
}

/** The no-reply check (`flows.no_reply`): starts the flow when the text is still the last word. */
export async function checkNoReply(deps: AppServices, job: Pick<JobRecord<NoReplyPayload>, 'id' | 'payload'>): Promise<void> {
  const waiting = await transactionWithEvents(deps, async (tx) => {
    const now = deps.clock.now();
    const [message] = await tx.select().from(messages).where(eq(messages.id, job.payload.messageId)).limit(1);
    // Only a text that reached them can go unanswered (a landline's or a failed one is no conversation).
    if (!message || !['sent', 'delivered'].includes(message.status)) return null;
    const [landline] = await tx.select({ e164: nonTextableNumbers.e164 }).from(nonTextableNumbers).where(and(eq(nonTextableNumbers.companyId, message.companyId), eq(nonTextableNumbers.e164, message.toNumber))).limit(1);
    if (landline) return null;
    const flow = job.payload.flowId
      ? (await tx.select().from(flows).where(and(eq(flows.id, job.payload.flowId), eq(flows.companyId, message.companyId))).limit(1))[0]
      : await ensureFollowUpsFlow(tx, message.companyId, now);
    if (!flow || flow.status !== 'active' || !flow.publishedVersionId) return null;
    const [version] = await tx.select().from(flowVersions).where(eq(flowVersions.id, flow.publishedVersionId)).limit(1);
    if (!version || version.graph.trigger.type !== 'no_reply') return null;
    const sentAt = message.sentAt ?? message.createdAt;
    const due = new Date(sentAt.getTime() + version.graph.trigger.minutes * MINUTE - (job.payload.shiftMs ?? 0));
    if (due > now) return deps.queue.rescheduleWithin(tx, job, due);
    // Still the last word: no reply since, and no later text of the business's own (that one has its own check).
    const [later] = await tx
      .select({ id: messages.id, direction: messages.direction, author: messages.author })
      .from(messages)
      .where(and(eq(messages.conversationId, message.conversationId), gt(messages.seq, message.seq), inArray(messages.author, ['contact', 'user', 'ai', 'system'])))
      .limit(1);
    if (later) return null;
    // A person texting them by hand is handling it: no automatic follow-ups on top.
    if (message.author === 'user' && !message.automated) return null;
    const [contact] = await tx.select().from(contacts).where(eq(contacts.id, message.contactId)).limit(1);
    if (!contact || contact.optedOutAt || contact.blockedAt) return null;
    const [lead] = await tx.select().from(leads).where(eq(leads.contactId, contact.id)).orderBy(desc(leads.createdAt)).limit(1);
    if (!lead || FLOW_CLOSING_STATUSES.has(lead.status)) return null;
    await startRun(tx, deps, { flow, versionId: version.id, contactId: contact.id, leadId: lead.id, conversationId: message.conversationId, anchorAt: sentAt, triggerKey: `message:${message.id}`, startStep: version.graph.start, now });
    return null;
  });
  if (waiting) throw waiting;
}
