/** Whether a database error (or one it wraps, as drizzle does) carries this SQLSTATE: 23505 unique, 23P01 exclusion. */
export function hasPostgresCode(error: unknown, code: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}
