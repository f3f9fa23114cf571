import { and, asc, eq, sql } from 'drizzle-orm';
import type { QualifierQuestion } from '@contracts/ai';
import { callerFactFieldWords, type CallerWordsSource, type HeardFact } from '@contracts/caller-facts';
import { storableText, truncate } from '@contracts/text';
import type { AiPort, CallerFacts, CallerLine } from '@server/adapters/ai/ai.port';
import { readCallerWords } from '@server/adapters/ai/builtin/caller-words';
import type { Tx } from '@server/platform/db/database';
import { auditLog, calls, companies, contacts, leads, voiceAgentCalls, voiceAgentTurns } from '@server/platform/db/schema';
import { type EventBatch, transactionWithEvents } from '@server/platform/events/domain-events';
import type { JobQueue } from '@server/platform/jobs/job-queue';
import type { AppServices } from '@server/platform/services';
import { writeAudit } from '@server/modules/audit/audit.service';
import { buildTurnInput } from '@server/modules/ai/ai-policy';
import { ensureAiSettings, settingsValues } from '@server/modules/ai/ai-settings.service';
import { FALLBACK_PREFIX } from '@server/modules/ai/ai-turn.service';

/**
 * Facts from a caller's words (issue 27, item 4; docs/decisions/0051-facts-from-callers-words.md): the caller's
 * name, the job's address, a ZIP and the need, read from a missed call's voicemail transcript or from the caller's
 * side of an AI-answered call, fill what the lead and its client still lack. One reading for both: the configured
 * model (through the AI port, asked as the texting assistant is asked — answers by question key) when there is one,
 * the built-in assistant's NLU otherwise or when the model is unavailable. A value staff or the customer already gave
 * is never overwritten, and every value heard is written to the audit log with where it came from ("Name from the
 * voicemail: Tom Becker"), applied or kept out.
 */
export const CALLER_FACTS_QUEUE = 'intake.caller_facts';

export type CallerFactsJob = { source: 'voicemail'; callId: string } | { source: 'ai_call'; agentCallId: string };

/** The questions the model is asked besides the business's own (keys the business's questions cannot take). */
const ASKED: Record<'name' | 'address' | 'postal' | 'need', QualifierQuestion> = {
  name: { key: 'caller_name', text: 'What is the caller’s name (first and last, as they said it)?', kind: 'text', choices: [], required: false },
  address: { key: 'caller_address', text: 'What is the street address of the job, with the apartment or unit number?', kind: 'text', choices: [], required: false },
  postal: { key: 'caller_postal_code', text: 'What ZIP or postal code did the caller say?', kind: 'zip', choices: [], required: false },
  need: { key: 'caller_need', text: 'What does the caller need done? One sentence in their words.', kind: 'text', choices: [], required: false },
};

