import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MICROSITE_ADVANCED, DEFAULT_MICROSITE_CONTENT } from '@contracts/microsites';
import { auditLog, microsites, users } from '@server/platform/db/schema';
import type { DnsResolver } from '@server/platform/services';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';

const t = setUpTestApp();
let tokenA: string;
let tokenB: string;

/** A fake DNS: answers from a table, "no such record" otherwise. */
function fakeDns(records: { cname?: Record<string, string[]>; a?: Record<string, string[]>; aaaa?: Record<string, string[]> }): DnsResolver {
  const answer = (table: Record<string, string[]> | undefined, host: string) =>
    table?.[host] ? Promise.resolve(table[host]) : Promise.reject(Object.assign(new Error('no data'), { code: 'ENODATA' }));
  return { resolveCname: (h) => answer(records.cname, h), resolve4: (h) => answer(records.a, h), resolve6: (h) => answer(records.aaaa, h) };
}

beforeEach(async () => {
  t.deps.micrositeDomain = 'sites.leadloop.test';
  t.deps.dnsResolver = fakeDns({});
  tokenA = await signUp(t.deps, { email: 'owner@acme.test', companyName: 'Acme Plumbing', signupPhone: '+14155552671' });
  tokenB = await signUp(t.deps, { email: 'owner@bravo.test', companyName: 'Bravo Roofing', signupPhone: '+14155552672' });
});

const a = () => callerFor(t.deps, { authToken: tokenA });
const b = () => callerFor(t.deps, { authToken: tokenB });
const basic = (overrides: Record<string, unknown> = {}) => ({
  name: 'Acme Plumbing',
  tagline: 'Fast, friendly plumbing',
  primaryColor: '#1864AB',
  accentColor: '#087f5b',
  logoFileId: null,
  cta: 'text' as const,
  expectedVersion: 0,
  ...overrides,
});

