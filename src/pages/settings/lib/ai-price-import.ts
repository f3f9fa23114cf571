import * as z from 'zod/mini';
import { truncate } from '@contracts/text';
import { readAuthToken } from '@/entities/session';

/** The server's limits (server/modules/ai/price-import: DEFAULT_PDF_LIMITS), said before a big file is sent. */
export const PDF_MAX_BYTES = 10 * 1024 * 1024;
export const PDF_MAX_PAGES = 30;

const importResult = z.object({
  pages: z.number(),
  proposed: z.number(),
  lowConfidence: z.number(),
  pagesWithoutText: z.array(z.number()),
  /** Items the price book already has (same name and price): not added again. */
  alreadyThere: z.optional(z.number()),
  /** Who proposed them: the configured model, or the rules (no model, or it failed — then `note` says why). */
  proposedBy: z.optional(z.enum(['model', 'rules'])),
  /** Items the model named that did not hold up (a price not on the row it pointed at, …): dropped. */
  dropped: z.optional(z.number()),
  note: z.optional(z.string()),
});
export type PriceImportResult = z.infer<typeof importResult>;

/** The server's sentence for a refused upload (scanned, too large, not a PDF, too many pages…), or a plain one. */
async function problemOf(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === 'string' && body.error ? body.error : fallback;
}

/**
 * Sends a price-list PDF to `POST /api/price-book/import` (bytes do not fit tRPC's JSON), authenticated like tRPC
 * with the session token. The server reads it, stores nothing of the file, and adds what it finds as proposed
 * items; a refusal comes back as the server's own sentence, thrown as the error's message.
 */
export async function importPriceListPdf(file: File): Promise<PriceImportResult> {
  // The same sentence the server answers a too-large body with, without sending megabytes first.
  if (file.size > PDF_MAX_BYTES) throw new Error(`The file is too large: upload a PDF of at most ${PDF_MAX_BYTES / 1024 / 1024} MB.`);
  const token = readAuthToken();
  const query = new URLSearchParams({ name: truncate(file.name.trim() || 'price-list.pdf', 200) });
  let response: Response;
  try {
    response = await fetch(`/api/price-book/import?${query.toString()}`, {
      method: 'POST',
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': file.type || 'application/pdf' },
      body: file,
    });
  } catch {
    throw new Error('The upload did not reach LeadLoop. Check your connection and try again.');
  }
  if (!response.ok) throw new Error(await problemOf(response, 'The price list could not be read. Please try again.'));
  const parsed = importResult.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new Error('LeadLoop’s answer could not be read. Reload the page to see what was imported.');
  return parsed.data;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3", "3 and 4", "2, 3 and 5". */
function listOfNumbers(numbers: number[]): string {
  if (numbers.length <= 1) return numbers.join('');
  return `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}

/** What an import found, in two sentences: how many items from how many pages, and the pages without text. */
export function importSummary(result: PriceImportResult): { found: string; imagePages: string | null } {
  const pages = plural(result.pages, 'page', 'pages');
  const found =
    result.proposed === 0
      ? `No prices found in ${pages}. Add the items by hand with “Add an item”.`
      : `${plural(result.proposed, 'item', 'items')} proposed from ${pages}${result.lowConfidence > 0 ? `; ${result.lowConfidence} ${result.lowConfidence === 1 ? 'looks' : 'look'} uncertain` : ''}. Review them below: the assistant quotes none of them until you approve them.`;
  const extra = [
    result.proposedBy === 'model' ? 'Read by your AI model.' : null,
    result.alreadyThere ? `${plural(result.alreadyThere, 'item was', 'items were')} already in your price book, so not added again.` : null,
    result.dropped ? `${plural(result.dropped, 'item', 'items')} the model named did not match the file and ${result.dropped === 1 ? 'was' : 'were'} left out.` : null,
    result.note ?? null,
  ].filter(Boolean);
  const foundAll = extra.length ? `${found} ${extra.join(' ')}` : found;
  const without = result.pagesWithoutText;
  const imagePages =
    without.length === 0 ? null : without.length === 1 ? `Page ${without[0]} is an image: type its prices in by hand.` : `Pages ${listOfNumbers(without)} are images: type those prices in by hand.`;
  return { found: foundAll, imagePages };
}
