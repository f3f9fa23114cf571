import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { contacts, inboundEmails, leads } from '@server/platform/db/schema';
import { ManualClock } from '@server/platform/lib/clock';
import { createLogger } from '@server/platform/lib/logger';
import { createTestDatabase, type TestDatabase } from '@server/platform/testing/test-database';
import { callerFor, createMemoryMailer, signUp, type TestDeps } from '@server/testing/test-app';

/** Lead emails an attacker (or a careless marketplace) can send: huge ones, and ones with NUL characters. */
const SECRET = 'a-long-webhook-secret-0123456789';
let database: TestDatabase;
let app: ServerApp;
const clock = new ManualClock(Date.parse('2026-11-23T23:10:00Z'));

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createServerApp({
    env: loadEnv({ NODE_ENV: 'test', SERVE_SPA: 'false', PUBLIC_URL: 'https://app.leadloop.test', EMAIL_GATEWAY_WEBHOOK_SECRET: SECRET }),
    database,
    clock,
    mailer: createMemoryMailer(),
    logger: createLogger('silent'),
  });
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await database.truncateAll();
});

async function gateway() {
  // The app's services with the memory mailer it was given: what signUp needs to read the emailed code.
  const deps = app.services as unknown as TestDeps;
  const token = await signUp(deps, { email: 'owner@bright.test', companyName: 'Bright Home Services', signupPhone: null });
  const caller = callerFor(deps, { authToken: token });
  await caller.phone.useSimulator();
  return { caller, address: (await caller.emailGateway.get()).address };
}

const post = (raw: string | Buffer) =>
  app.http.inject({ method: 'POST', url: '/webhooks/email/inbound', payload: raw, headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` } });

describe('a 2 MB lead email', () => {
  it('is stored, read and shown while /healthz keeps answering within 200 ms', async () => {
    const { caller, address } = await gateway();
    const body = `Name: Kevin Ramos\r\nPhone: 512-555-0155\r\n\r\n${'My water heater is leaking into the garage and the pilot light keeps going out. '.repeat(25_000)}`;
    const raw = `From: Kevin <kevin@example.com>\r\nTo: ${address}\r\nSubject: Need a plumber\r\nMessage-ID: <big-1@example.com>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}`;
    expect(raw.length).toBeGreaterThan(1.9 * 1024 * 1024);

    // /healthz asked every 10 ms while the email is received, read by its job and shown: the slowest answer counts.
    let slowest = 0;
    let asking = true;
    const probe = (async () => {
      while (asking) {
        const started = performance.now();
        const health = await app.http.inject({ method: 'GET', url: '/healthz' });
        expect(health.statusCode).toBe(200);
        slowest = Math.max(slowest, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    try {
      expect((await post(raw)).statusCode).toBe(202);
      await app.services.queue.drain();
      const list = await caller.emailGateway.emails.list({});
      const shown = await caller.emailGateway.emails.get({ id: list.items[0]!.id });
      expect(shown.text).toContain('My water heater is leaking');
    } finally {
      asking = false;
      await probe;
    }
    expect(slowest).toBeLessThan(200);
    const [lead] = await database.db.select().from(leads);
    expect(lead).toMatchObject({ source: 'email' });
  });
});

describe('NUL characters in a lead email', () => {
  it.each([
    ['a NUL byte in a field', 'Name: Kev\u0000in Ramos\r\nPhone: 512-555-0155\r\nService: Water\u0000 heater\r\n', 'Content-Type: text/plain; charset=utf-8'],
    ['quoted-printable =00 in a field', 'Name: Kev=00in Ramos\r\nPhone: 512-555-0155\r\nService: Water=00 heater\r\n', 'Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable'],
  ])('%s: the lead is made, the text-back queued, nothing fails', async (_case, body, type) => {
    const { address } = await gateway();
    const raw = `From: Kevin <kevin@example.com>\r\nTo: ${address}\r\nSubject: New lead\r\nMessage-ID: <nul-${_case.length}@example.com>\r\n${type}\r\n\r\n${body}`;
    expect((await post(raw)).statusCode).toBe(202);
    await app.services.queue.drain();
    const [email] = await database.db.select().from(inboundEmails);
    expect(email!.status).toBe('lead_created');
    const [contact] = await database.db.select().from(contacts);
    expect(contact).toMatchObject({ phone: '+15125550155', firstName: 'Kevin', lastName: 'Ramos' });
    const [lead] = await database.db.select().from(leads);
    expect(JSON.stringify(lead)).not.toContain('\\u0000');
  });
});
