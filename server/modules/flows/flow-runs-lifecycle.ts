import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { type ConversationFlowGoal, FLOW_CLOSING_STATUSES } from '@contracts/flows';
import type { Tx } from '@server/platform/db/database';
import { contacts, conversations, flowRuns, flows, flowTriggerLog, flowVersions, leads, messages, simulatorDevices } from '@server/platform/db/schema';
import type { RecordedEvent } from '@server/platform/events/domain-events';
import type { AppServices } from '@server/platform/services';
import { DUPLICATE_TRIGGER_MS } from '@server/modules/messaging/outbound.service';
import { FLOW_STEP_QUEUE, queueStep, startsOnStatus, stopRun } from './flow-runtime';

/**
 * How runs of every flow begin and end, outside the steps themselves: one start per trigger (the built-in
 * follow-ups and the custom flows' event triggers both start here), and the consumer that ends runs as soon as the
 * reason comes or moves a run waiting for a reply on.
 */
type FlowRow = typeof flows.$inferSelect;

/**
 * Starts a run, once per trigger; a contact already in this flow, or started within 10 minutes, is logged as
 * suppressed instead (one voice at a time).
 */
export async function startRun(
  tx: Tx,
  deps: Pick<AppServices, 'queue'>,
  input: { flow: FlowRow; versionId: string; contactId: string; leadId: string | null; conversationId: string | null; anchorAt: Date; triggerKey: string; startStep: string; now: Date; sandbox?: boolean },
): Promise<string | null> {
  const { flow, now } = input;
  const test = await isTestPhoneContact(tx, flow.companyId, input.contactId);
  const log = (outcome: 'started' | 'suppressed', reason: string) =>
    tx.insert(flowTriggerLog).values({ companyId: flow.companyId, flowId: flow.id, contactId: input.contactId, triggerKey: input.triggerKey, outcome, reason, createdAt: now });
  const [going] = await tx
    .select({ id: flowRuns.id, startedAt: flowRuns.startedAt, status: flowRuns.status })
    .from(flowRuns)
    .where(and(eq(flowRuns.flowId, flow.id), eq(flowRuns.contactId, input.contactId)))
    .orderBy(desc(flowRuns.startedAt))
    .limit(1);
  if (going?.status === 'active' && !input.sandbox) {
    await log('suppressed', 'A run for this contact is already going');
    return null;
  }
  if (going && !input.sandbox && now.getTime() - going.startedAt.getTime() < DUPLICATE_TRIGGER_MS) {
    await log('suppressed', 'Triggered again within 10 minutes');
    return null;
  }
  const [run] = await tx
    .insert(flowRuns)
    .values({
      companyId: flow.companyId,
      flowId: flow.id,
      versionId: input.versionId,
      contactId: input.contactId,
      leadId: input.leadId,
      conversationId: input.conversationId,
      status: 'active',
      anchorAt: input.anchorAt,
      triggerKey: input.triggerKey,
      currentStepId: input.startStep,
      startedAt: now,
      test,
    })
    .onConflictDoNothing()
    .returning();
  if (!run) return null;
  await log('started', 'Started');
  await queueStep(tx, deps, run, input.startStep);
  return run.id;
}

/** Whether the contact's number is one of the company's test phones (Settings → Phone). */
export async function isTestPhoneContact(tx: Tx, companyId: string, contactId: string): Promise<boolean> {
  const [device] = await tx
    .select({ id: simulatorDevices.id })
    .from(contacts)
    .innerJoin(simulatorDevices, and(eq(simulatorDevices.companyId, contacts.companyId), eq(simulatorDevices.e164, contacts.phone)))
    .where(and(eq(contacts.id, contactId), eq(contacts.companyId, companyId)))
    .limit(1);
  return device !== undefined;
}

/**
 * Ends follow-up runs at once when the reason comes (not at their next step, days later): a reply, an opt-out, a
 * lead booked/won/lost, a person texting them by hand. The step guard says the same when a step runs anyway.
 */
