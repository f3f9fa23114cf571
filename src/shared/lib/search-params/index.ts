/** Readers for values that come from the address bar, where anyone can type anything. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Record ids are uuids; anything else (a mangled link) is "not found" without asking the server. */
export const isUuid = (value: string) => UUID.test(value);

/** A search value as a string ('' when missing). Values are strings in the app; a router with JSON-ish parsing may hand over numbers. */
export function searchText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** Local midnight of a YYYY-MM-DD day as epoch ms, or null for anything that isn't a real day. */
export function localDayStart(day: string): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(year, month - 1, date);
  if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== date) return null;
  return start.getTime();
}

/** Local midnight after a YYYY-MM-DD day (the exclusive end of "to" that day). */
export function localDayEnd(day: string): number | null {
  const start = localDayStart(day);
  if (start === null) return null;
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  return end.getTime();
}
