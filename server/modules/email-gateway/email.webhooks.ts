import { createHash, timingSafeEqual } from 'node:crypto';
import { finished } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppServices } from '@server/platform/services';
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

/** The parts of a multipart post holding the raw MIME email: SendGrid's `email`, Mailgun's `body-mime`. */
const RAW_FIELDS: ReadonlySet<string> = new Set(['email', 'body-mime']);

/**
 * The small fields read from a multipart post (SendGrid Inbound Parse with "POST the raw, full MIME message" on, or a
 * Mailgun route forwarding raw MIME); every other field (`sender_ip`, `charsets`, `spam_report`, `timestamp`,
 * `token`, `signature`…) is read past and dropped. Bounds as for the JSON body.
 */
const formFields = z.object({
  envelope: z.string().max(8_000).optional(),
  to: z.string().max(2_000).optional(),
  recipient: z.string().max(2_000).optional(),
  from: z.string().max(500).optional(),
  sender: z.string().max(500).optional(),
  SPF: z.string().max(200).optional(),
  spf: z.string().max(200).optional(),
  dkim: z.string().max(500).optional(),
});
const FORM_FIELDS: ReadonlySet<string> = new Set(Object.keys(formFields.shape));

/** SendGrid's `envelope`, a JSON string: the SMTP recipients and return path. */
const envelopeJson = z.object({ to: z.array(z.string().max(500)).max(50).optional(), from: z.string().max(500).nullish() });

/** Any small field's bytes at most (busboy has one size for every field; each is then held to `formFields`). */
const SMALL_FIELD_BYTES = 16 * 1024;

const MISSING_RAW =
  'This form has no raw email (a field named “email” or “body-mime”). In SendGrid’s Inbound Parse settings, turn on ' +
  '“POST the raw, full MIME message”; in Mailgun, forward to this URL ending in /mime so it posts the raw MIME.';

interface Delivery {
  raw: Buffer;
  recipients: string[];
  mailFrom: string | null;
  spf: string | null;
  dkim: string | null;
}
interface Refusal {
  code: 400 | 413;
  error: string;
}
const TOO_LARGE: Refusal = { code: 413, error: 'The email is too large' };

/** What the multipart parser of @fastify/multipart throws: its own errors carry an HTTP status. */
const statusOf = (error: unknown): number | undefined =>
  error && typeof error === 'object' && 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : undefined;

/** Every part of a multipart post read: the raw email's bytes, the small fields kept, whether one was cut. */
async function readParts(request: FastifyRequest) {
  const fields = new Map<string, string>();
  let raw: Buffer | null = null;
  let truncated = false;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!raw && RAW_FIELDS.has(part.fieldname)) raw = await part.toBuffer();
      else {
        part.file.resume();
        await finished(part.file);
      }
    } else if (FORM_FIELDS.has(part.fieldname) && !fields.has(part.fieldname)) {
      truncated ||= part.valueTruncated;
      fields.set(part.fieldname, typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
    }
  }
  return { raw, fields, truncated };
}

/**
 * Reads a multipart post into a delivery. The raw email's part is read as a stream of bytes (never decoded, so an
 * 8-bit body in any charset arrives byte for byte), up to a little over EMAIL_GATEWAY_MAX_BYTES: an email just over
 * the limit is read whole and refused by the same check as the other ways in. File parts are ignored — read past and
 * dropped, since attachments travel inside the raw email — except a raw email's part sent as a file upload
 * (`curl -F email=@lead.eml`), which is the email. The whole body is held to `bodyLimit`: @fastify/multipart streams
 * the request and so escapes Fastify's own limit, and a chunked post has no Content-Length to check first.
 */
