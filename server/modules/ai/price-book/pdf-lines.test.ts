import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFHexString, StandardFonts, degrees, rgb, type PDFFont } from 'pdf-lib';
import { extractPdfLines } from './pdf-lines';
import { PriceImportError, SCANNED_PDF_SENTENCE, type PriceImportErrorCode } from './price-import.errors';
import { NOTES, proposePriceItems } from './price-rules';

/**
 * Real PDFs, written with pdf-lib the way a word processor or an invoicing program lays out a price list: text
 * placed piece by piece, prices in their own column, leaders drawn apart from the names.
 */
async function plumberPriceList(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const NAME_X = 72;
  const PRICE_X = 400;

  const page1 = doc.addPage([612, 792]);
  const write = (page: typeof page1, text: string, x: number, y: number, font: PDFFont = regular, size = 11) => page.drawText(text, { x, y, size, font });
  write(page1, 'Rivera Plumbing & Drain', NAME_X, 730, bold, 20);
  write(page1, 'Price list — effective January 1, 2025', NAME_X, 708, regular, 12);
  write(page1, 'DRAINS', NAME_X, 670, bold, 13);
  // Leaders typed into the name's own text.
  write(page1, 'Kitchen sink drain cleaning ........ $150', NAME_X, 650);
  // Leaders drawn as their own piece between the name and the price.
  write(page1, 'Main sewer line cleaning', NAME_X, 632);
  write(page1, '..........................................', 210, 632);
  write(page1, '$250 - $450', PRICE_X, 632);
  write(page1, 'Camera inspection', NAME_X, 614);
  write(page1, '$150–250', PRICE_X, 614.6); // set a little higher than its name: still the same row
  write(page1, 'WATER HEATERS', NAME_X, 580, bold, 13);
  // A two-column table: names on the left, prices in the right column.
  write(page1, 'Service', NAME_X, 560, bold);
  write(page1, 'Price', PRICE_X, 560, bold);
  write(page1, '40-gal tank replacement', NAME_X, 542);
  write(page1, '$1,200 - $1,800', PRICE_X, 542);
  write(page1, 'Tankless installation', NAME_X, 524);
  write(page1, 'from $2,500', PRICE_X, 524);
  write(page1, 'Flush and inspect', NAME_X, 506);
  write(page1, '$95', PRICE_X, 506);
  write(page1, 'Call (512) 555-0142 · Licensed & insured', NAME_X, 50, regular, 9);
  write(page1, 'Page 1 of 2', 280, 32, regular, 9);

  const page2 = doc.addPage([612, 792]);
  write(page2, 'LABOR & SERVICE CALLS', NAME_X, 730, bold, 13);
  write(page2, 'Service call (diagnostic)', NAME_X, 710);
  write(page2, 'starting at $89', PRICE_X, 710);
  write(page2, 'Labor', NAME_X, 692);
  write(page2, '$95/hr', PRICE_X, 692);
  write(page2, 'After-hours labor', NAME_X, 674);
  write(page2, '$145 per hour', PRICE_X, 674);
  write(page2, 'Trip charge', NAME_X, 656);
  write(page2, '85 per visit', PRICE_X, 656);
  write(page2, 'Tile floor repair', NAME_X, 638);
  write(page2, '$2.50/sq ft', PRICE_X, 638);
  write(page2, 'Seniors and veterans: 10% off labor', NAME_X, 600, bold);
  write(page2, 'Rivera Plumbing · 1200 Main St, Austin, TX 78701 · (512) 555-0142', NAME_X, 50, regular, 9);
  write(page2, 'Page 2 of 2', 280, 32, regular, 9);
  return doc.save();
}

async function pdfWithPages(count: number, draw: (page: ReturnType<PDFDocument['addPage']>, font: PDFFont) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < count; index++) draw(doc.addPage([612, 792]), font);
  return doc.save();
}

const onePriceRow = (page: ReturnType<PDFDocument['addPage']>, font: PDFFont) => page.drawText('Drain cleaning ........ $150', { x: 72, y: 700, size: 11, font });

async function refusal(promise: Promise<unknown>): Promise<{ code: PriceImportErrorCode; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PriceImportError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal, the PDF was read');
}