export function stopRunsConsumer(deps: AppServices) {
  return async (recorded: RecordedEvent): Promise<void> => {
    const { event, companyId } = recorded;
    let contactId: string | null = null;
    let reason: 'replied' | 'opted_out' | 'lead_closed' | 'takeover' | null = null;
    let closedStatus: string | null = null;
    if (event.type === 'message.received') {
      // STOP is a text too: it ends the run as an opt-out, not as a reply.
      const [contact] = await deps.db.select({ optedOutAt: contacts.optedOutAt }).from(contacts).where(eq(contacts.id, event.data.contactId)).limit(1);
      [contactId, reason] = [event.data.contactId, contact?.optedOutAt ? 'opted_out' : 'replied'];
    }
    else if (event.type === 'contact.opted_out') [contactId, reason] = [event.data.contactId, 'opted_out'];
    else if (event.type === 'message.queued') {
      const [message] = await deps.db.select({ author: messages.author, automated: messages.automated }).from(messages).where(eq(messages.id, event.data.messageId)).limit(1);
      if (message?.author === 'user' && !message.automated) [contactId, reason] = [event.data.contactId, 'takeover'];
    } else if (event.type === 'lead.status_changed' || (event.type === 'lead.updated' && event.data.fields.includes('status'))) {
      const [lead] = await deps.db.select({ contactId: leads.contactId, status: leads.status }).from(leads).where(eq(leads.id, event.data.leadId)).limit(1);
      if (lead && FLOW_CLOSING_STATUSES.has(lead.status)) [contactId, reason, closedStatus] = [lead.contactId, 'lead_closed', lead.status];
    }
    if (!contactId || !reason) return;
    const stopFor = reason;
    const target = contactId;
    await deps.db.transaction(async (tx) => {
      const runs = await tx
        .select({ id: flowRuns.id, companyId: flowRuns.companyId, currentStepId: flowRuns.currentStepId, kind: flows.kind, graph: flowVersions.graph })
        .from(flowRuns)
        .innerJoin(flows, eq(flows.id, flowRuns.flowId))
        .innerJoin(flowVersions, eq(flowVersions.id, flowRuns.versionId))
        .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.contactId, target), eq(flowRuns.status, 'active')));
      for (const run of runs) {
        // A reply or a person ends the follow-ups; custom flows decide about replies themselves: a run waiting for
        // one goes on now, not when its wait is up.
        if (stopFor === 'replied' && run.kind !== 'follow_ups') {
          const waitingStep = run.graph.steps.find((step) => step.id === run.currentStepId);
          if (waitingStep?.type === 'wait_for_reply') await deps.queue.advance(tx, FLOW_STEP_QUEUE, `${run.id}:${waitingStep.id}`, deps.clock.now());
          continue;
        }
        if (stopFor === 'takeover' && run.kind !== 'follow_ups') {
          // A person texting them ends an AI step's hold on the thread now (its "not done" way goes on).
          const current = run.graph.steps.find((step) => step.id === run.currentStepId);
          if (current?.type === 'ai_step') await deps.queue.advance(tx, FLOW_STEP_QUEUE, `${run.id}:${current.id}`, deps.clock.now());
          continue;
        }
        if (stopFor === 'lead_closed' && closedStatus && startsOnStatus(run.graph, closedStatus)) continue;
        await stopRun(tx, run, stopFor, deps.clock.now());
      }
    });
  };
}

/**
 * Wakes a run's AI step as soon as there is something to look at (not when its time is up): an answer or a status on
 * the lead, or the thread's mode changing (the assistant handing off, a person taking over).
 */
export function wakeAiStepsConsumer(deps: AppServices) {
  return async (recorded: RecordedEvent): Promise<void> => {
    const { event, companyId } = recorded;
    let held: Array<{ goal: ConversationFlowGoal | null }> = [];
    if (event.type === 'conversation.updated' && event.data.fields.includes('mode') && !event.data.fields.includes('flowGoal')) {
      held = await deps.db.select({ goal: conversations.flowGoal }).from(conversations).where(and(eq(conversations.id, event.data.conversationId), eq(conversations.companyId, companyId), isNotNull(conversations.flowGoal)));
    } else if ((event.type === 'lead.updated' && event.data.fields.some((field) => field === 'answers' || field === 'status')) || event.type === 'lead.status_changed') {
      held = await deps.db
        .select({ goal: conversations.flowGoal })
        .from(leads)
        .innerJoin(conversations, eq(conversations.contactId, leads.contactId))
        .where(and(eq(leads.id, event.data.leadId), eq(leads.companyId, companyId), isNotNull(conversations.flowGoal)));
    }
    for (const { goal } of held) if (goal) await deps.queue.advance(deps.db, FLOW_STEP_QUEUE, `${goal.runId}:${goal.stepId}`, deps.clock.now());
  };
}
