import { eq } from 'drizzle-orm';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MICROSITE_ADVANCED, DEFAULT_MICROSITE_CONTENT, type MicrositeBasic, type MicrositeDomainCheck, micrositeConsentText } from '@contracts/microsites';
import { createServerApp, type ServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { aiSettings, companies, consentEvents, contacts, leads, messages, microsites, users, widgetSettings } from '@server/platform/db/schema';
import { ManualClock } from '@server/platform/lib/clock';
import { createLogger } from '@server/platform/lib/logger';
import { createTestDatabase, type TestDatabase } from '@server/platform/testing/test-database';
import { setActiveNumber } from '@server/modules/phone-numbers/active-number';
import { ensureAiSettings } from '@server/modules/ai/ai-settings.service';
import { ensureWidgetSettings } from '@server/modules/widget/widget-settings.service';
import { createMemoryMailer } from '@server/testing/test-app';
import { consentVersion } from './microsite.render';

const PUBLIC_URL = 'https://app.leadloop.test';
const DOMAIN = 'sites.leadloop.test';
const BUSINESS = '+14155550150';
const VISITOR_UA = 'Mozilla/5.0 (microsite test)';

let database: TestDatabase;
let app: ServerApp;
const clock = new ManualClock(Date.parse('2026-11-20T18:00:00Z'));
let companyId: string;

const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });

