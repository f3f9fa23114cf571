import { A2P_HELD_CODE } from '@contracts/registration';
import { PLAN_PAUSED_CODE } from '@contracts/billing';
import { and, desc, eq, gt, inArray, ne, notLike, sql } from 'drizzle-orm';
import { type ConversationFlowGoal, describeMinutes, FLOW_CLOSING_STATUSES, FLOW_STOP_REASON_WORDS, type FlowCondition, type FlowGraph, type FlowStep, type FlowStopReason } from '@contracts/flows';
import type { Tx } from '@server/platform/db/database';
import { DEFAULT_AI_SETTINGS } from '@contracts/ai';
import { aiSettings, companies, contacts, conversations, flowRunSteps, flowRuns, flows, flowVersions, leads, messages, phoneNumbers, users } from '@server/platform/db/schema';
import { BlockedUrlError, safeFetch } from '@server/platform/lib/safe-fetch';
import { lockKey } from '@server/platform/db/rate-limit';
import { type EventBatch, transactionWithEvents } from '@server/platform/events/domain-events';
import { type JobRecord, RescheduledWithin } from '@server/platform/jobs/job-queue';
import { DAY, MINUTE, SECOND } from '@server/platform/lib/clock';
import type { AppServices } from '@server/platform/services';
import { renderMergeTags } from '@server/modules/messaging/merge-tags';
import { queueOutbound, SEND_LOCK_MS } from '@server/modules/messaging/outbound.service';
import { notify } from '@server/modules/notifications/notify.service';
import { EMAIL_QUEUE, type EmailJobPayload } from '@server/platform/jobs/email.jobs';
import { escapeHtml } from '@server/platform/lib/html';
import { nextSendTime } from '@contracts/send-window';
import { sendZonesOf } from '@server/modules/contacts/contact-lookup';
import { truncate } from '@contracts/text';

/**
 * The flow runtime (issue 23): a run walks its pinned version's graph one step at a time, each step a job of the
 * durable queue (`flows.step`, keyed by run and step so a step is queued once). Waits are the job's run time, not
 * timers, so a restart loses nothing; a step's work and its "done" line in the step log commit together, and a
 * step whose line exists is never done again (a job delivered twice, or run by two instances, sends one text).
 * Before every step the global guards apply: opted out or blocked, the lead booked/won/lost, and for the no-reply
 * follow-ups a reply or a person taking over end the run.
 */
export const FLOW_STEP_QUEUE = 'flows.step';

export interface StepPayload {
  runId: string;
  stepId: string;
}

type RunRow = typeof flowRuns.$inferSelect;

/** A flow text within this long of the person's own last text is a reply to them (it may go outside the send window). */
export const REPLY_WINDOW_MS = 15 * MINUTE;

const stepKey = (runId: string, stepId: string) => `${runId}:${stepId}`;

/** A flow text's dedupe key: one text per run and step (the delivery pipeline reads the run from it: one voice). */
const flowTextKey = (runId: string, stepId: string) => `flow:${runId}:${stepId}`;

/** Queues a run's step (now, or at `runAt`): once per run and step while it waits. */
export async function queueStep(tx: Tx, deps: Pick<AppServices, 'queue'>, run: Pick<RunRow, 'id' | 'companyId'>, stepId: string, runAt?: Date): Promise<void> {
  await deps.queue.enqueue(tx, FLOW_STEP_QUEUE, { runId: run.id, stepId } satisfies StepPayload, { singletonKey: stepKey(run.id, stepId), companyId: run.companyId, ...(runAt ? { runAt } : {}) });
}

/** Ends a run that is still going, with the reason in its step log. */
export async function stopRun(tx: Tx, run: Pick<RunRow, 'id' | 'companyId' | 'currentStepId'>, reason: FlowStopReason, now: Date): Promise<void> {
  const [stopped] = await tx
    .update(flowRuns)
    .set({ status: reason === 'stop_step' ? 'completed' : 'stopped', stopReason: reason, endedAt: now })
    .where(and(eq(flowRuns.id, run.id), eq(flowRuns.status, 'active')))
    .returning({ id: flowRuns.id });
  if (!stopped) return;
  await tx
    .insert(flowRunSteps)
    .values({ companyId: run.companyId, runId: run.id, stepId: run.currentStepId ?? 'start', type: 'guard', outcome: 'stopped', detail: FLOW_STOP_REASON_WORDS[reason], createdAt: now })
    .onConflictDoNothing();
}

