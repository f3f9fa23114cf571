import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { FlowGraph } from '@contracts/flows';
import { twilioSignature } from '@server/adapters/telephony/twilio';
import { openDatabase, queryRows } from '@server/platform/db/database';
import { companies, flows, flowVersions } from '@server/platform/db/schema';
import { setActiveNumber } from '@server/modules/phone-numbers/active-number';
import { type FakeTwilio, startFakeTwilio } from '@server/testing/fake-twilio';
import { type ServerProcess, startServerProcess } from '../tests/support/server-process';

/**
 * Issue 23: a kill between two steps of a flow resumes without repeating the first. The real process runs a flow
 * (a new SMS lead gets a text, then a tag, then its status set) for a burst of new leads, and is killed with SIGKILL
 * while texts are in flight at (the fake) Twilio — so some runs have done their first step and not the next. After a
 * restart on the same data folder every run ends, every step of every run is in its log exactly once, and every
 * customer got the flow's text exactly once.
 *
 * PGlite only, as the webhook crash test (server/crash.process.test.ts): with a PostgreSQL server there is nothing of
 * ours to kill that owns the data.
 */
const SID = `AC${'d'.repeat(32)}`;
const TOKEN = 'flows-crash-auth-token';
const PUBLIC_URL = 'https://flows-crash.leadloop.test';
const BUSINESS = '+14155558888';
const TOTAL = 120;
const KILL_AFTER_SENT = 30;
const SEND_HOLD_MS = 150;
const FLOW_TEXT = 'Thanks for texting! A person will reply shortly.';

const GRAPH: FlowGraph = {
  trigger: { type: 'lead_created', sources: ['sms'] },
  start: 'hello',
  steps: [
    { id: 'hello', type: 'send_sms', body: FLOW_TEXT, next: 'tag' },
    { id: 'tag', type: 'add_tag', tag: 'from flow', next: 'status' },
    { id: 'status', type: 'set_status', status: 'engaging', next: null },
  ],
};

const customer = (i: number) => `+1415300${String(i).padStart(4, '0')}`;

