import { parse as parseQuery } from 'node:querystring';
import metadata from 'libphonenumber-js/min/metadata';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MICROSITE_FIRST_TEXT, MICROSITE_FORM_ERRORS, MICROSITE_LIMITS, micrositeConsentText } from '@contracts/microsites';
import { parseUsCaPhone } from '@contracts/phone';
import { storableText, truncate } from '@contracts/text';
import { type Limit, takeHits } from '@server/platform/db/rate-limit';
import { HOUR, MINUTE } from '@server/platform/lib/clock';
import type { AppServices } from '@server/platform/services';
import { takeWebSubmission } from '@server/modules/intake/web.channel';
import {
  type OptInFormState,
  type RenderedPage,
  type RenderSite,
  type RenderTarget,
  consentVersion,
  renderHome,
  renderNotFound,
  renderPrivacy,
  renderSmsTerms,
  renderThanks,
  trackingScript,
} from './microsite.render';
import { advancedOf, basicOf, companyFacts, contentOf, hostingOf, type MicrositeHosting, type MicrositeRow, micrositeUrls, publishedSiteBySlug, siteForHost } from './microsites.service';

/** Opt-in submissions from one IP address (every attempt counts, valid or not). */
export const DEFAULT_OPT_IN_LIMITS: Limit[] = [
  { max: 5, windowMs: 10 * MINUTE },
  { max: 20, windowMs: 24 * HOUR },
];

/** The largest form body: the fields' own limits add up to well under this. */
const FORM_BODY_LIMIT = 16 * 1024;
/** Pages may be kept a minute by browsers and proxies: a switch-off or an edit shows within that. */
const PAGE_CACHE = 'public, max-age=60';

export interface MicrositeRouteOptions {
  services: AppServices;
  limits?: Limit[];
}

type Page = 'home' | 'privacy' | 'sms-terms' | 'tags.js' | 'opt-in';
/** `opt-in` read with GET (a reload after sending, a shared link): back to the form. */
const PAGES: Record<string, Page> = { '': 'home', '/': 'home', '/privacy': 'privacy', '/sms-terms': 'sms-terms', '/tags.js': 'tags.js', '/opt-in': 'opt-in' };

/** Everything a page shows, read for one request. */
export async function renderSiteOf(services: Pick<AppServices, 'db' | 'images'>, row: MicrositeRow): Promise<RenderSite | null> {
  const { images } = services;
  const facts = await companyFacts(services.db, row.companyId);
  if (!facts) return null;
  const basic = basicOf(row, facts.companyName);
  const advanced = advancedOf(row);
  const picture = (id: string | null) => (id && images ? images(row.companyId, id) : Promise.resolve(null));
  const [logo, ogImage] = await Promise.all([picture(basic.logoFileId), picture(advanced.ogImageFileId)]);
  return { companyId: row.companyId, slug: row.slug, basic, content: contentOf(row), advanced, facts, updatedAt: row.updatedAt, logo, ogImage };
}

function send(reply: FastifyReply, status: number, page: RenderedPage, cache: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Content-Security-Policy', page.csp)
    .header('Cache-Control', cache)
    .header('Referrer-Policy', 'strict-origin-when-cross-origin')
    .header('X-Frame-Options', 'DENY')
    .send(page.html);
}

const notFound = (reply: FastifyReply) => send(reply, 404, renderNotFound(), 'no-store').header('X-Robots-Tag', 'noindex');

/** Reads `application/x-www-form-urlencoded` into single string values (a repeated field keeps its first value). */
function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!body || typeof body !== 'object') return fields;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') fields[key] = storableText(first);
  }
  return fields;
}

/**
 * The public microsite (docs/decisions/0044-microsites.md): `/m/<slug>`, `/m/<slug>/privacy`, `/m/<slug>/sms-terms`
 * and the opt-in form `POST /m/<slug>/opt-in` on the app's host; the same pages at `/`, `/privacy`, `/sms-terms`
 * and `POST /opt-in` on `<slug>.<MICROSITE_DOMAIN>` and on a custom domain whose DNS check passed — where nothing
 * else of the app answers. Unknown or offline sites get a 404 page that names no business.
 */
