import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts, inboundEmails, leads, messages } from '@server/platform/db/schema';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { DEFAULT_EMAIL_GATEWAY } from './email-gateway.service';
import { registerEmailWebhook } from './email.webhooks';

/**
 * POST /webhooks/email/inbound as SendGrid Inbound Parse (raw mode) and a Mailgun raw-MIME route post it:
 * multipart/form-data, over HTTP through Fastify's inject. The JSON and message/rfc822 ways are in
 * email-gateway.test.ts.
 */

const t = setUpTestApp();
const config = { ...DEFAULT_EMAIL_GATEWAY, maxBytes: 64 * 1024 };
// The webhook's own limit for a whole body (docs/decisions/0030): 1.4 × the email limit + 64 kB.
const BODY_LIMIT = Math.ceil(config.maxBytes * 1.4) + 64 * 1024;
const SECRET = 'a-long-webhook-secret-0123456789';
const AUTH = { authorization: `Bearer ${SECRET}` };
const OWNER_INBOX = 'Bright Home Services <owner@brighthome.example>';

/**
 * A fixture as the business's own inbox forwarded it: the To header is the owner's address, not the gateway's, so
 * only the provider's envelope (or recipient) field can say which company it is for.
 */
const forwarded = (name: string) => readFileSync(new URL(`../../../tests/fixtures/email/${name}`, import.meta.url), 'utf8').replace('leads+demo@inbound.leadloop.localhost', 'owner@brighthome.example');

async function company(email = 'owner@multipart.test') {
  // The fixtures are dated 2026-11-23; "now" is shortly after Thumbtack's (15:02 PST).
  t.deps.clock.set(Date.parse('2026-11-23T23:10:00Z'));
  const token = await signUp(t.deps, { email, companyName: 'Bright Home Services', signupPhone: null });
  const caller = callerFor(t.deps, { authToken: token });
  await caller.phone.useSimulator();
  const { address } = await caller.emailGateway.get();
  return { caller, address };
}