/** Why the run may not go on, or null. */
async function guard(tx: Tx, run: RunRow, kind: string, version: { graph: FlowGraph; sandbox: boolean }): Promise<FlowStopReason | null> {
  const { graph } = version;
  // A draft tried on a test phone (the editor's "Test") runs whether or not the flow is on.
  const [flow] = await tx.select({ status: flows.status }).from(flows).where(eq(flows.id, run.flowId)).limit(1);
  if (!flow || (flow.status !== 'active' && !version.sandbox)) return 'flow_off';
  const [contact] = await tx.select({ optedOutAt: contacts.optedOutAt, blockedAt: contacts.blockedAt }).from(contacts).where(eq(contacts.id, run.contactId)).limit(1);
  if (!contact || contact.optedOutAt || contact.blockedAt) return 'opted_out';
  if (run.leadId) {
    const [lead] = await tx.select({ status: leads.status }).from(leads).where(eq(leads.id, run.leadId)).limit(1);
    // Unless the flow is about that status ("when a lead is won, thank them"): then it says otherwise.
    if (lead && FLOW_CLOSING_STATUSES.has(lead.status) && !startsOnStatus(graph, lead.status)) return 'lead_closed';
  }
  if (kind === 'follow_ups' && run.conversationId) {
    const since = run.anchorAt;
    const [reply] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.conversationId, run.conversationId), eq(messages.direction, 'inbound'), gt(messages.createdAt, since)))
      .limit(1);
    if (reply) return 'replied';
    if (await handTypedSince(tx, run.conversationId, since)) return 'takeover';
  }
  return null;
}

/** Whether someone on the team texted this thread by hand after `since` (a person has the conversation). */
async function handTypedSince(tx: Tx, conversationId: string, since: Date): Promise<boolean> {
  const [message] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.direction, 'outbound'), eq(messages.author, 'user'), eq(messages.automated, false), gt(messages.createdAt, since)))
    .limit(1);
  return message !== undefined;
}

/** Runs one step of one run (the `flows.step` job). */
export async function runFlowStep(deps: AppServices, job: Pick<JobRecord<StepPayload>, 'id' | 'payload'>): Promise<void> {
  let result = await stepOnce(deps, job, null);
  // An HTTP step is called between two transactions (a slow address never holds the contact's lock), then recorded.
  if (result && 'call' in result) result = await stepOnce(deps, job, await callStep(deps, result.call.run, result.call.step));
  if (result instanceof RescheduledWithin) throw result;
}

type HttpStep = Extract<FlowStep, { type: 'http_request' }>;