export async function registerMicrositeRoutes(app: FastifyInstance, options: MicrositeRouteOptions): Promise<void> {
  const { services } = options;
  const hosting: MicrositeHosting = hostingOf(services);
  const appOrigin = new URL(hosting.publicUrl).origin;
  const limits = options.limits ?? DEFAULT_OPT_IN_LIMITS;

  const targetFor = (row: MicrositeRow, base: string): RenderTarget => {
    const publicHome = micrositeUrls(hosting, { slug: row.slug, customDomain: row.customDomain, domainCheck: (row.domainCheck as never) ?? null }).public;
    return { base, home: new URL(publicHome).pathname === '/' ? `${publicHome}/` : publicHome, appOrigin };
  };

  async function servePage(reply: FastifyReply, row: MicrositeRow | null, base: string, page: Page | undefined) {
    if (!row || !page) return notFound(reply);
    if (page === 'opt-in') return reply.code(303).header('Location', `${base || '/'}#contact`).header('Cache-Control', 'no-store').send();
    const site = await renderSiteOf(services, row);
    if (!site) return notFound(reply);
    const target = targetFor(row, base);
    if (page === 'tags.js') {
      if (!site.advanced.tracking.ga4 && !site.advanced.tracking.gtm && !site.advanced.tracking.metaPixel) return notFound(reply);
      return reply.code(200).type('text/javascript; charset=utf-8').header('Cache-Control', PAGE_CACHE).send(trackingScript(site.advanced));
    }
    const rendered = page === 'privacy' ? renderPrivacy(site, target) : page === 'sms-terms' ? renderSmsTerms(site, target) : renderHome(site, target);
    return send(reply, 200, rendered, PAGE_CACHE);
  }

  async function takeOptIn(request: FastifyRequest, reply: FastifyReply, row: MicrositeRow | null, base: string) {
    if (!row) return notFound(reply);
    const site = await renderSiteOf(services, row);
    if (!site) return notFound(reply);
    const target = targetFor(row, base);
    const fields = formFields(request.body);
    const state: OptInFormState = {
      values: { name: fields.name ?? '', phone: fields.phone ?? '', message: fields.message ?? '', consent: fields.consent === 'yes' },
      errors: {},
    };
    const again = (status: number) => send(reply, status, renderHome(site, target, { form: state }), 'no-store');
    const now = services.clock.now();
    const ip = request.ip || 'unknown';

    const wait = await services.db.transaction((tx) => takeHits(tx, [{ key: `microsite-opt-in:ip:${ip}`, limits }], now));
    if (wait > 0) {
      state.errors.form = MICROSITE_FORM_ERRORS.rateLimited;
      void reply.header('Retry-After', String(Math.max(1, Math.ceil(wait / 1000))));
      return again(429);
    }
    if ((fields.website ?? '').trim() !== '') {
      request.log.info({ companyId: row.companyId }, 'microsite opt-in with the honeypot filled refused');
      state.errors.form = MICROSITE_FORM_ERRORS.spam;
      return again(400);
    }

    const consentText = micrositeConsentText(site.basic.name);
    const name = state.values.name.trim().replace(/\s+/g, ' ');
    const message = state.values.message.trim();
    const phone = parseUsCaPhone(state.values.phone, metadata);
    if (!name) state.errors.name = MICROSITE_FORM_ERRORS.name;
    else if ([...name].length > MICROSITE_LIMITS.visitorName) state.errors.name = MICROSITE_FORM_ERRORS.nameLong;
    if (!phone) state.errors.phone = MICROSITE_FORM_ERRORS.phone;
    if ([...message].length > MICROSITE_LIMITS.visitorMessage) state.errors.message = MICROSITE_FORM_ERRORS.messageLong;
    if (!state.values.consent) state.errors.consent = MICROSITE_FORM_ERRORS.consent;
    else if (fields.cv !== consentVersion(consentText)) {
      // The page changed (the business renamed) since the visitor read it: what they agreed to is not what we'd store.
      state.values.consent = false;
      state.errors.consent = MICROSITE_FORM_ERRORS.changed;
    }
    if (Object.keys(state.errors).length > 0 || !phone) return again(400);

    const [firstName = name, ...rest] = name.split(' ');
    const pageUrl = new URL(`${request.protocol}://${request.host}${base || '/'}`).href;
    const userAgent = request.headers['user-agent'];
    const result = await takeWebSubmission(services, {
      companyId: row.companyId,
      kind: 'form',
      source: 'microsite',
      firstTextTemplate: MICROSITE_FIRST_TEXT,
      consentText,
      person: { phone: phone.e164, firstName, lastName: rest.length ? rest.join(' ') : null },
      message: message || null,
      service: null,
      postalCode: null,
      tracking: { page_url: pageUrl, ...(typeof request.headers.referer === 'string' ? { referrer: truncate(storableText(request.headers.referer), 500, { ellipsis: false }) } : {}) },
      pageUrl,
      ip: request.ip || null,
      userAgent: typeof userAgent === 'string' ? truncate(storableText(userAgent), 500, { ellipsis: false }) : null,
    });
    return send(reply, 200, renderThanks(site, target, { firstName, texted: result.texted, maskedPhone: result.maskedPhone }), 'no-store');
  }

  // Host-based serving: on a microsite host every request is the site's (or a 404), before any other route.
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/healthz') return undefined;
    const found = await siteForHost(services.db, hosting, request.hostname);
    if (found.kind === 'none') return undefined;
    if (request.method === 'POST' && path === '/opt-in') return undefined; // the route below reads the body
    if (request.method !== 'GET' && request.method !== 'HEAD') return notFound(reply);
    return servePage(reply, found.site, '', PAGES[path]);
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, parseQuery(body as string));
    });
    scope.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return notFound(reply.code(400));
      request.log.error({ err: error }, 'microsite request failed');
      return send(reply, 500, renderNotFound(), 'no-store');
    });

    scope.get<{ Params: { slug: string } }>('/m/:slug', async (request, reply) => servePage(reply, await publishedSiteBySlug(services.db, request.params.slug), `/m/${request.params.slug}`, 'home'));
    scope.get<{ Params: { slug: string; page: string } }>('/m/:slug/:page', async (request, reply) =>
      servePage(reply, await publishedSiteBySlug(services.db, request.params.slug), `/m/${request.params.slug}`, PAGES[`/${request.params.page}`]),
    );
    scope.post<{ Params: { slug: string } }>('/m/:slug/opt-in', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) =>
      takeOptIn(request, reply, await publishedSiteBySlug(services.db, request.params.slug), `/m/${request.params.slug}`),
    );
    scope.post('/opt-in', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const found = await siteForHost(services.db, hosting, request.hostname);
      if (found.kind === 'none') return reply.callNotFound();
      return takeOptIn(request, reply, found.site, '');
    });
  });
}
