import Fastify from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WIDGET_SETTINGS } from '@contracts/widget';
import { createServerApp, type ServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { companies, consentEvents, contacts, conversations, jobs, leads, messages, users, widgetSettings } from '@server/platform/db/schema';
import { HOUR, ManualClock, MINUTE, SECOND } from '@server/platform/lib/clock';
import { createLogger } from '@server/platform/lib/logger';
import { setActiveNumber } from '@server/modules/phone-numbers/active-number';
import { NOTIFY_QUEUE } from '@server/modules/notifications/notify.service';
import { listConversations, sendStaffMessage } from '@server/modules/conversations/conversations.service';
import { listLeads } from '@server/modules/leads/leads.service';
import { createTestDatabase, type TestDatabase } from '@server/platform/testing/test-database';
import { createMemoryMailer } from '@server/testing/test-app';
import { clearWidgetConfigCache } from './widget-config.cache';
import { ensureWidgetSettings } from './widget-settings.service';
import { DEFAULT_WIDGET_LIMITS, registerWidgetPublicRoutes } from './widget.public';

/**
 * The chat panel after a submission (GET /public/widget/thread, POST /public/widget/message): the visitor reads the
 * thread from the submission on — staff replies included — and writes into it, with the visitor token only.
 */
const PUBLIC_URL = 'https://app.leadloop.test';
const SITE = 'https://www.acmeplumbing.example';
const VISITOR = '+14155550123';
const CONSENT = DEFAULT_WIDGET_SETTINGS.consentText.replace('{business_name}', 'Acme Plumbing');

let database: TestDatabase;
let app: ServerApp;
const clock = new ManualClock(Date.parse('2026-11-19T18:00:00Z'));
let company: { id: string; key: string; ownerId: string };
let other: { id: string; key: string; ownerId: string };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createServerApp({ env: loadEnv({ NODE_ENV: 'test', SERVE_SPA: 'false', PUBLIC_URL }), database, clock, mailer: createMemoryMailer(), logger: createLogger('silent') });
});

afterAll(async () => {
  await app.close();
});

async function companyWithWidget(name: string, domains: string[], e164: string) {
  const [row] = await database.db.insert(companies).values({ name, timezone: 'America/Los_Angeles', trialEndsAt: new Date(clock.now().getTime() + 864e5) }).returning();
  const [owner] = await database.db.insert(users).values({ companyId: row!.id, email: `owner@${name.split(' ')[0]!.toLowerCase()}.test`, firstName: 'Pat', lastName: 'Owner', role: 'owner' }).returning();
  await database.db.transaction((tx) => setActiveNumber(tx, { companyId: row!.id, e164, provider: 'simulator', providerSid: null, now: clock.now() }));
  const settings = await ensureWidgetSettings(database.db, row!.id, clock.now());
  await database.db.update(widgetSettings).set({ enabled: true, allowedDomains: domains }).where(eq(widgetSettings.companyId, row!.id));
  return { id: row!.id, key: settings.publicKey, ownerId: owner!.id };
}

beforeEach(async () => {
  await database.truncateAll();
  clearWidgetConfigCache();
  clock.set(Date.parse('2026-11-19T18:00:00Z'));
  company = await companyWithWidget('Acme Plumbing', ['*.acmeplumbing.example'], '+14155550150');
  other = await companyWithWidget('Other Roofing', ['otherroofing.example'], '+14155550151');
});