async function stepOnce(deps: AppServices, job: Pick<JobRecord<StepPayload>, 'id' | 'payload'>, http: HttpResult | null): Promise<RescheduledWithin | { call: { run: RunRow; step: HttpStep } } | null> {
  return transactionWithEvents(deps, async (tx, events) => {
    const now = deps.clock.now();
    const [peek] = await tx.select({ contactId: flowRuns.contactId }).from(flowRuns).where(eq(flowRuns.id, job.payload.runId)).limit(1);
    if (!peek) return null;
    // One contact, one voice: steps of every flow for this contact (and the pipeline) take turns.
    await lockKey(tx, `contact-send:${peek.contactId}`);
    const [run] = await tx.select().from(flowRuns).where(eq(flowRuns.id, job.payload.runId)).for('update').limit(1);
    if (!run || run.status !== 'active') return null;
    const [done] = await tx
      .select({ id: flowRunSteps.id })
      .from(flowRunSteps)
      .where(and(eq(flowRunSteps.runId, run.id), eq(flowRunSteps.stepId, job.payload.stepId), eq(flowRunSteps.outcome, 'done')))
      .limit(1);
    if (done) return null;
    const [version] = await tx.select({ graph: flowVersions.graph, sandbox: flowVersions.sandbox }).from(flowVersions).where(eq(flowVersions.id, run.versionId)).limit(1);
    const [flow] = await tx.select({ kind: flows.kind }).from(flows).where(eq(flows.id, run.flowId)).limit(1);
    const step = version?.graph.steps.find((candidate) => candidate.id === job.payload.stepId);
    if (!version || !flow || !step) {
      await stopRun(tx, run, 'stop_step', now);
      return null;
    }
    const stop = await guard(tx, run, flow.kind, version);
    if (stop) {
      await stopRun(tx, { ...run, currentStepId: step.id }, stop, now);
      return null;
    }
    if (step.type === 'http_request' && !http) return { call: { run, step } };
    const outcome = await execute(tx, deps, events, run, step, now, http);
    if (outcome.kind === 'later') {
      await tx
        .insert(flowRunSteps)
        .values({ companyId: run.companyId, runId: run.id, stepId: step.id, type: step.type, outcome: 'waiting', detail: outcome.detail, dueAt: outcome.at, createdAt: now })
        .onConflictDoNothing();
      await tx.update(flowRuns).set({ currentStepId: step.id }).where(eq(flowRuns.id, run.id));
      return deps.queue.rescheduleWithin(tx, job, outcome.at);
    }
    if (outcome.kind === 'stop') {
      await stopRun(tx, { ...run, currentStepId: step.id }, outcome.reason, now);
      return null;
    }
    await tx
      .insert(flowRunSteps)
      .values({ companyId: run.companyId, runId: run.id, stepId: step.id, type: step.type, outcome: 'done', detail: outcome.detail, messageId: outcome.messageId ?? null, dueAt: outcome.dueAt ?? null, createdAt: now });
    if (outcome.next) {
      await tx.update(flowRuns).set({ currentStepId: outcome.next }).where(eq(flowRuns.id, run.id));
      await queueStep(tx, deps, run, outcome.next);
    } else {
      await tx.update(flowRuns).set({ status: 'completed', endedAt: now, currentStepId: step.id }).where(eq(flowRuns.id, run.id));
    }
    return null;
  });
}

type Outcome =
  | { kind: 'done'; detail: string; next: string | null; messageId?: string; dueAt?: Date }
  | { kind: 'later'; at: Date; detail: string }
  | { kind: 'stop'; reason: FlowStopReason };

async function waitingSince(tx: Tx, run: RunRow, stepId: string): Promise<{ createdAt: Date; dueAt: Date | null } | null> {
  const [row] = await tx
    .select({ createdAt: flowRunSteps.createdAt, dueAt: flowRunSteps.dueAt })
    .from(flowRunSteps)
    .where(and(eq(flowRunSteps.runId, run.id), eq(flowRunSteps.stepId, stepId), eq(flowRunSteps.outcome, 'waiting')))
    .limit(1);
  return row ?? null;
}

