import { invalidField, type AppError } from '@server/platform/errors/app-error';

/**
 * Why an uploaded price list was refused. The screen shows the sentence as is; the code lets a caller (or a test)
 * tell the cases apart without reading words.
 */
export const PRICE_IMPORT_ERROR_CODES = ['not_pdf', 'too_large', 'too_many_pages', 'encrypted', 'unreadable', 'scanned'] as const;
export type PriceImportErrorCode = (typeof PRICE_IMPORT_ERROR_CODES)[number];

export const SCANNED_PDF_SENTENCE =
  'This PDF is a scanned image: it has no text LeadLoop can read. Export the price list from the program that made it, or type the prices in.';

export class PriceImportError extends Error {
  override readonly name = 'PriceImportError';
  constructor(
    readonly code: PriceImportErrorCode,
    /** A plain sentence for the owner: what is wrong with the file and what to do instead. */
    message: string,
  ) {
    super(message);
  }

  /** The same refusal as the domain error the transports know, shown under the upload field (`file`). */
  toAppError(): AppError {
    return invalidField('file', this.message);
  }
}
