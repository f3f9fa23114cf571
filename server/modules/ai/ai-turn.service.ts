import { and, desc, eq, gt, gte, inArray, like, ne, or } from 'drizzle-orm';
import { HANDOFF_REASON_WORDS, type HandoffReason } from '@contracts/ai';
import { CLOSED_LEAD_STATUSES } from '@contracts/lead';
import type { AiDecision, AiTurnInput } from '@server/adapters/ai/ai.port';
import type { Tx } from '@server/platform/db/database';
import { aiDrafts, aiTurns, companies, contacts, conversations, leads, messages, phoneNumbers, priceItems } from '@server/platform/db/schema';
import type { EventBatch } from '@server/platform/events/domain-events';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import type { JobRecord } from '@server/platform/jobs/job-queue';
import { HOUR, SECOND } from '@server/platform/lib/clock';
import { truncate } from '@contracts/text';
import { describeLocalTime, zonesForPhone } from '@contracts/send-window';
import type { AppServices } from '@server/platform/services';
import { contactDisplayName } from '@contracts/person';
import { renderMergeTags } from '@server/modules/messaging/merge-tags';
import { queueOutbound, SEND_LOCK_MS } from '@server/modules/messaging/outbound.service';
import { notify } from '@server/modules/notifications/notify.service';
import { aiOffNow } from './ai-schedule';
import { applyTriggers, approvalCode, buildTurnInput, countConfused, holdReason, LEAD_MOVES, questionsFor, quotesOf, startOfLocalDay, toPriceItem } from './ai-policy';
import { ensureAiSettings, settingsValues } from './ai-settings.service';
import { bookChosen, type PreparedBooking, prepareBooking, rememberOffer } from './ai-booking';

export const AI_TURN_QUEUE = 'ai.turn';
/** How much of the thread the assistant reads each turn. */
const TRANSCRIPT_LINES = 30;
/** One staff alert per company per hour while the configured model is unavailable. */
const FALLBACK_NOTICE_EVERY_MS = HOUR;
export const FALLBACK_PREFIX = 'The AI service was unavailable';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

/**
 * The assistant's turn (the `ai.turn` job, registered in ai.jobs.ts): scheduled after each inbound text of a thread
 * it handles, run outside any transaction around the port, applied under the thread's lock. Its rules: ai-policy.ts.
 */

/**
 * After an inbound message in a thread the assistant handles: one turn, after the reply delay. The job is keyed by
 * the thread, so texts arriving during the delay are answered together by the one pending turn; a text arriving
 * while a turn runs is caught by that turn before it sends (it starts over with everything).
 */
export async function scheduleAiTurn(tx: Tx, deps: Pick<AppServices, 'queue' | 'clock'>, input: { companyId: string; conversationId: string }) {
  const settings = await ensureAiSettings(tx, input.companyId, deps.clock.now());
  if (!settings.enabled) {
    // Off for the company, but a flow's AI step may have given this thread to the assistant.
    const [held] = await tx.select({ goal: conversations.flowGoal }).from(conversations).where(eq(conversations.id, input.conversationId)).limit(1);
    if (!held?.goal) return;
  }
  await deps.queue.enqueue(tx, AI_TURN_QUEUE, { conversationId: input.conversationId }, {
    companyId: input.companyId,
    singletonKey: `ai-turn:${input.conversationId}`,
    runAt: new Date(deps.clock.now().getTime() + settings.replyDelaySeconds * SECOND),
    maxAttempts: 5,
  });
}

/** Whether a new thread starts with the assistant answering: the company's switch, and for a missed call its agent setting. */
export async function assistantTakesNewThread(tx: Tx, companyId: string, source: string, now: Date): Promise<boolean> {
  const settings = await ensureAiSettings(tx, companyId, now);
  if (!settings.enabled) return false;
  return source === 'missed_call' ? settings.missedCall.continueThread : true;
}