async function execute(tx: Tx, deps: AppServices, events: EventBatch, run: RunRow, step: FlowStep, now: Date, http: HttpResult | null): Promise<Outcome> {
  switch (step.type) {
    case 'wait': {
      // Once waiting, the due time is the one logged (a test run's "move time forward" brings it nearer).
      const waiting = await waitingSince(tx, run, step.id);
      const started = step.from === 'anchor' ? run.anchorAt : (waiting?.createdAt ?? now);
      const at = waiting?.dueAt ?? new Date(started.getTime() + step.minutes * MINUTE);
      if (at > now) return { kind: 'later', at, detail: `Waiting ${describeMinutes(step.minutes)}` };
      return { kind: 'done', detail: `Waited ${describeMinutes(step.minutes)}`, next: step.next };
    }
    case 'wait_for_reply': {
      const waiting = await waitingSince(tx, run, step.id);
      const since = waiting?.createdAt ?? now;
      if (run.conversationId) {
        const [reply] = await tx
          .select({ id: messages.id })
          .from(messages)
          .where(and(eq(messages.conversationId, run.conversationId), eq(messages.direction, 'inbound'), gt(messages.createdAt, since)))
          .limit(1);
        if (reply) return { kind: 'done', detail: 'They replied', next: step.replied };
      }
      const at = waiting?.dueAt ?? new Date(since.getTime() + step.minutes * MINUTE);
      if (at > now) return { kind: 'later', at, detail: `Waiting up to ${describeMinutes(step.minutes)} for a reply` };
      return { kind: 'done', detail: `No reply in ${describeMinutes(step.minutes)}`, next: step.timeout };
    }
    case 'send_sms':
      return sendStep(tx, deps, events, run, step, now);
    case 'set_status': {
      if (!run.leadId) return { kind: 'done', detail: 'No lead to set a status on', next: step.next };
      const [lead] = await tx.select({ status: leads.status }).from(leads).where(eq(leads.id, run.leadId)).limit(1);
      if (lead && lead.status !== step.status) {
        await tx.update(leads).set({ status: step.status, updatedAt: now }).where(eq(leads.id, run.leadId));
        events.add(run.companyId, { type: 'lead.status_changed', data: { leadId: run.leadId, from: lead.status, to: step.status } });
      }
      return { kind: 'done', detail: `Status set to ${step.status}`, next: step.next };
    }
    case 'branch': {
      const holds = await conditionHolds(tx, run, step.condition);
      return { kind: 'done', detail: holds ? 'Condition met' : 'Condition not met', next: holds ? step.yes : step.no };
    }
    case 'assign': {
      if (!run.leadId) return { kind: 'done', detail: 'No lead to assign', next: step.next };
      // Only a member of the company (someone removed since the flow was published is skipped, not assigned).
      const [member] = step.userId ? await tx.select({ id: users.id, firstName: users.firstName }).from(users).where(and(eq(users.id, step.userId), eq(users.companyId, run.companyId))).limit(1) : [];
      if (step.userId && !member) return { kind: 'done', detail: 'That team member is no longer on the team: not assigned', next: step.next };
      await tx.update(leads).set({ assignedUserId: member?.id ?? null, updatedAt: now }).where(eq(leads.id, run.leadId));
      events.add(run.companyId, { type: 'lead.updated', data: { leadId: run.leadId, fields: ['assignedUserId'] } });
      return { kind: 'done', detail: member ? `Assigned to ${member.firstName}` : 'Unassigned', next: step.next };
    }
    case 'http_request': {
      // Called by runFlowStep before this transaction; here only recorded.
      if (!http) return { kind: 'done', detail: 'Not called', next: step.failed };
      return { kind: 'done', detail: http.detail, next: http.ok ? step.next : step.failed };
    }
    case 'wait_until_window':
      return windowStep(tx, run, step, now);
    case 'send_email':
      return emailStep(tx, deps, run, step);
    case 'add_tag': {
      const [contact] = await tx.select({ tags: contacts.tags }).from(contacts).where(eq(contacts.id, run.contactId)).limit(1);
      const tags = contact?.tags ?? [];
      if (tags.some((tag) => tag.toLowerCase() === step.tag.toLowerCase())) return { kind: 'done', detail: `Already tagged “${step.tag}”`, next: step.next };
      await tx.update(contacts).set({ tags: [...tags, step.tag], updatedAt: now }).where(eq(contacts.id, run.contactId));
      events.add(run.companyId, { type: 'contact.updated', data: { contactId: run.contactId, fields: ['tags'] } });
      return { kind: 'done', detail: `Tagged “${step.tag}”`, next: step.next };
    }
    case 'notify': {
      const [company] = await tx.select({ id: companies.id, name: companies.name, alertPhone: companies.alertPhone }).from(companies).where(eq(companies.id, run.companyId)).limit(1);
      const [flow] = await tx.select({ name: flows.name }).from(flows).where(eq(flows.id, run.flowId)).limit(1);
      const merge = await mergeContext(tx, run);
      if (!company || !merge) return { kind: 'done', detail: 'Nobody to tell', next: step.next };
      const link = run.leadId ? `/leads/${run.leadId}` : run.conversationId ? `/conversations?c=${run.conversationId}` : `/clients/${run.contactId}`;
      await notify(tx, deps, { company, event: 'flow_alert', title: truncate(`${flow?.name ?? 'A flow'}: ${fullName(merge.contact)}`, 120, { ellipsis: true }), body: renderMergeTags(step.message, merge), link });
      return { kind: 'done', detail: 'Told the team', next: step.next };
    }
    case 'ai_step':
      return aiStep(tx, deps, events, run, step, now);
    case 'stop':
      return { kind: 'stop', reason: 'stop_step' };
  }
}

