import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MessagingDeps } from '@server/modules/messaging/messaging.deps';
import { type EmailGatewayConfig, receiveEmail } from './email-gateway.service';

/** What a JSON inbound-parse webhook sends: the raw MIME (as `raw`, SendGrid's `email` or Postmark's `RawEmail`). */
const jsonBody = z
  .object({
    raw: z.string().min(1).optional(),
    email: z.string().min(1).optional(),
    RawEmail: z.string().min(1).optional(),
    encoding: z.enum(['utf8', 'base64']).default('utf8'),
    to: z.union([z.string().max(2_000), z.array(z.string().max(500)).max(50)]).optional(),
    from: z.string().max(500).optional(),
    SPF: z.string().max(200).optional(),
    spf: z.string().max(200).optional(),
    dkim: z.string().max(500).optional(),
  })
  .refine((body) => Boolean(body.raw ?? body.email ?? body.RawEmail), { message: 'raw (the MIME email) is required' });

const digest = (value: string) => createHash('sha256').update(value).digest();
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** The secret as `Authorization: Bearer <secret>` or as the password of Basic auth (https://user:secret@host/…). */
function authorized(request: FastifyRequest, secret: string): boolean {
  const header = request.headers.authorization ?? '';
  const [scheme, value = ''] = header.split(' ', 2);
  if (scheme?.toLowerCase() === 'bearer') return same(value.trim(), secret);
  if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value.trim(), 'base64').toString('utf8');
    return same(decoded.slice(decoded.indexOf(':') + 1), secret);
  }
  return false;
}

/** Recipients named in the email itself, when the provider did not pass the envelope's. */
function headerRecipients(raw: Buffer): string[] {
  const headers = raw.subarray(0, Math.min(raw.length, 64 * 1024)).toString('utf8').split(/\r?\n\r?\n/, 1)[0] ?? '';
  const lines = headers.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
  const wanted = lines.filter((line) => /^(to|cc|delivered-to|x-original-to|envelope-to):/i.test(line));
  return wanted.flatMap((line) => Array.from(line.matchAll(/[^\s<>,;:"]+@[^\s<>,;"]+/g), (m) => m[0]));
}

const splitList = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((v) => Array.from(v.matchAll(/[^\s<>,;:"]+@[^\s<>,;"]+/g), (m) => m[0]));

/**
 * POST /webhooks/email/inbound — inbound-parse webhooks with the raw MIME email: `Content-Type: message/rfc822`
 * (the body is the email; envelope in X-Envelope-To / X-Envelope-From, SPF / DKIM verdicts in X-SPF / X-DKIM), or
 * JSON (see `jsonBody`). Authenticated with EMAIL_GATEWAY_WEBHOOK_SECRET; bodies bounded; idempotent on Message-ID.
 * Registered only when the secret is set.
 */
export function registerEmailWebhook(app: FastifyInstance, options: { deps: Pick<MessagingDeps, 'db' | 'clock' | 'queue' | 'logger'>; config: EmailGatewayConfig; secret: string }) {
  const { config } = options;
  // Base64 in JSON is 4/3 of the email, plus the envelope fields.
  const bodyLimit = Math.ceil(config.maxBytes * 1.4) + 64 * 1024;
  return app.register(async (scope) => {
    scope.addContentTypeParser(['message/rfc822', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
    scope.post('/webhooks/email/inbound', { bodyLimit }, async (request, reply) => {
      if (!authorized(request, options.secret)) return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'Unauthorized' });
      let input: { raw: Buffer; recipients: string[]; mailFrom: string | null; spf: string | null; dkim: string | null };
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value.slice(0, 2_000) : undefined;
      };
      if (Buffer.isBuffer(request.body)) {
        const raw = request.body;
        input = { raw, recipients: splitList(header('x-envelope-to')), mailFrom: header('x-envelope-from') ?? null, spf: header('x-spf') ?? null, dkim: header('x-dkim') ?? null };
      } else {
        const parsed = jsonBody.safeParse(request.body);
        if (!parsed.success) return reply.code(400).send({ error: parsed.error.issues[0]?.message ?? 'Invalid body' });
        const body = parsed.data;
        const text = (body.raw ?? body.email ?? body.RawEmail)!;
        input = { raw: Buffer.from(text, body.encoding === 'base64' ? 'base64' : 'utf8'), recipients: splitList(body.to), mailFrom: body.from ?? null, spf: body.spf ?? body.SPF ?? null, dkim: body.dkim ?? null };
      }
      if (input.raw.length === 0) return reply.code(400).send({ error: 'The email is empty' });
      const recipients = input.recipients.length > 0 ? input.recipients : headerRecipients(input.raw);
      const result = await receiveEmail(options.deps, config, { channel: 'http', raw: input.raw, recipients, mailFrom: input.mailFrom, spf: input.spf, dkim: input.dkim });
      if (result.outcome === 'rejected') {
        const [code, error] = result.reason === 'too_large' ? [413, 'The email is too large'] : result.reason === 'no_sender' ? [422, 'The email has no sender'] : [404, 'No company uses this address'];
        return reply.code(code).send({ error });
      }
      return reply.code(result.outcome === 'stored' ? 202 : 200).send({ status: result.outcome, id: result.id });
    });
  });
}