interface TurnContext {
  company: Row<typeof companies>;
  conversation: Row<typeof conversations>;
  contact: Row<typeof contacts>;
  number: Row<typeof phoneNumbers>;
  lead: Row<typeof leads> | null;
  settings: Awaited<ReturnType<typeof ensureAiSettings>>;
  /** The company's zone (else the business number's area code's): where "today" and off hours are. */
  timezone: string;
  /** When the turn started (the decision log's time). */
  now: Date;
}

async function readContext(tx: Tx, conversationId: string, now: Date, lock: boolean): Promise<TurnContext | null> {
  const query = tx
    .select({ conversation: conversations, contact: contacts, number: phoneNumbers, company: companies })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .innerJoin(phoneNumbers, eq(phoneNumbers.id, conversations.phoneNumberId))
    .innerJoin(companies, eq(companies.id, conversations.companyId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: conversations }) : await query;
  if (!row) return null;
  const [lead] = await tx.select().from(leads).where(eq(leads.contactId, row.contact.id)).orderBy(desc(leads.createdAt)).limit(1);
  const settings = await ensureAiSettings(tx, row.company.id, now);
  return { ...row, lead: lead ?? null, settings, timezone: row.company.timezone ?? zonesForPhone(row.number.e164)[0] ?? 'America/New_York', now };
}

/**
 * Where the last turn left off — or a staff reply, or a flow AI step's opening question, each of which answers
 * everything before it (the step's goal starts from its question, not from what was said before).
 */
async function answeredThrough(tx: Tx, conversationId: string): Promise<number> {
  const [turn] = await tx.select({ seq: aiTurns.answeredThroughSeq }).from(aiTurns).where(eq(aiTurns.conversationId, conversationId)).orderBy(desc(aiTurns.createdAt), desc(aiTurns.answeredThroughSeq)).limit(1);
  const [staff] = await tx
    .select({ seq: messages.seq })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.direction, 'outbound'), or(eq(messages.author, 'user'), and(eq(messages.author, 'ai'), like(messages.dedupeKey, 'flow:%')))))
    .orderBy(desc(messages.seq))
    .limit(1);
  return Math.max(turn?.seq ?? 0, staff?.seq ?? 0);
}

export type TurnOutcome =
  | { action: 'reply' | 'handoff' | 'hold' | 'skip'; turnId: string | null; reasons: string[] }
  | { action: 'rescheduled'; reasons: string[] };

/**
 * One assistant turn for a thread (the `ai.turn` job). Reads the thread and what is new since the last turn, checks
 * everything that says "say nothing" (staff in control, the assistant off, opted out, blocked, off hours, the daily
 * cap), asks the port (outside any transaction: a model may take seconds), then applies the decision in one
 * transaction that first re-reads the thread under its row lock — a staff reply or "Take over" that landed meanwhile
 * wins and nothing is sent, and a text that arrived meanwhile sends the turn back to start over with it.
 */