type AiStep = Extract<FlowStep, { type: 'ai_step' }>;

/** Whether an AI step's goal is reached: its question answered on the lead, or the lead qualified (or further on). */
async function goalReached(tx: Tx, run: RunRow, step: AiStep): Promise<boolean> {
  if (!run.leadId) return false;
  const [lead] = await tx.select({ status: leads.status, answers: leads.answers }).from(leads).where(eq(leads.id, run.leadId)).limit(1);
  if (!lead) return false;
  if (step.goal === 'ask') return (lead.answers?.[step.answerKey] ?? '').trim() !== '';
  return lead.status === 'qualified' || lead.status === 'booked' || lead.status === 'won';
}

/** Ends an AI step's hold on the thread: the goal cleared, the thread's mode as it was before the step. */
async function releaseThread(tx: Tx, events: EventBatch, run: RunRow, step: AiStep, now: Date): Promise<void> {
  if (!run.conversationId) return;
  const [conversation] = await tx.select({ flowGoal: conversations.flowGoal, mode: conversations.mode }).from(conversations).where(eq(conversations.id, run.conversationId)).limit(1);
  const goal = conversation?.flowGoal;
  if (!goal || goal.runId !== run.id || goal.stepId !== step.id) return;
  // A person who took over keeps it; otherwise the thread goes back to whoever had it before the step.
  const mode = conversation.mode === 'human' ? 'human' : goal.previousMode;
  await tx.update(conversations).set({ flowGoal: null, mode, updatedAt: now }).where(eq(conversations.id, run.conversationId));
  events.add(run.companyId, { type: 'conversation.updated', data: { conversationId: run.conversationId, fields: ['mode', 'flowGoal'] } });
}

/**
 * The AI step: the thread is given to the assistant with the step's goal (conversations.flow_goal), the opening
 * question goes through the flow's send rules, and the assistant answers their replies (server/modules/ai reads the
 * goal); each answer or handoff wakes this step, which goes on to `done` once the goal is reached, or to `notDone`
 * when a person has the thread or the time is up. A thread a person texted by hand in the last day is theirs: the
 * step goes to `notDone` without a word.
 */
