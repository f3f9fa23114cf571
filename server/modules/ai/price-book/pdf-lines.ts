import { inflateSync } from 'node:zlib';
import { z } from 'zod';
import { getResolvedPDFJS } from 'unpdf';
import type { PDFPageProxy } from 'unpdf/pdfjs';
import { storableText, truncate } from '@contracts/text';
import { runWorkerTask, WorkerLimitError, WorkerTaskError } from '@server/platform/lib/worker-task';
import { PriceImportError, type PriceImportErrorCode, SCANNED_PDF_SENTENCE } from './price-import.errors';

/**
 * The text rows of an uploaded price-list PDF, read on the server with unpdf (PDF.js without a worker). PDF.js
 * gives positioned text pieces, not lines: a row is the pieces of one page that share a baseline, read left to
 * right. A wide gap between two pieces becomes COLUMN_SEPARATOR, so a table row "Drain cleaning      $150" stays
 * two columns that the price rules can tell apart.
 */

export const DEFAULT_PDF_LIMITS = { maxBytes: 10 * 1024 * 1024, maxPages: 30 } as const;

/** What stands between two pieces of a row that sit far apart (table columns). */
export const COLUMN_SEPARATOR = ' | ';

/** A row longer than this is cut: price lines are short, and a runaway row (a paragraph set as one line) is not one. */
export const MAX_LINE_CHARS = 300;
/** At most this many rows from one document, whatever its pages hold: the review table stays readable. */
export const MAX_LINES = 5_000;
/** Pieces of text read per page; a page drawn letter by letter (thousands of pieces) is still read up to here. */
const MAX_ITEMS_PER_PAGE = 20_000;
/**
 * A page "has text" from this many non-blank characters on. Below it (nothing, a page number, a short stamp) the
 * page is most likely a picture of a page. The document is "scanned" when no page has text: refusing a real but
 * tiny price list would be worse than letting a scan through to an empty review table, so the bar is low.
 */
const MIN_TEXT_CHARS_PER_PAGE = 20;
/** The PDF header may follow a little junk (PDF readers look this far); anything else is not a PDF. */
const HEADER_SEARCH_BYTES = 1024;

const limitsSchema = z
  .object({
    maxBytes: z.number().int().positive().optional(),
    maxPages: z.number().int().positive().optional(),
  })
  .strict();

export type PdfLimits = z.infer<typeof limitsSchema>;

export interface PdfLine {
  /** 1-based page number. */
  page: number;
  /** 1-based row number within its page, counting only rows with text (top to bottom). */
  line: number;
  text: string;
}

export interface PdfLines {
  pages: number;
  lines: PdfLine[];
  /** Pages with (almost) no text — probably pictures of pages — whose prices, if any, were not read. */
  pagesWithoutText: number[];
}

/** One piece of text placed on the page, in page coordinates with y growing downwards (reading order). */
interface Piece {
  text: string;
  x: number;
  y: number;
  width: number;
  /** The font's size on the page: what "close" and "far" mean for this piece. */
  size: number;
}

/** The most all of a PDF's compressed streams may unpack to: a price list is far below it, a decompression bomb far above. */
export const MAX_INFLATED_BYTES = 48 * 1024 * 1024;
/** A PDF is read in a worker thread stopped after this long, with at most this much heap. */
const READ_LIMITS = { timeoutMs: 20_000, maxHeapMb: 256 } as const;

/**
 * Reads the rows of text of a PDF, page by page, in a worker thread (PDF.js and unpacking are CPU work on a
 * customer's file: the server's event loop keeps answering meanwhile). Refuses (PriceImportError) a file that is not
 * a PDF, is over `maxBytes` or `maxPages`, unpacks to more than MAX_INFLATED_BYTES, is locked with a password or
 * damaged, takes too long or too much memory to read, or has no text layer (a scan).
 */
export async function extractPdfLines(bytes: Uint8Array, limits: PdfLimits = {}): Promise<PdfLines> {
  try {
    return await runWorkerTask<{ bytes: Uint8Array; limits: PdfLimits }, PdfLines>(new URL(import.meta.url), 'readPdfLines', { bytes, limits }, READ_LIMITS);
  } catch (error) {
    if (error instanceof WorkerTaskError && error.errorName === 'PriceImportError') {
      throw new PriceImportError(error.code as PriceImportErrorCode, error.message);
    }
    if (error instanceof WorkerLimitError) {
      throw new PriceImportError('unreadable', `This PDF takes too ${error.limit === 'time' ? 'long' : 'much memory'} to read. Save the price list again as a plain PDF (or only the pages with prices) and upload that.`);
    }
    throw error;
  }
}

