import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import { storableText, truncate } from '@contracts/text';
import { priceListWithinLimits, type AiPort, type ProposedPriceItem } from '@server/adapters/ai/ai.port';
import { isAiUnavailableError } from '@server/adapters/ai/openai/ai-unavailable-error';
import { aiDrafts, aiTurns, companies, contacts, conversations, leads, priceItems } from '@server/platform/db/schema';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { AppError, invalidField, notFound } from '@server/platform/errors/app-error';
import type { CompanyScope } from '@server/platform/trpc/scope';
import { zonesForPhone } from '@contracts/send-window';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import { contactDisplayName, type MessagingDeps } from '@server/modules/messaging/messaging.deps';
import { queueOutbound } from '@server/modules/messaging/outbound.service';
import { renderMergeTags } from '@server/modules/messaging/merge-tags';
import { activeNumberOf } from '@server/modules/phone-numbers/active-number';
import { ALERT_SMS_QUEUE } from '@server/modules/notifications/notify.service';
import { applyTriggers, buildTurnInput, holdReason, quotesOf, toPriceItem } from './ai-engine';
import { assertAiManager, ensureAiSettings, settingsValues } from './ai-settings.service';
import { extractPdfLines, MAX_NAME_CHARS, MAX_PRICE_CENTS, MAX_PROPOSALS, PriceImportError, proposePriceItems, type PdfLine } from './price-import';

// ── Approval mode: held replies ─────────────────────────────────────────────────────────────────────────────────

async function scopedDraft(scope: CompanyScope, id: string) {
  const [draft] = await scope.db.select().from(aiDrafts).where(and(eq(aiDrafts.id, id), eq(aiDrafts.companyId, scope.companyId))).limit(1);
  if (!draft) throw notFound('Held reply');
  return draft;
}

/** The thread's held replies, oldest first (the thread shows them with Approve / Edit / Reject). */
export async function listDrafts(scope: CompanyScope, conversationId: string) {
  const [conversation] = await scope.db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.id, conversationId), eq(conversations.companyId, scope.companyId))).limit(1);
  if (!conversation) throw notFound('Conversation');
  const rows = await scope.db.select().from(aiDrafts).where(and(eq(aiDrafts.conversationId, conversationId), eq(aiDrafts.status, 'pending'))).orderBy(asc(aiDrafts.createdAt));
  return rows.map((d) => ({ id: d.id, body: d.body, why: d.why, createdAt: d.createdAt.getTime() }));
}

/**
 * Sends a held reply — as the assistant wrote it, or as staff edited it (then it is the team's text) — through the
 * one outbound pipeline (an opt-out since then still blocks it), or rejects it. Once: a decided draft is refused.
 */
export async function decideDraft(scope: CompanyScope, messaging: MessagingDeps, input: { id: string; decision: 'approve' | 'reject'; body?: string | undefined }) {
  const draft = await scopedDraft(scope, input.id);
  return transactionWithEvents(messaging, async (tx, events) => {
    const [locked] = await tx.select().from(aiDrafts).where(eq(aiDrafts.id, draft.id)).for('update').limit(1);
    if (!locked || locked.status !== 'pending') throw new AppError('CONFLICT', 'Someone already decided this reply.');
    if (input.decision === 'reject') {
      await tx.update(aiDrafts).set({ status: 'rejected', decidedByUserId: scope.userId, decidedAt: scope.now }).where(eq(aiDrafts.id, draft.id));
      await writeUserAudit(tx, scope, { action: 'ai.draft_rejected', targetType: 'conversation', targetId: draft.conversationId });
      events.add(scope.companyId, { type: 'conversation.updated', data: { conversationId: draft.conversationId, fields: ['drafts'] } });
      return { id: draft.id, status: 'rejected' as const, messageId: null };
    }
    const edited = input.body !== undefined && input.body.trim() !== draft.body;
    const body = edited ? input.body!.trim() : draft.body;
    if (!body) throw invalidField('body', 'The reply is empty.');
    const message = await sendHeldReply(tx, messaging, events, draft, { body, edited, userId: scope.userId, now: scope.now });
    await writeUserAudit(tx, scope, { action: edited ? 'ai.draft_edited_and_sent' : 'ai.draft_approved', targetType: 'conversation', targetId: draft.conversationId });
    return { id: draft.id, status: 'sent' as const, messageId: message.id, blocked: message.status === 'blocked' ? message.errorMessage : null };
  });
}