async function webhookApp() {
  const app = Fastify({ logger: false });
  await registerEmailWebhook(app, { services: t.deps, config, secret: SECRET });
  // A route outside the webhook's scope: multipart must not reach it.
  app.post('/elsewhere', async () => ({ ok: true }));
  return app;
}

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}
const BOUNDARY = '----leadloop-test-7f3a9c';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart/form-data body, byte for byte as a provider sends it. */
function form(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** What SendGrid Inbound Parse posts with "POST the raw, full MIME message" checked. */
const sendGrid = (raw: string | Buffer, address: string): Part[] => [
  { name: 'dkim', value: '{@thumbtack.com : pass}' },
  { name: 'email', value: raw },
  { name: 'to', value: OWNER_INBOX },
  { name: 'from', value: 'Thumbtack <no-reply@thumbtack.com>' },
  { name: 'subject', value: 'Jamie Rivera wants House Cleaning' },
  { name: 'sender_ip', value: '198.51.100.20' },
  { name: 'spam_report', value: 'Spam detection software, running on the system "mx.sendgrid.net", has NOT identified this incoming email as spam.' },
  { name: 'envelope', value: JSON.stringify({ to: [address], from: 'bounce-8812@notifications.thumbtack.com' }) },
  { name: 'charsets', value: JSON.stringify({ to: 'UTF-8', from: 'UTF-8', subject: 'UTF-8' }) },
  { name: 'SPF', value: 'pass' },
  { name: 'spam_score', value: '0.1' },
];

/** What a Mailgun route posts when its forward() URL ends in "mime". */
const mailgun = (raw: string, address: string): Part[] => [
  { name: 'recipient', value: address },
  { name: 'sender', value: 'reviews-bounce@biz.yelp.com' },
  { name: 'from', value: 'Yelp for Business <no-reply@biz.yelp.com>' },
  { name: 'subject', value: 'New request a quote from Marcus B. - Yelp' },
  { name: 'body-mime', value: raw },
  { name: 'timestamp', value: '1795485842' },
  { name: 'token', value: 'c1a2b3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071829' },
  { name: 'signature', value: '0f5c8d3e7a9b1c2d4e6f8a0b1c3d5e7f9a1b3c5d7e9f1a3b5c7d9e1f3a5b7c9d' },
];

type App = Awaited<ReturnType<typeof webhookApp>>;
const postForm = (app: App, parts: Part[], headers: Record<string, string> = AUTH, url = '/webhooks/email/inbound') =>
  app.inject({ method: 'POST', url, payload: form(parts), headers: { 'content-type': CONTENT_TYPE, ...headers } });

describe('POST /webhooks/email/inbound with multipart/form-data', () => {
  it('SendGrid (raw mode): the email is stored with its envelope, SPF and DKIM, and becomes the lead with a text-back; a redelivery is a duplicate', async () => {
    const { caller, address } = await company();
    const app = await webhookApp();
    const first = await postForm(app, sendGrid(forwarded('thumbtack.eml'), address));
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ status: 'stored', id: expect.any(String) });

    const again = await postForm(app, sendGrid(forwarded('thumbtack.eml'), address));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'duplicate', id: first.json().id });

    await t.deps.queue.drain();
    const stored = await t.deps.db.select().from(inboundEmails);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ channel: 'http', mailFrom: 'bounce-8812@notifications.thumbtack.com', spf: 'pass', dkim: '{@thumbtack.com : pass}' });
    expect(stored[0]!.raw.equals(Buffer.from(forwarded('thumbtack.eml')))).toBe(true);

    const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.phone, '+14155550142'));
    expect(contact).toMatchObject({ firstName: 'Jamie', lastName: 'Rivera' });
    const [lead] = await t.deps.db.select().from(leads).where(eq(leads.contactId, contact!.id));
    expect(lead).toMatchObject({ source: 'email' });
    const texts = await t.deps.db.select().from(messages).where(eq(messages.contactId, contact!.id));
    expect(texts).toHaveLength(1);

    const { items } = await caller.emailGateway.emails.list({});
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ status: 'lead_created', parser: 'thumbtack', lead: { id: lead!.id }, spf: 'pass' });
  });

  it('Mailgun (raw MIME, at the URL ending in /mime): body-mime and recipient make the lead', async () => {
    const { caller, address } = await company();
    const app = await webhookApp();
    const response = await postForm(app, mailgun(forwarded('yelp.eml'), address), AUTH, '/webhooks/email/inbound/mime');
    expect(response.statusCode).toBe(202);
    await t.deps.queue.drain();
    const [stored] = await t.deps.db.select().from(inboundEmails);
    expect(stored).toMatchObject({ mailFrom: 'reviews-bounce@biz.yelp.com', spf: null });
    const [item] = (await caller.emailGateway.emails.list({})).items;
    expect(item).toMatchObject({ status: 'lead_created', parser: 'yelp', extracted: { phone: '+16045550137' } });
    expect(await t.deps.db.select().from(leads)).toHaveLength(1);
  });

  it('without an envelope or recipient field, the `to` field names the company; without any, the email’s own headers', async () => {
    const { address } = await company();
    const app = await webhookApp();
    const onlyTo = await postForm(app, [
      { name: 'email', value: forwarded('web-form.eml') },
      { name: 'to', value: `Leads <${address}>` },
    ]);
    expect(onlyTo.statusCode).toBe(202);
    const fromHeaders = await postForm(app, [{ name: 'email', value: readFileSync(new URL('../../../tests/fixtures/email/angi.eml', import.meta.url), 'utf8').replace('leads+demo@inbound.leadloop.localhost', address) }]);
    expect(fromHeaders.statusCode).toBe(202);
    // The forwarded copy without a field naming the gateway is for nobody.
    expect((await postForm(app, [{ name: 'email', value: forwarded('google-lsa.eml') }])).statusCode).toBe(404);
    expect(await t.deps.db.select().from(inboundEmails)).toHaveLength(2);
  });

  it('keeps the raw email byte for byte, whatever its charset (an 8-bit windows-1252 body)', async () => {
    const { address } = await company();
    const app = await webhookApp();
    const raw = Buffer.concat([
      Buffer.from(`From: Renée Dubois <renee@example.com>\r\nTo: ${address}\r\nSubject: Devis\r\nMessage-ID: <renee-1@example.com>\r\n`),
      Buffer.from('MIME-Version: 1.0\r\nContent-Type: text/plain; charset=windows-1252\r\nContent-Transfer-Encoding: 8bit\r\n\r\n'),
      Buffer.from([0x52, 0x65, 0x6e, 0xe9, 0x65, 0x20, 0x96, 0x20]), // "Renée – " in windows-1252
      Buffer.from('call me at (415) 555-0177\r\n'),
    ]);
    const response = await postForm(app, [
      { name: 'email', value: raw },
      { name: 'envelope', value: JSON.stringify({ to: [address], from: 'renee@example.com' }) },
    ]);
    expect(response.statusCode).toBe(202);
    const [stored] = await t.deps.db.select().from(inboundEmails);
    expect(stored!.raw.equals(raw)).toBe(true);
  });

  it('SendGrid’s parsed mode (no raw email) is refused with 400 and says which setting to turn on; nothing is stored', async () => {
    const { address } = await company();
    const app = await webhookApp();
    const response = await postForm(app, [
      { name: 'headers', value: 'From: Thumbtack <no-reply@thumbtack.com>\nTo: owner@brighthome.example' },
      { name: 'text', value: 'Customer: Jamie Rivera\nPhone: (415) 555-0142' },
      { name: 'html', value: '<p>Customer: Jamie Rivera</p>' },
      { name: 'to', value: OWNER_INBOX },
      { name: 'from', value: 'Thumbtack <no-reply@thumbtack.com>' },
      { name: 'envelope', value: JSON.stringify({ to: [address], from: 'bounce@thumbtack.com' }) },
      { name: 'attachments', value: '0' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('“POST the raw, full MIME message”');
    expect(await t.deps.db.select().from(inboundEmails)).toHaveLength(0);
  });

  it('needs the secret (Bearer or the Basic-auth password)', async () => {
    const { address } = await company();
    const app = await webhookApp();
    const parts = sendGrid(forwarded('thumbtack.eml'), address);
    const none = await postForm(app, parts, {});
    expect(none.statusCode).toBe(401);
    expect(none.headers.connection).toBe('close');
    expect((await postForm(app, parts, { authorization: 'Bearer wrong-secret-0123456789' })).statusCode).toBe(401);
    expect(await t.deps.db.select().from(inboundEmails)).toHaveLength(0);
    const basic = `Basic ${Buffer.from(`sendgrid:${SECRET}`).toString('base64')}`;
    expect((await postForm(app, parts, { authorization: basic })).statusCode).toBe(202);
  });

  it('refuses with 413: an email over the limit, a raw part over its bound, a body over the limit (with or without Content-Length), too many fields, a huge small field', async () => {
    const { address } = await company();
    const app = await webhookApp();
    const envelope = { name: 'envelope', value: JSON.stringify({ to: [address], from: 'a@b.example' }) };
    const big = (bytes: number) => forwarded('other.eml') + 'x'.repeat(bytes);

    // Just over the email limit: read whole, refused by the check every way in shares.
    const over = await postForm(app, [{ name: 'email', value: big(config.maxBytes) }, envelope]);
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toBe('The email is too large');
    // Past the raw part's own bound (1.1 × the email limit): the parser stops reading it.
    expect((await postForm(app, [{ name: 'email', value: big(Math.ceil(config.maxBytes * 1.2)) }, envelope])).statusCode).toBe(413);
    // A body past the webhook's limit, told by Content-Length, is refused before it is read.
    const huge = form([envelope, { name: 'padding', value: 'x'.repeat(BODY_LIMIT) }, { name: 'email', value: forwarded('other.eml') }]);
    const declared = await app.inject({ method: 'POST', url: '/webhooks/email/inbound', payload: huge, headers: { 'content-type': CONTENT_TYPE, ...AUTH } });
    expect(declared.statusCode).toBe(413);
    // The same body sent chunked (no Content-Length): the byte count stops it; unknown fields add up too.
    const chunks = Array.from({ length: Math.ceil(huge.length / 16_384) }, (_, i) => huge.subarray(i * 16_384, (i + 1) * 16_384));
    const streamed = await app.inject({ method: 'POST', url: '/webhooks/email/inbound', payload: Readable.from(chunks), headers: { 'content-type': CONTENT_TYPE, ...AUTH } });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.headers.connection).toBe('close');

    const manyFields = Array.from({ length: 55 }, (_, i) => ({ name: `x${i}`, value: 'y' }));
    expect((await postForm(app, [{ name: 'email', value: forwarded('other.eml') }, envelope, ...manyFields])).statusCode).toBe(413);
    expect((await postForm(app, [{ name: 'email', value: forwarded('other.eml') }, { name: 'to', value: `${address},${'z'.repeat(20_000)}` }])).statusCode).toBe(413);
    expect(await t.deps.db.select().from(inboundEmails)).toHaveLength(0);
  });

  it('refuses a small field over its bound, a broken envelope and a broken form with 400; mail without a sender with 422', async () => {
    const { address } = await company();
    const app = await webhookApp();
    const email = { name: 'email', value: forwarded('other.eml') };
    expect((await postForm(app, [email, { name: 'SPF', value: 'p'.repeat(300) }, { name: 'to', value: address }])).statusCode).toBe(400);
    const badEnvelope = await postForm(app, [email, { name: 'envelope', value: '{"to":' }]);
    expect(badEnvelope.statusCode).toBe(400);
    expect(badEnvelope.json().error).toContain('envelope');
    const cut = form([email, { name: 'to', value: address }]).subarray(0, 200);
    const broken = await app.inject({ method: 'POST', url: '/webhooks/email/inbound', payload: Buffer.concat([cut, Buffer.from('\r\n--wrong--')]), headers: { 'content-type': 'multipart/form-data', ...AUTH } });
    expect(broken.statusCode).toBe(400);
    const noSender = forwarded('other.eml').replace(/^From: .*\n/m, '');
    expect((await postForm(app, [{ name: 'email', value: noSender }, { name: 'to', value: address }])).statusCode).toBe(422);
    expect(await t.deps.db.select().from(inboundEmails)).toHaveLength(0);
  });

  it('ignores file parts (attachments travel inside the raw email), but a raw email sent as a file upload is the email', async () => {
    const { caller, address } = await company();
    const app = await webhookApp();
    const withFile = await postForm(app, [
      ...sendGrid(forwarded('thumbtack.eml'), address),
      { name: 'attachment1', value: Buffer.alloc(20_000, 7), filename: 'estimate.pdf', contentType: 'application/pdf' },
    ]);
    expect(withFile.statusCode).toBe(202);
    const asUpload = await postForm(app, [
      { name: 'email', value: forwarded('facebook.eml'), filename: 'lead.eml', contentType: 'message/rfc822' },
      { name: 'to', value: address },
    ]);
    expect(asUpload.statusCode).toBe(202);
    // Only files: nothing to read.
    const onlyFiles = await postForm(app, [{ name: 'attachment1', value: forwarded('yelp.eml'), filename: 'lead.eml' }, { name: 'to', value: address }]);
    expect(onlyFiles.statusCode).toBe(400);
    await t.deps.queue.drain();
    const { items } = await caller.emailGateway.emails.list({});
    expect(items.map((item) => item.parser).sort()).toEqual(['facebook', 'thumbtack']);
  });

  it('is parsed in the webhook’s scope only: another route still refuses multipart (415)', async () => {
    const app = await webhookApp();
    const response = await app.inject({ method: 'POST', url: '/elsewhere', payload: form([{ name: 'a', value: 'b' }]), headers: { 'content-type': CONTENT_TYPE } });
    expect(response.statusCode).toBe(415);
  });
});