export async function runAiTurn(deps: AppServices, job: Pick<JobRecord<{ conversationId: string }>, 'id' | 'payload'>): Promise<TurnOutcome> {
  const conversationId = job.payload.conversationId;
  const now = deps.clock.now();
  const read = await deps.db.transaction(async (tx) => {
    const ctx = await readContext(tx, conversationId, now, false);
    if (!ctx) return null;
    const through = await answeredThrough(tx, conversationId);
    const fresh = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.direction, 'inbound'), gt(messages.seq, through)))
      .orderBy(messages.seq);
    // Another automation texted moments ago: wait out the send-lock rather than lose the reply to it.
    const [recentAutomated] = await tx
      .select({ createdAt: messages.createdAt })
      .from(messages)
      .where(and(eq(messages.contactId, ctx.contact.id), eq(messages.direction, 'outbound'), eq(messages.automated, true), ne(messages.author, 'ai'), gt(messages.createdAt, new Date(now.getTime() - SEND_LOCK_MS)), inArray(messages.status, ['queued', 'sending', 'sent', 'delivered'])))
      .orderBy(desc(messages.createdAt))
      .limit(1);
    if (recentAutomated && fresh.length > 0 && ctx.conversation.mode === 'ai') {
      return { rescheduled: await deps.queue.rescheduleWithin(tx, job, new Date(recentAutomated.createdAt.getTime() + SEND_LOCK_MS + SECOND)) };
    }
    const transcript = await tx
      .select({ direction: messages.direction, body: messages.body, createdAt: messages.createdAt, seq: messages.seq, author: messages.author, status: messages.status })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), ne(messages.status, 'blocked'), ne(messages.status, 'scheduled')))
      .orderBy(desc(messages.seq))
      .limit(TRANSCRIPT_LINES);
    const dayStart = startOfLocalDay(now, ctx.timezone);
    const aiToday = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.author, 'ai'), gte(messages.createdAt, dayStart), ne(messages.status, 'blocked')));
    const recentTurns = await tx.select({ decision: aiTurns.decision, action: aiTurns.action }).from(aiTurns).where(eq(aiTurns.conversationId, conversationId)).orderBy(desc(aiTurns.createdAt)).limit(5);
    const approved = await tx.select().from(priceItems).where(and(eq(priceItems.companyId, ctx.company.id), eq(priceItems.status, 'approved')));
    // The booking tool only while the assistant qualifies for the company, not under a flow's one-question goal.
    const booking = ctx.conversation.flowGoal ? null : await prepareBooking(tx, ctx, now);
    return { ctx, through, fresh, transcript: transcript.reverse(), repliesToday: aiToday.length, recentTurns, approved, booking };
  });
  if (!read) return { action: 'skip', turnId: null, reasons: ['The thread no longer exists.'] };
  if ('rescheduled' in read) throw read.rescheduled;
  const { ctx, fresh } = read;
  const throughSeq = fresh.length ? fresh[fresh.length - 1]!.seq : read.through;

  // Nothing new: an earlier turn (or a staff reply) already answered it.
  if (fresh.length === 0) return { action: 'skip', turnId: null, reasons: ['Nothing new to answer.'] };
  const skip = (reason: string) => recordSkip(deps, ctx, fresh, throughSeq, reason);
  // A flow's AI step gives the thread to the assistant with a goal, whether or not it answers new threads.
  const goal = ctx.conversation.flowGoal;
  if (!ctx.settings.enabled && !goal) return skip('The assistant is turned off for the company.');
  if (ctx.conversation.mode !== 'ai') return skip('Your team is in control of this thread.');
  if (ctx.contact.optedOutAt) return skip('They opted out of texts.');
  if (ctx.contact.blockedAt) return skip('You blocked this client.');
  if (ctx.number.status !== 'active') return skip('The thread’s business number is no longer active.');
  const off = aiOffNow(ctx.settings.schedule, ctx.timezone, now);
  if (off.off) return offHours(deps, ctx, fresh, throughSeq, off);
  if (ctx.lead && (CLOSED_LEAD_STATUSES as readonly string[]).includes(ctx.lead.status) && !goal) {
    return handOffWithoutReply(deps, ctx, fresh, throughSeq, `The lead is ${ctx.lead.status.replace('_', ' ')}: a person should answer.`, null);
  }
  if (read.repliesToday >= ctx.settings.dailyCap) {
    return handOffWithoutReply(deps, ctx, fresh, throughSeq, `Reached ${ctx.settings.dailyCap} assistant messages in this thread today.`, 'daily_cap');
  }

  const saved = settingsValues(ctx.settings);
  const input = buildTurnInput({
    // The owner's disqualify message may carry merge tags (checked on save): filled here, where the person is known.
    settings: { ...saved, disqualifyMessage: renderMergeTags(saved.disqualifyMessage, { contact: ctx.contact, businessName: ctx.company.name, businessPhone: ctx.number.e164, senderFirstName: ctx.company.name }) },
    business: { name: ctx.company.name, timezone: ctx.timezone },
    approved: read.approved.map(toPriceItem),
    questions: goal?.question
      ? [{ key: goal.question.key, text: goal.question.text, kind: 'text', choices: [], required: true }]
      : questionsFor(ctx.settings.questions, ctx.settings.missedCall.firstQuestion, ctx.lead?.source ?? null, read.recentTurns.length === 0),
    answers: ctx.lead?.answers ?? {},
    transcript: read.transcript.map((m) => ({ from: m.direction === 'inbound' ? 'contact' : 'business', body: m.body, at: m.createdAt.getTime() })),
    newMessages: fresh.map((m) => m.body).filter(Boolean),
    repliesToday: read.repliesToday,
    confusedTurns: countConfused(read.recentTurns),
    booking: read.booking?.booking ?? null,
    now,
  });
  const values = settingsValues(ctx.settings);

  const started = Date.now();
  let decision: AiDecision;
  try {
    decision = await deps.ai.decide(input);
  } catch (error) {
    // Not the service being down (the fallback answers that): a bug or a caller abort. Tell staff, retry later.
    deps.logger.error({ err: error, conversationId }, 'the assistant failed to decide');
    throw error;
  }
  const latencyMs = Date.now() - started;
  const fallback = decision.reasons[0]?.startsWith(FALLBACK_PREFIX) ?? false;
  const decided = applyTriggers(decision, values.handoff);

  const applied = await transactionWithEvents(deps, async (tx, events) => {
    const live = await readContext(tx, conversationId, now, true);
    if (!live) return { action: 'skip' as const, turnId: null, reasons: ['The thread no longer exists.'] };
    const [newer] = await tx
      .select({ seq: messages.seq })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.direction, 'inbound'), gt(messages.seq, throughSeq)))
      .limit(1);
    const staffMeanwhile = live.conversation.mode !== 'ai' || (await answeredThrough(tx, conversationId)) > read.through;
    const base = { fresh, throughSeq, decision: decided, latencyMs, fallback };
    if (staffMeanwhile) {
      return writeTurn(tx, live, { ...base, action: 'skip', reasons: [...decided.reasons, 'Your team took over while the assistant was deciding: nothing was sent.'] });
    }
    if (newer) return { rescheduled: await deps.queue.rescheduleWithin(tx, job, deps.clock.now()) };
    if (live.contact.optedOutAt || live.contact.blockedAt) {
      return writeTurn(tx, live, { ...base, action: 'skip', reasons: [...decided.reasons, 'They opted out (or were blocked) while the assistant was deciding: nothing was sent.'] });
    }
    return applyDecision(tx, deps, events, live, { ...base, input, approved: read.approved, booking: read.booking });
  });
  if ('rescheduled' in applied) throw applied.rescheduled;
  if (fallback) await noticeFallback(deps, ctx, decided.reasons[0]!);
  return applied;
}

