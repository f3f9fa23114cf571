import { type AiSettingsValues, HANDOFF_REASON_WORDS, type HandoffReason, type HandoffTriggers, type PriceItem, type QualifierQuestion } from '@contracts/ai';
import type { LeadStatus } from '@contracts/lead';
import type { AiBooking, AiDecision, AiTurnInput } from '@server/adapters/ai/ai.port';
import type { priceItems } from '@server/platform/db/schema';
import { localClock } from './ai-schedule';

/**
 * The assistant's rules that need no database, clock or network: what one turn reads, which handoffs the owner
 * allows, what approval mode holds, how a verdict moves the lead, what a quote records. The turn job, the test
 * chat and held replies apply them alike.
 */

type PriceItemRow = typeof priceItems.$inferSelect;

export function startOfLocalDay(now: Date, timeZone: string): Date {
  const { minutes } = localClock(now, timeZone);
  // Minutes since local midnight, back from now (seconds dropped): a DST day is still counted from its midnight.
  return new Date(now.getTime() - minutes * 60_000 - now.getUTCSeconds() * 1000 - now.getUTCMilliseconds());
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
  /** The booking tool's free times, when the business books a kind of appointment that fits the lead. */
  booking?: AiBooking | null;
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
    booking: input.booking ?? null,
    now: input.now,
  };
}

/** A missed-call thread's first turn may open with the agent's own first question. */
export function questionsFor(questions: QualifierQuestion[], missedCallFirstQuestion: string, leadSource: string | null, firstTurn: boolean): QualifierQuestion[] {
  const first = missedCallFirstQuestion.trim();
  if (!firstTurn || !first || leadSource !== 'missed_call') return questions;
  return [{ key: 'call_reason', text: first, kind: 'text', choices: [], required: false }, ...questions];
}

/** How many of the latest turns in a row could not understand the replies (the confusion handoff counts them). */
export function countConfused(turns: Array<{ decision: Record<string, unknown> | null }>): number {
  let n = 0;
  for (const turn of turns) {
    if (turn.decision?.confused === true) n += 1;
    else break;
  }
  return n;
}

/** What the lead records of prices said: each quoted id that is an approved item, with its range, at `at`. */
export function quotesOf(approved: PriceItemRow[], itemIds: string[], at: Date) {
  return itemIds
    .map((id) => approved.find((item) => item.id === id))
    .filter((item): item is PriceItemRow => Boolean(item))
    .map((item) => ({ itemId: item.id, name: item.name, minCents: item.minCents, maxCents: item.maxCents, unit: item.unit, at: at.getTime() }));
}

export function toPriceItem(row: PriceItemRow): PriceItem {
  return { id: row.id, name: row.name, minCents: row.minCents, maxCents: row.maxCents, unit: row.unit };
}

/** A handoff the owner switched off becomes a plain reply (or nothing); the reasons say so. */
export function applyTriggers(decision: AiDecision, triggers: HandoffTriggers): AiDecision {
  if (decision.action !== 'handoff' || !decision.handoffReason) return decision;
  const allowed: Record<HandoffReason, boolean> = {
    asked_for_person: triggers.askedForPerson,
    anger: triggers.anger,
    emergency: triggers.emergency,
    // A complaint about work already done is never the assistant's to answer: always a person.
    complaint: true,
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

/** Where the assistant's lead verdict moves the lead. */
export const LEAD_MOVES: Record<NonNullable<AiDecision['lead']>, LeadStatus> = {
  engaging: 'engaging',
  qualified: 'qualified',
  needs_human: 'needs_human',
  booked: 'booked',
  spam: 'spam',
  disqualified: 'lost',
};
