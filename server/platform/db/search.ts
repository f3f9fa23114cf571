import { type Column, ilike, or, type SQL, sql } from 'drizzle-orm';
import { contacts } from './schema';

/** "First Last" of a contact, for searching by whole name. */
export const contactFullName = sql`coalesce(${contacts.firstName}, '') || ' ' || coalesce(${contacts.lastName}, '')`;

/**
 * A free-text search: `term` anywhere in the text columns (LIKE wildcards in it taken literally) or, once it has
 * three digits or more, its digits anywhere in the phone columns; `also` adds a condition of its own on the pattern
 * (a thread's messages).
 */
export function searchWhere(term: string, columns: { text: (Column | SQL)[]; phone?: Column[]; also?: (like: string) => SQL }): SQL {
  const like = likePattern(term);
  const digits = term.replace(/\D/g, '');
  const phones = digits.length >= 3 ? (columns.phone ?? []).map((column) => ilike(column, `%${digits}%`)) : [];
  return or(...columns.text.map((column) => ilike(column, like)), ...phones, ...(columns.also ? [columns.also(like)] : []))!;
}

/** `term` anywhere, for ILIKE: its own % _ and \ taken literally. */
function likePattern(term: string): string {
  return `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}
