import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storableText } from '@contracts/text';
import { twilioSignature } from '@server/adapters/telephony/twilio';
import { createServerApp, type ServerApp } from '@server/app';
import { setActiveNumber } from '@server/modules/phone-numbers/active-number';
import { loadEnv } from '@server/platform/config/env';
import { companies, messages } from '@server/platform/db/schema';
import { ManualClock } from '@server/platform/lib/clock';
import { createLogger } from '@server/platform/lib/logger';
import { createTestDatabase, type TestDatabase } from '@server/platform/testing/test-database';
import { callerFor, createMemoryMailer, signUp, type TestDeps } from '@server/testing/test-app';

/**
 * Property-based: arbitrary text from outside — any Unicode, NUL, lone surrogate halves, emoji and joined emoji at
 * every position, up to 10,000 characters — through the webhook and through every free-text API input. It is stored
 * (exactly, but for what PostgreSQL cannot hold) or refused with a 4xx and a readable message; never a 500, never
 * lost, never an internal message. Seeded and bounded so `npm test` stays fast and repeatable.
 */
const SEED = 20261123;
const TOKEN = 'twilio-auth-token-for-property-tests';
const PUBLIC_URL = 'https://app.leadloop.test';
const BUSINESS = '+14155559998';

const piece = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)) },
  { weight: 1, arbitrary: fc.constantFrom('\u0000', '🔧', '👩‍🔧', 'é', '\r\n', 'שלום', '\u200f', '"', '\\', '<b>', "'; drop table x; --") },
);
const outsideText = (maxPieces: number) => fc.array(piece, { maxLength: maxPieces }).map((parts) => parts.join(''));
const longText = fc.tuple(fc.integer({ min: 1_000, max: 10_000 }), piece).map(([n, p]) => (p || 'x').repeat(Math.ceil(n / Math.max(1, (p || 'x').length))).slice(0, n));
const anyText = fc.oneof({ weight: 4, arbitrary: outsideText(40) }, { weight: 1, arbitrary: longText });

const LEAKS = /select |insert |update |violates|syntax error|\/work\/|node_modules|\.ts:\d|\bat [A-Za-z]+ \(|stack/i;

let database: TestDatabase;
let app: ServerApp;
let companyId: string;
const mailer = createMemoryMailer();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createServerApp({
    env: loadEnv({ NODE_ENV: 'test', SERVE_SPA: 'false', PUBLIC_URL, TWILIO_ACCOUNT_SID: `AC${'b'.repeat(32)}`, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_ANSWERS_KEYWORDS: 'true' }),
    database,
    clock: new ManualClock(),
    mailer,
    logger: createLogger('silent'),
  });
  const [company] = await database.db.insert(companies).values({ name: 'Property Plumbing', trialEndsAt: new Date(Date.now() + 864e5) }).returning();
  companyId = company!.id;
  await database.db.transaction((tx) => setActiveNumber(tx, { companyId, e164: BUSINESS, provider: 'twilio', providerSid: 'PN9', now: new Date() }));
});

afterAll(async () => {
  await app.close();
});

describe('arbitrary text from outside', () => {
  it('through the Twilio webhook: stored exactly once (as PostgreSQL can keep it) or refused with a 4xx, never a 500', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(anyText, async (body) => {
        n += 1;
        const params = { MessageSid: `SMprop${String(n).padStart(28, '0')}`, AccountSid: `AC${'b'.repeat(32)}`, From: `+1312555${String(1000 + (n % 9000)).padStart(4, '0')}`, To: BUSINESS, Body: body, NumMedia: '0' };
        const res = await app.http.inject({
          method: 'POST',
          url: '/webhooks/twilio/sms',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/twilio/sms`, params) },
          payload: new URLSearchParams(params).toString(),
        });
        expect(res.statusCode).not.toBeGreaterThanOrEqual(500);
        expect(res.body).not.toMatch(LEAKS);
        if (res.statusCode !== 200) {
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          return;
        }
        await app.services.queue.drain();
        const stored = await database.db.select().from(messages).where(eq(messages.providerMessageId, params.MessageSid));
        expect(stored).toHaveLength(1);
        // What the signature covered, as URL-encoding round-trips it (lone halves become U+FFFD on the wire already).
        const sent = new URLSearchParams(new URLSearchParams(params).toString()).get('Body') ?? '';
        expect(stored[0]!.body).toBe(storableText(sent));
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('through every free-text API input: stored or refused with a readable 4xx, never an internal error', async () => {
    const deps = { ...app.services, mailer } as TestDeps;
    const token = await signUp(deps, { email: 'owner@property.test', companyName: 'Property Two', signupPhone: null });
    const caller = callerFor(deps, { authToken: token });
    await caller.phone.useSimulator();
    const device = await caller.phone.simulator.addDevice({ phone: null });
    await caller.phone.simulator.send({ deviceId: device.id, body: 'Hello', mediaUrls: [] });
    await deps.queue.drain();
    const { items } = await caller.conversations.list({ filter: 'all', limit: 5 });
    const conversationId = items[0]!.id;
    const contactId = items[0]!.contact.id;
    let phone = 0;
    const calls: Array<(text: string) => Promise<unknown>> = [
      (text) => caller.leads.create({ firstName: text, lastName: text, phone: `+1312555${String(2000 + (phone++ % 7000)).padStart(4, '0')}`, summary: text, consentConfirmed: false }),
      (text) => caller.clients.update({ id: contactId, firstName: text, lastName: text, notes: text, tags: [text] }),
      (text) => caller.conversations.send({ conversationId, body: text }),
      (text) => caller.conversations.templates.save({ name: text, body: text }),
      (text) => caller.phone.simulator.send({ deviceId: device.id, body: text, mediaUrls: [] }),
      (text) => caller.leads.list({ search: text, page: 1, pageSize: 5 }),
      (text) => caller.clients.list({ search: text, page: 1, pageSize: 5 }),
      (text) => caller.logs.messages({ search: text, page: 1, pageSize: 5 }),
    ];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: calls.length - 1 }), anyText, async (which, text) => {
        try {
          await calls[which]!(text);
          await deps.queue.drain();
        } catch (error) {
          const e = error as { code?: string; message?: string };
          expect(e.code, `${which}: ${e.message}`).not.toBe('INTERNAL_SERVER_ERROR');
          expect(['BAD_REQUEST', 'PRECONDITION_FAILED', 'CONFLICT', 'NOT_FOUND', 'TOO_MANY_REQUESTS']).toContain(e.code);
          expect(e.message).toBeTruthy();
          expect(e.message).not.toMatch(LEAKS);
        }
      }),
      { seed: SEED, numRuns: 120 },
    );
  });
});