const NAME_WORD = /^[\p{L}][\p{L}'.-]*$/u;
const POSTAL = /^(\d{5}(-\d{4})?|[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d)$/;

/** A model's answer held to what the field can be: a name of one to four words, an address with a number… */
function fromModel(answers: Record<string, string>, questions: readonly QualifierQuestion[], model: string, reasons: string[]): CallerFacts {
  const said = (key: string) => {
    const value = answers[key]?.replace(/\s+/g, ' ').trim();
    return value && !/^(unknown|none|n\/a|null|not (said|given|mentioned))$/i.test(value) ? value : null;
  };
  const name = said(ASKED.name.key);
  const nameWords = name?.split(' ') ?? [];
  const [givenName, ...surnames] = nameWords;
  const nameOk = nameWords.length >= 1 && nameWords.length <= 4 && nameWords.every((word) => NAME_WORD.test(word));
  const address = said(ASKED.address.key);
  const addressOk = address !== null && /\d/.test(address) && /\p{L}{2}/u.test(address) && address.length <= 200;
  const postal = said(ASKED.postal.key);
  const need = said(ASKED.need.key);
  const own = new Set(questions.map((question) => question.key));
  return {
    firstName: nameOk ? (givenName ?? null) : null,
    lastName: nameOk && surnames.length > 0 ? surnames.join(' ') : null,
    address: addressOk ? address : null,
    postalCode: postal && POSTAL.test(postal) ? postal.toUpperCase() : null,
    need: need ? truncate(need, 280, { ellipsis: true }) : null,
    answers: Object.fromEntries(Object.entries(answers).filter(([key, value]) => own.has(key) && value.trim() !== '')),
    model,
    reasons,
  };
}

/**
 * The facts in what a caller said. `lines`: the voicemail's transcript as one caller line, or an AI-answered call's
 * turns in order (the assistant's questions give the caller's short answers their meaning).
 */
export async function factsFromCallerWords(
  ai: AiPort,
  input: { lines: readonly CallerLine[]; business: { name: string; timezone: string }; settings: ReturnType<typeof settingsValues>; now: Date },
): Promise<CallerFacts> {
  const questions = input.settings.questions;
  const builtin = () => readCallerWords(input.lines, { questions, services: input.settings.services });
  if (ai.kind === 'builtin') return builtin();
  const callerSaid = input.lines.filter((line) => line.from === 'caller' && line.text.trim() !== '');
  if (callerSaid.length === 0) return builtin();
  const at = input.now.getTime();
  const turn = buildTurnInput({
    settings: input.settings,
    business: input.business,
    approved: [],
    questions: [...questions, ...Object.values(ASKED).filter((asked) => !questions.some((question) => question.key === asked.key))],
    answers: {},
    transcript: input.lines.map((line) => ({ from: line.from === 'caller' ? 'contact' : 'business', body: line.text, at })),
    newMessages: callerSaid.map((line) => line.text),
    repliesToday: 0,
    confusedTurns: 0,
    now: input.now,
  });
  try {
    const decision = await ai.decide(turn);
    if (decision.reasons[0]?.startsWith(FALLBACK_PREFIX)) {
      const facts = builtin();
      return { ...facts, reasons: [decision.reasons[0], ...facts.reasons] };
    }
    return fromModel(decision.answers, questions, decision.model, [`${decision.model} read the caller’s words.`]);
  } catch (error) {
    const facts = builtin();
    return { ...facts, reasons: [`The AI service failed (${truncate(error instanceof Error ? error.message : String(error), 120)}); the built-in assistant read the caller’s words.`, ...facts.reasons] };
  }
}

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * Fills what the lead and its client lack from the facts, in the caller's transaction, and records every fact heard
 * in the audit log (actor: LeadLoop) with its source. Never overwrites: a name, address or answer already there —
 * typed by staff, given in a form or a text — stays.
 */
export async function applyCallerFacts(
  tx: Tx,
  deps: Pick<AppServices, 'clock'>,
  events: EventBatch,
  input: { companyId: string; leadId: string; facts: CallerFacts; source: CallerWordsSource; callId: string },
): Promise<HeardFact[]> {
  const now = deps.clock.now();
  const [lead] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.id, input.leadId), eq(leads.companyId, input.companyId)))
    .for('update')
    .limit(1);
  if (!lead) return [];
  const [contact] = await tx.select().from(contacts).where(eq(contacts.id, lead.contactId)).for('update').limit(1);
  if (!contact) return [];
  const { facts } = input;
  const heard: HeardFact[] = [];
  const contactChanges: Partial<typeof contacts.$inferInsert> = {};

  const fullName = [facts.firstName, facts.lastName].filter(Boolean).join(' ');
  if (fullName) {
    if (!contact.firstName && !contact.lastName) {
      contactChanges.firstName = facts.firstName;
      contactChanges.lastName = facts.lastName;
      heard.push({ field: 'name', value: fullName, applied: true });
    } else if (facts.lastName && !contact.lastName && same(contact.firstName, facts.firstName)) {
      // "Tom" typed by staff, "Tom Becker" said: only the surname is new.
      contactChanges.lastName = facts.lastName;
      heard.push({ field: 'name', value: fullName, applied: true });
    } else {
      heard.push({ field: 'name', value: fullName, applied: false, kept: same([contact.firstName, contact.lastName].filter(Boolean).join(' '), fullName) ? 'already_set' : 'other_name' });
    }
  }
  if (facts.address) {
    const applied = !contact.addressLine1;
    if (applied) contactChanges.addressLine1 = facts.address;
    heard.push({ field: 'address', value: facts.address, applied, ...(applied ? {} : { kept: 'already_set' as const }) });
  }
  if (facts.postalCode) {
    const applied = !contact.postalCode;
    if (applied) contactChanges.postalCode = facts.postalCode;
    heard.push({ field: 'postal_code', value: facts.postalCode, applied, ...(applied ? {} : { kept: 'already_set' as const }) });
  }

  const answers = { ...(lead.answers ?? {}) };
  const newAnswers: string[] = [];
  for (const [key, value] of Object.entries(facts.answers)) {
    const applied = !answers[key]?.trim();
    if (applied) {
      answers[key] = truncate(value, 500);
      newAnswers.push(key);
    }
    heard.push({ field: `answer:${key}`, value, applied, ...(applied ? {} : { kept: 'already_set' as const }) });
  }
  const leadChanges: Partial<typeof leads.$inferInsert> = {};
  if (newAnswers.length) leadChanges.answers = answers;
  // The need becomes the lead's summary when it has none (a voicemail's lead already has its first words).
  if (facts.need && !lead.summary?.trim()) {
    leadChanges.summary = facts.need;
    heard.push({ field: 'need', value: facts.need, applied: true });
  }

  if (Object.keys(contactChanges).length) {
    await tx.update(contacts).set(storableFields({ ...contactChanges, updatedAt: now })).where(eq(contacts.id, contact.id));
    events.add(input.companyId, { type: 'contact.updated', data: { contactId: contact.id, fields: Object.keys(contactChanges) } });
  }
  if (Object.keys(leadChanges).length) {
    await tx.update(leads).set(storableFields({ ...leadChanges, updatedAt: now })).where(eq(leads.id, lead.id));
    events.add(input.companyId, { type: 'lead.updated', data: { leadId: lead.id, fields: Object.keys(leadChanges) } });
  }
  if (heard.length) {
    await writeAudit(tx, {
      companyId: input.companyId,
      actorUserId: null,
      actorKind: 'system',
      action: 'lead.details_from_call',
      targetType: 'lead',
      targetId: lead.id,
      metadata: {
        source: input.source,
        callId: input.callId,
        model: facts.model,
        fields: heard.filter((fact) => fact.applied).map((fact) => callerFactFieldWords(fact.field)),
        heard: heard.map((fact) => ({ ...fact, value: truncate(storableText(fact.value), 300, { ellipsis: true }) })),
      },
      at: now,
    });
  }
  return heard;
}