async function applyDecision(
  tx: Tx,
  deps: AppServices,
  events: EventBatch,
  ctx: TurnContext,
  turn: { fresh: Array<Row<typeof messages>>; throughSeq: number; decision: AiDecision; latencyMs: number; fallback: boolean; input: AiTurnInput; approved: Array<Row<typeof priceItems>>; booking?: PreparedBooking | null },
): Promise<Extract<TurnOutcome, { turnId: string | null }>> {
  const now = deps.clock.now();
  const reasons = [...turn.decision.reasons];
  const known = new Set(turn.input.questions.map((q) => q.key));
  const answers = Object.fromEntries(Object.entries(turn.decision.answers).filter(([key, value]) => known.has(key) && value.trim() !== ''));
  // Under a flow's "ask" goal one answer does not qualify a lead, and once it is given the flow's next step speaks
  // (the assistant's wrap-up would promise what the flow may not do).
  const goalQuestion = ctx.conversation.flowGoal?.question ?? null;
  const goalAnswered = goalQuestion !== null && (answers[goalQuestion.key] ?? '') !== '';
  const decision: AiDecision = goalQuestion && turn.decision.lead === 'qualified' ? { ...turn.decision, lead: null } : turn.decision;
  if (goalAnswered) reasons.push('The flow’s question is answered: its next step takes it from here.');

  let body = goalAnswered && decision.action !== 'handoff' ? '' : (decision.reply?.trim() ?? '');
  let held = body ? (ctx.settings.approvalMode ? holdReason(decision) : null) : null;

  // The lead learns what was said, whatever is sent (a held quote is remembered when it is approved and sent).
  if (ctx.lead) {
    const closed = (CLOSED_LEAD_STATUSES as readonly string[]).includes(ctx.lead.status);
    const move = decision.lead ? LEAD_MOVES[decision.lead] : decision.action === 'handoff' ? 'needs_human' : ctx.lead.status === 'new' ? 'engaging' : null;
    // Never backwards: engaging only from new; a qualified lead is not "engaging" again.
    const status = !closed && move && !(move === 'engaging' && ctx.lead.status !== 'new') ? move : ctx.lead.status;
    const quotes = held ? [] : quotesOf(turn.approved, decision.quotedItemIds, now);
    const changes = {
      answers: { ...(ctx.lead.answers ?? {}), ...answers },
      status,
      ...(decision.summary ? { aiSummary: truncate(decision.summary, 500, { ellipsis: true }) } : {}),
      ...(quotes.length ? { aiQuotes: [...(ctx.lead.aiQuotes ?? []), ...quotes] } : {}),
      lastActivityAt: now,
      updatedAt: now,
    };
    await tx.update(leads).set(changes).where(eq(leads.id, ctx.lead.id));
    events.add(ctx.company.id, { type: 'lead.updated', data: { leadId: ctx.lead.id, fields: Object.keys(changes) } });
    if (status !== ctx.lead.status) reasons.push(`Lead: ${ctx.lead.status.replace('_', ' ')} → ${status.replace('_', ' ')}.`);
  }

  // The booking tool: the chosen time is booked (its confirmation is the reply), or two others are offered.
  const prepared = turn.booking ?? null;
  let booked = false;
  let offeredStarts = decision.offeredStarts;
  if (prepared && decision.bookStart !== null && decision.action !== 'handoff') {
    const outcome = await bookChosen(tx, deps, events, ctx, prepared, decision.bookStart);
    reasons.push(outcome.reason);
    booked = outcome.booked;
    if (!outcome.booked) {
      const times = outcome.others.map((slot) => describeLocalTime(slot.start, ctx.timezone));
      body = times.length > 0 ? `Sorry, that time was just taken. I can do ${times.join(' or ')} instead. Which works?` : 'Sorry, that time was just taken. Someone from the team will text you to find another time.';
      held = null;
      offeredStarts = outcome.others.map((slot) => slot.start);
      if (times.length === 0) decision.action = 'handoff';
    }
  }
  if (prepared && !booked && (offeredStarts.length > 0 || ctx.conversation.slotOffer)) await rememberOffer(tx, ctx.conversation.id, prepared, offeredStarts, now);

  let replyMessageId: string | null = null;
  let draftId: string | null = null;
  let action: 'reply' | 'handoff' | 'hold' | 'skip' = decision.action === 'handoff' ? 'handoff' : booked || body ? 'reply' : 'skip';
  const name = contactDisplayName(ctx.contact);
  const link = `/conversations?c=${ctx.conversation.id}`;
  const turnId = crypto.randomUUID();
  if (body && held) {
    const code = approvalCode();
    const [draft] = await tx
      .insert(aiDrafts)
      .values({ companyId: ctx.company.id, conversationId: ctx.conversation.id, turnId, body, why: held, quotedItemIds: decision.quotedItemIds, code, createdAt: now })
      .returning({ id: aiDrafts.id });
    draftId = draft!.id;
    reasons.push(held);
    if (action !== 'handoff') action = 'hold';
    // An open thread shows "Waiting for approval" and the held reply live: it refetches on this event.
    events.add(ctx.company.id, { type: 'conversation.updated', data: { conversationId: ctx.conversation.id, fields: ['drafts'] } });
    // The code goes first so the alert text keeps it when long words are cut.
    await notify(tx, deps, { company: ctx.company, event: 'ai_approval', title: `Reply YES ${code} to send this to ${name}`, body: truncate(`“${body}” (${held})`, 260, { ellipsis: true }), link });
  } else if (body) {
    const message = await queueOutbound(tx, deps, events, {
      companyId: ctx.company.id,
      conversationId: ctx.conversation.id,
      body: truncate(body, 1600, { ellipsis: true }),
      author: 'ai',
      automated: true,
      isReply: true,
      dedupeKey: `ai:${turnId}`,
      thread: { conversation: ctx.conversation, contact: ctx.contact, number: ctx.number },
    });
    replyMessageId = message.id;
    if (message.status === 'blocked') reasons.push(`The reply was not sent: ${message.errorMessage ?? 'blocked'}`);
  }

  if (decision.action === 'handoff') {
    await tx.update(conversations).set({ mode: 'human', updatedAt: now }).where(eq(conversations.id, ctx.conversation.id));
    events.add(ctx.company.id, { type: 'conversation.updated', data: { conversationId: ctx.conversation.id, fields: ['mode'] } });
    const why = decision.handoffReason ? HANDOFF_REASON_WORDS[decision.handoffReason] : 'The assistant could not go on';
    reasons.push(`Handed to your team: ${why}.`);
    await notify(tx, deps, { company: ctx.company, event: 'ai_handoff', title: `${name} needs a person`, body: truncate(`${why}. They wrote: “${turn.input.newMessages.join(' ')}”`, 300, { ellipsis: true }), link });
  }
  return writeTurn(tx, ctx, { fresh: turn.fresh, throughSeq: turn.throughSeq, decision, latencyMs: turn.latencyMs, fallback: turn.fallback, action, reasons, replyMessageId, draftId, turnId });
}

