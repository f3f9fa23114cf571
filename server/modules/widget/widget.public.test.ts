import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WIDGET_SETTINGS } from '@contracts/widget';
import { createServerApp, type ServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { companies, consentEvents, contacts, conversations, jobs, leads, messages, users, widgetSettings, widgetVisitorTokens } from '@server/platform/db/schema';
import { ManualClock, MINUTE, SECOND } from '@server/platform/lib/clock';
import { createLogger } from '@server/platform/lib/logger';
import { setActiveNumber } from '@server/modules/phone-numbers/active-number';
import { NOTIFY_QUEUE } from '@server/modules/notifications/notify.service';
import { hashVisitorToken } from '@server/modules/intake/web.channel';
import { createTestDatabase, type TestDatabase } from '@server/platform/testing/test-database';
import { createMemoryMailer } from '@server/testing/test-app';
import { clearWidgetConfigCache, CONFIG_TTL_MS, forgetWidgetConfig } from './widget-config.cache';
import { ensureWidgetSettings, updateWidgetSettings } from './widget-settings.service';
import { DEFAULT_WIDGET_LIMITS, registerWidgetPublicRoutes } from './widget.public';

const PUBLIC_URL = 'https://app.leadloop.test';
const SITE = 'https://www.acmeplumbing.example';
const BUSINESS = '+14155550150';
const VISITOR = '+14155550123';
const CONSENT = DEFAULT_WIDGET_SETTINGS.consentText.replace('{business_name}', 'Acme Plumbing');

let database: TestDatabase;
let app: ServerApp;
const clock = new ManualClock(Date.parse('2026-11-19T18:00:00Z'));
let companyId: string;
let key: string;
let otherKey: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createServerApp({
    env: loadEnv({ NODE_ENV: 'test', SERVE_SPA: 'false', PUBLIC_URL }),
    database,
    clock,
    mailer: createMemoryMailer(),
    logger: createLogger('silent'),
  });
});

afterAll(async () => {
  await app.close();
});

async function companyWithWidget(name: string, domains: string[], e164: string) {
  const [company] = await database.db.insert(companies).values({ name, timezone: 'America/Los_Angeles', trialEndsAt: new Date(clock.now().getTime() + 864e5) }).returning();
  await database.db.insert(users).values({ companyId: company!.id, email: `owner@${name.split(' ')[0]!.toLowerCase()}.test`, firstName: 'Pat', lastName: 'Owner', role: 'owner' });
  await database.db.transaction((tx) => setActiveNumber(tx, { companyId: company!.id, e164, provider: 'simulator', providerSid: null, now: clock.now() }));
  const row = await ensureWidgetSettings(database.db, company!.id, clock.now());
  await database.db.update(widgetSettings).set({ enabled: true, allowedDomains: domains }).where(eq(widgetSettings.companyId, company!.id));
  return { id: company!.id, key: row.publicKey };
}

beforeEach(async () => {
  await database.truncateAll();
  clearWidgetConfigCache();
  clock.set(Date.parse('2026-11-19T18:00:00Z'));
  ({ id: companyId, key } = await companyWithWidget('Acme Plumbing', ['*.acmeplumbing.example'], BUSINESS));
  ({ key: otherKey } = await companyWithWidget('Other Roofing', ['otherroofing.example'], '+14155550151'));
});

const submission = (overrides: Record<string, unknown> = {}) => ({
  kind: 'form',
  name: 'Dana Whitfield',
  phone: '(415) 555-0123',
  message: 'My water heater is leaking',
  consent: { checked: true, text: CONSENT },
  page: { url: `${SITE}/water-heaters?utm_source=google`, referrer: 'https://www.google.com/', landingUrl: `${SITE}/?utm_source=google` },
  utm: { source: 'google', medium: 'cpc', campaign: 'heaters' },
  gclid: 'gclid-123',
  website: '',
  fillMs: 12_000,
  ...overrides,
});