describe('microsites.get and the first save', () => {
  it('before a save: not live, a proposed address from the company name, the company’s own facts', async () => {
    const site = await a().microsites.get();
    expect(site).toMatchObject({
      exists: false,
      published: false,
      version: 0,
      canEdit: true,
      slug: 'acme-plumbing',
      basic: { name: 'Acme Plumbing', cta: 'text' },
      urls: { path: 'http://localhost:3000/m/acme-plumbing', subdomain: 'http://acme-plumbing.sites.leadloop.test', custom: null },
      dnsTarget: 'acme-plumbing.sites.leadloop.test',
      facts: { companyName: 'Acme Plumbing', services: [], faq: [], serviceArea: [] },
    });
    await expect(a().microsites.saveContent({ ...DEFAULT_MICROSITE_CONTENT, heroHeadline: 'Hi', expectedVersion: 0 })).rejects.toMatchObject({ code: 'PRECONDITION_FAILED', message: 'Save the Basic tab first: that creates your page.' });
  });

  it('the first Basic save publishes the site; a later one keeps the switch as it is', async () => {
    const saved = await a().microsites.saveBasic(basic());
    expect(saved).toMatchObject({ exists: true, published: true, slug: 'acme-plumbing', basic: { primaryColor: '#1864ab' } });
    expect(saved.firstPublishedAt).toBe(t.deps.clock.now().getTime());
    const off = await a().microsites.setPublished({ published: false });
    expect(off.published).toBe(false);
    t.deps.clock.advance(1000);
    const again = await a().microsites.saveBasic(basic({ tagline: 'New words', expectedVersion: off.version }));
    expect(again).toMatchObject({ published: false, basic: { tagline: 'New words' } });
    const actions = (await t.deps.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['microsite.published', 'microsite.taken_offline', 'microsite.basic_saved']));
  });

  it('a save over someone else’s newer one is a CONFLICT', async () => {
    const first = await a().microsites.saveBasic(basic());
    t.deps.clock.advance(1000);
    await a().microsites.saveBasic(basic({ expectedVersion: first.version, tagline: 'Theirs' }));
    await expect(a().microsites.saveBasic(basic({ expectedVersion: first.version }))).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('two companies with one name get different addresses', async () => {
    await a().microsites.saveBasic(basic());
    const other = await b().microsites.saveBasic(basic());
    expect(other.slug).toBe('acme-plumbing-2');
  });
});

describe('what the tabs refuse', () => {
  it('colours too light for white text, with the contrast in words', async () => {
    const error = await trpcErrorOf(a().microsites.saveBasic(basic({ primaryColor: '#ffd43b' })));
    expect(error?.code).toBe('BAD_REQUEST');
    expect(error?.message).toContain('The main colour is too light for white text');
  });

  it.each([
    ['logoFileId', { logoFileId: 'javascript:alert(1)' }],
    ['cta', { cta: 'javascript:alert(1)' }],
    ['primaryColor', { primaryColor: 'red;}</style><script>' }],
  ])('a link or markup where %s belongs', async (_field, overrides) => {
    await expect(a().microsites.saveBasic(basic(overrides))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('tracking tags by id only, never code; Open Graph picture by id only', async () => {
    await a().microsites.saveBasic(basic());
    const { version } = await a().microsites.get();
    const advanced = (tracking: Record<string, string | null>, more: Record<string, unknown> = {}) => ({ ...DEFAULT_MICROSITE_ADVANCED, tracking: { ...DEFAULT_MICROSITE_ADVANCED.tracking, ...tracking }, expectedVersion: version, ...more });
    for (const tracking of <Record<string, string>[]>[
      { ga4: '<script>gtag()</script>' },
      { ga4: 'javascript:alert(1)' },
      { gtm: 'GTM-XXXX"><script>' },
      { metaPixel: 'fbq("init")' },
    ]) {
      const error = await trpcErrorOf(a().microsites.saveAdvanced(advanced(tracking)));
      expect(error?.code, JSON.stringify(tracking)).toBe('BAD_REQUEST');
      expect(error?.message).toMatch(/the id alone, not a code snippet/);
    }
    await expect(a().microsites.saveAdvanced(advanced({}, { ogImageFileId: 'javascript:alert(1)' }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const saved = await a().microsites.saveAdvanced(advanced({ ga4: 'g-ab12cd34ef', gtm: 'GTM-AB12CD3', metaPixel: '123456789012345' }));
    expect(saved.advanced.tracking).toEqual({ ga4: 'G-AB12CD34EF', gtm: 'GTM-AB12CD3', metaPixel: '123456789012345' });
  });

  it('reserved, malformed and taken addresses, each with its reason', async () => {
    await a().microsites.saveBasic(basic());
    await b().microsites.saveBasic(basic({ name: 'Bravo Roofing' }));
    for (const [slug, message] of [
      ['www', '“www” is reserved'],
      ['javascript:alert(1)', 'Use lower-case letters, digits and single hyphens'],
      ['ab', 'at least 3 characters'],
    ] as const) {
      const error = await trpcErrorOf(b().microsites.setSlug({ slug }));
      expect(error?.message, slug).toContain(message);
    }
    const taken = await trpcErrorOf(b().microsites.setSlug({ slug: 'acme-plumbing' }));
    expect(taken?.code).toBe('BAD_REQUEST');
    expect(taken?.message).toBe('The address “acme-plumbing” is taken by another business. Try “acme-plumbing-2”.');
    const moved = await b().microsites.setSlug({ slug: 'Bravo-Roofing-ATX' });
    expect(moved.slug).toBe('bravo-roofing-atx');
    expect(moved.urls.path).toBe('http://localhost:3000/m/bravo-roofing-atx');
  });

  it('staff read the microsite but cannot change it', async () => {
    await a().microsites.saveBasic(basic());
    await t.deps.db.update(users).set({ role: 'staff' }).where(eq(users.email, 'owner@acme.test'));
    t.deps.sessions.clear();
    expect((await a().microsites.get()).canEdit).toBe(false);
    await expect(a().microsites.setPublished({ published: false })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('the custom domain and its DNS check', () => {
  it('says which record is missing, then passes with the CNAME, and the site answers there', async () => {
    await a().microsites.saveBasic(basic());
    const missing = await a().microsites.setCustomDomain({ domain: 'https://WWW.AcmePlumbing.example/' });
    expect(missing.customDomain).toBe('www.acmeplumbing.example');
    expect(missing.domainCheck).toMatchObject({ ok: false, domain: 'www.acmeplumbing.example' });
    expect(missing.domainCheck?.problems).toEqual(['www.acmeplumbing.example has no CNAME record. Add a CNAME record for www.acmeplumbing.example pointing to acme-plumbing.sites.leadloop.test.']);
    expect(missing.urls.custom).toBeNull();

    t.deps.dnsResolver = fakeDns({ cname: { 'www.acmeplumbing.example': ['other-host.example.'] } });
    const wrong = await a().microsites.checkDomain();
    expect(wrong.domainCheck?.problems[0]).toContain('has a CNAME record to other-host.example, but it must point to acme-plumbing.sites.leadloop.test');

    t.deps.dnsResolver = fakeDns({ cname: { 'www.acmeplumbing.example': ['acme-plumbing.sites.leadloop.test.'] } });
    const ok = await a().microsites.checkDomain();
    expect(ok.domainCheck).toMatchObject({ ok: true, problems: [] });
    expect(ok.urls).toMatchObject({ custom: 'http://www.acmeplumbing.example', public: 'http://www.acmeplumbing.example' });
    const [row] = await t.deps.db.select().from(microsites);
    expect(row!.domainCheckedAt?.getTime()).toBe(t.deps.clock.now().getTime());
  });

  it('a bare domain may use A records with the subdomain’s addresses; other addresses are named', async () => {
    await a().microsites.saveBasic(basic());
    t.deps.dnsResolver = fakeDns({ a: { 'acmeplumbing.example': ['198.51.100.1', '192.0.2.9'], 'acme-plumbing.sites.leadloop.test': ['198.51.100.1'] } });
    const extra = await a().microsites.setCustomDomain({ domain: 'acmeplumbing.example' });
    expect(extra.domainCheck?.ok).toBe(false);
    expect(extra.domainCheck?.problems[0]).toContain('acmeplumbing.example points to 192.0.2.9, which is not this site\u2019s server'.replace('\u2019', "'"));
    t.deps.dnsResolver = fakeDns({ a: { 'acmeplumbing.example': ['198.51.100.1'], 'acme-plumbing.sites.leadloop.test': ['198.51.100.1'] } });
    expect((await a().microsites.checkDomain()).domainCheck?.ok).toBe(true);
  });

  it('refuses LeadLoop’s own hosts and another company’s domain', async () => {
    await a().microsites.saveBasic(basic());
    await b().microsites.saveBasic(basic({ name: 'Bravo Roofing' }));
    await a().microsites.setCustomDomain({ domain: 'www.acmeplumbing.example' });
    const taken = await trpcErrorOf(b().microsites.setCustomDomain({ domain: 'www.acmeplumbing.example' }));
    expect(taken?.message).toBe('That domain is already used by another LeadLoop site. If it is yours, contact support.');
    expect((await trpcErrorOf(b().microsites.setCustomDomain({ domain: 'bravo.sites.leadloop.test' })))?.message).toContain('free LeadLoop address');
    expect((await trpcErrorOf(b().microsites.setCustomDomain({ domain: 'javascript:alert(1)' })))?.code).toBe('BAD_REQUEST');
    expect((await trpcErrorOf(b().microsites.setCustomDomain({ domain: '<script>.example' })))?.code).toBe('BAD_REQUEST');
  });
});

describe('one company’s microsite is out of another’s reach', () => {
  it('B sees and changes only its own: A’s site, address and domain are untouched', async () => {
    const siteA = await a().microsites.saveBasic(basic());
    await a().microsites.saveContent({ ...DEFAULT_MICROSITE_CONTENT, heroHeadline: 'Acme only', expectedVersion: siteA.version });
    const seenByB = await b().microsites.get();
    expect(seenByB).toMatchObject({ exists: false, slug: 'bravo-roofing', basic: { name: 'Bravo Roofing' } });
    expect(JSON.stringify(seenByB)).not.toContain('Acme only');
    // B's writes before its own first save find no site of B's: A's is not reachable.
    for (const call of [
      () => b().microsites.setPublished({ published: false }),
      () => b().microsites.saveContent({ ...DEFAULT_MICROSITE_CONTENT, heroHeadline: 'Hijack', expectedVersion: siteA.version }),
      () => b().microsites.saveAdvanced({ ...DEFAULT_MICROSITE_ADVANCED, expectedVersion: siteA.version }),
      () => b().microsites.setSlug({ slug: 'hijack' }),
      () => b().microsites.setCustomDomain({ domain: 'hijack.example' }),
      () => b().microsites.checkDomain(),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });
    }
    expect((await b().microsites.preview()).html).toBeNull();
    const after = await a().microsites.get();
    expect(after).toMatchObject({ published: true, slug: 'acme-plumbing', content: { heroHeadline: 'Acme only' }, customDomain: null });
  });

  it('the preview renders the caller’s page, offline too, with the form switched off', async () => {
    await a().microsites.saveBasic(basic());
    await a().microsites.setPublished({ published: false });
    const { html } = await a().microsites.preview();
    expect(html).toContain('<h1 id="hero-title">Acme Plumbing</h1>');
    expect(html).toContain('<button type="submit" disabled>Send</button>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('<script');
  });
});