async function aiStep(tx: Tx, deps: AppServices, events: EventBatch, run: RunRow, step: AiStep, now: Date): Promise<Outcome> {
  if (!run.conversationId) return { kind: 'stop', reason: 'no_thread' };
  const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, run.conversationId)).limit(1);
  if (!conversation) return { kind: 'stop', reason: 'no_thread' };
  const what = step.goal === 'ask' ? `“${truncate(step.question, 80, { ellipsis: true })}”` : 'qualifying the lead';
  if (await goalReached(tx, run, step)) {
    await releaseThread(tx, events, run, step, now);
    return { kind: 'done', detail: step.goal === 'ask' ? `They answered ${what}` : 'The lead is qualified', next: step.done };
  }
  const key = flowTextKey(run.id, step.id);
  const [opening] = await tx.select({ createdAt: messages.createdAt }).from(messages).where(and(eq(messages.conversationId, conversation.id), eq(messages.dedupeKey, key))).limit(1);
  if (!opening) {
    if (await handTypedSince(tx, conversation.id, new Date(now.getTime() - DAY))) return { kind: 'done', detail: 'A person is talking with them: the assistant stayed out', next: step.notDone };
    const question = step.goal === 'ask' ? step.question : await firstOpenQuestion(tx, run);
    if (question === null) return { kind: 'done', detail: 'Nothing left to ask: the lead has every answer', next: step.done };
    const sent = await sendStep(tx, deps, events, run, { id: step.id, type: 'send_sms', body: question, next: null }, now, 'ai');
    if (sent.kind !== 'done') return sent;
    const goal: ConversationFlowGoal = { runId: run.id, stepId: step.id, goal: step.goal, question: step.goal === 'ask' ? { key: step.answerKey, text: renderMergeTags(step.question, (await mergeContext(tx, run))!) } : null, previousMode: conversation.flowGoal?.previousMode ?? conversation.mode };
    await tx.update(conversations).set({ mode: 'ai', flowGoal: goal, updatedAt: now }).where(eq(conversations.id, conversation.id));
    events.add(run.companyId, { type: 'conversation.updated', data: { conversationId: conversation.id, fields: ['mode', 'flowGoal'] } });
    const at = new Date(now.getTime() + step.minutes * MINUTE);
    const detail = `The assistant is ${step.goal === 'ask' ? `asking ${what}` : 'qualifying the lead'} (up to ${describeMinutes(step.minutes)})`;
    // The wait's line says when it ends (a send-lock wait before the opening may have written one already).
    await tx.update(flowRunSteps).set({ dueAt: at, detail }).where(and(eq(flowRunSteps.runId, run.id), eq(flowRunSteps.stepId, step.id), eq(flowRunSteps.outcome, 'waiting')));
    return { kind: 'later', at, detail };
  }
  if ((await handTypedSince(tx, conversation.id, opening.createdAt)) || conversation.mode === 'human' || conversation.flowGoal?.runId !== run.id) {
    await releaseThread(tx, events, run, step, now);
    return { kind: 'done', detail: 'Your team has the conversation', next: step.notDone };
  }
  const waiting = await waitingSince(tx, run, step.id);
  const at = waiting?.dueAt ?? new Date(opening.createdAt.getTime() + step.minutes * MINUTE);
  if (at > now) return { kind: 'later', at, detail: `The assistant is working on ${what}` };
  await releaseThread(tx, events, run, step, now);
  return { kind: 'done', detail: `Not reached in ${describeMinutes(step.minutes)}`, next: step.notDone };
}

/** The first of the company's required qualifying questions the lead has no answer to (null: none left). */
async function firstOpenQuestion(tx: Tx, run: RunRow): Promise<string | null> {
  const [settings] = await tx.select({ questions: aiSettings.questions }).from(aiSettings).where(eq(aiSettings.companyId, run.companyId)).limit(1);
  const [lead] = run.leadId ? await tx.select({ answers: leads.answers }).from(leads).where(eq(leads.id, run.leadId)).limit(1) : [];
  const questions = settings?.questions ?? DEFAULT_AI_SETTINGS.questions;
  const open = questions.find((question) => question.required && (lead?.answers?.[question.key] ?? '').trim() === '');
  return open?.text ?? null;
}

const fullName = (contact: { firstName: string | null; lastName: string | null }) => [contact.firstName, contact.lastName].filter(Boolean).join(' ') || 'a client';

/** What merge tags in a flow's texts, emails and alerts read. */
async function mergeContext(tx: Tx, run: RunRow) {
  const [contact] = await tx.select({ firstName: contacts.firstName, lastName: contacts.lastName }).from(contacts).where(eq(contacts.id, run.contactId)).limit(1);
  const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, run.companyId)).limit(1);
  if (!company) return null;
  const [number] = run.conversationId
    ? await tx.select({ e164: phoneNumbers.e164 }).from(conversations).innerJoin(phoneNumbers, eq(phoneNumbers.id, conversations.phoneNumberId)).where(eq(conversations.id, run.conversationId)).limit(1)
    : [];
  return { contact: contact ?? { firstName: null, lastName: null }, businessName: company.name, businessPhone: number?.e164 ?? null, senderFirstName: company.name };
}

/** Goes on inside the person's 9 am – 8 pm (their time zone, as every automated text reckons it), else waits for it. */
async function windowStep(tx: Tx, run: RunRow, step: Extract<FlowStep, { type: 'wait_until_window' }>, now: Date): Promise<Outcome> {
  const opens = nextSendTime(now.getTime(), await sendZonesOf(tx, run.companyId, run.contactId));
  if (opens > now.getTime()) return { kind: 'later', at: new Date(opens), detail: 'Waiting for their send window (9 am – 8 pm their time)' };
  return { kind: 'done', detail: 'Inside their send window', next: step.next };
}

