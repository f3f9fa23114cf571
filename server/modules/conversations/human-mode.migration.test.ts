import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '@server/platform/db/database';

/**
 * Migration 0007 (decision 0017): there is no AI assistant yet, so threads made while "AI replying" was the
 * default are handed to the team, and new threads start in the team's hands.
 */
describe('migration 0007_human_conversations', () => {
  const dir = mkdtempSync(join(tmpdir(), 'leadloop-migrations-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('moves every thread in "ai" mode to "human" and makes "human" the default', async () => {
    // The migrations as they were before 0007.
    cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
    const journalPath = join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
    const before = { ...journal, entries: journal.entries.filter((entry) => entry.idx < 7) };
    expect(journal.entries.some((entry) => entry.tag === '0007_human_conversations')).toBe(true);
    writeFileSync(journalPath, JSON.stringify(before));

    // The later migrations need btree_gist (0027), as the app's own PGlite has it.
    const client = new PGlite({ extensions: { btree_gist } });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: dir });
    // Rows without their parents: only the conversations table is under test.
    await client.exec(`set session_replication_role = replica`);
    await client.exec(`
      insert into conversations (company_id, contact_id, phone_number_id, peer_phone) values
        (gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), '+13125550101');
      insert into conversations (company_id, contact_id, phone_number_id, peer_phone, mode) values
        (gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), '+13125550102', 'human');
    `);
    const old = await client.query<{ mode: string }>(`select mode from conversations order by peer_phone`);
    expect(old.rows.map((row) => row.mode)).toEqual(['ai', 'human']);

    // Now with 0007.
    writeFileSync(journalPath, JSON.stringify(journal));
    await migrate(db, { migrationsFolder: dir });
    const after = await client.query<{ mode: string }>(`select mode from conversations order by peer_phone`);
    expect(after.rows.map((row) => row.mode)).toEqual(['human', 'human']);
    await client.exec(`insert into conversations (company_id, contact_id, phone_number_id, peer_phone) values (gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), '+13125550103')`);
    const fresh = await client.query<{ mode: string }>(`select mode from conversations where peer_phone = '+13125550103'`);
    expect(fresh.rows[0]?.mode).toBe('human');
    await client.close();
  });
});