type Tx = Parameters<Parameters<MessagingDeps['db']['transaction']>[0]>[0];

/**
 * Sends a held reply through the one outbound pipeline — as the assistant wrote it, or edited by staff (then it is
 * the team's text) — marks it sent, and lets the lead remember the quote it carried (which approved item it came
 * from). Whoever approved it: staff in the thread, or the owner by text.
 */
async function sendHeldReply(tx: Tx, deps: MessagingDeps, events: Parameters<typeof queueOutbound>[2], draft: typeof aiDrafts.$inferSelect, input: { body: string; edited: boolean; userId: string | null; now: Date }) {
  const message = await queueOutbound(tx, deps, events, {
    companyId: draft.companyId,
    conversationId: draft.conversationId,
    body: input.body,
    author: input.edited ? 'user' : 'ai',
    authorUserId: input.userId,
    automated: !input.edited,
    isReply: true,
    dedupeKey: `ai-draft:${draft.id}`,
  });
  await tx.update(aiDrafts).set({ status: 'sent', body: input.body, decidedByUserId: input.userId, decidedAt: input.now, messageId: message.id }).where(eq(aiDrafts.id, draft.id));
  if (draft.quotedItemIds.length) {
    const [thread] = await tx.select({ contactId: conversations.contactId }).from(conversations).where(eq(conversations.id, draft.conversationId)).limit(1);
    const [lead] = thread ? await tx.select().from(leads).where(eq(leads.contactId, thread.contactId)).orderBy(desc(leads.createdAt)).limit(1) : [];
    const approved = await tx.select().from(priceItems).where(and(eq(priceItems.companyId, draft.companyId), eq(priceItems.status, 'approved')));
    const quotes = quotesOf(approved, draft.quotedItemIds, input.now);
    if (lead && quotes.length) await tx.update(leads).set({ aiQuotes: [...(lead.aiQuotes ?? []), ...quotes], updatedAt: input.now }).where(eq(leads.id, lead.id));
  }
  events.add(draft.companyId, { type: 'conversation.updated', data: { conversationId: draft.conversationId, fields: ['drafts'] } });
  return message;
}

// ── The price book ──────────────────────────────────────────────────────────────────────────────────────────────

export async function listPriceItems(scope: CompanyScope) {
  const rows = await scope.db.select().from(priceItems).where(eq(priceItems.companyId, scope.companyId)).orderBy(asc(priceItems.status), asc(priceItems.name));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    minCents: r.minCents,
    maxCents: r.maxCents,
    unit: r.unit,
    status: r.status,
    source: r.sourceFile ? { file: r.sourceFile, page: r.sourcePage, line: r.sourceLine, text: r.sourceText } : null,
    updatedAt: r.updatedAt.getTime(),
  }));
}

export interface PriceItemInput {
  id?: string | undefined;
  name: string;
  minCents: number;
  maxCents: number;
  unit: string;
  status: 'proposed' | 'approved';
}

