import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@server/platform/testing/test-database';
import { queryRows } from './database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded database settings', () => {
  it('does not zero-fill new WAL segments (a 16 MB write on the request thread)', async () => {
    const [row] = await queryRows<{ wal_init_zero: string }>(database.db, sql`show wal_init_zero`);
    expect(row?.wal_init_zero).toBe('off');
  });

  it('keeps the rest of PGlite’s start parameters', async () => {
    const [row] = await queryRows<{ search_path: string }>(database.db, sql`show search_path`);
    expect(row?.search_path).toBe('public');
  });
});