async function writeTurn(
  tx: Tx,
  ctx: TurnContext,
  turn: {
    fresh: Array<Row<typeof messages>>;
    throughSeq: number;
    decision: AiDecision | null;
    latencyMs?: number;
    fallback?: boolean;
    action: 'reply' | 'handoff' | 'hold' | 'skip';
    reasons: string[];
    replyMessageId?: string | null;
    draftId?: string | null;
    turnId?: string;
  },
): Promise<Extract<TurnOutcome, { turnId: string | null }>> {
  const [row] = await tx
    .insert(aiTurns)
    .values({
      ...(turn.turnId ? { id: turn.turnId } : {}),
      companyId: ctx.company.id,
      conversationId: ctx.conversation.id,
      leadId: ctx.lead?.id ?? null,
      action: turn.action,
      input: { newMessages: turn.fresh.map((m) => m.body), answersBefore: ctx.lead?.answers ?? {} },
      decision: turn.decision ? { ...turn.decision } : null,
      reasons: turn.reasons,
      model: turn.decision?.model ?? 'engine',
      fallback: turn.fallback ?? false,
      latencyMs: turn.latencyMs ?? 0,
      promptTokens: turn.decision?.usage?.promptTokens ?? null,
      completionTokens: turn.decision?.usage?.completionTokens ?? null,
      answeredThroughSeq: turn.throughSeq,
      replyMessageId: turn.replyMessageId ?? null,
      draftId: turn.draftId ?? null,
      createdAt: ctx.now,
    })
    .returning({ id: aiTurns.id });
  return { action: turn.action, turnId: row!.id, reasons: turn.reasons };
}