async function submitChat(key = company.key, origin = SITE): Promise<string> {
  const response = await app.http.inject({
    method: 'POST',
    url: `/public/widget/submit?key=${key}`,
    headers: { 'content-type': 'application/json', origin },
    remoteAddress: '203.0.113.7',
    payload: {
      kind: 'chat',
      name: 'Dana Whitfield',
      phone: VISITOR,
      message: 'My water heater is leaking',
      consent: { checked: true, text: key === company.key ? CONSENT : DEFAULT_WIDGET_SETTINGS.consentText.replace('{business_name}', 'Other Roofing') },
      page: { url: `${origin}/water-heaters` },
      website: '',
      fillMs: 9_000,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().visitorToken as string;
}

const thread = (token: string | null, options: { key?: string; after?: number; origin?: string } = {}) =>
  app.http.inject({
    method: 'GET',
    url: `/public/widget/thread?key=${options.key ?? company.key}${options.after !== undefined ? `&after=${options.after}` : ''}`,
    headers: { origin: options.origin ?? SITE, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

const write = (token: string, payload: unknown, options: { key?: string; ip?: string } = {}) =>
  app.http.inject({
    method: 'POST',
    url: `/public/widget/message?key=${options.key ?? company.key}`,
    headers: { 'content-type': 'application/json', origin: SITE, authorization: `Bearer ${token}` },
    remoteAddress: options.ip ?? '203.0.113.7',
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const clientId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const scope = () => ({ db: database.db, companyId: company.id, userId: company.ownerId, now: clock.now(), ip: null });

async function theConversation() {
  const [row] = await database.db.select().from(conversations).where(eq(conversations.companyId, company.id));
  return row!;
}

describe('a visitor who types the number of a client on file', () => {
  it('keeps their message and the name they typed, and shows them nothing stored about the client', async () => {
    // Linda Park is a client with an open lead (texted an hour ago).
    const [linda] = await database.db.insert(contacts).values({ companyId: company.id, phone: VISITOR, firstName: 'Linda', lastName: 'Park', createdAt: clock.now(), updatedAt: clock.now() }).returning();
    await database.db.insert(leads).values({ companyId: company.id, contactId: linda!.id, source: 'sms', status: 'engaging', summary: 'Gutter cleaning quote', lastActivityAt: new Date(clock.now().getTime() - HOUR), createdAt: new Date(clock.now().getTime() - HOUR) });

    const response = await app.http.inject({
      method: 'POST',
      url: `/public/widget/submit?key=${company.key}`,
      headers: { 'content-type': 'application/json', origin: SITE },
      remoteAddress: '203.0.113.50',
      payload: { kind: 'chat', name: 'Paul Lindqvist', phone: VISITOR, message: 'Do you install tankless water heaters?', consent: { checked: true, text: CONSENT }, page: { url: `${SITE}/` }, website: '', fillMs: 9_000 },
    });
    expect(response.statusCode).toBe(201);
    expect(JSON.stringify(response.json())).not.toMatch(/Linda|Park/);

    // The visitor's panel: their question, then a greeting with the name they typed — never the client's.
    const view = (await thread(response.json().visitorToken)).json();
    expect(view.messages.map((m: { from: string; body: string }) => [m.from, m.body])).toEqual([
      ['visitor', 'Do you install tankless water heaters?'],
      ['business', expect.stringMatching(/^Hi Paul, thanks for reaching Acme Plumbing/)],
    ]);
    expect(JSON.stringify(view)).not.toMatch(/Linda|Park|Gutter/);

    // Staff find it: the question in the thread, the typed name on the joined lead; the client keeps their name.
    const [client] = await database.db.select().from(contacts);
    expect(client).toMatchObject({ firstName: 'Linda', lastName: 'Park' });
    const [lead] = await database.db.select().from(leads);
    expect(lead!.answers).toMatchObject({ name_given: 'Paul Lindqvist' });
    const found = await listConversations(scope(), { filter: 'all', search: 'tankless', limit: 20 });
    expect(found.items).toHaveLength(1);
    const byName = await listLeads(scope(), { search: 'Lindqvist', page: 1, pageSize: 20 });
    expect(byName.items).toHaveLength(1);
  });
});

describe('GET /public/widget/thread', () => {
  it('shows the thread from the submission on: the first text, then a staff reply — not the texts from before', async () => {
    const token = await submitChat();
    const conversation = await theConversation();
    // An earlier exchange with that number (before anyone typed it into the website) stays private.
    await database.db.insert(messages).values({
      companyId: company.id,
      conversationId: conversation.id,
      contactId: conversation.contactId,
      direction: 'inbound',
      author: 'contact',
      fromNumber: VISITOR,
      toNumber: '+14155550150',
      body: 'private text from last month',
      status: 'received',
      provider: 'simulator',
      providerMessageId: 'SMold',
      createdAt: new Date(clock.now().getTime() - 30 * 24 * HOUR),
    });

    const first = await thread(token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['access-control-allow-origin']).toBe(SITE);
    expect(first.headers['cache-control']).toBe('no-store');
    const view = first.json();
    expect(view.optedOut).toBe(false);
    // Their own question first (the submission's message), then the first text.
    expect(view.messages).toEqual([expect.objectContaining({ from: 'visitor' }), expect.objectContaining({ from: 'business', body: expect.stringContaining('Hi Dana, thanks for reaching Acme Plumbing') })]);

    clock.advance(MINUTE);
    await sendStaffMessage(scope(), app.services, { conversationId: conversation.id, body: 'Hi Dana, I can come by at 3. Does that work?' });
    const after = (await thread(token, { after: view.messages[1].seq })).json();
    expect(after.messages).toEqual([expect.objectContaining({ from: 'business', body: 'Hi Dana, I can come by at 3. Does that work?' })]);
    expect((await thread(token)).json().messages.map((m: { body: string }) => m.body)).not.toContain('private text from last month');
  });

  it('refuses a missing, unknown, expired or other company’s token, and other pages', async () => {
    const token = await submitChat();
    expect((await thread(null)).json().error.code).toBe('bad_token');
    expect((await thread(null)).statusCode).toBe(401);
    expect((await thread('x'.repeat(43))).statusCode).toBe(401);
    // A token is bound to its company: the other company's key with this token reads nothing.
    expect((await thread(token, { key: other.key, origin: 'https://otherroofing.example' })).statusCode).toBe(401);
    expect((await thread(token, { origin: 'https://evil.example' })).statusCode).toBe(403);
    clock.advance(24 * HOUR);
    expect((await thread(token)).statusCode).toBe(401);
  });

  it('answers the preflight for the Authorization header', async () => {
    const preflight = await app.http.inject({
      method: 'OPTIONS',
      url: `/public/widget/thread?key=${company.key}`,
      headers: { origin: SITE, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
  });
});

describe('POST /public/widget/message', () => {
  it('adds the visitor’s message to the thread staff see, once per clientId, and tells the team', async () => {
    const token = await submitChat();
    const conversation = await theConversation();
    const notificationsBefore = (await database.db.select().from(jobs)).filter((j) => j.queue === NOTIFY_QUEUE).length;
    clock.advance(MINUTE);
    const sent = await write(token, { body: '  Also the pilot light keeps going out  ', clientId: clientId(1) });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toMatchObject({ from: 'visitor', body: 'Also the pilot light keeps going out' });
    const again = await write(token, { body: 'Also the pilot light keeps going out', clientId: clientId(1) });
    expect(again.statusCode).toBe(200);
    expect(again.json().message.id).toBe(sent.json().message.id);

    const stored = (await database.db.select().from(messages).where(and(eq(messages.conversationId, conversation.id), eq(messages.provider, 'web_chat')))).filter((m) => m.providerMessageId?.endsWith(clientId(1)));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ direction: 'inbound', author: 'contact', status: 'received', fromNumber: VISITOR, toNumber: '+14155550150', body: 'Also the pilot light keeps going out' });
    const [updated] = await database.db.select().from(conversations).where(eq(conversations.id, conversation.id));
    // Unread: the submission's question and this message.
    expect(updated).toMatchObject({ unreadCount: 2, lastMessagePreview: 'Also the pilot light keeps going out' });
    // One lead still (joined), and the team hears about the reply.
    expect(await database.db.select().from(leads)).toHaveLength(1);
    const notificationsAfter = (await database.db.select().from(jobs)).filter((j) => j.queue === NOTIFY_QUEUE).length;
    expect(notificationsAfter).toBe(notificationsBefore + 1);

    const view = (await thread(token)).json();
    expect(view.messages.map((m: { from: string }) => m.from)).toEqual(['visitor', 'business', 'visitor']);
  });

  it('refuses an empty or overlong message, unknown fields and a bad clientId — storing nothing', async () => {
    const token = await submitChat();
    const submitted = (await database.db.select().from(messages).where(eq(messages.provider, 'web_chat'))).length;
    const count = async () => (await database.db.select().from(messages).where(eq(messages.provider, 'web_chat'))).length - submitted;
    for (const payload of [
      { body: '   ', clientId: clientId(1) },
      { body: 'x'.repeat(1001), clientId: clientId(1) },
      { body: 'hi', clientId: 'not-a-uuid' },
      { body: 'hi', clientId: clientId(1), extra: true },
    ]) {
      const response = await write(token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid');
    }
    expect((await write(token, 'x'.repeat(5000))).statusCode).toBe(413);
    expect(await count()).toBe(0);
    expect((await write('y'.repeat(43), { body: 'hi', clientId: clientId(2) })).statusCode).toBe(401);
  });

  it('limits one visitor’s messages', async () => {
    const scoped = Fastify();
    await registerWidgetPublicRoutes(scoped, { services: app.services, publicUrl: PUBLIC_URL, limits: { ...DEFAULT_WIDGET_LIMITS, messagesPerToken: [{ max: 2, windowMs: 10 * MINUTE }] } });
    const token = await submitChat();
    const post = (n: number) =>
      scoped.inject({ method: 'POST', url: `/public/widget/message?key=${company.key}`, headers: { 'content-type': 'application/json', origin: SITE, authorization: `Bearer ${token}` }, payload: { body: `message ${n}`, clientId: clientId(n) } });
    expect((await post(1)).statusCode).toBe(201);
    expect((await post(2)).statusCode).toBe(201);
    const limited = await post(3);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(10 * MINUTE + SECOND);
    expect((await post(3)).statusCode).toBe(201);
    await scoped.close();
  });

  it('honours STOP typed in the panel (consent recorded as said in the website chat) but not START', async () => {
    const token = await submitChat();
    clock.advance(MINUTE);
    expect((await write(token, { body: 'STOP', clientId: clientId(1) })).statusCode).toBe(201);
    const [contact] = await database.db.select().from(contacts).where(eq(contacts.phone, VISITOR));
    expect(contact!.optedOutAt).not.toBeNull();
    const optOut = await database.db.select().from(consentEvents).where(and(eq(consentEvents.contactId, contact!.id), eq(consentEvents.kind, 'opt_out')));
    expect(optOut).toEqual([expect.objectContaining({ method: 'web_chat', text: 'STOP' })]);
    expect((await thread(token)).json().optedOut).toBe(true);

    clock.advance(MINUTE);
    expect((await write(token, { body: 'START', clientId: clientId(2) })).statusCode).toBe(201);
    const [still] = await database.db.select().from(contacts).where(eq(contacts.phone, VISITOR));
    expect(still!.optedOutAt).not.toBeNull();
    // A staff text to someone who opted out is refused, and the panel does not show a text that never went.
    const conversation = await theConversation();
    await sendStaffMessage(scope(), app.services, { conversationId: conversation.id, body: 'Are you sure?' });
    const bodies = (await thread(token)).json().messages.map((m: { body: string }) => m.body);
    expect(bodies).not.toContain('Are you sure?');
    expect(bodies).toEqual(expect.arrayContaining(['STOP', 'START']));
  });
});
