import { eq } from 'drizzle-orm';
import { zonesForPhone } from '@contracts/send-window';
import type { DbOrTx } from '@server/platform/db/database';
import { companies } from '@server/platform/db/schema';

/**
 * CSV files people open in a spreadsheet: every cell safe from formula injection, lines ended with CRLF, and every
 * time written in the company's own time zone — named in the header, since a spreadsheet shows no zone
 * (decision 0043; the leads export in server/modules/leads/leads.service.ts does the same).
 */

/** A spreadsheet cell that cannot run as a formula when opened (CSV injection). */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: a header row and the rows, each cell made safe. */
export function csvText(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  return `${[header.map(csvCell).join(','), ...rows.map((row) => row.map(csvCell).join(','))].join('\r\n')}\r\n`;
}

/** "2026-11-26 21:33:05 CST": a moment as the company reads its own clock (a spreadsheet sorts it as text). */
export function localStamp(at: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'short' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`;
}

/** "2026-11-26": the company's calendar day of a moment (for file names). */
export function localDay(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The company's time zone: the one it set, else its sign-up phone's area code's, else New York's. */
export async function companyTimeZone(executor: DbOrTx, companyId: string): Promise<string> {
  const [company] = await executor.select({ timezone: companies.timezone, signupPhone: companies.signupPhone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return company?.timezone ?? (company?.signupPhone ? zonesForPhone(company.signupPhone)[0] : undefined) ?? 'America/New_York';
}

/** A CSV export as the client downloads it. */
export interface CsvExport {
  filename: string;
  csv: string;
  count: number;
}

/** The most rows one export holds (the client says so when a file is cut there). */
export const CSV_EXPORT_LIMIT = 10_000;

/** Every row a paged list gives, up to the export limit (each log's CSV reads its own list this way). */
export async function collect<T, C>(first: C, page: (cursor: C) => Promise<{ items: T[]; next: C | null }>): Promise<T[]> {
  const rows: T[] = [];
  let cursor: C | null = first;
  while (cursor !== null && rows.length < CSV_EXPORT_LIMIT) {
    const { items, next } = await page(cursor);
    rows.push(...items);
    cursor = items.length > 0 ? next : null;
  }
  return rows.slice(0, CSV_EXPORT_LIMIT);
}