/** extractPdfLines' work, in the worker thread (runWorkerTask): the bytes checked, unpacked within the cap, read. */
export async function readPdfLines({ bytes, limits = {} }: { bytes: Uint8Array; limits?: PdfLimits }): Promise<PdfLines> {
  const { maxBytes = DEFAULT_PDF_LIMITS.maxBytes, maxPages = DEFAULT_PDF_LIMITS.maxPages } = limitsSchema.parse(limits);

  if (bytes.byteLength > maxBytes) {
    throw new PriceImportError('too_large', `This PDF is ${formatSize(bytes.byteLength)}; the limit is ${formatSize(maxBytes)}. Upload a smaller file, for example only the pages with prices.`);
  }
  if (!hasPdfHeader(bytes)) {
    throw new PriceImportError('not_pdf', 'This file is not a PDF. Choose the price list saved as a PDF.');
  }
  assertUnpacksWithin(bytes, MAX_INFLATED_BYTES);

  const { getDocument } = await getResolvedPDFJS();
  // PDF.js may take over the buffer it is given: it reads a copy so the caller's bytes stay intact.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: true,
    disableFontFace: true,
    // Warnings about fonts and broken objects go nowhere: a refusal below says what matters to the owner.
    verbosity: 0,
  });
  try {
    let pdf;
    try {
      pdf = await task.promise;
    } catch (error) {
      throw refusalFor(error);
    }
    const pages = pdf.numPages;
    if (pages < 1) throw unreadable();
    if (pages > maxPages) {
      throw new PriceImportError('too_many_pages', `This PDF has ${pages} pages; LeadLoop reads at most ${maxPages}. Upload only the pages with prices.`);
    }

    const lines: PdfLine[] = [];
    const pagesWithoutText: number[] = [];
    for (let pageNumber = 1; pageNumber <= pages; pageNumber++) {
      let pieces: Piece[];
      try {
        pieces = await readPieces(await pdf.getPage(pageNumber));
      } catch (error) {
        throw refusalFor(error);
      }
      const textChars = pieces.reduce((sum, piece) => sum + piece.text.replace(/\s/g, '').length, 0);
      if (textChars < MIN_TEXT_CHARS_PER_PAGE) pagesWithoutText.push(pageNumber);
      // Reading goes on after MAX_LINES only to learn which pages are pictures; no more rows are kept.
      if (lines.length >= MAX_LINES) continue;
      const rows = joinRows(pieces);
      for (const [index, text] of rows.entries()) {
        if (lines.length >= MAX_LINES) break;
        lines.push({ page: pageNumber, line: index + 1, text });
      }
    }
    if (pagesWithoutText.length === pages) throw new PriceImportError('scanned', SCANNED_PDF_SENTENCE);
    return { pages, lines, pagesWithoutText };
  } finally {
    await task.destroy();
  }
}

