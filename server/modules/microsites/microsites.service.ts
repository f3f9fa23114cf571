import { and, eq, like, ne } from 'drizzle-orm';
import type { FaqEntry } from '@contracts/ai';
import {
  DEFAULT_MICROSITE_ADVANCED,
  DEFAULT_MICROSITE_COLOURS,
  DEFAULT_MICROSITE_CONTENT,
  type MicrositeAdvanced,
  type MicrositeBasic,
  type MicrositeContent,
  type MicrositeDomainCheck,
  micrositeAdvancedSchema,
  micrositeBasicSchema,
  micrositeContentSchema,
  slugFromName,
  slugProblem,
} from '@contracts/microsites';
import type { Database, DbOrTx } from '@server/platform/db/database';
import { hasPostgresCode } from '@server/platform/db/pg-errors';
import { lockKey, takeHits } from '@server/platform/db/rate-limit';
import { aiSettings, companies, microsites, widgetSettings } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError, invalidField, tooManyRequests } from '@server/platform/errors/app-error';
import { MINUTE } from '@server/platform/lib/clock';
import type { AppServices, ImageLookup } from '@server/platform/services';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import { activeNumberOf } from '@server/modules/phone-numbers/active-number';
import { mayCallNow } from '@server/modules/team/managers';
import { requireCompanyImage } from '@server/modules/uploads/uploads.service';
import { checkDomainDns, systemResolver } from './dns-check';

export type MicrositeRow = typeof microsites.$inferSelect;

/** Where sites answer: the app's PUBLIC_URL (`/m/<slug>`) and, when set, MICROSITE_DOMAIN (`<slug>.<domain>`). */
export interface MicrositeHosting {
  publicUrl: string;
  micrositeDomain: string | null;
  /** The uploads feature's pictures (AppServices.images). */
  images?: ImageLookup | undefined;
}

export const hostingOf = (services: Pick<AppServices, 'publicUrl' | 'micrositeDomain' | 'images'>): MicrositeHosting => ({
  publicUrl: services.publicUrl.replace(/\/+$/, ''),
  micrositeDomain: services.micrositeDomain ?? null,
  images: services.images,
});

/** The public addresses of a site: the path on the app, the free subdomain, the verified custom domain. */
export function micrositeUrls(hosting: MicrositeHosting, site: { slug: string; customDomain: string | null; domainCheck: MicrositeDomainCheck | null }) {
  const scheme = new URL(hosting.publicUrl).protocol;
  const path = `${hosting.publicUrl}/m/${site.slug}`;
  const subdomain = hosting.micrositeDomain ? `${scheme}//${site.slug}.${hosting.micrositeDomain}` : null;
  const custom = site.customDomain && site.domainCheck?.ok && site.domainCheck.domain === site.customDomain ? `${scheme}//${site.customDomain}` : null;
  return { path, subdomain, custom, public: custom ?? subdomain ?? path };
}

/** What a custom domain's CNAME must point to: the free subdomain when there is one, else the app's own host. */
export function dnsTargetOf(hosting: MicrositeHosting, slug: string): string {
  return hosting.micrositeDomain ? `${slug}.${hosting.micrositeDomain}` : new URL(hosting.publicUrl).hostname;
}

/** A stored tab, read through its schema: anything that no longer passes (a rule tightened) falls back to the default. */
function stored<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

export function basicOf(row: Pick<MicrositeRow, 'basic'> | null, companyName: string): MicrositeBasic {
  const fallback: MicrositeBasic = { name: companyName.trim() || 'Our business', tagline: '', ...DEFAULT_MICROSITE_COLOURS, logoFileId: null, cta: 'text' };
  return row ? stored(micrositeBasicSchema, row.basic, fallback) : fallback;
}
export const contentOf = (row: Pick<MicrositeRow, 'content'> | null): MicrositeContent => (row ? stored(micrositeContentSchema, row.content, DEFAULT_MICROSITE_CONTENT) : DEFAULT_MICROSITE_CONTENT);
export const advancedOf = (row: Pick<MicrositeRow, 'advanced'> | null): MicrositeAdvanced => (row ? stored(micrositeAdvancedSchema, row.advanced, DEFAULT_MICROSITE_ADVANCED) : DEFAULT_MICROSITE_ADVANCED);
export const domainCheckOf = (row: Pick<MicrositeRow, 'domainCheck'> | null): MicrositeDomainCheck | null => (row?.domainCheck as MicrositeDomainCheck | null | undefined) ?? null;