/** A turn the engine decided without asking the port (staff in control, opted out, …): logged, nothing sent. */
async function recordSkip(deps: AppServices, ctx: TurnContext, fresh: Array<Row<typeof messages>>, throughSeq: number, reason: string) {
  return deps.db.transaction((tx) => writeTurn(tx, ctx, { fresh, throughSeq, decision: null, action: 'skip', reasons: [reason] }));
}

/** Off hours: the owner's message instead (once per off period per thread), and the thread waits for the team. */
async function offHours(deps: AppServices, ctx: TurnContext, fresh: Array<Row<typeof messages>>, throughSeq: number, off: { why: string; period: string | null }) {
  return transactionWithEvents(deps, async (tx, events) => {
    const reasons = [`${off.why}: the assistant does not answer now.`];
    // The owner's message may carry merge tags (checked on save), filled like every other automated text.
    const text = renderMergeTags(ctx.settings.schedule.offMessage.trim(), { contact: ctx.contact, businessName: ctx.company.name, businessPhone: ctx.number.e164, senderFirstName: ctx.company.name });
    let replyMessageId: string | null = null;
    if (text && off.period) {
      const dedupeKey = `ai-off:${ctx.conversation.id}:${off.period}`;
      const [already] = await tx.select({ id: messages.id }).from(messages).where(and(eq(messages.conversationId, ctx.conversation.id), eq(messages.dedupeKey, dedupeKey))).limit(1);
      if (!already) {
        const message = await queueOutbound(tx, deps, events, { companyId: ctx.company.id, conversationId: ctx.conversation.id, body: text, author: 'ai', automated: true, isReply: true, dedupeKey, thread: { conversation: ctx.conversation, contact: ctx.contact, number: ctx.number } });
        replyMessageId = message.id;
        reasons.push('Sent your off-hours message.');
      } else reasons.push('The off-hours message already went in this period.');
    }
    const name = contactDisplayName(ctx.contact);
    await notify(tx, deps, { company: ctx.company, event: 'new_message', title: `${name} wrote while the assistant is off`, body: truncate(`“${fresh.map((m) => m.body).join(' ')}”`, 200, { ellipsis: true }), link: `/conversations?c=${ctx.conversation.id}` });
    return writeTurn(tx, ctx, { fresh, throughSeq, decision: null, action: replyMessageId ? 'reply' : 'skip', reasons, replyMessageId });
  });
}

