import { and, type Column, eq, lt, or, type SQL } from 'drizzle-orm';

/**
 * Keyset paging over `(at desc, id desc)` with a cursor "<ms>|<id>": the condition for the rows after the cursor,
 * none for no cursor or a malformed one.
 */
export function afterCursor(cursor: string | undefined, at: Column, id: Column): SQL[] {
  if (!cursor) return [];
  const [ms, lastId] = cursor.split('|');
  const cursorAt = new Date(Number(ms));
  if (Number.isNaN(cursorAt.getTime()) || !lastId) return [];
  return [or(lt(at, cursorAt), and(eq(at, cursorAt), lt(id, lastId)))!];
}

/** Splits `limit + 1` fetched rows into the page and the cursor of the next one (null on the last page). */
export function keysetPage<T>(rows: T[], limit: number, keyOf: (row: T) => { at: number; id: string }) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const key = rows.length > limit && last ? keyOf(last) : null;
  return { page, nextCursor: key ? `${key.at}|${key.id}` : null };
}
