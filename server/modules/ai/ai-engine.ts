import { and, desc, eq, gt, gte, inArray, ne } from 'drizzle-orm';
import { type AiSettingsValues, HANDOFF_REASON_WORDS, type HandoffReason, type PriceItem, type QualifierQuestion } from '@contracts/ai';
import { CLOSED_LEAD_STATUSES, type LeadStatus } from '@contracts/lead';
import type { AiDecision, AiTurnInput } from '@server/adapters/ai/ai.port';
import type { Tx } from '@server/platform/db/database';
import { aiDrafts, aiTurns, companies, contacts, conversations, leads, messages, phoneNumbers, priceItems } from '@server/platform/db/schema';
import type { EventBatch } from '@server/platform/events/domain-events';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { type JobRecord, PermanentJobError } from '@server/platform/jobs/job-queue';
import { HOUR, SECOND } from '@server/platform/lib/clock';
import { truncate } from '@contracts/text';
import { zonesForPhone } from '@contracts/send-window';
import { contactDisplayName, type MessagingDeps } from '@server/modules/messaging/messaging.deps';
import { renderMergeTags } from '@server/modules/messaging/merge-tags';
import { queueOutbound, SEND_LOCK_MS } from '@server/modules/messaging/outbound.service';
import { notify } from '@server/modules/notifications/notify.service';
import { aiOffNow, localClock } from './ai-schedule';
import { ensureAiSettings, settingsValues } from './ai-settings.service';

export const AI_TURN_QUEUE = 'ai.turn';
/** How much of the thread the assistant reads each turn. */
const TRANSCRIPT_LINES = 30;
/** One staff alert per company per hour while the configured model is unavailable. */
const FALLBACK_NOTICE_EVERY_MS = HOUR;
const FALLBACK_PREFIX = 'The AI service was unavailable';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

/**
 * After an inbound message in a thread the assistant handles: one turn, after the reply delay. The job is keyed by
 * the thread, so texts arriving during the delay are answered together by the one pending turn; a text arriving
 * while a turn runs is caught by that turn before it sends (it starts over with everything).
 */
export async function scheduleAiTurn(tx: Tx, deps: Pick<MessagingDeps, 'queue' | 'clock'>, input: { companyId: string; conversationId: string }) {
  const settings = await ensureAiSettings(tx, input.companyId, deps.clock.now());
  if (!settings.enabled) return;
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

/** Where the last turn (or a staff reply, which answers everything before it) left off. */
async function answeredThrough(tx: Tx, conversationId: string): Promise<number> {
  const [turn] = await tx.select({ seq: aiTurns.answeredThroughSeq }).from(aiTurns).where(eq(aiTurns.conversationId, conversationId)).orderBy(desc(aiTurns.createdAt), desc(aiTurns.answeredThroughSeq)).limit(1);
  const [staff] = await tx
    .select({ seq: messages.seq })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.direction, 'outbound'), eq(messages.author, 'user')))
    .orderBy(desc(messages.seq))
    .limit(1);
  return Math.max(turn?.seq ?? 0, staff?.seq ?? 0);
}

