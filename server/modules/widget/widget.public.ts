import { storableValue, truncate } from '@contracts/text';
import { eq } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hostAllowed, WIDGET_ERRORS, type WidgetErrorCode } from '@contracts/widget';
import { type Limit, takeHits } from '@server/platform/db/rate-limit';
import { widgetAvatars } from '@server/platform/db/schema';
import { HOUR, MINUTE } from '@server/platform/lib/clock';
import type { AppServices } from '@server/platform/services';
import { takeWebSubmission } from '@server/modules/intake/web.channel';
import { readVisitorThread, takeVisitorMessage, type VisitorSession, visitorSession } from '@server/modules/intake/web-chat.channel';
import { publicConfig, type PublicWidget, widgetForKey } from './widget-config.cache';
import { avatarQuery, publicKey, threadQuery, visitorMessageBody, widgetSubmission } from './widget.schema';

/** The largest submission body: the fields' own limits add up to well under this. */
export const SUBMIT_BODY_LIMIT = 8 * 1024;
/**
 * A form sent sooner than this after it was shown is likely a script's. Short enough for a person whose browser
 * filled the form in (autofill) and who pressed Send at once; and the refusal says to press Send again, which then
 * passes — a person loses nothing, a script that posts once does.
 */
export const MIN_FILL_MS = 1_200;

export interface WidgetLimits {
  /** Submissions from one IP address, whatever the key. */
  perIp: Limit[];
  /** Submissions to one company's widget, from anywhere: only those that passed the checks count. */
  perKey: Limit[];
  /**
   * While the company's bucket is full (someone flooding the form with plausible submissions), a visitor who passed
   * every check still gets through on this small bucket of their own IP: the flood cannot lock honest visitors out.
   */
  overflowPerIp: Limit[];
  /** Chat messages from one visitor's conversation (one token), and from one IP address. */
  messagesPerToken: Limit[];
  messagesPerIp: Limit[];
}

export const DEFAULT_WIDGET_LIMITS: WidgetLimits = {
  perIp: [
    { max: 10, windowMs: 10 * MINUTE },
    { max: 30, windowMs: 24 * HOUR },
  ],
  perKey: [{ max: 120, windowMs: HOUR }],
  overflowPerIp: [{ max: 2, windowMs: HOUR }],
  messagesPerToken: [
    { max: 20, windowMs: 10 * MINUTE },
    { max: 100, windowMs: 24 * HOUR },
  ],
  messagesPerIp: [{ max: 60, windowMs: 10 * MINUTE }],
};

/** A message typed in the chat panel: as long as a form's message. */
export const MESSAGE_BODY_LIMIT = 4 * 1024;

const STATUS: Record<WidgetErrorCode, number> = {
  unknown_key: 404,
  widget_disabled: 403,
  origin_not_allowed: 403,
  rate_limited: 429,
  body_too_large: 413,
  invalid: 400,
  consent_required: 400,
  settings_changed: 409,
  honeypot: 400,
  too_fast: 400,
  bad_token: 401,
};

interface WidgetRequestState {
  widget: PublicWidget;
  origin: string;
}
const states = new WeakMap<FastifyRequest, WidgetRequestState>();

function refuse(reply: FastifyReply, code: WidgetErrorCode, extra: { field?: string; message?: string; retryAfterSeconds?: number } = {}) {
  if (extra.retryAfterSeconds !== undefined) void reply.header('Retry-After', String(extra.retryAfterSeconds));
  return reply
    .code(STATUS[code])
    .type('application/json')
    .header('Cache-Control', 'no-store')
    .send({ error: { code, message: extra.message ?? WIDGET_ERRORS[code], ...(extra.field ? { field: extra.field } : {}) } });
}