/**
 * Emails the client through the mail queue (in this step's transaction, so it is queued once): plain words, the
 * body escaped for the HTML part, and the business's name at the foot so the client knows who wrote.
 */
async function emailStep(tx: Tx, deps: AppServices, run: RunRow, step: Extract<FlowStep, { type: 'send_email' }>): Promise<Outcome> {
  const [contact] = await tx.select({ email: contacts.email }).from(contacts).where(eq(contacts.id, run.contactId)).limit(1);
  const merge = await mergeContext(tx, run);
  if (!contact?.email || !merge) return { kind: 'done', detail: 'No email address for them: skipped', next: step.next };
  const text = `${renderMergeTags(step.body, merge)}\n\n— ${merge.businessName}`;
  const payload: EmailJobPayload = { to: contact.email, subject: renderMergeTags(step.subject, merge), text, html: `<div style="white-space:pre-wrap">${escapeHtml(text)}</div>` };
  await deps.queue.enqueue(tx, EMAIL_QUEUE, payload, { companyId: run.companyId, singletonKey: `flow-email:${run.id}:${step.id}` });
  return { kind: 'done', detail: `Emailed ${contact.email}`, next: step.next };
}

async function conditionHolds(tx: Tx, run: RunRow, condition: FlowCondition): Promise<boolean> {
  if (condition.field === 'last_reply') {
    if (!run.conversationId) return false;
    const [reply] = await tx
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.conversationId, run.conversationId), eq(messages.direction, 'inbound')))
      .orderBy(desc(messages.seq))
      .limit(1);
    return reply !== undefined && reply.body.toLowerCase().includes(condition.contains.toLowerCase());
  }
  if (!run.leadId) return false;
  const [lead] = await tx.select({ status: leads.status, answers: leads.answers }).from(leads).where(eq(leads.id, run.leadId)).limit(1);
  if (!lead) return false;
  if (condition.field === 'lead_status') return lead.status === condition.equals;
  const answer = lead.answers?.[condition.key];
  return condition.equals === null ? answer !== undefined && answer !== '' : (answer ?? '').trim().toLowerCase() === condition.equals.trim().toLowerCase();
}

/** Addresses the HTTP step may reach although private: tests only (their server is on 127.0.0.1). */
export const flowHttpTesting: { allowAddresses: string[] } = { allowAddresses: [] };

/**
 * The HTTP step's call, made outside the step's transaction (a slow address never holds the contact's lock or a
 * connection): at least once — a crash after the call and before its log line calls again, so it carries an
 * `Idempotency-Key` of the run and step for the receiver to drop a repeat.
 */
async function callStep(deps: AppServices, run: RunRow, step: HttpStep): Promise<HttpResult> {
  const [lead] = run.leadId ? await deps.db.select({ status: leads.status, answers: leads.answers }).from(leads).where(eq(leads.id, run.leadId)).limit(1) : [];
  const [contact] = await deps.db.select({ firstName: contacts.firstName, lastName: contacts.lastName, phone: contacts.phone }).from(contacts).where(eq(contacts.id, run.contactId)).limit(1);
  const payload = { type: 'flow.step', flowId: run.flowId, runId: run.id, stepId: step.id, leadId: run.leadId, lead: lead ?? null, contact: contact ?? null };
  try {
    const response = await safeFetch(step.url, {
      method: step.method,
      headers: { 'content-type': 'application/json', 'idempotency-key': `${run.id}:${step.id}`, 'user-agent': 'LeadLoop-Flows/1' },
      ...(step.method === 'POST' ? { body: JSON.stringify(payload) } : {}),
      timeoutMs: 10_000,
      maxBytes: 64 * 1024,
      allowAddresses: flowHttpTesting.allowAddresses,
      allowPrivateNetworks: deps.allowPrivateNetworks === true,
    });
    const ok = response.status >= 200 && response.status < 300;
    return { ok, detail: `Answered ${response.status}` };
  } catch (error) {
    return { ok: false, detail: error instanceof BlockedUrlError ? error.message : `Could not reach it (${error instanceof Error ? error.message : 'error'})` };
  }
}

interface HttpResult {
  ok: boolean;
  detail: string;
}