/** Text as Postgres stores it (no NUL, whole characters), for every text field of a change. */
function storableFields<T extends Record<string, unknown>>(changes: T): T {
  return Object.fromEntries(Object.entries(changes).map(([key, value]) => [key, typeof value === 'string' ? storableText(value) : value])) as T;
}

/** Queues the reading of a call's words (after the transaction that stored them commits); once per call. */
export async function queueCallerFacts(tx: Tx, queue: JobQueue, companyId: string, job: CallerFactsJob): Promise<void> {
  const id = job.source === 'voicemail' ? job.callId : job.agentCallId;
  await queue.enqueue(tx, CALLER_FACTS_QUEUE, job, { companyId, singletonKey: `caller-facts:${job.source}:${id}`, maxAttempts: 5 });
}

/**
 * The `intake.caller_facts` job: reads the words (outside any transaction: a model may take seconds), then applies
 * the facts in one. A second run of the same call changes nothing (its audit entry is found first).
 */
export async function runCallerFacts(deps: AppServices, job: CallerFactsJob): Promise<void> {
  const words = await callerWordsOf(deps, job);
  if (!words) return;
  const [company] = await deps.db.select().from(companies).where(eq(companies.id, words.companyId)).limit(1);
  if (!company) return;
  const now = deps.clock.now();
  const settings = settingsValues(await ensureAiSettings(deps.db, company.id, now));
  const facts = await factsFromCallerWords(deps.ai, { lines: words.lines, business: { name: company.name, timezone: company.timezone ?? 'America/New_York' }, settings, now });
  await transactionWithEvents(deps, async (tx, events) => {
    const [done] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, company.id), eq(auditLog.action, 'lead.details_from_call'), eq(auditLog.targetId, words.leadId), sql`${auditLog.metadata}->>'callId' = ${words.callId}`))
      .limit(1);
    if (done) return;
    await applyCallerFacts(tx, deps, events, { companyId: company.id, leadId: words.leadId, facts, source: job.source, callId: words.callId });
  });
}

async function callerWordsOf(deps: AppServices, job: CallerFactsJob): Promise<{ companyId: string; leadId: string; callId: string; lines: CallerLine[] } | null> {
  if (job.source === 'voicemail') {
    const [call] = await deps.db.select().from(calls).where(eq(calls.id, job.callId)).limit(1);
    if (!call?.leadId || call.transcriptStatus !== 'completed' || !call.transcript?.trim()) return null;
    return { companyId: call.companyId, leadId: call.leadId, callId: call.id, lines: [{ from: 'caller', text: call.transcript }] };
  }
  const [call] = await deps.db.select().from(voiceAgentCalls).where(eq(voiceAgentCalls.id, job.agentCallId)).limit(1);
  if (!call?.leadId) return null;
  const turns = await deps.db.select().from(voiceAgentTurns).where(eq(voiceAgentTurns.agentCallId, call.id)).orderBy(asc(voiceAgentTurns.seq));
  const lines: CallerLine[] = turns.filter((turn) => turn.kind === 'speech').map((turn) => ({ from: turn.speaker, text: turn.speaker === 'assistant' ? (turn.heard ?? turn.text) : turn.text }));
  return { companyId: call.companyId, leadId: call.leadId, callId: call.callId ?? call.id, lines };
}