async function text(url: string, i: number): Promise<number> {
  const params = { MessageSid: `SM${'7'.repeat(8)}${String(i).padStart(24, '0')}`, AccountSid: SID, From: customer(i), To: BUSINESS, Body: `Hi, I need a plumber (#${i})`, NumMedia: '0' };
  const response = await fetch(`${url}/webhooks/twilio/sms`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/twilio/sms`, params) },
    body: new URLSearchParams(params).toString(),
  });
  await response.arrayBuffer();
  return response.status;
}

const waitFor = async (condition: () => Promise<boolean> | boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return condition();
};

const dataDir = mkdtempSync(join(tmpdir(), 'leadloop-flows-crash-'));
const pgliteDir = join(dataDir, 'pglite');
let fake: FakeTwilio | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop('SIGKILL');
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('kill -9 between two steps of a flow (embedded database)', () => {
  it('resumes every run after a restart without repeating a step', async () => {
    const seed = openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    await seed.migrate();
    const now = new Date();
    const [company] = await seed.db.insert(companies).values({ name: 'Crash Plumbing', trialEndsAt: new Date(Date.now() + 864e5) }).returning();
    await seed.db.transaction((tx) => setActiveNumber(tx, { companyId: company!.id, e164: BUSINESS, provider: 'twilio', providerSid: 'PN2', now }));
    const [flow] = await seed.db.insert(flows).values({ companyId: company!.id, kind: 'custom', name: 'Welcome', status: 'active', createdAt: now, updatedAt: now }).returning();
    const [version] = await seed.db.insert(flowVersions).values({ companyId: company!.id, flowId: flow!.id, number: 1, graph: GRAPH, createdAt: now }).returning();
    await seed.db.update(flows).set({ publishedVersionId: version!.id }).where(sql`id = ${flow!.id}`);
    await seed.close();

    fake = await startFakeTwilio(SID, SEND_HOLD_MS);
    const env = { SERVE_SPA: 'false', LOG_LEVEL: 'warn', PUBLIC_URL, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_API_BASE: fake.url, TWILIO_ANSWERS_KEYWORDS: 'false', SMS_MIN_GAP_MS: '0' };
    server = await startServerProcess({ dataDir, env });
    const first = server;

    // The burst, 20 at a time; SIGKILL once a quarter of the flow texts reached Twilio and some are in flight.
    const acknowledged = new Set<number>();
    let next = 0;
    let killed: Promise<number | null> | null = null;
    const killWhenReady = () => {
      if (!killed && fake!.sent.length >= KILL_AFTER_SENT && fake!.inFlight() > 0) killed = first.stop('SIGKILL');
      return Boolean(killed);
    };
    const worker = async () => {
      while (next < TOTAL && !killed) {
        const i = next++;
        try {
          if ((await text(first.url, i)) === 200) acknowledged.add(i);
        } catch {
          return;
        }
      }
    };
    const watcher = (async () => {
      const deadline = Date.now() + 40_000;
      while (!killWhenReady() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    })();
    await Promise.all([...Array.from({ length: 20 }, worker), watcher]);
    expect(killed, 'a flow text was in flight at Twilio within 40 s').not.toBeNull();
    expect(await killed).toBeNull();

    // At the kill: runs that had done their first step and not their last (the case this test is about).
    const crashed = openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    const [between] = await queryRows<{ n: number }>(
      crashed.db,
      sql`select count(*)::int as n from flow_runs r where r.status = 'active'
          and exists (select 1 from flow_run_steps s where s.run_id = r.id and s.step_id = 'hello' and s.outcome = 'done')`,
    );
    await crashed.close();

    server = await startServerProcess({ dataDir, env });
    const retried = Array.from({ length: TOTAL }, (_, i) => i).filter((i) => !acknowledged.has(i));
    for (const i of retried) expect(await text(server.url, i), `retry of text ${i}`).toBe(200);
    const everyoneTexted = () => new Set(fake!.sent.map((t) => t.to)).size >= TOTAL;
    expect(await waitFor(everyoneTexted, 40_000), 'every customer got the flow text within 40 s of the restart').toBe(true);
    await waitFor(() => fake!.inFlight() === 0, 10_000);
    // The tag and status steps after the last text leave no trace outside the database, which the running server
    // holds: stop it gracefully, look, and while runs are still between steps (a loaded machine), start it again
    // and give the durable queue more time — a restart resumes them like the kill did.
    for (let round = 0; ; round += 1) {
      await new Promise((r) => setTimeout(r, 1500 * (round + 1)));
      expect(await server.stop()).toBe(0);
      server = undefined;
      const look = openDatabase({ kind: 'pglite', dataDir: pgliteDir });
      const [open] = await queryRows<{ n: number }>(look.db, sql`select count(*)::int as n from flow_runs where status <> 'completed'`);
      await look.close();
      if (open!.n === 0 || round === 4) break;
      server = await startServerProcess({ dataDir, env });
    }

    const db = openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    try {
      const runs = await queryRows<{ status: string; n: number }>(db.db, sql`select status, count(*)::int as n from flow_runs group by status`);
      expect(runs).toEqual([{ status: 'completed', n: TOTAL }]);
      const repeated = await queryRows<{ run_id: string; step_id: string; n: number }>(
        db.db,
        sql`select run_id, step_id, count(*)::int as n from flow_run_steps where outcome = 'done' group by run_id, step_id having count(*) <> 1`,
      );
      expect(repeated).toEqual([]);
      const [steps] = await queryRows<{ n: number }>(db.db, sql`select count(*)::int as n from flow_run_steps where outcome = 'done'`);
      expect(steps!.n).toBe(TOTAL * 3);
      const perCustomer = new Map<string, number>();
      for (const t of fake.sent.filter((t) => t.body === FLOW_TEXT)) perCustomer.set(t.to, (perCustomer.get(t.to) ?? 0) + 1);
      expect([...perCustomer.values()].filter((n) => n !== 1)).toEqual([]);
      expect(perCustomer.size).toBe(TOTAL);
      const [tagged] = await queryRows<{ n: number }>(db.db, sql`select count(*)::int as n from contacts where tags = '["from flow"]'::jsonb`);
      expect(tagged!.n).toBe(TOTAL);
      console.log(`kill -9 with ${between!.n} runs between their first and last step and ${fake.sent.length} texts sent; all ${TOTAL} runs completed once each after the restart`);
      expect(between!.n, 'some runs were between two steps at the kill').toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  }, 120_000);
});
