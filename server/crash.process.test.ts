import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '@server/adapters/telephony/twilio';
import { openDatabase, queryRows } from '@server/platform/db/database';
import { companies } from '@server/platform/db/schema';
import { setActiveNumber } from '@server/modules/phone-numbers/active-number';
import { type ServerProcess, startServerProcess } from '../tests/support/server-process';
import { type FakeTwilio, type SentText, startFakeTwilio } from '@server/testing/fake-twilio';

/**
 * Crash safety of the embedded database (docs/decisions/0016-embedded-durability.md): the real process is killed
 * with SIGKILL in the middle of a burst of signed Twilio webhooks while the STOP confirmations they cause are being
 * sent, then restarted on the same data folder. Every webhook that was answered 200 must be stored exactly once,
 * and every confirmation text queued must reach (the fake) Twilio exactly once — including the ones whose send was
 * in flight when the process died, which the restarted job recovers by asking Twilio (findAccepted).
 *
 * PGlite only: a kill -9 of our process says nothing about a Postgres server's durability (the server keeps
 * running and owns its WAL), so with TEST_DATABASE_URL set there is nothing of ours to test here.
 */
const SID = `AC${'c'.repeat(32)}`;
const TOKEN = 'crash-test-auth-token';
const PUBLIC_URL = 'https://crash.leadloop.test';
const BUSINESS = '+14155559999';
const TOTAL = 300;
const IN_FLIGHT = 40;
const KILL_AFTER_ACKS = TOTAL / 2;
/** The fake Twilio holds each send this long, so the kill finds sends in flight. */
const SEND_HOLD_MS = 250;

const customer = (i: number) => `+1415200${String(i).padStart(4, '0')}`;
const messageSid = (i: number) => `SM${String(i).padStart(32, '0')}`;
const isStop = (i: number) => i % 4 === 0;

function inbound(i: number): Record<string, string> {
  return { MessageSid: messageSid(i), AccountSid: SID, From: customer(i), To: BUSINESS, Body: isStop(i) ? 'STOP' : `Hi, is anyone free to look at a leak today? (#${i})`, NumMedia: '0' };
}