function startOfLocalDay(now: Date, timeZone: string): Date {
  const { minutes } = localClock(now, timeZone);
  // Minutes since local midnight, back from now (seconds dropped): a DST day is still counted from its midnight.
  return new Date(now.getTime() - minutes * 60_000 - now.getUTCSeconds() * 1000 - now.getUTCMilliseconds());
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
export async function runAiTurn(deps: MessagingDeps, job: Pick<JobRecord<{ conversationId: string }>, 'id' | 'payload'>): Promise<TurnOutcome> {
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
    return { ctx, through, fresh, transcript: transcript.reverse(), repliesToday: aiToday.length, recentTurns, approved };
  });
  if (!read) return { action: 'skip', turnId: null, reasons: ['The thread no longer exists.'] };
  if ('rescheduled' in read) throw read.rescheduled;
  const { ctx, fresh } = read;
  const throughSeq = fresh.length ? fresh[fresh.length - 1]!.seq : read.through;

  // Nothing new: an earlier turn (or a staff reply) already answered it.
  if (fresh.length === 0) return { action: 'skip', turnId: null, reasons: ['Nothing new to answer.'] };
  const skip = (reason: string) => recordSkip(deps, ctx, fresh, throughSeq, reason);
  if (!ctx.settings.enabled) return skip('The assistant is turned off for the company.');
  if (ctx.conversation.mode !== 'ai') return skip('Your team is in control of this thread.');
  if (ctx.contact.optedOutAt) return skip('They opted out of texts.');
  if (ctx.contact.blockedAt) return skip('You blocked this client.');
  if (ctx.number.status !== 'active') return skip('The thread’s business number is no longer active.');
  const off = aiOffNow(ctx.settings.schedule, ctx.timezone, now);
  if (off.off) return offHours(deps, ctx, fresh, throughSeq, off);
  if (ctx.lead && (CLOSED_LEAD_STATUSES as readonly string[]).includes(ctx.lead.status)) {
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
    questions: questionsFor(ctx.settings.questions, ctx, read.recentTurns.length === 0),
    answers: ctx.lead?.answers ?? {},
    transcript: read.transcript.map((m) => ({ from: m.direction === 'inbound' ? 'contact' : 'business', body: m.body, at: m.createdAt.getTime() })),
    newMessages: fresh.map((m) => m.body).filter(Boolean),
    repliesToday: read.repliesToday,
    confusedTurns: countConfused(read.recentTurns),
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
    return applyDecision(tx, deps, events, live, { ...base, input, approved: read.approved });
  });
  if ('rescheduled' in applied) throw applied.rescheduled;
  if (fallback) await noticeFallback(deps, ctx, decided.reasons[0]!);
  return applied;
}

/**
 * What the port reads for one turn, from the company's settings and the thread (the engine and Settings → AI's test
 * chat build it the same way, so the test chat shows what a real thread would get). Only approved price items, and
 * none under "never quote".
 */
export function buildTurnInput(input: {
  settings: AiSettingsValues;
  business: { name: string; timezone: string };
  approved: PriceItem[];
  questions: QualifierQuestion[];
  answers: Record<string, string>;
  transcript: AiTurnInput['transcript'];
  newMessages: string[];
  repliesToday: number;
  confusedTurns: number;
  now: Date;
}): AiTurnInput {
  const values = input.settings;
  return {
    business: {
      name: input.business.name,
      timezone: input.business.timezone,
      facts: values.facts,
      faq: values.faq,
      services: values.services,
      servicesNotOffered: values.servicesNotOffered,
      serviceAreaPrefixes: values.serviceAreaPrefixes,
    },
    assistant: { name: values.assistantName, tone: values.tone },
    pricing: { policy: values.pricingPolicy, items: values.pricingPolicy === 'never' ? [] : input.approved },
    questions: input.questions,
    answers: input.answers,
    transcript: input.transcript,
    newMessages: input.newMessages,
    repliesToday: input.repliesToday,
    confusedTurns: input.confusedTurns,
    disqualifyMessage: values.disqualifyMessage,
    now: input.now,
  };
}

/** A missed-call thread's first turn may open with the agent's own first question. */
function questionsFor(questions: QualifierQuestion[], ctx: TurnContext, firstTurn: boolean): QualifierQuestion[] {
  const first = ctx.settings.missedCall.firstQuestion.trim();
  if (!firstTurn || !first || ctx.lead?.source !== 'missed_call') return questions;
  return [{ key: 'call_reason', text: first, kind: 'text', choices: [], required: false }, ...questions];
}

function countConfused(turns: Array<{ decision: Record<string, unknown> | null }>): number {
  let n = 0;
  for (const turn of turns) {
    if (turn.decision?.confused === true) n += 1;
    else break;
  }
  return n;
}

/** What the lead records of prices said: each quoted id that is an approved item, with its range, at `at`. */
export function quotesOf(approved: Array<Row<typeof priceItems>>, itemIds: string[], at: Date) {
  return itemIds
    .map((id) => approved.find((item) => item.id === id))
    .filter((item): item is Row<typeof priceItems> => Boolean(item))
    .map((item) => ({ itemId: item.id, name: item.name, minCents: item.minCents, maxCents: item.maxCents, unit: item.unit, at: at.getTime() }));
}

export function toPriceItem(row: Row<typeof priceItems>): PriceItem {
  return { id: row.id, name: row.name, minCents: row.minCents, maxCents: row.maxCents, unit: row.unit };
}

