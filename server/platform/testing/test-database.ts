import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, queryRows } from '@server/platform/db/database';

export interface TestDatabase extends DatabaseHandle {
  /** Empties every table (between tests; creating a database costs seconds). */
  truncateAll(): Promise<void>;
}

/**
 * One database per test file: embedded PGlite in memory by default, or — when TEST_DATABASE_URL points at a
 * Postgres server (CI runs the suite a second time that way) — a throwaway database created on that server and
 * dropped on close. The same migrations run either way.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | null = null;
  if (serverUrl) {
    const name = `leadloop_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    drop = async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  } else {
    handle = openDatabase({ kind: 'pglite', dataDir: null });
  }
  await handle.migrate();
  return {
    ...handle,
    async truncateAll() {
      const tables = await queryRows<{ tablename: string }>(
        handle.db,
        sql`select tablename from pg_tables where schemaname = 'public'`,
      );
      if (tables.length === 0) return;
      await handle.db.execute(sql.raw(`truncate ${tables.map((t) => `"${t.tablename}"`).join(', ')} restart identity cascade`));
    },
    async close() {
      await handle.close();
      await drop?.();
    },
  };
}