/** What the company already told LeadLoop that the page shows (never asked again on the tabs). */
export interface CompanyFacts {
  companyName: string;
  /** Settings → AI: the services offered, and the assistant's FAQ. */
  services: string[];
  faq: FaqEntry[];
  /** Settings → Address. */
  serviceArea: string[];
  city: string | null;
  region: string | null;
  country: 'US' | 'CA' | null;
  /** The business number (E.164), or null before one is set up. */
  businessPhone: string | null;
  /** The website widget: whether it is on, and its public key (for the script tag). */
  widget: { enabled: boolean; publicKey: string | null };
}

export async function companyFacts(db: DbOrTx, companyId: string): Promise<CompanyFacts | null> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) return null;
  const [ai] = await db.select({ services: aiSettings.services, faq: aiSettings.faq }).from(aiSettings).where(eq(aiSettings.companyId, companyId)).limit(1);
  const [widget] = await db.select({ enabled: widgetSettings.enabled, publicKey: widgetSettings.publicKey }).from(widgetSettings).where(eq(widgetSettings.companyId, companyId)).limit(1);
  const number = await activeNumberOf(db, companyId);
  return {
    companyName: company.name,
    services: ai?.services ?? [],
    faq: ai?.faq ?? [],
    serviceArea: company.serviceArea ?? [],
    city: company.city,
    region: company.region,
    country: company.country,
    businessPhone: number?.e164 ?? null,
    widget: { enabled: widget?.enabled ?? false, publicKey: widget?.publicKey ?? null },
  };
}

async function siteOf(db: DbOrTx, companyId: string): Promise<MicrositeRow | null> {
  const [row] = await db.select().from(microsites).where(eq(microsites.companyId, companyId)).limit(1);
  return row ?? null;
}

/** The version a tab read (its row's last change, ms); 0 before the first save. */
const versionOf = (row: MicrositeRow | null) => row?.updatedAt.getTime() ?? 0;