/** Adds an item typed in, or edits one (an imported item keeps its source); min above max is refused. */
export async function savePriceItem(scope: CompanyScope, input: PriceItemInput) {
  if (input.minCents > input.maxCents) throw invalidField('maxCents', 'The highest price is below the lowest.');
  return scope.db.transaction(async (tx) => {
    await assertAiManager(tx, scope, 'the price book');
    if (input.id) {
      const [row] = await tx
        .update(priceItems)
        .set({ name: input.name, minCents: input.minCents, maxCents: input.maxCents, unit: input.unit, status: input.status, updatedAt: scope.now })
        .where(and(eq(priceItems.id, input.id), eq(priceItems.companyId, scope.companyId)))
        .returning({ id: priceItems.id });
      if (!row) throw notFound('Price item');
      await writeUserAudit(tx, scope, { action: 'ai.price_item_saved', targetType: 'price_item', targetId: row.id, metadata: { status: input.status } });
      return { id: row.id };
    }
    const [row] = await tx
      .insert(priceItems)
      .values({ companyId: scope.companyId, name: input.name, minCents: input.minCents, maxCents: input.maxCents, unit: input.unit, status: input.status, createdAt: scope.now, updatedAt: scope.now })
      .returning({ id: priceItems.id });
    await writeUserAudit(tx, scope, { action: 'ai.price_item_added', targetType: 'price_item', targetId: row!.id });
    return { id: row!.id };
  });
}

/** Removes items (all or none: an id that is not the company's removes nothing and is NOT_FOUND). */
export async function removePriceItems(scope: CompanyScope, ids: string[]) {
  return scope.db.transaction(async (tx) => {
    await assertAiManager(tx, scope, 'the price book');
    const removed = await tx
      .delete(priceItems)
      .where(and(eq(priceItems.companyId, scope.companyId), inArray(priceItems.id, ids)))
      .returning({ id: priceItems.id });
    if (removed.length !== new Set(ids).size) throw notFound('Price item');
    await writeUserAudit(tx, scope, { action: 'ai.price_items_removed', targetType: 'company', targetId: scope.companyId, metadata: { count: removed.length } });
    return { removed: removed.length };
  });
}


/** What the importer stores for one proposed item, whoever proposed it. */
interface PriceCandidate {
  name: string;
  minCents: number;
  maxCents: number;
  unit: string;
  page: number;
  line: number;
  /** The row's words, from the importer's own reading of the file. */
  text: string;
  lowConfidence: boolean;
}

/**
 * A model's item as the price book accepts it. The row it points at must be one the model was shown; the words
 * stored as its source come from that row, never from the model.
 */
const modelItemSchema = z
  .object({
    name: z.string().trim().min(1).max(MAX_NAME_CHARS),
    minCents: z.number().int().min(0).max(MAX_PRICE_CENTS),
    maxCents: z.number().int().min(0).max(MAX_PRICE_CENTS),
    unit: z.string().trim().max(30),
    page: z.number().int().min(1),
    line: z.number().int().min(1),
    note: z.string().optional(),
  })
  .refine((item) => item.minCents <= item.maxCents);

/** Every amount written on a row, in cents ("$1,200" → 120000, "150.00" → 15000, "150–250" → both). */
function amountsOnRow(text: string): Set<number> {
  const amounts = new Set<number>();
  for (const match of text.matchAll(/\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?/g)) {
    const [whole = '', fraction = ''] = match[0].replace(/,/g, '').split('.');
    amounts.add(Number(whole) * 100 + Number(fraction.padEnd(2, '0')));
  }
  return amounts;
}

function rulesCandidates(lines: PdfLine[], fileName: string): PriceCandidate[] {
  return proposePriceItems(lines, { fileName }).map((p) => ({
    name: p.name,
    minCents: p.minCents,
    maxCents: p.maxCents,
    unit: p.unit,
    page: p.source.page,
    line: p.source.line,
    text: p.source.text,
    lowConfidence: p.confidence === 'low',
  }));
}

type Proposal = { proposedBy: 'model' | 'rules'; candidates: PriceCandidate[]; dropped: number; note?: string };

/**
 * The model's items for the rows it can be shown, checked one by one, and the rules' for any rows past that. An item
 * is dropped (and counted) when its name, unit or price is unusable, it points at no row the model was shown, its
 * price is not written on that row, or it repeats an item of the same row: an owner may approve a list quickly, so
 * a price nobody wrote must not reach it. When the service fails or nothing usable comes back, the rules read the
 * whole file and the note says why.
 */
