import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { storableText, truncate } from '@contracts/text';
import { priceListWithinLimits, type AiPort, type ProposedPriceItem } from '@server/adapters/ai/ai.port';
import { isAiUnavailableError } from '@server/adapters/ai/openai/ai-unavailable-error';
import { priceItems } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { invalidField, notFound } from '@server/platform/errors/app-error';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import { assertMayCall } from '@server/modules/team/managers';
import { extractPdfLines, type PdfLine } from './pdf-lines';
import { PriceImportError } from './price-import.errors';
import { MAX_NAME_CHARS, MAX_PRICE_CENTS, MAX_PROPOSALS, proposePriceItems } from './price-rules';

/**
 * The price book the assistant quotes from: items typed in or proposed from an uploaded PDF price list (by the
 * configured model, else the importer's rules), each approved by an owner or admin before it can be quoted.
 */

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
    await assertMayCall(tx, scope, 'ai.priceBook.save', 'the price book');
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
    await assertMayCall(tx, scope, 'ai.priceBook.remove', 'the price book');
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
  await assertMayCall(scope.db, scope, 'ai.priceBook.save', 'the price book');
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