async function expectValidHtml(html: string) {
  const report = await validator.validateString(html);
  const problems = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? ''})`));
  expect(problems).toEqual([]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createServerApp({
    env: loadEnv({ NODE_ENV: 'test', SERVE_SPA: 'false', PUBLIC_URL, MICROSITE_DOMAIN: DOMAIN }),
    database,
    clock,
    mailer: createMemoryMailer(),
    logger: createLogger('silent'),
  });
});

afterAll(async () => {
  await app.close();
});

const basic = (overrides: Partial<MicrositeBasic> = {}): MicrositeBasic => ({
  name: 'Acme Plumbing',
  tagline: 'Fast, friendly plumbing in Austin',
  primaryColor: '#1864ab',
  accentColor: '#087f5b',
  logoFileId: null,
  cta: 'text',
  ...overrides,
});

async function company(name: string, e164: string | null) {
  const [row] = await database.db
    .insert(companies)
    .values({ name, timezone: 'America/Chicago', country: 'US', city: 'Austin', region: 'TX', serviceArea: ['78701', '78702'], trialEndsAt: new Date(clock.now().getTime() + 864e5) })
    .returning();
  await database.db.insert(users).values({ companyId: row!.id, email: `owner@${name.split(' ')[0]!.toLowerCase()}.test`, firstName: 'Pat', lastName: 'Owner', role: 'owner' });
  if (e164) await database.db.transaction((tx) => setActiveNumber(tx, { companyId: row!.id, e164, provider: 'simulator', providerSid: null, now: clock.now() }));
  return row!.id;
}

async function site(id: string, slug: string, values: Partial<typeof microsites.$inferInsert> = {}) {
  await database.db.insert(microsites).values({
    companyId: id,
    slug,
    published: true,
    firstPublishedAt: clock.now(),
    basic: basic(),
    content: { ...DEFAULT_MICROSITE_CONTENT, heroHeadline: 'Leaks fixed today' },
    advanced: DEFAULT_MICROSITE_ADVANCED,
    createdAt: clock.now(),
    updatedAt: clock.now(),
    ...values,
  });
}

beforeEach(async () => {
  await database.truncateAll();
  clock.set(Date.parse('2026-11-20T18:00:00Z'));
  companyId = await company('Acme Plumbing', BUSINESS);
  await ensureAiSettings(database.db, companyId, clock.now());
  await database.db
    .update(aiSettings)
    .set({ services: ['Drain cleaning', 'Water heaters', 'Gas lines'], faq: [{ question: 'Do you work weekends?', answer: 'Yes, Saturdays 8–2.' }] })
    .where(eq(aiSettings.companyId, companyId));
  await site(companyId, 'acme-plumbing');
});

const get = (url: string, host?: string) => app.http.inject({ method: 'GET', url, headers: host ? { host } : {} });

function post(url: string, fields: Record<string, string>, options: { host?: string; ip?: string } = {}) {
  return app.http.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': VISITOR_UA, ...(options.host ? { host: options.host } : {}) },
    remoteAddress: options.ip ?? '203.0.113.9',
    payload: new URLSearchParams(fields).toString(),
  });
}

const CONSENT = micrositeConsentText('Acme Plumbing');
const good = (overrides: Record<string, string> = {}) => ({ name: 'Dana Whitfield', phone: '(415) 555-0123', message: 'Kitchen sink is blocked', consent: 'yes', cv: consentVersion(CONSENT), website: '', ...overrides });

describe('GET /m/<slug>: the public page', () => {
  it('is valid, script-free HTML with the opt-in form, an unticked consent box and the carriers’ words', async () => {
    const response = await get('/m/acme-plumbing');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    const html = response.body;
    await expectValidHtml(html);
    expect(html).not.toContain('<script');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain('<h1 id="hero-title">Leaks fixed today</h1>');
    expect(html).toContain('href="sms:+14155550150"');
    expect(html).toContain('<li>Drain cleaning</li>');
    expect(html).toContain('78701, 78702');
    expect(html).toContain('<summary>Do you work weekends?</summary>');
    // The consent box is unticked, and its text names the business with the carriers' words and both policies.
    expect(html).toMatch(/<input type="checkbox" id="f-consent" name="consent" value="yes" required>/);
    for (const words of ['text messages from Acme Plumbing', 'Message frequency varies', 'Msg &amp; data rates may apply', 'Reply STOP to opt out, HELP for help']) expect(html).toContain(words);
    expect(html).toContain('<a href="/m/acme-plumbing/privacy">Privacy Policy</a>');
    expect(html).toContain('<a href="/m/acme-plumbing/sms-terms">SMS Terms</a>');
    expect(html).toContain(`<link rel="canonical" href="https://acme-plumbing.${DOMAIN}/">`);
  });

  it('the privacy policy and SMS terms name the business and say what carriers look for', async () => {
    const privacy = await get('/m/acme-plumbing/privacy');
    expect(privacy.statusCode).toBe(200);
    await expectValidHtml(privacy.body);
    expect(privacy.body).toContain('<h1>Privacy Policy</h1>');
    expect(privacy.body).toContain('Acme Plumbing');
    expect(privacy.body).toContain('We do not sell, rent or share your mobile phone number or your text-messaging opt-in data and consent with third parties or affiliates for their marketing or promotional purposes.');
    for (const words of ['Message frequency varies', 'Msg &amp; data rates may apply', 'Reply HELP for help', 'Reply STOP to opt out']) expect(privacy.body).toContain(words);

    const terms = await get('/m/acme-plumbing/sms-terms');
    expect(terms.statusCode).toBe(200);
    await expectValidHtml(terms.body);
    expect(terms.body).toContain('<h1>SMS Terms</h1>');
    expect(terms.body).toContain('text messages from Acme Plumbing');
    for (const words of ['Message frequency varies', 'Msg &amp; data rates may apply', '<strong>HELP</strong>', '<strong>STOP</strong>', 'third parties or affiliates for their marketing']) expect(terms.body).toContain(words);
  });

  it('escapes every owner-written word and drops stored values that are not what the tab allows', async () => {
    const hostile = '<script>alert(1)</script> "><img src=x onerror=alert(1)>';
    await database.db.update(aiSettings).set({ services: [hostile], faq: [{ question: hostile, answer: `javascript:alert(1) ${hostile}` }] }).where(eq(aiSettings.companyId, companyId));
    await database.db
      .update(microsites)
      .set({
        basic: basic({ name: `Acme ${hostile}`, tagline: hostile }),
        content: { ...DEFAULT_MICROSITE_CONTENT, heroHeadline: hostile, heroText: hostile, reviews: [{ quote: hostile, name: `"><img onerror=alert(1)>`, stars: 5 }] },
        advanced: { ...DEFAULT_MICROSITE_ADVANCED, seoTitle: hostile, seoDescription: hostile, ogText: hostile },
      })
      .where(eq(microsites.companyId, companyId));
    for (const path of ['', '/privacy', '/sms-terms']) {
      const html = (await get(`/m/acme-plumbing${path}`)).body;
      await expectValidHtml(html);
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<img src=x');
      expect(html).not.toContain('<img onerror');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }

    // Values that bypassed the tab's checks (a link where an id belongs, a colour that is not one) are not used.
    await database.db.update(aiSettings).set({ services: [], faq: [] }).where(eq(aiSettings.companyId, companyId));
    await database.db
      .update(microsites)
      .set({ content: DEFAULT_MICROSITE_CONTENT, basic: { ...basic(), logoFileId: 'javascript:alert(1)', primaryColor: 'red;}</style><script>alert(1)</script>' }, advanced: { ...DEFAULT_MICROSITE_ADVANCED, tracking: { ga4: '");alert(1);//', gtm: null, metaPixel: null } } })
      .where(eq(microsites.companyId, companyId));
    const html = (await get('/m/acme-plumbing')).body;
    await expectValidHtml(html);
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('alert(1)');
    expect((await get('/m/acme-plumbing/tags.js')).statusCode).toBe(404);
  });

  it('shows the uploaded logo with its size, and uses it for link previews', async () => {
    const fileId = '7b0f5a3e-2c1d-4e5f-8a9b-0c1d2e3f4a5b';
    app.services.images = async (owner, id) => (owner === companyId && id === fileId ? { src: `${PUBLIC_URL}/files/${id}.webp`, width: 160, height: 40 } : null);
    try {
      await database.db.update(microsites).set({ basic: basic({ logoFileId: fileId }) }).where(eq(microsites.companyId, companyId));
      const page = await get('/m/acme-plumbing');
      await expectValidHtml(page.body);
      expect(page.body).toContain(`<img src="${PUBLIC_URL}/files/${fileId}.webp" width="160" height="40" alt="">`);
      expect(page.body).toContain(`<meta property="og:image" content="${PUBLIC_URL}/files/${fileId}.webp">`);
      expect(String(page.headers['content-security-policy'])).toContain(`img-src 'self' data: ${PUBLIC_URL}`);
    } finally {
      delete app.services.images;
    }
  });

  it('an offline or unknown site is a 404 page that names no business', async () => {
    await database.db.update(microsites).set({ published: false }).where(eq(microsites.companyId, companyId));
    for (const url of ['/m/acme-plumbing', '/m/acme-plumbing/privacy', '/m/nobody-here', '/m/acme-plumbing/elsewhere', '/m/Bad..Slug']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).not.toContain('Acme');
      await expectValidHtml(response.body);
    }
    const post404 = await post('/m/acme-plumbing/opt-in', good());
    expect(post404.statusCode).toBe(404);
    expect(await database.db.select().from(leads)).toHaveLength(0);
  });

  it('tracking tags load from the page’s own tags.js, and the policy allows exactly their providers', async () => {
    await database.db
      .update(microsites)
      .set({ advanced: { ...DEFAULT_MICROSITE_ADVANCED, tracking: { ga4: 'G-AB12CD34EF', gtm: null, metaPixel: '123456789012345' } } })
      .where(eq(microsites.companyId, companyId));
    const page = await get('/m/acme-plumbing');
    await expectValidHtml(page.body);
    expect(page.body).toContain('<script src="/m/acme-plumbing/tags.js" async></script>');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://*.googletagmanager.com https://connect.facebook.net");
    expect(csp).toContain('connect-src https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com https://www.facebook.com https://connect.facebook.net');
    expect(csp).not.toContain('unsafe-inline');
    const tags = await get('/m/acme-plumbing/tags.js');
    expect(tags.statusCode).toBe(200);
    expect(tags.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(tags.body).toContain('"G-AB12CD34EF"');
    expect(tags.body).toContain('fbq("init","123456789012345")');
    // The privacy policy says tags are on the page.
    expect((await get('/m/acme-plumbing/privacy')).body).toContain('Analytics and advertising tools');
  });

  it('the chat widget’s script is there only when the button is the widget and the widget is on', async () => {
    const widget = await ensureWidgetSettings(database.db, companyId, clock.now());
    await database.db.update(microsites).set({ basic: basic({ cta: 'widget' }) }).where(eq(microsites.companyId, companyId));
    expect((await get('/m/acme-plumbing')).body).not.toContain('<script');
    await database.db.update(widgetSettings).set({ enabled: true }).where(eq(widgetSettings.companyId, companyId));
    const page = await get('/m/acme-plumbing');
    await expectValidHtml(page.body);
    expect(page.body).toContain(`<script src="${PUBLIC_URL}/widget.js" data-key="${widget.publicKey}" async></script>`);
    expect(String(page.headers['content-security-policy'])).toContain(`script-src ${PUBLIC_URL}`);
  });
});