function hasPdfHeader(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, HEADER_SEARCH_BYTES));
  return head.includes('%PDF-');
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} kB`;
  const megabytes = bytes / (1024 * 1024);
  return `${megabytes >= 10 || Number.isInteger(megabytes) ? Math.round(megabytes) : megabytes.toFixed(1)} MB`;
}

function unreadable(): PriceImportError {
  return new PriceImportError('unreadable', 'This PDF could not be read: it may be damaged. Save or export it again from the program that made it, then upload the new file.');
}

/** PDF.js says "password" with an exception named PasswordException; every other failure means a broken file. */
function refusalFor(error: unknown): PriceImportError {
  if (error instanceof PriceImportError) return error;
  if (error instanceof Error && error.name === 'PasswordException') {
    return new PriceImportError('encrypted', 'This PDF is locked with a password. Save a copy without the password and upload that.');
  }
  return unreadable();
}

async function readPieces(page: PDFPageProxy): Promise<Piece[]> {
  // The viewport turns page space (origin bottom-left, maybe rotated or offset) into reading space (origin
  // top-left, y down), so rows are found the same way on a rotated or cropped page.
  const view = page.getViewport({ scale: 1 }).transform.map(Number);
  const content = await page.getTextContent();
  const pieces: Piece[] = [];
  for (const item of content.items) {
    if (pieces.length >= MAX_ITEMS_PER_PAGE) break;
    if (!('str' in item) || item.str.trim() === '') continue;
    const placed = multiply(view, item.transform.map(Number));
    const [a, b, c, d, x, y] = placed;
    if (![a, b, c, d, x, y].every(Number.isFinite)) continue;
    const size = Math.hypot(c ?? 0, d ?? 0) || Math.hypot(a ?? 0, b ?? 0) || 1;
    const scale = Math.hypot(view[0] ?? 1, view[1] ?? 0) || 1;
    pieces.push({ text: truncate(item.str, MAX_LINE_CHARS), x: x ?? 0, y: y ?? 0, width: Math.abs(item.width) * scale, size });
  }
  return pieces;
}

/** The product of two 2D affine matrices [a, b, c, d, e, f] (first applied: `inner`). */
function multiply(outer: number[], inner: number[]): number[] {
  const [a1 = 1, b1 = 0, c1 = 0, d1 = 1, e1 = 0, f1 = 0] = outer;
  const [a2 = 1, b2 = 0, c2 = 0, d2 = 1, e2 = 0, f2 = 0] = inner;
  return [a1 * a2 + c1 * b2, b1 * a2 + d1 * b2, a1 * c2 + c1 * d2, b1 * c2 + d1 * d2, a1 * e2 + c1 * f2 + e1, b1 * e2 + d1 * f2 + f1];
}

/**
 * Rows of one page, top to bottom. Pieces whose baselines are within a fraction of the font size of the row's
 * first piece belong to it (a price set a point higher than its name is still on the same row).
 */
function joinRows(pieces: Piece[]): string[] {
  const sorted = [...pieces].sort((p, q) => p.y - q.y || p.x - q.x);
  const rows: Piece[][] = [];
  let current: Piece[] = [];
  let rowY = 0;
  let rowSize = 0;
  for (const piece of sorted) {
    const tolerance = Math.max(2, 0.4 * Math.max(rowSize, piece.size));
    if (current.length > 0 && Math.abs(piece.y - rowY) <= tolerance) {
      current.push(piece);
      continue;
    }
    if (current.length > 0) rows.push(current);
    current = [piece];
    rowY = piece.y;
    rowSize = piece.size;
  }
  if (current.length > 0) rows.push(current);
  return rows.map(joinRow).filter((text) => text !== '');
}

function joinRow(row: Piece[]): string {
  const inOrder = [...row].sort((p, q) => p.x - q.x);
  let text = '';
  let end = Number.NEGATIVE_INFINITY;
  for (const piece of inOrder) {
    const gap = piece.x - end;
    if (text !== '') {
      // Far apart: two columns. A word apart: a space. Touching: one word that PDF.js cut in two (kerning, a
      // change of font).
      if (gap > 2 * piece.size) text += COLUMN_SEPARATOR;
      else if (gap > 0.15 * piece.size && !text.endsWith(' ') && !piece.text.startsWith(' ')) text += ' ';
    }
    text += piece.text;
    end = Math.max(end, piece.x + piece.width);
    if (text.length > MAX_LINE_CHARS) break;
  }
  return truncate(storableText(tidySpaces(text)), MAX_LINE_CHARS);
}

/** A run of three or more blanks inside one piece is a column gap typed with spaces; shorter runs are one space. */
function tidySpaces(text: string): string {
  return text
    .replace(/[\t\u00a0\u2000-\u200b\u3000]/g, ' ')
    .replace(/ {3,}/g, COLUMN_SEPARATOR)
    .replace(/ {2}/g, ' ')
    .trim()
    .replace(/^\|\s*|\s*\|$/g, '')
    .trim();
}

/**
 * Refuses a PDF whose Flate-compressed streams unpack to more than `cap` bytes in all (a decompression bomb: 150 kB
 * that PDF.js would inflate to gigabytes). Each stream is unpacked at most up to what is left of the cap; a stream
 * this check cannot read (another filter, damage) is left to PDF.js.
 */
function assertUnpacksWithin(bytes: Uint8Array, cap: number): void {
  // Bytes as latin1 characters (one per byte, never a surrogate): positions in it are byte offsets.
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let total = 0;
  for (const match of latin1.matchAll(/(?<!end)stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const dictionary = latin1.slice(Math.max(0, latin1.lastIndexOf('<<', match.index)), match.index);
    if (!dictionary.includes('/FlateDecode')) continue;
    const end = latin1.indexOf('endstream', start);
    if (end < 0) continue;
    try {
      total += inflateSync(bytes.subarray(start, end), { maxOutputLength: cap - total + 1 }).length;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') total = cap + 1;
      else continue;
    }
    if (total > cap) {
      throw new PriceImportError('too_large', `This PDF unpacks to more than ${formatSize(cap)} of data, far more than a price list holds. Save the price list again as a plain PDF and upload that.`);
    }
  }
}