function submit(body: unknown, options: { key?: string; origin?: string | null; ip?: string; headers?: Record<string, string> } = {}) {
  const origin = options.origin === undefined ? SITE : options.origin;
  return app.http.inject({
    method: 'POST',
    url: `/public/widget/submit?key=${encodeURIComponent(options.key ?? key)}`,
    headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (test)', ...(origin ? { origin } : {}), ...options.headers },
    remoteAddress: options.ip ?? '203.0.113.7',
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function counts() {
  const db = database.db;
  const n = async (table: typeof contacts | typeof leads | typeof conversations | typeof consentEvents | typeof messages | typeof widgetVisitorTokens) =>
    (await db.select().from(table)).length;
  return {
    contacts: await n(contacts),
    leads: await n(leads),
    conversations: await n(conversations),
    consents: await n(consentEvents),
    messages: await n(messages),
    notifications: (await db.select().from(jobs)).filter((j) => j.queue === NOTIFY_QUEUE).length,
    tokens: await n(widgetVisitorTokens),
  };
}
const NOTHING = { contacts: 0, leads: 0, conversations: 0, consents: 0, messages: 0, notifications: 0, tokens: 0 };

describe('POST /public/widget/submit: a valid submission', () => {
  it('creates one contact, lead, conversation, consent record and queued first text, and answers with the masked number', async () => {
    const response = await submit(submission());
    expect(response.statusCode).toBe(201);
    expect(response.headers['access-control-allow-origin']).toBe(SITE);
    const body = response.json();
    expect(body).toMatchObject({ ok: true, texted: true, maskedPhone: '(415) 555-…', message: 'We just texted you at (415) 555-…' });
    expect(body.visitorToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The visitor's question opens the thread (from the website, not a text), then the first text answers it.
    expect(await counts()).toEqual({ contacts: 1, leads: 1, conversations: 1, consents: 1, messages: 2, notifications: 1, tokens: 1 });
    const thread = await database.db.select().from(messages).orderBy(messages.seq);
    expect(thread.map((m) => [m.direction, m.provider, m.body.slice(0, 26)])).toEqual([
      ['inbound', 'web_chat', 'My water heater is leaking'],
      ['outbound', 'simulator', 'Hi Dana, thanks for reachi'],
    ]);
    const [contact] = await database.db.select().from(contacts);
    expect(contact).toMatchObject({ companyId, phone: VISITOR, firstName: 'Dana', lastName: 'Whitfield' });
    const [lead] = await database.db.select().from(leads);
    expect(lead).toMatchObject({ companyId, contactId: contact!.id, source: 'form', status: 'new', summary: 'My water heater is leaking' });
    expect(lead!.tracking).toEqual({
      page_url: `${SITE}/water-heaters?utm_source=google`,
      landing_page: `${SITE}/?utm_source=google`,
      referrer: 'https://www.google.com/',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'heaters',
      gclid: 'gclid-123',
    });
    const [consent] = await database.db.select().from(consentEvents);
    expect(consent).toMatchObject({
      contactId: contact!.id,
      kind: 'opt_in',
      method: 'web_form',
      text: CONSENT,
      checked: true,
      sourceUrl: `${SITE}/water-heaters?utm_source=google`,
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (test)',
    });
    expect(consent!.createdAt.getTime()).toBe(clock.now().getTime());
    const [text] = await database.db.select().from(messages).where(eq(messages.direction, 'outbound'));
    expect(text).toMatchObject({ direction: 'outbound', author: 'system', status: 'queued', fromNumber: BUSINESS, toNumber: VISITOR });
    expect(text!.body).toBe('Hi Dana, thanks for reaching Acme Plumbing! We got your message and will text you here shortly. Reply STOP to opt out.');
    const deliveries = (await database.db.select().from(jobs)).filter((j) => (j.payload as { messageId?: string }).messageId === text!.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.runAt.getTime()).toBe(clock.now().getTime());
    const notification = (await database.db.select().from(jobs)).find((j) => j.queue === NOTIFY_QUEUE);
    expect(notification!.payload).toMatchObject({ companyId, event: 'new_lead', title: 'New lead: Dana Whitfield', body: '"My water heater is leaking"' });
    const [token] = await database.db.select().from(widgetVisitorTokens);
    expect(token).toMatchObject({ tokenHash: hashVisitorToken(body.visitorToken), contactId: contact!.id });
    expect(token!.tokenHash).not.toContain(body.visitorToken);
  });

  it('uses the source of the widget that sent it and keeps the service and ZIP as answers', async () => {
    await database.db
      .update(widgetSettings)
      .set({ formFields: { message: { shown: true, required: false }, service: { shown: true, required: true }, postalCode: { shown: true, required: false } } })
      .where(eq(widgetSettings.companyId, companyId));
    const response = await submit(submission({ kind: 'popup', message: '', service: 'Drain cleaning', postalCode: ' 94110 ' }));
    expect(response.statusCode).toBe(201);
    const [lead] = await database.db.select().from(leads);
    expect(lead).toMatchObject({ source: 'popup', summary: 'Asked about: Drain cleaning', answers: { service: 'Drain cleaning', postal_code: '94110' } });
  });

  it('joins the open lead when the same phone submits again within the dedupe window', async () => {
    expect((await submit(submission())).statusCode).toBe(201);
    clock.advance(30 * MINUTE);
    const again = await submit(submission({ kind: 'chat', name: 'Dana W', phone: '+1 415 555 0123', page: { url: `${SITE}/contact` } }), { ip: '203.0.113.8' });
    expect(again.statusCode).toBe(201);
    const all = await counts();
    // The second message is kept in the thread, and the team hears about it as a reply.
    expect(all).toMatchObject({ contacts: 1, leads: 1, conversations: 1, consents: 2, notifications: 2 });
    expect((await database.db.select().from(messages).where(eq(messages.direction, 'inbound'))).map((m) => m.body)).toEqual(['My water heater is leaking', 'My water heater is leaking']);
    const [lead] = await database.db.select().from(leads);
    expect(lead!.source).toBe('form');
    expect(lead!.tracking).toMatchObject({ landing_page: `${SITE}/?utm_source=google`, page_url: `${SITE}/contact`, utm_source: 'google' });
    expect(lead!.lastActivityAt.getTime()).toBe(clock.now().getTime());
  });

  it('opens a new lead after the dedupe window', async () => {
    expect((await submit(submission())).statusCode).toBe(201);
    clock.advance(25 * 60 * MINUTE);
    expect((await submit(submission())).statusCode).toBe(201);
    expect(await counts()).toMatchObject({ contacts: 1, leads: 2, conversations: 1 });
  });
});

describe('POST /public/widget/submit: NUL characters (text from outside)', () => {
  it('a NUL in an answer field is dropped and the lead is kept with the answer', async () => {
    await database.db
      .update(widgetSettings)
      .set({ formFields: { message: { shown: true, required: false }, service: { shown: true, required: true }, postalCode: { shown: true, required: false } } })
      .where(eq(widgetSettings.companyId, companyId));
    const response = await submit(submission({ service: 'Water\u0000heater', postalCode: '9411\u00000', message: 'Leak\u0000ing' }));
    expect(response.statusCode).toBe(201);
    const [lead] = await database.db.select().from(leads);
    expect(lead).toMatchObject({ answers: { service: 'Waterheater', postal_code: '94110' } });
  });

  it('a repeat visit within 24 h whose UTM source and referrer hold a NUL joins the lead instead of failing', async () => {
    expect((await submit(submission())).statusCode).toBe(201);
    clock.advance(30 * MINUTE);
    const again = await submit(submission({ utm: { source: 'goo\u0000gle', term: 'water\u0000heater' }, fbclid: 'fb\u0000clid', page: { url: `${SITE}/contact`, referrer: 'https://www.google.com/\u0000' } }), { ip: '203.0.113.9' });
    expect(again.statusCode).toBe(201);
    const [lead] = await database.db.select().from(leads);
    expect(lead!.tracking).toMatchObject({ page_url: `${SITE}/contact`, utm_term: 'waterheater', fbclid: 'fbclid' });
  });
});

describe('POST /public/widget/submit: refusals store nothing', () => {
  const refused = async (response: Awaited<ReturnType<typeof submit>>, status: number, code: string, field?: string) => {
    expect(response.statusCode).toBe(status);
    const error = response.json().error;
    expect(error.code).toBe(code);
    if (field) expect(error.field).toBe(field);
    expect(await counts()).toEqual(NOTHING);
  };

  it('an unknown key', async () => {
    await refused(await submit(submission(), { key: `wk_${'x'.repeat(32)}` }), 404, 'unknown_key');
    await refused(await submit(submission(), { key: 'not-a-key' }), 404, 'unknown_key');
  });

  it('another company’s key used on this company’s site', async () => {
    const response = await submit(submission(), { key: otherKey });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    await refused(response, 403, 'origin_not_allowed');
  });

  it('a disabled widget', async () => {
    await database.db.update(widgetSettings).set({ enabled: false }).where(eq(widgetSettings.companyId, companyId));
    await refused(await submit(submission()), 403, 'widget_disabled');
  });

  it('a page on another origin, a look-alike host, no origin at all', async () => {
    await refused(await submit(submission(), { origin: 'https://evil.example' }), 403, 'origin_not_allowed');
    await refused(await submit(submission(), { origin: 'https://acmeplumbing.example.evil.test' }), 403, 'origin_not_allowed');
    await refused(await submit(submission(), { origin: 'https://notacmeplumbing.example' }), 403, 'origin_not_allowed');
    await refused(await submit(submission(), { origin: 'null' }), 403, 'origin_not_allowed');
    await refused(await submit(submission(), { origin: null }), 403, 'origin_not_allowed');
    await refused(await submit(submission(), { origin: null, headers: { referer: 'https://evil.example/page' } }), 403, 'origin_not_allowed');
  });

  it('the honeypot filled', async () => {
    await refused(await submit(submission({ website: 'https://spam.example' })), 400, 'honeypot');
  });

  it('a form filled too fast', async () => {
    await refused(await submit(submission({ fillMs: 800 })), 400, 'too_fast');
  });

  it('autofill is not punished: sent 1.5 s after opening it is taken; a quicker send is asked to press Send again, which passes', async () => {
    const quick = await submit(submission({ fillMs: 700 }));
    expect(quick.statusCode).toBe(400);
    expect(quick.json().error.message).toBe('That was quick! Please check your details and press Send again.');
    expect((await submit(submission({ fillMs: 2_300 }))).statusCode).toBe(201);
    expect((await submit(submission({ fillMs: 1_500, phone: '+14155550188' }), { ip: '203.0.113.66' })).statusCode).toBe(201);
  });

  it('an oversized body', async () => {
    await refused(await submit(submission({ message: 'x'.repeat(9000) })), 413, 'body_too_large');
  });

  it('a bad phone, a message over 1,000 characters, a bad ZIP, an unknown field, broken JSON', async () => {
    await refused(await submit(submission({ phone: '555-1234' })), 400, 'invalid', 'phone');
    await refused(await submit(submission({ phone: '+44 20 7946 0958' })), 400, 'invalid', 'phone');
    await refused(await submit(submission({ message: 'x'.repeat(1001) })), 400, 'invalid', 'message');
    await refused(await submit(submission({ postalCode: 'ABCDE' })), 400, 'invalid', 'postalCode');
    await refused(await submit(submission({ isAdmin: true })), 400, 'invalid', 'isAdmin');
    await refused(await submit(submission({ page: { url: 'javascript:alert(1)' } })), 400, 'invalid', 'page.url');
    await refused(await submit('{"kind":'), 400, 'invalid');
  });

  it('the consent box not ticked, or a consent text other than the one saved', async () => {
    await refused(await submit(submission({ consent: { checked: false, text: CONSENT } })), 400, 'consent_required', 'consent');
    await refused(await submit(submission({ consent: { checked: true, text: 'I agree to nothing.' } })), 409, 'settings_changed', 'consent');
  });

  it('a required field left empty', async () => {
    await database.db
      .update(widgetSettings)
      .set({ formFields: { ...DEFAULT_WIDGET_SETTINGS.formFields, message: { shown: true, required: true } } })
      .where(eq(widgetSettings.companyId, companyId));
    await refused(await submit(submission({ message: '  ' })), 400, 'invalid', 'message');
  });
});

describe('rate limits', () => {
  it('refuses an IP after 10 attempts in 10 minutes (valid or not), with Retry-After, and lets it in again later', async () => {
    for (let i = 0; i < 10; i++) expect((await submit(submission({ phone: 'bad' }))).statusCode).toBe(400);
    const limited = await submit(submission());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['access-control-allow-origin']).toBe(SITE);
    expect(await counts()).toEqual(NOTHING);
    // Another visitor is not affected.
    expect((await submit(submission(), { ip: '203.0.113.99' })).statusCode).toBe(201);
    clock.advance(10 * MINUTE + SECOND);
    expect((await submit(submission())).statusCode).toBe(201);
  });

  it('bogus attempts never lock the form out; a flood of plausible ones fills the key, and an honest visitor still gets through on a small bucket of their own', async () => {
    const scoped = Fastify();
    await registerWidgetPublicRoutes(scoped, { services: app.services, publicUrl: PUBLIC_URL, limits: { ...DEFAULT_WIDGET_LIMITS, perKey: [{ max: 3, windowMs: 60 * MINUTE }] } });
    const post = (ip: string, body: Record<string, unknown>) =>
      scoped.inject({ method: 'POST', url: `/public/widget/submit?key=${key}`, headers: { 'content-type': 'application/json', origin: SITE }, remoteAddress: ip, payload: body });
    // 120 bogus attempts from 12 addresses (a bad number, too fast, the honeypot): refused, and none counts for the key.
    for (let n = 0; n < 12; n++) {
      for (let i = 0; i < 10; i++) {
        const bogus = [submission({ phone: 'bad' }), submission({ fillMs: 100 }), submission({ website: 'spam.example' })][i % 3]!;
        expect((await post(`198.51.100.${n + 1}`, bogus)).statusCode).not.toBe(201);
      }
    }
    expect((await post('203.0.113.20', submission({ phone: '+14155550101' }))).statusCode).toBe(201);
    // Plausible submissions fill the key's bucket…
    for (const n of [2, 3]) expect((await post(`203.0.113.2${n}`, submission({ phone: `+1415555010${n}` }))).statusCode).toBe(201);
    // …an honest visitor still gets through, on their own small bucket, and that bucket is small.
    expect((await post('192.0.2.50', submission({ phone: '+14155550104' }))).statusCode).toBe(201);
    expect((await post('192.0.2.50', submission({ phone: '+14155550105' }))).statusCode).toBe(201);
    const limited = await post('192.0.2.50', submission({ phone: '+14155550106' }));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    await scoped.close();
  });
});

describe('CORS', () => {
  const preflight = (origin: string, path = '/public/widget/submit', k = key) =>
    app.http.inject({ method: 'OPTIONS', url: `${path}?key=${k}`, headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });

  it('answers a preflight from an allowed page (a subdomain under *.) and refuses any other', async () => {
    const ok = await preflight(SITE);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(SITE);
    expect(ok.headers['access-control-allow-methods']).toBe('GET, POST');
    expect(ok.headers['access-control-allow-headers']).toBe('content-type, authorization');
    expect((await preflight('https://acmeplumbing.example')).statusCode).toBe(204);
    const bad = await preflight('https://evil.example');
    expect(bad.statusCode).toBe(403);
    expect(bad.headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(SITE, '/public/widget/submit', otherKey)).statusCode).toBe(403);
  });

  it('lets the app’s own origin use the widget (the demo page)', async () => {
    expect((await submit(submission(), { origin: PUBLIC_URL })).statusCode).toBe(201);
  });
});

describe('GET /public/widget/config', () => {
  const config = (k = key, origin: string | null = SITE) =>
    app.http.inject({ method: 'GET', url: `/public/widget/config?key=${k}`, headers: origin ? { origin } : {} });

  it('answers what the embed draws, with the version, and nothing private', async () => {
    const response = await config();
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(SITE);
    expect(response.headers.vary).toContain('Origin');
    const body = response.json();
    expect(body).toEqual({
      version: 1,
      businessName: 'Acme Plumbing',
      avatarHash: null,
      greeting: DEFAULT_WIDGET_SETTINGS.greeting,
      appearance: DEFAULT_WIDGET_SETTINGS.appearance,
      formFields: DEFAULT_WIDGET_SETTINGS.formFields,
      consentText: CONSENT,
      popup: DEFAULT_WIDGET_SETTINGS.popup,
    });
  });

  it('accepts the Referer when a browser sends no Origin; refuses other pages, unknown keys and a disabled widget', async () => {
    const viaReferer = await app.http.inject({ method: 'GET', url: `/public/widget/config?key=${key}`, headers: { referer: `${SITE}/about` } });
    expect(viaReferer.statusCode).toBe(200);
    expect((await config(key, 'https://evil.example')).json().error.code).toBe('origin_not_allowed');
    expect((await config(otherKey)).statusCode).toBe(403);
    expect((await config(`wk_${'y'.repeat(32)}`)).statusCode).toBe(404);
    await database.db.update(widgetSettings).set({ enabled: false }).where(eq(widgetSettings.companyId, companyId));
    clock.advance(CONFIG_TTL_MS + 1);
    const disabled = await config();
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().error.code).toBe('widget_disabled');
  });

  it('is cached for CONFIG_TTL_MS: a change made elsewhere shows after at most that long', async () => {
    expect((await config()).json().version).toBe(1);
    await database.db.update(widgetSettings).set({ version: 2, greeting: 'Hello there' }).where(eq(widgetSettings.companyId, companyId));
    clock.advance(CONFIG_TTL_MS - SECOND);
    expect((await config()).json().version).toBe(1);
    clock.advance(2 * SECOND);
    expect((await config()).json()).toMatchObject({ version: 2, greeting: 'Hello there' });
  });
});

describe('the avatar picture', () => {
  // The smallest PNG there is: an 8-byte signature and a few chunks (a real file from a paint program would do too).
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  async function saveAvatar(avatar: { contentType: 'image/png' | 'image/jpeg' | 'image/webp'; data: string } | null) {
    const [owner] = await database.db.select().from(users).where(eq(users.companyId, companyId));
    const [row] = await database.db.select().from(widgetSettings).where(eq(widgetSettings.companyId, companyId));
    return updateWidgetSettings({ db: database.db, companyId, userId: owner!.id, now: clock.now(), ip: null }, { expectedVersion: row!.version, avatar }, forgetWidgetConfig);
  }
  const picture = (k: string, h: string) => app.http.inject({ method: 'GET', url: `/public/widget/avatar?key=${k}&h=${h}` });

  it('is saved with its hash, named in the public config, and served from any page, immutable per hash', async () => {
    const saved = await saveAvatar({ contentType: 'image/png', data: PNG.toString('base64') });
    expect(saved.avatarHash).toMatch(/^[0-9a-f]{16}$/);
    const config = await app.http.inject({ method: 'GET', url: `/public/widget/config?key=${key}`, headers: { origin: SITE } });
    expect(config.json().avatarHash).toBe(saved.avatarHash);

    const served = await picture(key, saved.avatarHash!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // An old hash, another key, a malformed query: 404, not cached.
    expect((await picture(key, '0000000000000000')).statusCode).toBe(404);
    expect((await picture(key, '0000000000000000')).headers['cache-control']).toBe('no-store');
    expect((await picture(otherKey, saved.avatarHash!)).statusCode).toBe(404);
    expect((await picture('nope', saved.avatarHash!)).statusCode).toBe(404);

    const removed = await saveAvatar(null);
    expect(removed.avatarHash).toBeNull();
    expect((await picture(key, saved.avatarHash!)).statusCode).toBe(404);
  });

  it('refuses a file that is not the picture it claims, an empty one and one over 256 kB', async () => {
    const refused = async (avatar: { contentType: 'image/png' | 'image/jpeg' | 'image/webp'; data: string }) => {
      try {
        await saveAvatar(avatar);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('saved');
    };
    expect(await refused({ contentType: 'image/jpeg', data: PNG.toString('base64') })).toContain('not the picture it says it is');
    expect(await refused({ contentType: 'image/png', data: Buffer.from('<svg onload="alert(1)"/>').toString('base64') })).toContain('not the picture it says it is');
    expect(await refused({ contentType: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(256 * 1024)]).toString('base64') })).toContain('at most 256 kB');
    const [row] = await database.db.select().from(widgetSettings).where(eq(widgetSettings.companyId, companyId));
    expect(row!.avatarHash).toBeNull();
  });
});