async function proposeWithModel(propose: NonNullable<AiPort['proposePriceItems']>, lines: PdfLine[], fileName: string): Promise<Proposal> {
  const { shown, left } = priceListWithinLimits(lines);
  let items: ProposedPriceItem[];
  try {
    items = await propose({ fileName, lines: shown });
  } catch (error) {
    if (!isAiUnavailableError(error)) throw error;
    return { proposedBy: 'rules', candidates: rulesCandidates(lines, fileName), dropped: 0, note: `The AI service was unavailable (${error.detail}); the rules proposed these.` };
  }

  const rows = new Map(shown.map((line) => [`${line.page}:${line.line}`, line]));
  const seen = new Set<string>();
  const candidates: PriceCandidate[] = [];
  // A runaway answer is read only as far as the rules would ever propose; the rest counts as dropped.
  let dropped = Math.max(0, items.length - MAX_PROPOSALS);
  for (const raw of items.slice(0, MAX_PROPOSALS)) {
    const parsed = modelItemSchema.safeParse(raw);
    const row = parsed.success ? rows.get(`${parsed.data.page}:${parsed.data.line}`) : undefined;
    if (!parsed.success || !row) {
      dropped += 1;
      continue;
    }
    const item = parsed.data;
    const amounts = amountsOnRow(row.text);
    const key = [item.page, item.line, item.name.toLowerCase(), item.minCents, item.maxCents, item.unit].join('|');
    if (!amounts.has(item.minCents) || !amounts.has(item.maxCents) || seen.has(key)) {
      dropped += 1;
      continue;
    }
    seen.add(key);
    candidates.push({ name: storableText(item.name), minCents: item.minCents, maxCents: item.maxCents, unit: storableText(item.unit), page: row.page, line: row.line, text: row.text, lowConfidence: Boolean(item.note?.trim()) });
  }

  const droppedWords = `${dropped === 1 ? 'one was' : `${dropped} were`} dropped: each must point at a row of the file and have a usable name and a price written on that row, once`;
  if (candidates.length === 0) {
    const why =
      items.length === 0
        ? 'The AI found no priced items in this file'
        : `${items.length === 1 ? 'The one item the AI proposed could not be used' : `None of the ${items.length} items the AI proposed could be used`} (${droppedWords})`;
    return { proposedBy: 'rules', candidates: rulesCandidates(lines, fileName), dropped, note: `${why}; the rules proposed these.` };
  }
  const notes: string[] = [];
  if (dropped > 0) notes.push(`Of the ${items.length} items the AI proposed, ${droppedWords}.`);
  if (left > 0) {
    // The rows past what a request may carry are not lost: the rules read them.
    notes.push(`The file has ${lines.length} rows; the AI read the first ${shown.length} and the rules the other ${left}.`);
    candidates.push(...rulesCandidates(lines.slice(shown.length), fileName));
  }
  return { proposedBy: 'model', candidates, dropped, ...(notes.length > 0 ? { note: notes.join(' ') } : {}) };
}

/**
 * The PDF importer: the file's text → proposed items (to review in the table); nothing is quoted until approved.
 * With a configured model (`ai` has `proposePriceItems` and is not the built-in assistant) the model proposes and
 * the rules stand behind it; otherwise the rules alone. `proposedBy` and `note` say which, and why.
 */
