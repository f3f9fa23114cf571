import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FlowGraph } from '@contracts/flows';
import { createServerApp, type ServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { databaseOptionsFromEnv, openDatabase, queryRows } from '@server/platform/db/database';
import { companies, contacts, conversations, flows, flowVersions, leads } from '@server/platform/db/schema';
import { allocateSimulatedNumber, setActiveNumber } from '@server/modules/phone-numbers/active-number';
import { startRun } from '@server/modules/flows/flow-runs-lifecycle';
import { percentile } from './bench-inbound';

/**
 * npm run bench:flows [-- --runs 10000 --instances 1 --wait-s 60 --batch 500]
 *
 * The flow runtime under a burst (issue 23): N runs of one flow — wait, then send a text — started at once, on the
 * embedded database (one instance) or on the PostgreSQL server in DATABASE_URL (`--instances 2`: two app instances in
 * this process, each with its own connection pool and job workers, sharing the one database as two servers would).
 * Texts go through the real outbound pipeline to the simulated carrier (no per-number pacing). Checks that every run
 * finishes exactly once with exactly one text, and reports the step throughput and how late each text was queued
 * after its wait ended (p50 / p99 / max). Figures: docs/performance.md.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchFlows(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { runs: { type: 'string', default: '10000' }, instances: { type: 'string', default: '1' }, 'wait-s': { type: 'string', default: '60' }, batch: { type: 'string', default: '500' } },
  });
  const RUNS = Number(values.runs);
  const INSTANCES = Number(values.instances);
  const WAIT_MS = Number(values['wait-s']) * 1000;
  const BATCH = Number(values.batch);
  const postgres = Boolean(process.env.DATABASE_URL);
  if (!postgres && INSTANCES > 1) {
    console.error('Several instances need a PostgreSQL server: set DATABASE_URL (the embedded database belongs to one process).');
    return 1;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'leadloop-bench-flows-'));
  const env = loadEnv({ ...process.env, DATA_DIR: dataDir, SERVE_SPA: 'false', LOG_LEVEL: 'warn', SMS_MIN_GAP_MS: '0', PLAN_LIMITS: 'off', SMTP_URL: '', TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '' });
  const apps: ServerApp[] = [];
  try {
    for (let i = 0; i < INSTANCES; i += 1) apps.push(await createServerApp({ env, database: openDatabase(databaseOptionsFromEnv(env)), simulatorDeliveryDelayMs: 0 }));
    const { db } = apps[0]!.services;

    // ── Seed: a company with a number, N contacts with a thread and a lead, a published flow ──
    const seedStarted = performance.now();
    const now = new Date();
    const [company] = await db.insert(companies).values({ name: 'Bench Heating', timezone: 'America/Chicago', trialEndsAt: new Date(Date.now() + 864e5) }).returning();
    const companyId = company!.id;
    const { id: phoneNumberId } = await db.transaction(async (tx) => {
      const e164 = await allocateSimulatedNumber(tx, companyId);
      return setActiveNumber(tx, { companyId, e164, provider: 'simulator', providerSid: null, now });
    });
    // The customers' time zone: one where it is working hours now, so the texts are not held for the send window.
    const hourIn = (zone: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(now));
    const timezone = ['America/Chicago', 'America/Los_Angeles', 'Europe/London', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Tokyo', 'Australia/Sydney', 'Pacific/Honolulu'].find((zone) => hourIn(zone) >= 10 && hourIn(zone) <= 16) ?? 'Europe/London';
    const people: Array<{ contactId: string; conversationId: string; leadId: string }> = [];
    for (let start = 0; start < RUNS; start += 1000) {
      const size = Math.min(1000, RUNS - start);
      const phones = Array.from({ length: size }, (_, i) => `+1312${String(2_000_000 + start + i).padStart(7, '0')}`);
      const rows = await db.insert(contacts).values(phones.map((phone) => ({ companyId, phone, timezone, createdAt: now, updatedAt: now }))).returning({ id: contacts.id, phone: contacts.phone });
      const threads = await db
        .insert(conversations)
        .values(rows.map((row) => ({ companyId, contactId: row.id, phoneNumberId, peerPhone: row.phone!, createdAt: now, updatedAt: now })))
        .returning({ id: conversations.id, contactId: conversations.contactId });
      const opened = await db
        .insert(leads)
        .values(rows.map((row) => ({ companyId, contactId: row.id, source: 'sms' as const, status: 'new' as const, createdAt: now, updatedAt: now })))
        .returning({ id: leads.id, contactId: leads.contactId });
      const thread = new Map(threads.map((t) => [t.contactId, t.id]));
      const lead = new Map(opened.map((l) => [l.contactId, l.id]));
      for (const row of rows) people.push({ contactId: row.id, conversationId: thread.get(row.id)!, leadId: lead.get(row.id)! });
    }
    // Implied consent, as a person who texted in has.
    await db.execute(sql`insert into consent_events (company_id, contact_id, kind, method, text, created_at) select ${companyId}, id, 'implied', 'sms_inbound', 'bench', now() from contacts where company_id = ${companyId}`);
    const graph: FlowGraph = {
      trigger: { type: 'lead_created', sources: ['sms'] },
      start: 'wait',
      steps: [
        // The wait in minutes (a fraction here: the bench's wait is seconds; the editor offers whole minutes).
        { id: 'wait', type: 'wait', minutes: WAIT_MS / 60_000, from: 'anchor', next: 'text' },
        { id: 'text', type: 'send_sms', body: 'Hi {first_name}, still need a hand with your heating?', next: null },
      ],
    };
    const [flow] = await db.insert(flows).values({ companyId, kind: 'custom', name: 'Bench', status: 'active', createdAt: now, updatedAt: now }).returning();
    const [version] = await db.insert(flowVersions).values({ companyId, flowId: flow!.id, number: 1, graph, createdAt: now }).returning();
    await db.update(flows).set({ publishedVersionId: version!.id }).where(sql`id = ${flow!.id}`);
    const seedMs = performance.now() - seedStarted;

    // ── The burst: every run started, a batch per transaction, workers already running ──
    for (const app of apps) app.startBackground();
    const burstStarted = Date.now();
    for (let start = 0; start < RUNS; start += BATCH) {
      const anchorAt = new Date();
      await db.transaction(async (tx) => {
        for (const person of people.slice(start, start + BATCH)) {
          await startRun(tx, apps[0]!.services, { flow: flow!, versionId: version!.id, ...person, anchorAt, triggerKey: `bench:${person.contactId}`, startStep: 'wait', now: anchorAt });
        }
      });
      for (const app of apps) app.services.queue.wake();
    }
    const burstMs = Date.now() - burstStarted;

    // ── Until every run has ended ──
    const deadline = Date.now() + WAIT_MS + 20 * 60_000;
    let ended = 0;
    let lastReport = Date.now();
    while (Date.now() < deadline) {
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from flow_runs where company_id = ${companyId} and status <> 'active'`);
      ended = row!.n;
      if (ended >= RUNS) break;
      if (Date.now() - lastReport > 15_000) {
        lastReport = Date.now();
        const queues = await queryRows<{ queue: string; status: string; n: number }>(db, sql`select queue, status, count(*)::int as n from jobs where status <> 'completed' group by queue, status order by queue`);
        console.log(`${Math.round((Date.now() - burstStarted) / 1000)} s: ${ended} runs ended; jobs waiting: ${queues.map((q) => `${q.queue} ${q.status} ${q.n}`).join(', ') || 'none'}`);
      }
      await sleep(1000);
    }
    const runsEndedMs = Date.now() - burstStarted;
    // And every text handed to the (simulated) carrier.
    let sentCount = 0;
    while (Date.now() < deadline) {
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from messages where company_id = ${companyId} and author = 'flow' and status in ('sent', 'delivered')`);
      sentCount = row!.n;
      if (sentCount >= RUNS) break;
      if (Date.now() - lastReport > 15_000) {
        lastReport = Date.now();
        const statuses = await queryRows<{ status: string; error: string | null; n: number }>(db, sql`select status, error_code as error, count(*)::int as n from messages where company_id = ${companyId} and author = 'flow' group by status, error_code`);
        const queues = await queryRows<{ queue: string; status: string; n: number; err: string | null }>(db, sql`select queue, status, count(*)::int as n, max(last_error) as err from jobs where status <> 'completed' group by queue, status order by queue`);
        console.log(`${Math.round((Date.now() - burstStarted) / 1000)} s: texts ${statuses.map((s) => `${s.status}${s.error ? `/${s.error}` : ''} ${s.n}`).join(', ')}; jobs waiting: ${queues.map((q) => `${q.queue} ${q.status} ${q.n}${q.err ? ` (${q.err})` : ''}`).join(', ') || 'none'}`);
      }
      await sleep(1000);
    }
    const sentMs = Date.now() - burstStarted;
    const [runs] = await queryRows<{ completed: number; other: number }>(
      db,
      sql`select count(*) filter (where status = 'completed')::int as completed, count(*) filter (where status <> 'completed')::int as other from flow_runs where company_id = ${companyId}`,
    );
    const [texts] = await queryRows<{ texts: number; runs_texted: number; sent: number }>(
      db,
      sql`select count(*)::int as texts, count(distinct dedupe_key)::int as runs_texted, count(*) filter (where status in ('sent', 'delivered'))::int as sent
          from messages where company_id = ${companyId} and author = 'flow'`,
    );
    const [repeats] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select run_id, step_id from flow_run_steps where company_id = ${companyId} and outcome = 'done' group by run_id, step_id having count(*) > 1) r`,
    );
    // Lag: when each run's text step was done, after its wait ended (the anchor plus the wait).
    const lags = await queryRows<{ lag_ms: number }>(
      db,
      sql`select extract(epoch from (s.created_at - (r.anchor_at + ${WAIT_MS} * interval '1 millisecond'))) * 1000 as lag_ms
          from flow_run_steps s join flow_runs r on r.id = s.run_id
          where s.company_id = ${companyId} and s.step_id = 'text' and s.outcome = 'done'`,
    );
    const [window] = await queryRows<{ first_due: string; last_done: string; steps: number }>(
      db,
      sql`select min(r.anchor_at + ${WAIT_MS} * interval '1 millisecond') as first_due, max(s.created_at) as last_done, count(*)::int as steps
          from flow_run_steps s join flow_runs r on r.id = s.run_id where s.company_id = ${companyId} and s.outcome = 'done'`,
    );
    const values_ = lags.map((row) => Number(row.lag_ms)).sort((a, b) => a - b);
    const spanS = (Date.parse(window!.last_done) - Date.parse(window!.first_due)) / 1000;
    const ok = sentCount === RUNS && runs!.completed === RUNS && runs!.other === 0 && texts!.texts === RUNS && texts!.runs_texted === RUNS && repeats!.n === 0;
    console.log(
      [
        `bench:flows — ${RUNS} runs (wait ${WAIT_MS / 1000} s, then a text), ${postgres ? `PostgreSQL, ${INSTANCES} instance${INSTANCES > 1 ? 's' : ''}` : 'embedded database'}, ${cpus().length} cores (${cpus()[0]?.model ?? 'cpu'})`,
        `seeded in ${(seedMs / 1000).toFixed(1)} s; burst of ${RUNS} starts in ${(burstMs / 1000).toFixed(1)} s; every run ended ${(runsEndedMs / 1000).toFixed(0)} s and every text was sent ${(sentMs / 1000).toFixed(0)} s after the burst began`,
        `runs completed ${runs!.completed} / ${RUNS}, other ${runs!.other}; flow texts ${texts!.texts} (${texts!.runs_texted} runs, ${texts!.sent} sent); steps done twice ${repeats!.n}`,
        `step throughput after the waits ended: ${window!.steps} steps in ${spanS.toFixed(1)} s = ${(window!.steps / Math.max(spanS, 0.001)).toFixed(0)} steps/s (wait and text steps)`,
        `text queued after its wait ended: p50 ${(percentile(values_, 50) / 1000).toFixed(2)} s, p99 ${(percentile(values_, 99) / 1000).toFixed(2)} s, max ${((values_.at(-1) ?? 0) / 1000).toFixed(2)} s`,
        ok ? '✓ every run finished exactly once, with one text' : '✗ a run did not finish exactly once',
      ].join('\n'),
    );
    return ok ? 0 : 1;
  } finally {
    for (const app of apps) await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
