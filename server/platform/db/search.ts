import { type Column, ilike, or, type SQL, sql } from 'drizzle-orm';
import { contacts } from './schema';

/** "First Last" of a contact, for searching by whole name. */
export const contactFullName = sql`coalesce(${contacts.firstName}, '') || ' ' || coalesce(${contacts.lastName}, '')`;

/**
 * A free-text search: `term` anywhere in the text columns (LIKE wildcards in it taken literally) or, once it has
 * three digits or more, its digits anywhere in the phone columns.
 */
export function searchWhere(term: string, columns: { text: (Column | SQL)[]; phone?: Column[] }): SQL {
  const like = `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const digits = term.replace(/\D/g, '');
  const phones = digits.length >= 3 ? (columns.phone ?? []).map((column) => ilike(column, `%${digits}%`)) : [];
  return or(...columns.text.map((column) => ilike(column, like)), ...phones)!;
}