/** The engine hands off by itself (the daily cap, a closed lead): the team is told, nothing is sent. */
async function handOffWithoutReply(deps: AppServices, ctx: TurnContext, fresh: Array<Row<typeof messages>>, throughSeq: number, reason: string, code: HandoffReason | null) {
  return transactionWithEvents(deps, async (tx, events) => {
    const now = deps.clock.now();
    await tx.update(conversations).set({ mode: 'human', updatedAt: now }).where(eq(conversations.id, ctx.conversation.id));
    events.add(ctx.company.id, { type: 'conversation.updated', data: { conversationId: ctx.conversation.id, fields: ['mode'] } });
    if (ctx.lead && !(CLOSED_LEAD_STATUSES as readonly string[]).includes(ctx.lead.status)) {
      await tx.update(leads).set({ status: 'needs_human', updatedAt: now }).where(eq(leads.id, ctx.lead.id));
      events.add(ctx.company.id, { type: 'lead.updated', data: { leadId: ctx.lead.id, fields: ['status'] } });
    }
    const name = contactDisplayName(ctx.contact);
    await notify(tx, deps, { company: ctx.company, event: 'ai_handoff', title: `${name} needs a person`, body: truncate(`${code ? HANDOFF_REASON_WORDS[code] : reason} They wrote: “${fresh.map((m) => m.body).join(' ')}”`, 300, { ellipsis: true }), link: `/conversations?c=${ctx.conversation.id}` });
    return writeTurn(tx, ctx, { fresh, throughSeq, decision: null, action: 'handoff', reasons: [reason, 'Handed to your team; nothing was sent.'] });
  });
}

/** The configured model failed and the built-in assistant answered: staff hear about it, at most once an hour. */
async function noticeFallback(deps: AppServices, ctx: TurnContext, why: string) {
  const since = new Date(deps.clock.now().getTime() - FALLBACK_NOTICE_EVERY_MS);
  const earlier = await deps.db
    .select({ id: aiTurns.id })
    .from(aiTurns)
    .where(and(eq(aiTurns.companyId, ctx.company.id), eq(aiTurns.fallback, true), gt(aiTurns.createdAt, since)))
    .limit(2);
  if (earlier.length > 1) return;
  await deps.db.transaction((tx) =>
    notify(tx, deps, { company: ctx.company, event: 'ai_handoff', title: 'The AI service is unavailable', body: truncate(`${why} Replies keep going out from the built-in assistant until it is back.`, 300, { ellipsis: true }), link: '/logs?tab=ai' }),
  );
}

/** The `ai.turn` job. A turn that must start over (a text arrived, the send-lock) puts itself back with `RescheduledWithin`. */