export async function importPriceList(scope: CompanyScope, file: { bytes: Uint8Array; name: string }, ai?: AiPort) {
  await assertAiManager(scope.db, scope, 'the price book');
  let extracted: Awaited<ReturnType<typeof extractPdfLines>>;
  try {
    extracted = await extractPdfLines(file.bytes);
  } catch (error) {
    if (error instanceof PriceImportError) throw error.toAppError();
    throw error;
  }
  const propose = ai && ai.kind !== 'builtin' ? ai.proposePriceItems?.bind(ai) : undefined;
  const proposal: Proposal = propose
    ? await proposeWithModel(propose, extracted.lines, file.name)
    : { proposedBy: 'rules', candidates: rulesCandidates(extracted.lines, file.name), dropped: 0 };
  // The same list imported again adds nothing twice: an item with the same name and price is already there.
  const existing = await scope.db.select({ name: priceItems.name, minCents: priceItems.minCents, maxCents: priceItems.maxCents, unit: priceItems.unit }).from(priceItems).where(eq(priceItems.companyId, scope.companyId));
  const known = new Set(existing.map((i) => `${i.name.toLowerCase()}|${i.minCents}|${i.maxCents}|${i.unit}`));
  const all = proposal.candidates;
  const proposals = all.filter((p) => !known.has(`${p.name.toLowerCase()}|${p.minCents}|${p.maxCents}|${p.unit}`));
  if (proposals.length > 0) {
    await scope.db.insert(priceItems).values(
      proposals.map((p) => ({
        companyId: scope.companyId,
        name: p.name,
        minCents: p.minCents,
        maxCents: p.maxCents,
        unit: p.unit,
        status: 'proposed' as const,
        sourceFile: truncate(file.name, 200, { ellipsis: true }),
        sourcePage: p.page,
        sourceLine: p.line,
        sourceText: truncate(p.text, 300, { ellipsis: true }),
        createdAt: scope.now,
        updatedAt: scope.now,
      })),
    );
  }
  return {
    pages: extracted.pages,
    proposed: proposals.length,
    /** Items the file lists that the price book already has (same name and price): not added again. */
    alreadyThere: all.length - proposals.length,
    lowConfidence: proposals.filter((p) => p.lowConfidence).length,
    pagesWithoutText: extracted.pagesWithoutText,
    /** Who proposed the items: a configured model, or the importer's rules (no model, or it failed). */
    proposedBy: proposal.proposedBy,
    /** The model's items that could not be used (0 when the rules proposed). */
    dropped: proposal.dropped,
    /** Why the rules stood in, or what the model did not read, in a sentence for the owner. */
    ...(proposal.note ? { note: proposal.note } : {}),
  };
}

// ── The test chat (Settings → AI): the same input and port, a sandbox contact, nothing texted ─────────────────────

export async function testChat(scope: CompanyScope, messaging: MessagingDeps, input: { transcript: Array<{ from: 'contact' | 'business'; body: string }>; answers: Record<string, string> }) {
  const row = await ensureAiSettings(scope.db, scope.companyId, scope.now);
  const [company] = await scope.db.select().from(companies).where(eq(companies.id, scope.companyId)).limit(1);
  const number = await activeNumberOf(scope.db, scope.companyId);
  const approved = await scope.db.select().from(priceItems).where(and(eq(priceItems.companyId, scope.companyId), eq(priceItems.status, 'approved')));
  const settings = settingsValues(row);
  // The person's texts since the business last spoke are what this turn answers.
  const lastBusiness = input.transcript.map((l) => l.from).lastIndexOf('business');
  const newMessages = input.transcript.slice(lastBusiness + 1).map((l) => l.body);
  const turn = buildTurnInput({
    // The sandbox person has no name: merge tags fill as they would for an unnamed client.
    settings: { ...settings, disqualifyMessage: renderMergeTags(settings.disqualifyMessage, { contact: { firstName: null, lastName: null }, businessName: company?.name ?? '', businessPhone: number?.e164 ?? null, senderFirstName: company?.name ?? '' }) },
    business: { name: company?.name ?? 'Your business', timezone: company?.timezone ?? (number ? zonesForPhone(number.e164)[0] : undefined) ?? 'America/New_York' },
    approved: approved.map(toPriceItem),
    questions: settings.questions,
    answers: input.answers,
    transcript: input.transcript.map((l, i) => ({ ...l, at: scope.now.getTime() - (input.transcript.length - i) * 1000 })),
    newMessages,
    repliesToday: input.transcript.filter((l) => l.from === 'business').length,
    confusedTurns: 0,
    now: scope.now,
  });
  const started = Date.now();
  const decision = applyTriggers(await messaging.ai.decide(turn), settings.handoff);
  return {
    decision: { ...decision },
    held: settings.approvalMode && decision.reply ? holdReason(decision) : null,
    latencyMs: Date.now() - started,
    adapter: messaging.ai.kind,
  };
}