async function readForm(request: FastifyRequest, bodyLimit: number): Promise<Delivery | Refusal> {
  if (Number(request.headers['content-length']) > bodyLimit) return TOO_LARGE;
  const reading = readParts(request);
  // `request.parts()` has piped the request into the parser by now (readParts ran up to its first await), so this
  // counter sees every byte the parser does.
  let received = 0;
  let overflow: () => void = () => {};
  const overflowed = new Promise<null>((resolve) => (overflow = () => resolve(null)));
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= bodyLimit) return;
    request.raw.off('data', count);
    request.raw.unpipe();
    request.raw.pause();
    overflow();
  };
  request.raw.on('data', count);
  // Once the body overflowed, the parser is left waiting for the connection to close; what it throws then is moot.
  reading.catch(() => {});
  let read: Awaited<typeof reading> | null;
  try {
    read = await Promise.race([reading, overflowed]);
  } catch (error) {
    if (statusOf(error) === 413) return { code: 413, error: 'The form is too large (too many or too big parts)' };
    return { code: 400, error: 'The multipart form could not be read' };
  } finally {
    request.raw.off('data', count);
  }
  if (!read) return TOO_LARGE;
  const { raw, fields, truncated } = read;
  if (truncated) return { code: 413, error: 'A form field is too large' };

  const parsed = formFields.safeParse(Object.fromEntries(fields));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { code: 400, error: issue ? `${issue.path.join('.')}: ${issue.message}` : 'Invalid form' };
  }
  if (!raw) return { code: 400, error: MISSING_RAW };
  const form = parsed.data;
  let envelope: z.infer<typeof envelopeJson> = {};
  if (form.envelope) {
    let json: unknown;
    try {
      json = JSON.parse(form.envelope);
    } catch {
      return { code: 400, error: 'envelope: not JSON' };
    }
    const checked = envelopeJson.safeParse(json);
    if (!checked.success) return { code: 400, error: `envelope: ${checked.error.issues[0]?.message ?? 'invalid'}` };
    envelope = checked.data;
  }
  // The SMTP envelope names the gateway address even when the email's To header does not (a Bcc, a forwarded copy).
  const recipients = [envelope.to, form.recipient, form.to].map((list) => splitList(list)).find((list) => list.length > 0) ?? [];
  const mailFrom = envelope.from?.trim() || form.sender?.trim() || form.from?.trim() || null;
  return { raw, recipients, mailFrom, spf: form.SPF ?? form.spf ?? null, dkim: form.dkim ?? null };
}

function refuse(reply: FastifyReply, refusal: Refusal) {
  return reply.code(refusal.code).send({ error: refusal.error });
}

/**
 * POST /webhooks/email/inbound — inbound-parse webhooks with the raw MIME email, three ways:
 * - `Content-Type: message/rfc822`: the body is the email; envelope in X-Envelope-To / X-Envelope-From, SPF and DKIM
 *   verdicts in X-SPF / X-DKIM;
 * - JSON (see `jsonBody`);
 * - `multipart/form-data` as SendGrid (raw mode) and Mailgun (raw MIME) post it (see `readForm`). Mailgun posts raw
 *   MIME only to a URL ending in "mime", so the same route also answers at /webhooks/email/inbound/mime.
 * Authenticated with EMAIL_GATEWAY_WEBHOOK_SECRET; bodies bounded; idempotent on Message-ID. Answers 401, 400, 413,
 * 422 (no sender), 404 (no company's address), 202 (stored) and 200 (a duplicate). Registered only when the secret
 * is set; the multipart parser exists in this route's scope only.
 */
export function registerEmailWebhook(app: FastifyInstance, options: { services: Pick<AppServices, 'db' | 'clock' | 'queue' | 'logger'>; config: EmailGatewayConfig; secret: string }) {
  const { config } = options;
  // Base64 in JSON is 4/3 of the email, plus the envelope fields.
  const bodyLimit = Math.ceil(config.maxBytes * 1.4) + 64 * 1024;
  return app.register(async (scope) => {
    scope.addContentTypeParser(['message/rfc822', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
    await scope.register(fastifyMultipart, {
      // A part is the raw email by its name (whatever its content type or file name), or a file to drop by its file name.
      isPartAFile: (name, _contentType, fileName) => fileName !== undefined || (name !== undefined && RAW_FIELDS.has(name)),
      limits: {
        fieldNameSize: 100,
        fieldSize: SMALL_FIELD_BYTES,
        fields: 50,
        fileSize: Math.ceil(config.maxBytes * 1.1),
        files: 10,
        parts: 60,
        headerPairs: 20,
      },
    });
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!authorized(request, options.secret)) {
        // A multipart body is still unread: close the connection rather than read it for nothing.
        if (request.isMultipart()) reply.header('connection', 'close');
        return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'Unauthorized' });
      }
      let input: Delivery;
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value.slice(0, 2_000) : undefined;
      };
      if (request.isMultipart()) {
        const read = await readForm(request, bodyLimit);
        if ('error' in read) {
          if (read.code === 413) reply.header('connection', 'close');
          return refuse(reply, read);
        }
        input = read;
      } else if (Buffer.isBuffer(request.body)) {
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
      const result = await receiveEmail(options.services, config, { channel: 'http', raw: input.raw, recipients, mailFrom: input.mailFrom, spf: input.spf, dkim: input.dkim });
      if (result.outcome === 'rejected') {
        const [code, error] = result.reason === 'too_large' ? [413, 'The email is too large'] : result.reason === 'no_sender' ? [422, 'The email has no sender'] : [404, 'No company uses this address'];
        return reply.code(code).send({ error });
      }
      return reply.code(result.outcome === 'stored' ? 202 : 200).send({ status: result.outcome, id: result.id });
    };
    scope.post('/webhooks/email/inbound', { bodyLimit }, handler);
    scope.post('/webhooks/email/inbound/mime', { bodyLimit }, handler);
  });
}