describe('POST /m/<slug>/opt-in', () => {
  it('makes a microsite lead through the one intake path, with its consent proof, and thanks the visitor', async () => {
    const response = await post('/m/acme-plumbing/opt-in', good());
    expect(response.statusCode).toBe(200);
    await expectValidHtml(response.body);
    expect(response.body).toContain('<h1>Thanks, Dana!</h1>');
    expect(response.body).toContain('We just texted you at (415) 555-…');

    const [lead] = await database.db.select().from(leads);
    expect(lead).toMatchObject({ companyId, source: 'microsite', status: 'new', summary: 'Kitchen sink is blocked' });
    expect(lead!.tracking).toMatchObject({ page_url: 'http://localhost/m/acme-plumbing' });
    const [contact] = await database.db.select().from(contacts);
    expect(contact).toMatchObject({ phone: '+14155550123', firstName: 'Dana', lastName: 'Whitfield' });
    const [consent] = await database.db.select().from(consentEvents);
    expect(consent).toMatchObject({
      contactId: contact!.id,
      kind: 'opt_in',
      method: 'web_form',
      text: CONSENT,
      checked: true,
      sourceUrl: 'http://localhost/m/acme-plumbing',
      ip: '203.0.113.9',
      userAgent: VISITOR_UA,
    });
    expect(consent!.createdAt.getTime()).toBe(clock.now().getTime());
    const thread = await database.db.select().from(messages).orderBy(messages.seq);
    expect(thread.map((m) => m.direction)).toEqual(['inbound', 'outbound']);
    expect(thread[1]!.body).toContain('thanks for contacting Acme Plumbing');
  });

  it('refuses an unticked box with a clear error, keeping everything typed, and stores nothing', async () => {
    const typed = good({ consent: '', name: 'Dana <b>W</b>', message: 'Sink "blocked" <script>x</script>' });
    const response = await post('/m/acme-plumbing/opt-in', typed);
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    await expectValidHtml(html);
    expect(html).toContain('Please tick the box to agree to receive text messages.');
    expect(html).toContain('value="Dana &lt;b&gt;W&lt;/b&gt;"');
    expect(html).toContain('value="(415) 555-0123"');
    expect(html).toContain('Sink &quot;blocked&quot; &lt;script&gt;x&lt;/script&gt;</textarea>');
    expect(html).toMatch(/<input type="checkbox" id="f-consent" name="consent" value="yes" required aria-invalid="true" aria-describedby="e-consent">/);
    expect(await database.db.select().from(leads)).toHaveLength(0);
    expect(await database.db.select().from(consentEvents)).toHaveLength(0);
  });

  it('names each wrong field (a phone outside the US and Canada, an empty name) and keeps the ticked box', async () => {
    const response = await post('/m/acme-plumbing/opt-in', good({ name: '  ', phone: '+44 20 7946 0958' }));
    expect(response.statusCode).toBe(400);
    await expectValidHtml(response.body);
    expect(response.body).toContain('Please enter your name.');
    expect(response.body).toContain('Please enter a valid US or Canadian mobile number.');
    expect(response.body).toContain('value="+44 20 7946 0958"');
    expect(response.body).toMatch(/name="consent" value="yes" required checked>/);
    expect(await database.db.select().from(leads)).toHaveLength(0);
  });

  it('asks to read the consent again when the page changed since it was shown', async () => {
    const response = await post('/m/acme-plumbing/opt-in', good({ cv: consentVersion(micrositeConsentText('Old Name Plumbing')) }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('This form was just updated.');
    expect(await database.db.select().from(leads)).toHaveLength(0);
  });

  it('refuses a filled honeypot and limits attempts per IP address', async () => {
    const bot = await post('/m/acme-plumbing/opt-in', good({ website: 'http://spam.example' }));
    expect(bot.statusCode).toBe(400);
    expect(bot.body).toContain('Your message could not be sent.');
    expect(await database.db.select().from(leads)).toHaveLength(0);

    for (let i = 0; i < 4; i += 1) expect((await post('/m/acme-plumbing/opt-in', good({ consent: '' }), { ip: '198.51.100.4' })).statusCode).toBe(400);
    expect((await post('/m/acme-plumbing/opt-in', good({ consent: '' }), { ip: '198.51.100.4' })).statusCode).toBe(400);
    const limited = await post('/m/acme-plumbing/opt-in', good(), { ip: '198.51.100.4' });
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Too many attempts');
    expect(limited.body).toContain('value="Dana Whitfield"');
    expect(await database.db.select().from(leads)).toHaveLength(0);
    // Another address is not held up.
    expect((await post('/m/acme-plumbing/opt-in', good(), { ip: '198.51.100.5' })).statusCode).toBe(200);
  });
});

describe('serving by host name', () => {
  const check = (domain: string, ok: boolean): MicrositeDomainCheck => ({ domain, ok, expected: { cname: '', addresses: [] }, found: { cname: [], addresses: [] }, problems: [], checkedAt: clock.now().getTime() });

  it('<slug>.<MICROSITE_DOMAIN> serves the pages at /, /privacy, /sms-terms and takes the form at /opt-in', async () => {
    const host = `acme-plumbing.${DOMAIN}`;
    const home = await get('/', host);
    expect(home.statusCode).toBe(200);
    await expectValidHtml(home.body);
    expect(home.body).toContain('<form method="post" action="/opt-in#contact">');
    expect(home.body).toContain('<a href="/privacy">Privacy Policy</a>');
    expect((await get('/privacy', host)).body).toContain('<h1>Privacy Policy</h1>');
    expect((await get('/sms-terms', host)).body).toContain('<h1>SMS Terms</h1>');
    expect((await get('/opt-in', host)).headers.location).toBe('/#contact');
    expect((await get('/m/acme-plumbing/opt-in')).headers.location).toBe('/m/acme-plumbing#contact');
    // Nothing else of the app answers on a site's host.
    expect((await get('/trpc/company.get', host)).statusCode).toBe(404);
    expect((await get('/m/acme-plumbing', host)).statusCode).toBe(404);
    expect((await get('/', `nobody.${DOMAIN}`)).statusCode).toBe(404);
    // An address or localhost is never a site's host: the app answers as usual.
    expect((await get('/healthz', '127.0.0.1:3000')).statusCode).toBe(200);

    const sent = await post('/opt-in', good(), { host });
    expect(sent.statusCode).toBe(200);
    const [consent] = await database.db.select().from(consentEvents);
    expect(consent!.sourceUrl).toBe(`http://${host}/`);
    // On the app's own host, /opt-in is not a page.
    expect((await post('/opt-in', good(), { host: 'app.leadloop.test' })).statusCode).toBe(404);
  });

  it('a custom domain answers only once its DNS check passed, and an offline site is a 404 there too', async () => {
    await database.db.update(microsites).set({ customDomain: 'www.acmeplumbing.example', domainCheck: check('www.acmeplumbing.example', false) as never }).where(eq(microsites.companyId, companyId));
    expect((await get('/', 'www.acmeplumbing.example')).statusCode).toBe(404);
    expect((await get('/', 'www.acmeplumbing.example')).body).not.toContain('Acme');

    await database.db.update(microsites).set({ domainCheck: check('www.acmeplumbing.example', true) as never }).where(eq(microsites.companyId, companyId));
    const home = await get('/', 'www.acmeplumbing.example');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<link rel="canonical" href="https://www.acmeplumbing.example/">');
    expect((await get('/sms-terms', 'WWW.AcmePlumbing.example')).statusCode).toBe(200);

    await database.db.update(microsites).set({ published: false }).where(eq(microsites.companyId, companyId));
    expect((await get('/', 'www.acmeplumbing.example')).statusCode).toBe(404);
  });
});
