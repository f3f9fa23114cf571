import { and, count, countDistinct, eq, gte, inArray, isNotNull, lt, ne, or } from 'drizzle-orm';
import { limitsOf, type Meter, PAID_PLANS, type PaidPlan, PLAN_PAUSED_CODE, type PauseCause, type PlanLimits, type PlanState, pauseWords } from '@contracts/billing';
import type { DbOrTx } from '@server/platform/db/database';
import { companies, messages, phoneNumbers, subscriptions, users, voiceAgentCalls } from '@server/platform/db/schema';

/**
 * The plan's side of sending (issue 28 item 2, decision 0052): what a company's plan allows this period, what it
 * used (counted from the messages, numbers and users themselves), and the soft landing — past a text or AI limit,
 * at the trial's end and after a cancellation, AI replies and flow texts pause (status "scheduled", no delivery
 * job, the reason as their error words), the way A2P_GATE=hold waits (texting-gates.ts). Everything else still
 * goes: staff texts, missed-call text-backs, review requests, booking texts, compliance replies. Paused texts are
 * released by the billing module when the plan lifts (server/modules/billing/plan-release.ts).
 */

export interface PlanPeriod {
  start: Date;
  end: Date;
}

export interface PlanStanding {
  plan: PlanState;
  /** null: cancelled (nothing automated runs). */
  limits: PlanLimits | null;
  period: PlanPeriod;
  trialEndsAt: Date;
  /** On the trial and past its end. */
  trialEnded: boolean;
}

/** `anchor` plus `months` calendar months in UTC, the day clamped to the month's length (Jan 31 + 1 → Feb 28). */
export function addMonths(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const at = new Date(anchor.getTime());
  at.setUTCFullYear(year, month, Math.min(anchor.getUTCDate(), lastDay));
  return at;
}