/** A handoff the owner switched off becomes a plain reply (or nothing); the reasons say so. */
export function applyTriggers(decision: AiDecision, triggers: TurnContext['settings']['handoff']): AiDecision {
  if (decision.action !== 'handoff' || !decision.handoffReason) return decision;
  const allowed: Record<HandoffReason, boolean> = {
    asked_for_person: triggers.askedForPerson,
    anger: triggers.anger,
    emergency: triggers.emergency,
    outside_policy: triggers.outsidePolicy,
    confusion: triggers.confusion,
    daily_cap: true,
    model_unavailable: true,
  };
  if (allowed[decision.handoffReason]) return decision;
  return { ...decision, action: decision.reply ? 'reply' : 'skip', handoffReason: null, lead: decision.lead === 'needs_human' ? null : decision.lead, reasons: [...decision.reasons, `Handoff “${HANDOFF_REASON_WORDS[decision.handoffReason]}” is switched off in Settings → AI.`] };
}

const CODE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Four characters, no look-alikes (0/O, 1/I/L): what the owner texts back to approve a held reply. */
export function approvalCode(random: (n: number) => number = (n) => Math.floor(Math.random() * n)): string {
  return Array.from({ length: 4 }, () => CODE_LETTERS[random(CODE_LETTERS.length)]).join('');
}

/** Why approval mode holds this reply, or null when it may go on its own. */
export function holdReason(decision: AiDecision): string | null {
  const why: string[] = [];
  if (decision.quotedItemIds.length) why.push('it quotes a price');
  if (decision.promisesTime) why.push('it promises a time');
  if (decision.outsideFacts) why.push('it says something outside your facts');
  return why.length ? `Held for approval: ${why.join(', ')}.` : null;
}

const LEAD_MOVES: Record<NonNullable<AiDecision['lead']>, LeadStatus> = {
  engaging: 'engaging',
  qualified: 'qualified',
  needs_human: 'needs_human',
  booked: 'booked',
  spam: 'spam',
  disqualified: 'lost',
};

async function applyDecision(
  tx: Tx,
  deps: MessagingDeps,
  events: EventBatch,
  ctx: TurnContext,
  turn: { fresh: Array<Row<typeof messages>>; throughSeq: number; decision: AiDecision; latencyMs: number; fallback: boolean; input: AiTurnInput; approved: Array<Row<typeof priceItems>> },
): Promise<Extract<TurnOutcome, { turnId: string | null }>> {
  const { decision } = turn;
  const now = deps.clock.now();
  const reasons = [...decision.reasons];
  const known = new Set(turn.input.questions.map((q) => q.key));
  const answers = Object.fromEntries(Object.entries(decision.answers).filter(([key, value]) => known.has(key) && value.trim() !== ''));

  const body = decision.reply?.trim() ?? '';
  const held = body ? (ctx.settings.approvalMode ? holdReason(decision) : null) : null;

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

  let replyMessageId: string | null = null;
  let draftId: string | null = null;
  let action: 'reply' | 'handoff' | 'hold' | 'skip' = decision.action;
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
async function recordSkip(deps: MessagingDeps, ctx: TurnContext, fresh: Array<Row<typeof messages>>, throughSeq: number, reason: string) {
  return deps.db.transaction((tx) => writeTurn(tx, ctx, { fresh, throughSeq, decision: null, action: 'skip', reasons: [reason] }));
}

/** Off hours: the owner's message instead (once per off period per thread), and the thread waits for the team. */
async function offHours(deps: MessagingDeps, ctx: TurnContext, fresh: Array<Row<typeof messages>>, throughSeq: number, off: { why: string; period: string | null }) {
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
async function handOffWithoutReply(deps: MessagingDeps, ctx: TurnContext, fresh: Array<Row<typeof messages>>, throughSeq: number, reason: string, code: HandoffReason | null) {
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
async function noticeFallback(deps: MessagingDeps, ctx: TurnContext, why: string) {
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
export function registerAiJobs(deps: MessagingDeps) {
  deps.queue.register<{ conversationId: string }>(AI_TURN_QUEUE, async (job) => {
    if (typeof job.payload?.conversationId !== 'string') throw new PermanentJobError('ai.turn needs a conversationId');
    await runAiTurn(deps, job);
  });
}