describe('extractPdfLines', () => {
  it('reads a two-page plumber price list into rows, keeping columns apart', async () => {
    const { pages, lines, pagesWithoutText } = await extractPdfLines(await plumberPriceList());
    expect(pages).toBe(2);
    expect(pagesWithoutText).toEqual([]);
    expect(lines.filter((line) => line.page === 1)).toEqual([
      { page: 1, line: 1, text: 'Rivera Plumbing & Drain' },
      { page: 1, line: 2, text: 'Price list — effective January 1, 2025' },
      { page: 1, line: 3, text: 'DRAINS' },
      { page: 1, line: 4, text: 'Kitchen sink drain cleaning ........ $150' },
      { page: 1, line: 5, text: 'Main sewer line cleaning .......................................... | $250 - $450' },
      { page: 1, line: 6, text: 'Camera inspection | $150–250' },
      { page: 1, line: 7, text: 'WATER HEATERS' },
      { page: 1, line: 8, text: 'Service | Price' },
      { page: 1, line: 9, text: '40-gal tank replacement | $1,200 - $1,800' },
      { page: 1, line: 10, text: 'Tankless installation | from $2,500' },
      { page: 1, line: 11, text: 'Flush and inspect | $95' },
      { page: 1, line: 12, text: 'Call (512) 555-0142 · Licensed & insured' },
      { page: 1, line: 13, text: 'Page 1 of 2' },
    ]);
    expect(lines.filter((line) => line.page === 2).map((line) => line.text)).toContain('Trip charge | 85 per visit');
  });

  it('gives proposePriceItems the items of the list, each with its page and row, and nothing else', async () => {
    const { lines } = await extractPdfLines(await plumberPriceList());
    const items = proposePriceItems(lines, { fileName: 'rivera-prices.pdf' });
    expect(items.map(({ name, minCents, maxCents, unit, confidence, note, source }) => [name, minCents, maxCents, unit, confidence, note ?? '', source.page, source.line])).toEqual([
      ['Kitchen sink drain cleaning', 15000, 15000, '', 'high', '', 1, 4],
      ['Main sewer line cleaning', 25000, 45000, '', 'high', '', 1, 5],
      ['Camera inspection', 15000, 25000, '', 'high', '', 1, 6],
      ['40-gal tank replacement', 120000, 180000, '', 'high', '', 1, 9],
      ['Tankless installation', 250000, 250000, '', 'high', NOTES.from, 1, 10],
      ['Flush and inspect', 9500, 9500, '', 'high', '', 1, 11],
      ['Service call (diagnostic)', 8900, 8900, '', 'high', NOTES.from, 2, 2],
      ['Labor', 9500, 9500, 'per hour', 'high', '', 2, 3],
      ['After-hours labor', 14500, 14500, 'per hour', 'high', '', 2, 4],
      ['Trip charge', 8500, 8500, 'per visit', 'high', '', 2, 5],
      ['Tile floor repair', 250, 250, 'per sq ft', 'high', '', 2, 6],
    ]);
    expect(items[0]?.source).toEqual({ file: 'rivera-prices.pdf', page: 1, line: 4, text: 'Kitchen sink drain cleaning ........ $150' });
  });

  it('reads the rows of a landscape page (turned 90° for viewing) as the reader sees them', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.setRotation(degrees(90));
    // Text that runs up the unturned page reads left to right once the page is turned.
    const upright = { size: 11, font, rotate: degrees(90) };
    page.drawText('Drain cleaning', { x: 100, y: 72, ...upright });
    page.drawText('$150', { x: 100.5, y: 400, ...upright });
    page.drawText('Toilet repair', { x: 120, y: 72, ...upright });
    page.drawText('$120', { x: 120, y: 400, ...upright });
    expect((await extractPdfLines(await doc.save())).lines.map((line) => line.text)).toEqual(['Drain cleaning | $150', 'Toilet repair | $120']);
  });

  it('refuses a PDF with only a drawing on its pages: a scan has no text to read', async () => {
    const scan = await pdfWithPages(2, (page) => page.drawRectangle({ x: 50, y: 50, width: 500, height: 700, color: rgb(0.85, 0.85, 0.85) }));
    expect(await refusal(extractPdfLines(scan))).toEqual({ code: 'scanned', message: SCANNED_PDF_SENTENCE });
  });

  it('counts a page number alone as no text, and names the pages it could not read in a mixed file', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    onePriceRow(doc.addPage([612, 792]), font);
    const scannedPage = doc.addPage([612, 792]);
    scannedPage.drawRectangle({ x: 50, y: 50, width: 500, height: 700, color: rgb(0.5, 0.5, 0.5) });
    scannedPage.drawText('2', { x: 300, y: 30, size: 9, font });
    const result = await extractPdfLines(await doc.save());
    expect(result.pagesWithoutText).toEqual([2]);
    expect(result.lines).toEqual([
      { page: 1, line: 1, text: 'Drain cleaning ........ $150' },
      { page: 2, line: 1, text: '2' },
    ]);

    const onlyPageNumbers = await pdfWithPages(3, (page, pageFont) => page.drawText('Page 1', { x: 300, y: 30, size: 9, font: pageFont }));
    expect((await refusal(extractPdfLines(onlyPageNumbers))).code).toBe('scanned');
  });

  it('refuses a file that is not a PDF, whatever its name says', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect(await refusal(extractPdfLines(png))).toEqual({ code: 'not_pdf', message: 'This file is not a PDF. Choose the price list saved as a PDF.' });
    expect((await refusal(extractPdfLines(new TextEncoder().encode('Drain cleaning $150')))).code).toBe('not_pdf');
    expect((await refusal(extractPdfLines(new Uint8Array()))).code).toBe('not_pdf');
  });

  it('refuses a file over the size limit before reading it', async () => {
    const bytes = await pdfWithPages(1, onePriceRow);
    // Padding after the end of the file: a reader ignores it, the size check does not.
    const padded = new Uint8Array(1.5 * 1024 * 1024);
    padded.set(bytes);
    expect(await refusal(extractPdfLines(padded, { maxBytes: 1024 * 1024 }))).toEqual({
      code: 'too_large',
      message: 'This PDF is 1.5 MB; the limit is 1 MB. Upload a smaller file, for example only the pages with prices.',
    });
    expect((await refusal(extractPdfLines(bytes, { maxBytes: bytes.byteLength - 1 }))).code).toBe('too_large');
    // At the limit, and under the default limit (10 MB), the same file is read.
    expect((await extractPdfLines(bytes, { maxBytes: bytes.byteLength })).lines).toHaveLength(1);
    expect((await extractPdfLines(padded)).lines).toHaveLength(1);
  });

  it('refuses more pages than the limit, and reads exactly the limit', async () => {
    const bytes = await pdfWithPages(3, onePriceRow);
    expect(await refusal(extractPdfLines(bytes, { maxPages: 2 }))).toEqual({
      code: 'too_many_pages',
      message: 'This PDF has 3 pages; LeadLoop reads at most 2. Upload only the pages with prices.',
    });
    expect((await extractPdfLines(bytes, { maxPages: 3 })).pages).toBe(3);
  });

  it('refuses a PDF locked with a password, and a damaged one', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    onePriceRow(doc.addPage(), font);
    // pdf-lib cannot encrypt: a standard security handler whose keys match no empty password is what a reader
    // meets in a file locked with a password it does not know.
    const { context } = doc;
    context.trailerInfo.Encrypt = context.register(context.obj({ Filter: 'Standard', V: 1, R: 2, P: -4, O: PDFHexString.of('11'.repeat(32)), U: PDFHexString.of('22'.repeat(32)) }));
    context.trailerInfo.ID = context.obj([PDFHexString.of('33'.repeat(16)), PDFHexString.of('33'.repeat(16))]);
    expect((await refusal(extractPdfLines(await doc.save({ useObjectStreams: false })))).code).toBe('encrypted');

    const damaged = new TextEncoder().encode('%PDF-1.7\nthe rest of this file was lost in the upload');
    expect((await refusal(extractPdfLines(damaged))).code).toBe('unreadable');
  });

  it('leaves the caller’s bytes as they were', async () => {
    const bytes = await pdfWithPages(1, onePriceRow);
    const copy = Uint8Array.from(bytes);
    await extractPdfLines(bytes);
    expect(bytes).toEqual(copy);
  });

  it('refuses nonsense limits', async () => {
    const bytes = await pdfWithPages(1, onePriceRow);
    await expect(extractPdfLines(bytes, { maxPages: 0 })).rejects.toThrow();
  });
});
