/**
 * The PDF price-list importer's core (issue 14): rows of text from an uploaded PDF, and the price-book items
 * the rules propose from them. No database and no transport here: the module that stores proposals and the
 * Settings → AI screen call these.
 */
export { extractPdfLines, DEFAULT_PDF_LIMITS, COLUMN_SEPARATOR, MAX_LINE_CHARS, MAX_LINES, type PdfLimits, type PdfLine, type PdfLines } from './pdf-lines';
export { proposePriceItems, proposedItemSchema, NOTES as PRICE_NOTES, MAX_NAME_CHARS, MAX_PRICE_CENTS, MAX_PROPOSALS, type ProposedItem } from './price-rules';
export { PriceImportError, PRICE_IMPORT_ERROR_CODES, SCANNED_PDF_SENTENCE, type PriceImportErrorCode } from './price-import.errors';
