import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle handle, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle. Inside a transaction always use it, never the outer `Database` (PGlite has one connection). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Applies pending migrations (safe to call from several processes at once on a Postgres server). */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** PostgreSQL's type id of `bytea`. */
const BYTEA_OID = 17;

/** Arbitrary constant for `pg_advisory_lock`: serializes migrations across processes. */
const MIGRATION_LOCK_ID = 74_651_001;

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir: string | null }
  | { kind: 'postgres'; url: string; poolSize?: number };

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection that breaks (the server restarted or dropped it) is removed from the pool and the next
    // query opens a new one; without a listener, pg would throw the error and end the process.
    pool.on('error', (error) => console.warn(`database: an idle connection was closed by the server (${error.message})`));
    const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
    return {
      db,
      engine: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await migrateNodePg(drizzleNodePg({ client: pool, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
          client.release();
        }
      },
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }

  // New WAL segments are not zero-filled: PGlite writes them on this thread, and filling 16 MB stalled every
  // request in flight whenever a busy server started a segment (docs/performance.md).
  // Binary columns (recordings, raw emails) cross as hex text, converted natively here: PGlite's own converters
  // loop in JavaScript on this thread (a 2 MB email took 360 ms to store and 110 ms to read, stalling every request).
  // btree_gist: bookings of one person may not overlap (an exclusion constraint on the user and the time range).
  const pgliteOptions = {
    extensions: { btree_gist },
    startParams: [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'],
    parsers: { [BYTEA_OID]: (hex: string) => Buffer.from(hex.slice(2), 'hex') },
    serializers: { [BYTEA_OID]: (value: unknown) => (typeof value === 'string' ? value : `\\x${Buffer.from(value as Uint8Array).toString('hex')}`) },
  };
  let client: PGlite;
  if (options.dataDir) {
    const dir = resolve(options.dataDir);
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, pgliteOptions);
  } else {
    client = new PGlite(pgliteOptions);
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export function databaseOptionsFromEnv(env: { DATABASE_URL?: string | undefined; DATA_DIR: string }): DatabaseOptions {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: resolve(env.DATA_DIR, 'pglite') };
}

/** Runs raw SQL and returns its rows, whichever engine answers (both drivers expose `rows`). */
export async function queryRows<T>(executor: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