/** The page's origin: the Origin header, else the Referer's origin (some browsers omit Origin on a GET). */
function pageOrigin(request: FastifyRequest): string | null {
  const raw = request.headers.origin ?? request.headers.referer;
  if (typeof raw !== 'string' || !raw || raw === 'null') return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

function allowCors(reply: FastifyReply, origin: string) {
  void reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin');
}

/**
 * The website widget's public endpoints (no session; decision in docs/decisions, widget): GET /public/widget/config
 * and POST /public/widget/submit, each with the key in the query (`?key=`), so the CORS preflight can be judged
 * too. Every request — preflight included — must come from a page on one of the key's allowed domains (or the
 * app's own origin, for the demo page): Origin, else Referer; others get 403 and no CORS headers. A disabled
 * widget answers 403 `widget_disabled` (readable, so the embed hides itself). Submissions are rate-limited per IP
 * and per key in PostgreSQL (every attempt counts, valid or not), bounded to 8 kB, and refused for a filled
 * honeypot, a too-fast fill, an invalid field (strict: unknown fields too), an unticked consent box or a consent
 * text other than the one saved — each with its own code and nothing stored.
 */
export function registerWidgetPublicRoutes(app: FastifyInstance, options: { services: AppServices; publicUrl: string; limits?: WidgetLimits }) {
  const deps = options.services;
  const limits = options.limits ?? DEFAULT_WIDGET_LIMITS;
  const appOrigin = new URL(options.publicUrl).origin;

  // The avatar picture: an <img> on the company's pages (no Origin header to judge, nothing private in it), so it
  // is outside the origin rules. Immutable per hash; an old or wrong hash is a 404 that is not cached.
  app.get('/public/widget/avatar', async (request, reply) => {
    const query = avatarQuery.safeParse(request.query);
    const widget = query.success ? await widgetForKey(deps.db, query.data.key, deps.clock.now().getTime()) : null;
    const notFound = () => reply.code(404).header('Cache-Control', 'no-store').type('application/json').send({ error: { code: 'not_found', message: 'No such picture.' } });
    if (!query.success || !widget) return notFound();
    const [picture] = await deps.db.select().from(widgetAvatars).where(eq(widgetAvatars.companyId, widget.companyId)).limit(1);
    if (!picture || picture.hash !== query.data.h) return notFound();
    return reply
      .code(200)
      .type(picture.contentType)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(picture.bytes);
  });

  return app.register(async (scope) => {
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const state = states.get(request);
      if (state) allowCors(reply, state.origin);
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return refuse(reply, 'body_too_large');
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return refuse(reply, 'invalid', { message: 'The request could not be read.' });
      request.log.error({ err: error, requestId: request.id }, 'widget request failed');
      return reply.code(500).type('application/json').header('Cache-Control', 'no-store').send({ error: { code: 'internal', message: 'Something went wrong. Please try again.' }, requestId: request.id });
    });

    // Before the body is read: the key, the origin, the preflight, the switch.
    scope.addHook('onRequest', async (request, reply) => {
      const key = publicKey.safeParse((request.query as Record<string, unknown> | undefined)?.key);
      const widget = key.success ? await widgetForKey(deps.db, key.data, deps.clock.now().getTime()) : null;
      if (!widget) return refuse(reply, 'unknown_key');
      const origin = pageOrigin(request);
      const allowed = origin !== null && (origin === appOrigin || hostAllowed(new URL(origin).host, widget.settings.allowedDomains));
      if (!allowed) {
        request.log.info({ origin, path: request.url.split('?')[0] }, 'widget request from a page that is not allowed refused');
        return refuse(reply, 'origin_not_allowed');
      }
      allowCors(reply, origin);
      states.set(request, { widget, origin });
      if (request.method === 'OPTIONS') {
        return reply
          .code(204)
          .header('Access-Control-Allow-Methods', 'GET, POST')
          .header('Access-Control-Allow-Headers', 'content-type, authorization')
          .header('Access-Control-Max-Age', '600')
          .send();
      }
      if (!widget.settings.enabled) return refuse(reply, 'widget_disabled');
      return undefined;
    });

    const preflight = async (_request: FastifyRequest, reply: FastifyReply) => reply; // answered in onRequest
    scope.options('/public/widget/config', preflight);
    scope.options('/public/widget/submit', preflight);
    scope.options('/public/widget/thread', preflight);
    scope.options('/public/widget/message', preflight);

    /** The visitor's conversation from `Authorization: Bearer <visitor token>`, for this key's company. */
    const sessionOf = async (request: FastifyRequest): Promise<VisitorSession | null> => {
      const { widget } = states.get(request)!;
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      return token ? visitorSession(deps.db, widget.companyId, token, deps.clock.now()) : null;
    };

    scope.get('/public/widget/thread', async (request, reply) => {
      const session = await sessionOf(request);
      if (!session) return refuse(reply, 'bad_token');
      const query = threadQuery.safeParse(request.query);
      if (!query.success) return refuse(reply, 'invalid', { field: 'after', message: query.error.issues[0]?.message });
      const thread = await readVisitorThread(deps.db, session, query.data.after);
      return reply.code(200).header('Cache-Control', 'no-store').send(thread);
    });

    scope.post('/public/widget/message', { bodyLimit: MESSAGE_BODY_LIMIT }, async (request, reply) => {
      const session = await sessionOf(request);
      if (!session) return refuse(reply, 'bad_token');
      const now = deps.clock.now();
      const ip = request.ip || 'unknown';
      const limited = await deps.db.transaction((tx) =>
        takeHits(
          tx,
          [
            { key: `widget-message:token:${session.tokenId}`, limits: limits.messagesPerToken },
            { key: `widget-message:ip:${ip}`, limits: limits.messagesPerIp },
          ],
          now,
        ),
      );
      if (limited > 0) return refuse(reply, 'rate_limited', { retryAfterSeconds: Math.max(1, Math.ceil(limited / 1000)) });
      const parsed = visitorMessageBody.safeParse(storableValue(request.body));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return refuse(reply, 'invalid', { field: issue?.path.map(String).join('.') || 'body', message: issue?.message ?? WIDGET_ERRORS.invalid });
      }
      const result = await takeVisitorMessage(deps, session, parsed.data);
      if (result.outcome === 'ended') return refuse(reply, 'bad_token');
      return reply.code(result.outcome === 'stored' ? 201 : 200).header('Cache-Control', 'no-store').send({ ok: true, message: result.message });
    });

    scope.get('/public/widget/config', async (request, reply) => {
      const { widget } = states.get(request)!;
      // Browsers may keep it briefly too; `Vary: Origin` keeps one site's answer from another's.
      return reply.code(200).header('Cache-Control', 'public, max-age=15').send(publicConfig(widget));
    });

    scope.post('/public/widget/submit', { bodyLimit: SUBMIT_BODY_LIMIT }, async (request, reply) => {
      const { widget } = states.get(request)!;
      const now = deps.clock.now();
      const ip = request.ip || 'unknown';
      // Every attempt counts against its IP; only one that passes the checks below counts against the company.
      const limitedIp = await deps.db.transaction((tx) => takeHits(tx, [{ key: `widget-submit:ip:${ip}`, limits: limits.perIp }], now));
      if (limitedIp > 0) return refuse(reply, 'rate_limited', { retryAfterSeconds: Math.max(1, Math.ceil(limitedIp / 1000)) });

      // Text from outside at the edge (contracts/text.ts): every string of the submission made storable before it is
      // checked, so a NUL in an answer, a UTM value or a referrer can never fail the write and lose the visitor.
      const raw = storableValue((request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>);
      if (typeof raw.website === 'string' && raw.website.trim() !== '') {
        request.log.info({ companyId: widget.companyId }, 'widget submission with the honeypot filled refused');
        return refuse(reply, 'honeypot');
      }
      if (typeof raw.fillMs === 'number' && raw.fillMs < MIN_FILL_MS) return refuse(reply, 'too_fast');
      const parsed = widgetSubmission.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path.map(String).join('.');
        const message = issue?.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : (issue?.message ?? WIDGET_ERRORS.invalid);
        return refuse(reply, 'invalid', { ...(field ? { field } : {}), message });
      }
      const input = parsed.data;
      if (!input.consent.checked) return refuse(reply, 'consent_required', { field: 'consent' });
      if (input.consent.text !== widget.consentText) return refuse(reply, 'settings_changed', { field: 'consent' });
      const fields = widget.settings.formFields;
      for (const name of ['message', 'service', 'postalCode'] as const) {
        if (fields[name].required && !input[name]) return refuse(reply, 'invalid', { field: name, message: 'Please fill this in.' });
      }
      const shown = (name: 'message' | 'service' | 'postalCode') => (fields[name].shown ? (input[name] ?? null) : null);

      const limitedKey = await deps.db.transaction(async (tx) => {
        const wait = await takeHits(tx, [{ key: `widget-submit:company:${widget.companyId}`, limits: limits.perKey }], now);
        if (wait === 0) return 0;
        // The company's bucket is full: this visitor passed every check, so their own small bucket decides.
        const ownWait = await takeHits(tx, [{ key: `widget-submit:overflow:${widget.companyId}:${ip}`, limits: limits.overflowPerIp }], now);
        return ownWait === 0 ? 0 : Math.min(wait, ownWait);
      });
      if (limitedKey > 0) return refuse(reply, 'rate_limited', { retryAfterSeconds: Math.max(1, Math.ceil(limitedKey / 1000)) });

      const [firstName = input.name, ...rest] = input.name.split(/\s+/);
      const tracking: Record<string, string> = { page_url: input.page.url };
      if (input.page.landingUrl) tracking.landing_page = input.page.landingUrl;
      if (input.page.referrer) tracking.referrer = input.page.referrer;
      for (const [k, v] of Object.entries(input.utm ?? {})) if (v) tracking[`utm_${k}`] = v;
      if (input.gclid) tracking.gclid = input.gclid;
      if (input.fbclid) tracking.fbclid = input.fbclid;
      const userAgent = request.headers['user-agent'];

      const result = await takeWebSubmission(deps, {
        companyId: widget.companyId,
        kind: input.kind,
        firstTextTemplate: widget.settings.firstTextTemplate,
        consentText: widget.consentText,
        person: { phone: input.phone, firstName, lastName: rest.length ? rest.join(' ') : null },
        message: shown('message'),
        service: shown('service'),
        postalCode: shown('postalCode'),
        tracking,
        pageUrl: input.page.url,
        ip: request.ip || null,
        userAgent: typeof userAgent === 'string' ? truncate(userAgent, 500, { ellipsis: false }) : null,
      });
      return reply
        .code(201)
        .header('Cache-Control', 'no-store')
        .send({
          ok: true,
          texted: result.texted,
          maskedPhone: result.maskedPhone,
          message: result.texted ? `We just texted you at ${result.maskedPhone}` : 'Thanks! We got your request and will be in touch.',
          visitorToken: result.visitorToken,
        });
    });
  });
}