async function sendStep(tx: Tx, deps: AppServices, events: EventBatch, run: RunRow, step: Extract<FlowStep, { type: 'send_sms' }>, now: Date, author: 'flow' | 'ai' = 'flow'): Promise<Outcome> {
  if (!run.conversationId) return { kind: 'stop', reason: 'no_thread' };
  // Another automation texted them a moment ago: this one goes after the send-lock, never on top of it.
  const [recent] = await tx
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(
      and(
        eq(messages.contactId, run.contactId),
        eq(messages.direction, 'outbound'),
        eq(messages.automated, true),
        gt(messages.createdAt, new Date(now.getTime() - SEND_LOCK_MS)),
        inArray(messages.status, ['queued', 'sending', 'sent', 'delivered']),
        // This run's own texts (its AI step's question) are the same voice, not another automation.
        notLike(sql`coalesce(${messages.dedupeKey}, '')`, flowTextKey(run.id, '%')),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  if (recent) return { kind: 'later', at: new Date(recent.createdAt.getTime() + SEND_LOCK_MS + SECOND), detail: 'Another automated text just went out: waiting for the send-lock' };
  // The daily cap (the company's "max automated messages per thread per day", 15 by default): past it, the text
  // waits until the oldest of the day's flow texts is a day old, never on top of it.
  const [settings] = await tx.select({ dailyCap: aiSettings.dailyCap }).from(aiSettings).where(eq(aiSettings.companyId, run.companyId)).limit(1);
  const cap = settings?.dailyCap ?? DEFAULT_AI_SETTINGS.dailyCap;
  const today = await tx
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.conversationId, run.conversationId), eq(messages.author, 'flow'), gt(messages.createdAt, new Date(now.getTime() - DAY)), ne(messages.status, 'blocked')))
    .orderBy(messages.createdAt);
  if (today.length >= cap) return { kind: 'later', at: new Date(today[0]!.createdAt.getTime() + DAY + SECOND), detail: `Reached ${cap} automated texts to them in a day: waiting` };
  const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, run.conversationId)).limit(1);
  const merge = await mergeContext(tx, run);
  if (!conversation || !merge) return { kind: 'stop', reason: 'no_thread' };
  const body = renderMergeTags(step.body, merge);
  // They wrote a moment ago (the text that started the flow, a reply it waited for): this text answers them and may
  // go at once, as the assistant's would; any other flow text waits for their send window.
  const [lastWord] = await tx
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.conversationId, conversation.id), eq(messages.direction, 'inbound')))
    .orderBy(desc(messages.seq))
    .limit(1);
  const isReply = lastWord !== undefined && now.getTime() - lastWord.createdAt.getTime() <= REPLY_WINDOW_MS;
  const message = await queueOutbound(tx, deps, events, { companyId: run.companyId, conversationId: conversation.id, body, author, automated: true, isReply, dedupeKey: flowTextKey(run.id, step.id) });
  if (message.status === 'blocked') return { kind: 'stop', reason: message.errorCode === 'opted_out' ? 'opted_out' : 'blocked' };
  const detail =
    message.errorCode === A2P_HELD_CODE
      ? 'Waiting for your texting registration’s approval (A2P_GATE=hold)'
      : message.errorCode === PLAN_PAUSED_CODE
        ? (message.errorMessage ?? 'Paused by your plan')
        : message.status === 'scheduled' && message.scheduledFor
          ? 'Queued for their send window (9 am – 8 pm their time)'
          : 'Sent';
  if (message.status === 'scheduled' && message.scheduledFor) {
    // The step log keeps when it will go, for the run view to show in the reader's own time.
    return { kind: 'done', detail, next: step.next, messageId: message.id, dueAt: message.scheduledFor };
  }
  return { kind: 'done', detail, next: step.next, messageId: message.id };
}

/** Whether a flow starts when a lead reaches this status (so that status does not end its runs). */
export function startsOnStatus(graph: FlowGraph, status: string): boolean {
  return graph.trigger.type === 'status_changed' && (graph.trigger.to as string[]).includes(status);
}


/** The graph a run follows. */
export type { FlowGraph };
