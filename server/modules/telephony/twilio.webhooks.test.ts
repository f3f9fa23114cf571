import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { twilioSignature } from '@server/adapters/telephony/twilio';
import { createServerApp, type ServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { companies, contacts, conversations, inboundEvents, messages } from '@server/platform/db/schema';
import { ManualClock } from '@server/platform/lib/clock';
import { createLogger } from '@server/platform/lib/logger';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { queueOutbound } from '@server/modules/messaging/outbound.service';
import { setActiveNumber } from '@server/modules/phone-numbers/active-number';
import { createTestDatabase, type TestDatabase } from '@server/platform/testing/test-database';
import { createMemoryMailer } from '@server/testing/test-app';
import { readBody } from '@server/platform/testing/read-body';
import { parseXml } from '@server/platform/testing/xml';

const SID = `AC${'a'.repeat(32)}`;
const TOKEN = 'twilio-auth-token-for-tests';
const PUBLIC_URL = 'https://app.leadloop.test';
const BUSINESS = '+14155559999';
const CUSTOMER = '+14155550001';

/** A stand-in for api.twilio.com: records requests, answers like Twilio. */
let twilioApi: Server;
const twilioRequests: Array<{ method: string; url: string; auth: string | undefined; form: URLSearchParams }> = [];
let database: TestDatabase;
let app: ServerApp;
let companyId: string;
const clock = new ManualClock(Date.parse('2026-11-21T20:00:00Z'));

beforeAll(async () => {
  twilioApi = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    twilioRequests.push({ method: request.method ?? '', url: request.url ?? '', auth: request.headers.authorization, form });
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ sid: `SM${String(twilioRequests.length).padStart(32, '0')}`, status: 'queued' }));
  });
  await new Promise<void>((resolve) => twilioApi.listen(0, '127.0.0.1', resolve));
  const port = (twilioApi.address() as AddressInfo).port;
  database = await createTestDatabase();
  app = await createServerApp({
    env: loadEnv({
      NODE_ENV: 'test',
      SERVE_SPA: 'false',
      PUBLIC_URL,
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_API_BASE: `http://127.0.0.1:${port}`,
      TWILIO_ANSWERS_KEYWORDS: 'true',
    }),
    database,
    clock,
    mailer: createMemoryMailer(),
    logger: createLogger('silent'),
  });
});

afterAll(async () => {
  await app.close();
  await new Promise((resolve) => twilioApi.close(resolve));
});

beforeEach(async () => {
  await database.truncateAll();
  twilioRequests.length = 0;
  const [company] = await database.db.insert(companies).values({ name: 'Acme Plumbing', trialEndsAt: new Date(Date.now() + 864e5) }).returning();
  companyId = company!.id;
  await database.db.transaction((tx) => setActiveNumber(tx, { companyId, e164: BUSINESS, provider: 'twilio', providerSid: 'PN1', now: clock.now() }));
});

function post(path: string, params: Record<string, string>, signature: string | undefined) {
  return app.http.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature ? { 'x-twilio-signature': signature } : {}) },
    payload: new URLSearchParams(params).toString(),
  });
}

const inboundParams = (sid: string, body = 'Hi, is anyone available today?') => ({
  MessageSid: sid,
  AccountSid: SID,
  From: CUSTOMER,
  To: BUSINESS,
  Body: body,
  NumMedia: '0',
});

describe('POST /webhooks/twilio/sms', () => {
  it('accepts a correctly signed text, answers empty TwiML at once, and stores it', async () => {
    const params = inboundParams('SM00000000000000000000000000000001');
    const res = await post('/webhooks/twilio/sms', params, twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/twilio/sms`, params));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(parseXml(res.body)).toEqual(parseXml('<?xml version="1.0" encoding="UTF-8"?><Response></Response>'));
    expect(await database.db.select().from(inboundEvents)).toHaveLength(1);
    await app.services.queue.drain();
    const [message] = await database.db.select().from(messages);
    expect(message).toMatchObject({ direction: 'inbound', provider: 'twilio', providerMessageId: params.MessageSid, body: params.Body, companyId });
  });

  it.each([
    ['a missing signature', () => undefined],
    ['a wrong signature', () => 'bm90IGEgc2lnbmF0dXJl'],
    ['a signature for other parameters (tampered body)', (params: Record<string, string>) => twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/twilio/sms`, { ...params, Body: 'something else' })],
    ['a signature for another URL', (params: Record<string, string>) => twilioSignature(TOKEN, 'https://evil.test/webhooks/twilio/sms', params)],
    ['a signature made with another auth token', (params: Record<string, string>) => twilioSignature('not-the-token', `${PUBLIC_URL}/webhooks/twilio/sms`, params)],
  ])('refuses %s with 403 and stores nothing', async (_label, sign) => {
    const params = inboundParams('SM00000000000000000000000000000002');
    const res = await post('/webhooks/twilio/sms', params, sign(params));
    expect(res.statusCode).toBe(403);
    await app.services.queue.drain();
    expect(await database.db.select().from(inboundEvents)).toHaveLength(0);
    expect(await database.db.select().from(messages)).toHaveLength(0);
  });

  it('stores the same message delivered twice once', async () => {
    const params = inboundParams('SM00000000000000000000000000000003');
    const signature = twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/twilio/sms`, params);
    expect((await post('/webhooks/twilio/sms', params, signature)).statusCode).toBe(200);
    expect((await post('/webhooks/twilio/sms', params, signature)).statusCode).toBe(200);
    await app.services.queue.drain();
    expect(await database.db.select().from(messages)).toHaveLength(1);
    expect(await database.db.select().from(contacts)).toHaveLength(1);
  });

  it('a query string is part of what is signed', async () => {
    const params = inboundParams('SM00000000000000000000000000000004');
    const res = await post('/webhooks/twilio/sms?source=twilio', params, twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/twilio/sms`, params));
    expect(res.statusCode).toBe(403);
  });
});