async function postWebhook(url: string, i: number): Promise<number> {
  const params = inbound(i);
  const response = await fetch(`${url}/webhooks/twilio/sms`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/twilio/sms`, params) },
    body: new URLSearchParams(params).toString(),
  });
  await response.arrayBuffer();
  return response.status;
}

const waitFor = async (condition: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return condition();
};

const dataDir = mkdtempSync(join(tmpdir(), 'leadloop-crash-'));
const pgliteDir = join(dataDir, 'pglite'); // where the server keeps it (databaseOptionsFromEnv)
let fake: FakeTwilio | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop('SIGKILL');
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('kill -9 during a webhook burst (embedded database)', () => {
  it('keeps every acknowledged webhook exactly once and sends every queued text exactly once', async () => {
    const started = Date.now();
    // Seed the data folder: a company with a Twilio number.
    const seed = openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    await seed.migrate();
    const [company] = await seed.db.insert(companies).values({ name: 'Crash Roofing', trialEndsAt: new Date(Date.now() + 864e5) }).returning();
    await seed.db.transaction((tx) => setActiveNumber(tx, { companyId: company!.id, e164: BUSINESS, provider: 'twilio', providerSid: 'PN1', now: new Date() }));
    await seed.close();

    fake = await startFakeTwilio(SID, SEND_HOLD_MS);
    const env = {
      SERVE_SPA: 'false',
      LOG_LEVEL: 'warn',
      PUBLIC_URL,
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_API_BASE: fake.url,
      TWILIO_ANSWERS_KEYWORDS: 'false',
      SMS_MIN_GAP_MS: '0',
    };
    server = await startServerProcess({ dataDir, env });

    // The burst: IN_FLIGHT at a time. SIGKILL once half are acknowledged and a STOP confirmation is in flight at
    // Twilio; a watcher checks every 2 ms so the kill lands mid-send even if the burst is acknowledged first.
    const acknowledged = new Set<number>();
    let next = 0;
    let killed: Promise<number | null> | null = null;
    const first = server;
    const killWhenReady = () => {
      if (!killed && acknowledged.size >= KILL_AFTER_ACKS && fake!.inFlight() > 0) killed = first.stop('SIGKILL');
      return Boolean(killed);
    };
    const worker = async () => {
      while (next < TOTAL && !killed) {
        const i = next++;
        try {
          if ((await postWebhook(first.url, i)) === 200) acknowledged.add(i);
        } catch {
          return; // the process is gone: this one was never acknowledged
        }
        killWhenReady();
      }
    };
    const watcher = (async () => {
      const deadline = Date.now() + 30_000;
      while (!killWhenReady() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    })();
    await Promise.all([...Array.from({ length: IN_FLIGHT }, worker), watcher]);
    expect(killed, 'a STOP confirmation was in flight at Twilio within 30 s').not.toBeNull();
    expect(await killed).toBeNull(); // killed by the signal, not exited
    const sentBeforeKill = fake.sent.length;

    // Right after the crash: every acknowledged webhook is on disk (opening runs PGlite's crash recovery).
    const crashed = openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    const events = await queryRows<{ event_key: string }>(crashed.db, sql`select event_key from inbound_events where kind = 'sms'`);
    const stored = new Set(events.map((e) => e.event_key));
    const lost = [...acknowledged].filter((i) => !stored.has(messageSid(i)));
    expect(lost).toEqual([]);
    const [atKill] = await queryRows<{ sending: number; queued: number; active_jobs: number }>(
      crashed.db,
      sql`select (select count(*)::int from messages where status = 'sending') as sending,
                 (select count(*)::int from messages where status = 'queued') as queued,
                 (select count(*)::int from jobs where status = 'active') as active_jobs`,
    );
    await crashed.close();

    // Restart on the same folder and let it finish: the jobs the dead process had claimed run again at once (the
    // embedded database has one process, so the queue ends their leases at start instead of waiting 5 minutes).
    server = await startServerProcess({ dataDir, env });
    // Twilio retries what was never acknowledged (in flight at the kill, or not sent yet): all of it, once more.
    const retried = Array.from({ length: TOTAL }, (_, i) => i).filter((i) => !acknowledged.has(i));
    for (const i of retried) expect(await postWebhook(server.url, i), `retry of webhook ${i}`).toBe(200);
    const stops = Array.from({ length: TOTAL }, (_, i) => i).filter(isStop);
    const confirmed = () => new Set(fake!.sent.map((t) => t.to));
    const done = await waitFor(() => stops.every((i) => confirmed().has(customer(i))), 30_000);
    expect(done, 'every STOP got its confirmation within 30 s of the restart').toBe(true);
    await waitFor(() => fake!.inFlight() === 0 && Date.now() - fake!.lastRequestAt > 1500, 10_000);
    expect(await server.stop()).toBe(0);
    server = undefined;

    const db = openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    try {
      const inboundRows = await queryRows<{ sid: string; n: number }>(
        db.db,
        sql`select provider_message_id as sid, count(*)::int as n from messages where direction = 'inbound' group by provider_message_id`,
      );
      const inboundCount = new Map(inboundRows.map((r) => [r.sid, r.n]));
      // Every webhook, acknowledged before the kill or retried after it: stored exactly once.
      expect(Array.from({ length: TOTAL }, (_, i) => i).filter((i) => inboundCount.get(messageSid(i)) !== 1)).toEqual([]);
      expect(inboundRows.filter((r) => r.n !== 1)).toEqual([]);
      const [eventsLeft] = await queryRows<{ unprocessed: number; events: number }>(
        db.db,
        sql`select count(*) filter (where processed_at is null)::int as unprocessed, count(*)::int as events from inbound_events where kind = 'sms'`,
      );
      expect(eventsLeft).toEqual({ unprocessed: 0, events: inboundRows.length });

      const outbound = await queryRows<{ to_number: string; status: string; provider_message_id: string | null; opted_out: boolean; opt_outs: number }>(
        db.db,
        sql`select m.to_number, m.status, m.provider_message_id, c.opted_out_at is not null as opted_out,
                   (select count(*)::int from consent_events e where e.contact_id = c.id and e.kind = 'opt_out') as opt_outs
            from messages m join contacts c on c.id = m.contact_id where m.direction = 'outbound'`,
      );
      // Every STOP: opted out once, one confirmation, sent.
      for (const i of stops) {
        const rows = outbound.filter((m) => m.to_number === customer(i));
        expect(rows, customer(i)).toHaveLength(1);
        expect(rows[0], customer(i)).toMatchObject({ status: 'sent', opted_out: true, opt_outs: 1 });
      }
      // Every text queued (acknowledged STOP or not) reached Twilio exactly once, under the sid Twilio gave it.
      expect(outbound.filter((m) => m.status !== 'sent')).toEqual([]);
      const perRecipient = new Map<string, SentText[]>();
      for (const text of fake.sent) perRecipient.set(text.to, [...(perRecipient.get(text.to) ?? []), text]);
      expect([...perRecipient.entries()].filter(([, texts]) => texts.length !== 1).map(([to]) => to)).toEqual([]);
      expect(fake.sent).toHaveLength(outbound.length);
      for (const m of outbound) expect(m.provider_message_id).toBe(perRecipient.get(m.to_number)?.[0]?.sid);

      const [jobsLeft] = await queryRows<{ n: number }>(db.db, sql`select count(*)::int as n from jobs where queue in ('sms.inbound', 'sms.deliver') and status <> 'completed'`);
      expect(jobsLeft!.n).toBe(0);

      console.log(
        `kill -9 after ${acknowledged.size}/${TOTAL} webhooks acknowledged (${stored.size} stored, ${atKill!.active_jobs} jobs claimed, ` +
          `${atKill!.sending} texts sending, ${atKill!.queued} queued, ${sentBeforeKill} sent); after restart: ${inboundRows.length} inbound stored, ` +
          `${retried.length} retried, ${stops.length} STOPs confirmed, ${fake.sent.length} texts sent in all, ${fake.lookups} findAccepted lookups; ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    } finally {
      await db.close();
    }
  }, 90_000);
});