/** A slug no other company has: the name's, else with -2, -3… */
async function freeSlug(db: DbOrTx, wanted: string, companyId: string): Promise<string> {
  const base = slugProblem(wanted) ? slugFromName(`${wanted} site`) : wanted;
  const taken = new Set(
    (await db.select({ slug: microsites.slug }).from(microsites).where(and(like(microsites.slug, `${base}%`), ne(microsites.companyId, companyId)))).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.substring(0, 40 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export type MicrositeView = Awaited<ReturnType<typeof getMicrosite>>;

/** Everything the four tabs show: the saved tabs (or what a first save would start from), the addresses and facts. */
export async function getMicrosite(scope: Pick<CompanyScope, 'db' | 'companyId' | 'userId'>, hosting: MicrositeHosting) {
  const facts = await companyFacts(scope.db, scope.companyId);
  if (!facts) throw new AppError('NOT_FOUND', 'Company not found');
  const row = await siteOf(scope.db, scope.companyId);
  const slug = row?.slug ?? (await freeSlug(scope.db, slugFromName(facts.companyName), scope.companyId));
  const domainCheck = domainCheckOf(row);
  const customDomain = row?.customDomain ?? null;
  const basic = basicOf(row, facts.companyName);
  const picture = (id: string | null) => (id && hosting.images ? hosting.images(scope.companyId, id) : Promise.resolve(null));
  return {
    exists: row !== null,
    version: versionOf(row),
    canEdit: await mayCallNow(scope.db, scope, 'microsites.saveBasic'),
    slug,
    published: row?.published ?? false,
    firstPublishedAt: row?.firstPublishedAt?.getTime() ?? null,
    basic,
    /** The logo as the page shows it (from the uploads feature), when one is set and found. */
    logo: await picture(basic.logoFileId),
    content: contentOf(row),
    advanced: advancedOf(row),
    customDomain,
    domainCheck: domainCheck && domainCheck.domain === customDomain ? domainCheck : null,
    urls: micrositeUrls(hosting, { slug, customDomain, domainCheck }),
    micrositeDomain: hosting.micrositeDomain,
    dnsTarget: dnsTargetOf(hosting, slug),
    facts: {
      companyName: facts.companyName,
      services: facts.services,
      faq: facts.faq,
      serviceArea: facts.serviceArea,
      businessPhone: facts.businessPhone,
      widgetEnabled: facts.widget.enabled,
    },
  };
}

/** Another save since the tab read (someone else's): refused, the tab offers to reload. */
function assertVersion(row: MicrositeRow | null, expectedVersion: number) {
  if (versionOf(row) !== expectedVersion) throw new AppError('CONFLICT', 'Someone else changed the microsite since you opened it. Reload to see their changes.');
}

function requireSite(row: MicrositeRow | null): MicrositeRow {
  if (!row) throw new AppError('PRECONDITION_FAILED', 'Save the Basic tab first: that creates your page.');
  return row;
}

/**
 * Basic: the first save creates the site with a slug from its name (unique; -2, -3… when taken) and publishes it —
 * the site is live from then on until the switch takes it offline. Later saves change the tab only.
 */
export async function saveBasic(scope: CompanyScope, hosting: MicrositeHosting, input: MicrositeBasic & { expectedVersion: number }) {
  const { expectedVersion, ...basic } = input;
  await scope.db.transaction(async (tx) => {
    await lockKey(tx, `microsite:${scope.companyId}`);
    const row = await siteOf(tx, scope.companyId);
    assertVersion(row, expectedVersion);
    // Only one of the company's own uploads (another company's id is NOT_FOUND, as everywhere).
    if (basic.logoFileId) await requireCompanyImage(tx, scope.companyId, basic.logoFileId);
    if (row) {
      await tx
        .update(microsites)
        .set({ basic, ...(row.firstPublishedAt ? {} : { published: true, firstPublishedAt: scope.now }), updatedAt: scope.now })
        .where(eq(microsites.companyId, scope.companyId));
      await writeUserAudit(tx, scope, { action: 'microsite.basic_saved', targetType: 'company', targetId: scope.companyId });
      return;
    }
    // Two companies may propose the same slug at once: the unique index decides, the loser takes the next one.
    await lockKey(tx, 'microsite-slugs');
    const slug = await freeSlug(tx, slugFromName(basic.name), scope.companyId);
    await tx.insert(microsites).values({ companyId: scope.companyId, slug, published: true, firstPublishedAt: scope.now, basic, createdAt: scope.now, updatedAt: scope.now });
    await writeUserAudit(tx, scope, { action: 'microsite.published', targetType: 'company', targetId: scope.companyId, metadata: { slug } });
  });
  return getMicrosite(scope, hosting);
}

export async function setPublished(scope: CompanyScope, hosting: MicrositeHosting, published: boolean) {
  await scope.db.transaction(async (tx) => {
    await lockKey(tx, `microsite:${scope.companyId}`);
    requireSite(await siteOf(tx, scope.companyId));
    await tx.update(microsites).set({ published, updatedAt: scope.now }).where(eq(microsites.companyId, scope.companyId));
    await writeUserAudit(tx, scope, { action: published ? 'microsite.published' : 'microsite.taken_offline', targetType: 'company', targetId: scope.companyId });
  });
  return getMicrosite(scope, hosting);
}

async function saveTab(scope: CompanyScope, hosting: MicrositeHosting, expectedVersion: number, tab: 'content' | 'advanced', value: MicrositeContent | MicrositeAdvanced) {
  await scope.db.transaction(async (tx) => {
    await lockKey(tx, `microsite:${scope.companyId}`);
    const row = requireSite(await siteOf(tx, scope.companyId));
    assertVersion(row, expectedVersion);
    if ('ogImageFileId' in value && value.ogImageFileId) await requireCompanyImage(tx, scope.companyId, value.ogImageFileId);
    await tx
      .update(microsites)
      .set({ [tab]: value, updatedAt: scope.now })
      .where(eq(microsites.companyId, scope.companyId));
    await writeUserAudit(tx, scope, { action: `microsite.${tab}_saved`, targetType: 'company', targetId: scope.companyId });
  });
  return getMicrosite(scope, hosting);
}

export const saveContent = (scope: CompanyScope, hosting: MicrositeHosting, input: MicrositeContent & { expectedVersion: number }) => {
  const { expectedVersion, ...content } = input;
  return saveTab(scope, hosting, expectedVersion, 'content', content);
};

export const saveAdvanced = (scope: CompanyScope, hosting: MicrositeHosting, input: MicrositeAdvanced & { expectedVersion: number }) => {
  const { expectedVersion, ...advanced } = input;
  return saveTab(scope, hosting, expectedVersion, 'advanced', advanced);
};

/** Another company has it: say so, with a free one to try. */
async function slugTaken(db: DbOrTx, slug: string, companyId: string): Promise<AppError> {
  return invalidField('slug', `The address “${slug}” is taken by another business. Try “${await freeSlug(db, slug, companyId)}”.`);
}

/** Changes the address `/m/<slug>` (and `<slug>.<MICROSITE_DOMAIN>`): the old one stops answering at once. */
export async function setSlug(scope: CompanyScope, hosting: MicrositeHosting, slug: string) {
  try {
    await scope.db.transaction(async (tx) => {
      await lockKey(tx, `microsite:${scope.companyId}`);
      const row = requireSite(await siteOf(tx, scope.companyId));
      if (row.slug === slug) return;
      const [other] = await tx.select({ companyId: microsites.companyId }).from(microsites).where(eq(microsites.slug, slug)).limit(1);
      if (other) throw await slugTaken(tx, slug, scope.companyId);
      // A CNAME to the old subdomain no longer reaches the site: the custom domain must be checked again.
      await tx.update(microsites).set({ slug, domainCheck: null, domainCheckedAt: null, updatedAt: scope.now }).where(eq(microsites.companyId, scope.companyId));
      await writeUserAudit(tx, scope, { action: 'microsite.address_changed', targetType: 'company', targetId: scope.companyId, metadata: { from: row.slug, to: slug } });
    });
  } catch (error) {
    if (hasPostgresCode(error, '23505')) throw await slugTaken(scope.db, slug, scope.companyId);
    throw error;
  }
  return getMicrosite(scope, hosting);
}

/** DNS checks one company may ask for in a window (each asks a handful of DNS questions). */
export const DOMAIN_CHECK_LIMITS = [{ max: 20, windowMs: 10 * MINUTE }];

/** Checks the custom domain's DNS now and stores what was found. */
export async function checkDomain(scope: CompanyScope, services: Pick<AppServices, 'dnsResolver'>, hosting: MicrositeHosting) {
  const row = requireSite(await siteOf(scope.db, scope.companyId));
  if (!row.customDomain) throw new AppError('PRECONDITION_FAILED', 'Enter your domain first.');
  const wait = await scope.db.transaction((tx) => takeHits(tx, [{ key: `microsite-dns:${scope.companyId}`, limits: DOMAIN_CHECK_LIMITS }], scope.now));
  if (wait > 0) throw tooManyRequests('Too many checks in a row. Try again in {wait}: DNS changes take a while to show anyway.', wait);
  const check = await checkDomainDns(services.dnsResolver ?? systemResolver, row.customDomain, dnsTargetOf(hosting, row.slug), scope.now);
  await scope.db
    .update(microsites)
    .set({ domainCheck: check as unknown as Record<string, unknown>, domainCheckedAt: scope.now })
    .where(and(eq(microsites.companyId, scope.companyId), eq(microsites.customDomain, row.customDomain)));
  return getMicrosite(scope, hosting);
}

/**
 * Sets (or, with null, removes) the company's own domain, then checks its DNS. The domain answers only once a
 * check found it pointing here. LeadLoop's own hosts cannot be taken, nor another company's domain.
 */
export async function setCustomDomain(scope: CompanyScope, services: Pick<AppServices, 'dnsResolver'>, hosting: MicrositeHosting, domain: string | null) {
  if (domain) {
    const own = [new URL(hosting.publicUrl).hostname, hosting.micrositeDomain].filter((h): h is string => Boolean(h));
    if (own.some((host) => domain === host || domain.endsWith(`.${host}`))) {
      throw invalidField('domain', hosting.micrositeDomain && domain.endsWith(`.${hosting.micrositeDomain}`) ? 'That is a free LeadLoop address: change it under “Your free address” instead.' : 'That domain belongs to LeadLoop. Enter a domain of your own.');
    }
  }
  const taken = () => invalidField('domain', 'That domain is already used by another LeadLoop site. If it is yours, contact support.');
  let changed = false;
  try {
    await scope.db.transaction(async (tx) => {
      await lockKey(tx, `microsite:${scope.companyId}`);
      const row = requireSite(await siteOf(tx, scope.companyId));
      if (row.customDomain === domain) return;
      if (domain) {
        const [other] = await tx.select({ companyId: microsites.companyId }).from(microsites).where(eq(microsites.customDomain, domain)).limit(1);
        if (other) throw taken();
      }
      changed = true;
      await tx.update(microsites).set({ customDomain: domain, domainCheck: null, domainCheckedAt: null, updatedAt: scope.now }).where(eq(microsites.companyId, scope.companyId));
      await writeUserAudit(tx, scope, { action: 'microsite.domain_changed', targetType: 'company', targetId: scope.companyId, metadata: { from: row.customDomain, to: domain } });
    });
  } catch (error) {
    if (hasPostgresCode(error, '23505')) throw taken();
    throw error;
  }
  if (domain && changed) return checkDomain(scope, services, hosting);
  return getMicrosite(scope, hosting);
}

// ── The public side ──────────────────────────────────────────────────────────────────────────────────────────────

/** A published site by its slug (null: unknown or offline). */
export async function publishedSiteBySlug(db: Database, slug: string): Promise<MicrositeRow | null> {
  if (slugProblem(slug)) return null;
  const [row] = await db.select().from(microsites).where(and(eq(microsites.slug, slug), eq(microsites.published, true))).limit(1);
  return row ?? null;
}

/**
 * Which site a request's host name is (docs/decisions/0044-microsites.md): `<slug>.<MICROSITE_DOMAIN>`, or a custom
 * domain whose last DNS check passed. `kind: 'none'` is any other host (the app's own); `site: null` with a
 * microsite host is an unknown or offline site (a 404 page).
 */
export async function siteForHost(db: Database, hosting: MicrositeHosting, hostname: string): Promise<{ kind: 'none' } | { kind: 'microsite'; site: MicrositeRow | null }> {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const appHost = new URL(hosting.publicUrl).hostname;
  // An IP address, localhost or the app's own host is never a site's (and costs no query).
  if (!host || host === appHost || !/\.[a-z]{2,63}$/.test(host)) return { kind: 'none' };
  const domain = hosting.micrositeDomain;
  if (domain && host.endsWith(`.${domain}`)) {
    const label = host.substring(0, host.length - domain.length - 1);
    return { kind: 'microsite', site: label.includes('.') ? null : await publishedSiteBySlug(db, label) };
  }
  if (domain && host === domain) return { kind: 'none' };
  const [row] = await db.select().from(microsites).where(eq(microsites.customDomain, host)).limit(1);
  const check = domainCheckOf(row ?? null);
  if (!row || !check?.ok || check.domain !== host) return { kind: 'none' };
  return { kind: 'microsite', site: row.published ? row : null };
}

/** The caller's own site for the preview (published or not); null before the first save. */
export function previewSite(scope: Pick<CompanyScope, 'db' | 'companyId'>): Promise<MicrositeRow | null> {
  return siteOf(scope.db, scope.companyId);
}