/** The monthly period from `anchor` that holds `now` (counted from the anchor each time, so days never drift). */
export function monthlyPeriod(anchor: Date, now: Date): PlanPeriod {
  if (now < anchor) return { start: anchor, end: addMonths(anchor, 1) };
  let k = Math.max(0, (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth() - 1);
  while (addMonths(anchor, k + 1) <= now) k += 1;
  return { start: addMonths(anchor, k), end: addMonths(anchor, k + 1) };
}

const isPaid = (plan: string): plan is PaidPlan => (PAID_PLANS as readonly string[]).includes(plan);

/** A company's plan, limits and current period: the trial is one period; a paid plan's is its billing month. */
export async function planStanding(db: DbOrTx, companyId: string, now: Date): Promise<PlanStanding | null> {
  const [company] = await db.select({ plan: companies.plan, trialEndsAt: companies.trialEndsAt, createdAt: companies.createdAt }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) return null;
  const plan = company.plan;
  let period: PlanPeriod;
  if (plan === 'trial') {
    period = { start: company.createdAt, end: company.trialEndsAt };
  } else {
    const [subscription] = await db.select({ start: subscriptions.currentPeriodStart, end: subscriptions.currentPeriodEnd }).from(subscriptions).where(eq(subscriptions.companyId, companyId)).limit(1);
    // Stripe's period as its last event said; a renewal whose event is late is rolled forward here, month by month.
    period = subscription && now < subscription.end && now >= subscription.start ? { start: subscription.start, end: subscription.end } : monthlyPeriod(subscription?.start ?? company.createdAt, now);
  }
  return { plan, limits: limitsOf(plan), period, trialEndsAt: company.trialEndsAt, trialEnded: plan === 'trial' && company.trialEndsAt <= now };
}

/** Outbound statuses that count as a text sent (or on its way): not blocked, waiting, or failed before the carrier. */
const SENT_STATUSES = ['queued', 'sending', 'sent', 'delivered'] as const;
const countedText = () => or(inArray(messages.status, [...SENT_STATUSES]), and(eq(messages.status, 'failed'), isNotNull(messages.sentAt)));

function inPeriod(companyId: string, period: PlanPeriod, exceptMessageId?: string) {
  return and(
    eq(messages.companyId, companyId),
    eq(messages.direction, 'outbound'),
    gte(messages.createdAt, period.start),
    lt(messages.createdAt, period.end),
    countedText(),
    exceptMessageId ? ne(messages.id, exceptMessageId) : undefined,
  );
}

export async function textsUsed(db: DbOrTx, companyId: string, period: PlanPeriod, exceptMessageId?: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(messages).where(inPeriod(companyId, period, exceptMessageId));
  return row?.n ?? 0;
}

/**
 * AI conversations of this period: text threads the assistant wrote in (a thread counts once however much it wrote)
 * and phone calls it talked in (AI call answering: each connected call counts once).
 */
export async function aiConversationsUsed(db: DbOrTx, companyId: string, period: PlanPeriod, exceptMessageId?: string): Promise<number> {
  const [row] = await db.select({ n: countDistinct(messages.conversationId) }).from(messages).where(and(inPeriod(companyId, period, exceptMessageId), eq(messages.author, 'ai')));
  const [calls] = await db
    .select({ n: count() })
    .from(voiceAgentCalls)
    .where(and(eq(voiceAgentCalls.companyId, companyId), gte(voiceAgentCalls.connectedAt, period.start), lt(voiceAgentCalls.connectedAt, period.end)));
  return (row?.n ?? 0) + (calls?.n ?? 0);
}

/**
 * Why the plan keeps the assistant from answering a call now (trial over, cancelled, AI conversations used), or
 * null. The call then goes the missed-call way (ring, voicemail, the plain text-back), as a paused AI text waits.
 */
export async function aiCallPauseCause(db: DbOrTx, companyId: string, now: Date): Promise<PauseCause | null> {
  const standing = await planStanding(db, companyId, now);
  if (!standing) return null;
  const general = standingPause(standing);
  if (general || !standing.limits) return general;
  if ((await aiConversationsUsed(db, companyId, standing.period)) < standing.limits.aiConversations) return null;
  return { kind: 'limit', meter: 'aiConversations', limit: standing.limits.aiConversations, plan: standing.plan === 'trial' ? 'trial' : isPaid(standing.plan) ? standing.plan : 'trial' };
}

/** Every meter of the period: texts and AI conversations in it, numbers and users as they are now. */
export async function usageOf(db: DbOrTx, companyId: string, period: PlanPeriod): Promise<Record<Meter, number>> {
  const [numbers] = await db.select({ n: count() }).from(phoneNumbers).where(and(eq(phoneNumbers.companyId, companyId), eq(phoneNumbers.status, 'active')));
  const [people] = await db.select({ n: count() }).from(users).where(eq(users.companyId, companyId));
  return {
    texts: await textsUsed(db, companyId, period),
    aiConversations: await aiConversationsUsed(db, companyId, period),
    numbers: numbers?.n ?? 0,
    users: people?.n ?? 0,
  };
}

/** Why the plan pauses automated sending now, whatever the text (trial over, cancelled), or null. */
export function standingPause(standing: PlanStanding): PauseCause | null {
  if (standing.plan === 'cancelled') return { kind: 'cancelled' };
  if (standing.trialEnded) return { kind: 'trial_ended', endedAt: standing.trialEndsAt.getTime() };
  return null;
}

export interface PlanGateInput {
  companyId: string;
  author: string;
  conversationId: string;
  /** At delivery: the text itself is already counted as queued, and must not count against itself. */
  messageId?: string;
}

/**
 * Why this text pauses, or null. Only the assistant's texts and flow texts are gated; an AI reply in a thread the
 * assistant already wrote in this period continues it (that conversation is already counted).
 */
export async function planPauseCause(db: DbOrTx, input: PlanGateInput, now: Date): Promise<PauseCause | null> {
  if (input.author !== 'ai' && input.author !== 'flow') return null;
  const standing = await planStanding(db, input.companyId, now);
  if (!standing?.limits) return standing ? standingPause(standing) : null;
  const general = standingPause(standing);
  if (general) return general;
  const plan = standing.plan === 'trial' ? 'trial' : isPaid(standing.plan) ? standing.plan : 'trial';
  if ((await textsUsed(db, input.companyId, standing.period, input.messageId)) >= standing.limits.texts) {
    return { kind: 'limit', meter: 'texts', limit: standing.limits.texts, plan };
  }
  if (input.author === 'ai' && (await aiConversationsUsed(db, input.companyId, standing.period, input.messageId)) >= standing.limits.aiConversations) {
    const [already] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(inPeriod(input.companyId, standing.period, input.messageId), eq(messages.author, 'ai'), eq(messages.conversationId, input.conversationId)))
      .limit(1);
    if (!already) return { kind: 'limit', meter: 'aiConversations', limit: standing.limits.aiConversations, plan };
  }
  return null;
}

/** The error code and words a paused text carries, or null when it may go. */
export async function planPause(db: DbOrTx, input: PlanGateInput, now: Date): Promise<{ code: string; message: string } | null> {
  const cause = await planPauseCause(db, input, now);
  return cause ? { code: PLAN_PAUSED_CODE, message: pauseWords(cause) } : null;
}