describe('outbound through Twilio and its status callbacks', () => {
  it('sends over the REST API with a status callback, then applies signed delivery reports', async () => {
    const params = inboundParams('SM00000000000000000000000000000005');
    await post('/webhooks/twilio/sms', params, twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/twilio/sms`, params));
    await app.services.queue.drain();
    const [conversation] = await database.db.select().from(conversations);
    const queued = await transactionWithEvents(app.services, (tx, events) =>
      queueOutbound(tx, app.services, events, { companyId, conversationId: conversation!.id, body: 'We can be there at 3pm.', author: 'user', automated: false }),
    );
    await app.services.queue.drain();
    const call = twilioRequests.find((r) => r.url.endsWith('/Messages.json') && r.method === 'POST');
    expect(call?.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(call?.auth).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(Object.fromEntries(call!.form)).toEqual({ To: CUSTOMER, From: BUSINESS, Body: 'We can be there at 3pm.', StatusCallback: `${PUBLIC_URL}/webhooks/twilio/status` });
    const [sent] = await database.db.select().from(messages).where(eq(messages.id, queued.id));
    expect(sent).toMatchObject({ status: 'sent', providerMessageId: `SM${'1'.padStart(32, '0')}` });

    const report = { MessageSid: sent!.providerMessageId!, MessageStatus: 'undelivered', ErrorCode: '30007', AccountSid: SID };
    const bad = await post('/webhooks/twilio/status', report, 'forged');
    expect(bad.statusCode).toBe(403);
    const res = await post('/webhooks/twilio/status', report, twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/twilio/status`, report));
    expect(res.statusCode).toBe(204);
    await app.services.queue.drain();
    const [failed] = await database.db.select().from(messages).where(eq(messages.id, queued.id));
    expect(failed).toMatchObject({ status: 'failed', errorCode: '30007', errorMessage: expect.stringContaining('filtered this text as possible spam') });
  });

  it('the voice webhook checks its signature (calls in detail: server/modules/calls/voice.webhooks.test.ts)', async () => {
    const params = { CallSid: 'CA1', From: CUSTOMER, To: BUSINESS };
    expect((await post('/webhooks/twilio/voice', params, 'forged')).statusCode).toBe(403);
    const ok = await post('/webhooks/twilio/voice', params, twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/twilio/voice`, params));
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/xml');
  });
});

describe('text from outside is never lost and internals never leak', () => {
  const signed = (params: Record<string, string>) => post('/webhooks/twilio/sms', params, twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/twilio/sms`, params));

  it('stores a text whose body holds a NUL character (without it), instead of failing', async () => {
    const params = inboundParams('SM00000000000000000000000000000010', 'Leak\u0000 under the sink');
    const res = await signed(params);
    expect(res.statusCode).toBe(200);
    await app.services.queue.drain();
    const [message] = await database.db.select().from(messages);
    expect(message).toMatchObject({ body: 'Leak under the sink', providerMessageId: params.MessageSid });
  });

  it('answers a database failure with a bare 500 and a request id: no SQL, no payload, no stack', async () => {
    const params = inboundParams('SM00000000000000000000000000000011', 'My number is private, please call back');
    const transaction = app.services.db.transaction;
    app.services.db.transaction = (() => {
      throw new Error(`insert into "inbound_events" ("payload") values ('${JSON.stringify(params)}') violates something at /work/server/db.ts:12`);
    }) as typeof transaction;
    try {
      const res = await signed(params);
      expect(res.statusCode).toBe(500);
      const body = res.json() as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['error', 'requestId']);
      expect(body.error).toBe('Internal error');
      expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body).not.toMatch(/insert|inbound_events|private|\+1415|\.ts|at /);
    } finally {
      app.services.db.transaction = transaction;
    }
  });

  it('answers a malformed body with a fixed sentence, never the parser message', async () => {
    const res = await app.http.inject({ method: 'POST', url: '/trpc/verifyUserEmail', headers: { 'content-type': 'application/json' }, payload: '{"email": "secret-payload@example.test", oops' });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('secret-payload');
    const other = await app.http.inject({ method: 'POST', url: '/webhooks/twilio/sms', headers: { 'content-type': 'application/json' }, payload: '{"Body": "secret-payload", oops' });
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.statusCode).toBeLessThan(500);
    expect(other.body).not.toContain('secret-payload');
  });

  it('refuses a tRPC batch of more than 50 calls at once, answering the ones that fit', async () => {
    const paths = (n: number) => Array.from({ length: n }, () => 'getCurrentLoggedInUser').join(',');
    const tooMany = await app.http.inject({ method: 'GET', url: `/trpc/${paths(51)}?batch=1&input=${encodeURIComponent('{}')}` });
    expect(tooMany.statusCode).toBe(400);
    const fits = await app.http.inject({ method: 'GET', url: `/trpc/${paths(50)}?batch=1&input=${encodeURIComponent('{}')}` });
    expect(fits.statusCode).toBe(401); // each call answers UNAUTHORIZED: no session, but the batch was taken
  });
});