// ── The AI decision log (/logs) ─────────────────────────────────────────────────────────────────────────────────

export async function listTurns(scope: CompanyScope, input: { before?: number | undefined; limit: number }) {
  const rows = await scope.db
    .select({ turn: aiTurns, contact: contacts })
    .from(aiTurns)
    .innerJoin(conversations, eq(conversations.id, aiTurns.conversationId))
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(and(eq(aiTurns.companyId, scope.companyId), input.before ? lt(aiTurns.createdAt, new Date(input.before)) : undefined))
    .orderBy(desc(aiTurns.createdAt))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    items: page.map(({ turn, contact }) => ({
      id: turn.id,
      conversationId: turn.conversationId,
      leadId: turn.leadId,
      contact: { id: contact.id, name: contactDisplayName(contact) },
      action: turn.action,
      newMessages: turn.input.newMessages,
      answersBefore: turn.input.answersBefore,
      reply: typeof turn.decision?.reply === 'string' ? turn.decision.reply : null,
      answers: (turn.decision?.answers as Record<string, string> | undefined) ?? {},
      reasons: turn.reasons,
      model: turn.model,
      fallback: turn.fallback,
      latencyMs: turn.latencyMs,
      tokens: turn.promptTokens === null ? null : { prompt: turn.promptTokens, completion: turn.completionTokens ?? 0 },
      createdAt: turn.createdAt.getTime(),
    })),
    nextBefore: rows.length > input.limit ? page[page.length - 1]!.turn.createdAt.getTime() : null,
  };
}

// ── Approval by text: the owner replies "YES K7QM" to the alert from the alert phone ───────────────────────────────

const YES_CODE = /^\s*(?:yes|y|ok|send)\s+([A-Za-z0-9]{4})\s*[.!]?\s*$/i;

/**
 * An inbound text to the business number from the company's alert phone that says "YES <code>": the held reply
 * with that code is sent as the assistant wrote it (through the outbound pipeline, so an opt-out since still
 * blocks it), and the alert phone is told what happened. Returns false when the text is not such an approval (it is
 * then an ordinary inbound text). Runs in the inbound transaction.
 */
export async function approveByAlertReply(
  tx: Tx,
  deps: MessagingDeps,
  events: Parameters<typeof queueOutbound>[2],
  input: { company: typeof companies.$inferSelect; from: string; body: string },
): Promise<boolean> {
  const match = YES_CODE.exec(input.body);
  if (!match || !input.company.alertPhone || input.company.alertPhone !== input.from) return false;
  const code = match[1]!.toUpperCase();
  const now = deps.clock.now();
  const [draft] = await tx
    .select()
    .from(aiDrafts)
    .where(and(eq(aiDrafts.companyId, input.company.id), eq(aiDrafts.code, code), eq(aiDrafts.status, 'pending')))
    .for('update')
    .limit(1);
  const tell = (body: string) => deps.queue.enqueue(tx, ALERT_SMS_QUEUE, { companyId: input.company.id, to: input.from, body }, { companyId: input.company.id });
  if (!draft) {
    await tell(`LeadLoop: no reply waits with the code ${code} (already sent, rejected, or mistyped). Open the thread in LeadLoop to check.`);
    return true;
  }
  const message = await sendHeldReply(tx, deps, events, draft, { body: draft.body, edited: false, userId: null, now });
  await tell(message.status === 'blocked' ? `LeadLoop: not sent — ${message.errorMessage ?? 'blocked'}` : `LeadLoop: sent (${code}).`);
  return true;
}
