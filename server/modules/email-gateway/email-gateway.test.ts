import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { createTransport } from 'nodemailer';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { consentEvents, contacts, conversations, inboundEmails, leads, messages } from '@server/platform/db/schema';
import { createLogger } from '@server/platform/lib/logger';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { DEFAULT_EMAIL_GATEWAY, tokenOf } from './email-gateway.service';
import { registerEmailWebhook } from './email.webhooks';
import { type SmtpListener, startSmtpListener } from './smtp-listener';

const t = setUpTestApp();
const config = { ...DEFAULT_EMAIL_GATEWAY, maxBytes: 64 * 1024 };
const SECRET = 'a-long-webhook-secret-0123456789';
const fixture = (name: string, to: string) => readFileSync(new URL(`../../../tests/fixtures/email/${name}`, import.meta.url), 'utf8').replace('leads+demo@inbound.leadloop.localhost', to);

let smtp: SmtpListener | null = null;
afterEach(async () => {
  await smtp?.close();
  smtp = null;
});

async function company(email = 'owner@gateway.test', withNumber = true) {
  // The fixtures are dated 2026-11-23; "now" is shortly after Thumbtack's (15:02 PST).
  t.deps.clock.set(Date.parse('2026-11-23T23:10:00Z'));
  const token = await signUp(t.deps, { email, companyName: 'Bright Home Services', signupPhone: null });
  const caller = callerFor(t.deps, { authToken: token });
  if (withNumber) await caller.phone.useSimulator();
  const { address } = await caller.emailGateway.get();
  return { caller, address };
}

async function webhookApp() {
  const app = Fastify({ logger: false });
  await registerEmailWebhook(app, { services: t.deps, config, secret: SECRET });
  return app;
}

const post = (app: Awaited<ReturnType<typeof webhookApp>>, body: string | Buffer, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/webhooks/email/inbound', payload: body, headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}`, ...headers } });

describe('the forwarding address', () => {
  it('is leads+<32 hex>@domain, the same on every view, and a rotation replaces it', async () => {
    const { caller, address } = await company();
    expect(address).toMatch(/^leads\+[0-9a-f]{32}@inbound\.leadloop\.localhost$/);
    expect((await caller.emailGateway.get()).address).toBe(address);
    const rotated = await caller.emailGateway.rotate();
    expect(rotated.address).not.toBe(address);
    expect(tokenOf(address, config.domain)).not.toBeNull();
    expect(tokenOf(address, 'other.example')).toBeNull();
  });
});

describe('SMTP listener', () => {
  it('an SMTP client (nodemailer) delivering a Thumbtack email creates the lead with the parsed phone, and the person is texted back', async () => {
    const { caller, address } = await company();
    smtp = await startSmtpListener(t.deps, config, { port: 0, host: '127.0.0.1', logger: createLogger('silent') });
    const transport = createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
    const info = await transport.sendMail({ envelope: { from: 'bounce-8812@notifications.thumbtack.com', to: [address] }, raw: fixture('thumbtack.eml', address) });
    expect(info.accepted).toEqual([address]);
    await t.deps.queue.drain();

    const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.phone, '+14155550142'));
    expect(contact).toMatchObject({ firstName: 'Jamie', lastName: 'Rivera' });
    const [lead] = await t.deps.db.select().from(leads).where(eq(leads.contactId, contact!.id));
    expect(lead).toMatchObject({ source: 'email', summary: expect.stringContaining('House Cleaning: 3 bedroom') });
    const [consent] = await t.deps.db.select().from(consentEvents).where(eq(consentEvents.contactId, contact!.id));
    expect(consent).toMatchObject({ kind: 'implied', method: 'lead_email' });
    expect(consent!.text).toContain('+14155550142');
    const texts = await t.deps.db.select().from(messages).where(eq(messages.contactId, contact!.id));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ direction: 'outbound', automated: true, toNumber: '+14155550142' });
    expect(texts[0]!.body).toContain('Hi Jamie, this is Bright Home Services. We got your request for House Cleaning');
    expect(texts[0]!.status).not.toBe('blocked');

    const list = await caller.emailGateway.emails.list({});
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ channel: 'smtp', status: 'lead_created', parser: 'thumbtack', lead: { id: lead!.id }, textBackMessageId: texts[0]!.id });
    expect(list.items[0]!.extracted).toMatchObject({ phone: '+14155550142', how: { phone: 'the “Phone” line' } });
  });

  it('refuses another address (550), a null sender and an oversized email (552)', async () => {
    const { address } = await company();
    smtp = await startSmtpListener(t.deps, config, { port: 0, host: '127.0.0.1', logger: createLogger('silent') });
    const transport = createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
    const stranger = `leads+${'0'.repeat(32)}@${config.domain}`;
    await expect(transport.sendMail({ envelope: { from: 'a@b.example', to: [stranger] }, raw: fixture('other.eml', stranger) })).rejects.toMatchObject({ responseCode: 550 });
    await expect(transport.sendMail({ envelope: { from: '', to: [address] }, raw: fixture('other.eml', address) })).rejects.toMatchObject({ responseCode: 550 });
    const big = fixture('other.eml', address) + 'x'.repeat(config.maxBytes + 10);
    await expect(transport.sendMail({ envelope: { from: 'a@b.example', to: [address] }, raw: big })).rejects.toMatchObject({ responseCode: 552 });
    expect(await t.deps.db.select().from(inboundEmails)).toHaveLength(0);
  });
});

describe('a marketplace lead email with its relay as Reply-To', () => {
  it('makes the customer the contact (never the marketplace), and says when a text waits for the morning', async () => {
    const { caller, address } = await company();
    // 11:40 PM in Austin; the email was sent two hours ago, so its text-back waits for 9:00 their time.
    t.deps.clock.set(Date.parse('2026-11-24T05:40:00Z'));
    const raw = [
      'From: Thumbtack <notifications@thumbtack.com>',
      'Reply-To: Thumbtack <reply+8f2c91ab@messages.thumbtack.com>',
      `To: ${address}`,
      'Subject: New lead: Kevin R. is looking for a plumber',
      'Date: Mon, 23 Nov 2026 21:40:00 -0600',
      'Message-ID: <tt-relay-1@thumbtack.com>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'You have a new lead on Thumbtack.',
      'Phone: 512-555-0155',
      'Details: Kitchen sink drains slowly, garbage disposal hums.',
    ].join('\r\n');
    const app = await webhookApp();
    expect((await post(app, raw)).statusCode).toBe(202);
    await t.deps.queue.drain();

    const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.phone, '+15125550155'));
    expect(contact).toMatchObject({ firstName: 'Kevin', lastName: 'R.', email: null });
    const texts = await t.deps.db.select().from(messages).where(eq(messages.contactId, contact!.id));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(/^Hi Kevin, this is Bright Home Services/);
    expect(texts[0]!.status).toBe('scheduled');
    const [email] = (await caller.emailGateway.emails.list({})).items;
    expect(email!.note).toContain('Kevin R. will be texted at 9:00 AM CST on Tue, Nov 24 (quiet hours).');
    expect(email!.note).not.toContain('was texted back');
  });
});

describe('POST /webhooks/email/inbound', () => {
  it('needs the secret', async () => {
    const { address } = await company();
    const app = await webhookApp();
    expect((await post(app, fixture('yelp.eml', address), { authorization: '' })).statusCode).toBe(401);
    expect((await post(app, fixture('yelp.eml', address), { authorization: 'Bearer wrong-secret-0123456789' })).statusCode).toBe(401);
    const basic = `Basic ${Buffer.from(`gateway:${SECRET}`).toString('base64')}`;
    expect((await post(app, fixture('yelp.eml', address), { authorization: basic })).statusCode).toBe(202);
  });

  it('is idempotent on Message-ID, records SPF and DKIM, and takes JSON with base64 MIME', async () => {
    const { caller, address } = await company();
    const app = await webhookApp();
    const first = await post(app, fixture('google-lsa.eml', address), { 'x-spf': 'pass', 'x-dkim': '{@google.com : pass}' });
    expect(first.statusCode).toBe(202);
    const again = await app.inject({
      method: 'POST',
      url: '/webhooks/email/inbound',
      headers: { authorization: `Bearer ${SECRET}` },
      payload: { raw: Buffer.from(fixture('google-lsa.eml', address)).toString('base64'), encoding: 'base64', to: address },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'duplicate', id: first.json().id });
    await t.deps.queue.drain();
    const { items } = await caller.emailGateway.emails.list({});
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ channel: 'http', spf: 'pass', dkim: '{@google.com : pass}', parser: 'google_lsa', status: 'lead_created' });
    expect(await t.deps.db.select().from(leads)).toHaveLength(1);
  });

  it('refuses oversized bodies, mail without a sender, unknown addresses and a bad JSON body', async () => {
    const { address } = await company();
    const app = await webhookApp();
    expect((await post(app, fixture('other.eml', address) + 'x'.repeat(config.maxBytes))).statusCode).toBe(413);
    expect((await post(app, Buffer.alloc(Math.ceil(config.maxBytes * 1.5), 'x'))).statusCode).toBe(413);
    const noSender = fixture('other.eml', address).replace(/^From: .*\n/m, '');
    expect((await post(app, noSender)).statusCode).toBe(422);
    expect((await post(app, fixture('other.eml', `leads+${'a'.repeat(32)}@${config.domain}`))).statusCode).toBe(404);
    const bad = await app.inject({ method: 'POST', url: '/webhooks/email/inbound', headers: { authorization: `Bearer ${SECRET}` }, payload: { to: address } });
    expect(bad.statusCode).toBe(400);
    expect(await t.deps.db.select().from(inboundEmails)).toHaveLength(0);
  });

  it('an email to one company’s address never reaches another’s list; another company’s email id is NOT_FOUND', async () => {
    const a = await company('a@gateway.test');
    const b = await company('b@gateway.test');
    const app = await webhookApp();
    const stored = (await post(app, fixture('no-phone.eml', a.address))).json() as { id: string };
    await t.deps.queue.drain();
    expect((await b.caller.emailGateway.emails.list({})).items).toHaveLength(0);
    expect((await trpcErrorOf(b.caller.emailGateway.emails.get({ id: stored.id }))).code).toBe('NOT_FOUND');
    const mine = await a.caller.emailGateway.emails.get({ id: stored.id });
    expect(mine).toMatchObject({ status: 'lead_created', parser: 'generic', textBackMessageId: null, contact: { name: 'Lee Chen' } });
    expect(mine.text).toContain('gutter cleaning in Oakland');
    expect(await t.deps.db.select().from(leads)).toHaveLength(1);
  });

  it('an email without a phone number still becomes a lead, with its words for staff, nobody texted; the same address joins it', async () => {
    const { caller, address } = await company('nophone@gateway.test');
    const app = await webhookApp();
    await post(app, fixture('no-phone.eml', address));
    await t.deps.queue.drain();
    const [item] = (await caller.emailGateway.emails.list({})).items;
    expect(item).toMatchObject({ status: 'lead_created', textBackMessageId: null, contact: { name: 'Lee Chen' } });
    expect(item!.note).toContain('No US or Canadian phone number in it, so nobody was texted');
    const [lead] = await t.deps.db.select().from(leads);
    expect(lead).toMatchObject({ source: 'email', status: 'new' });
    expect(lead!.summary).toContain('Do you service Oakland? — Hello, do you do gutter cleaning in Oakland?');
    const [person] = await t.deps.db.select().from(contacts);
    expect(person).toMatchObject({ phone: null, email: 'lee.chen@example.com', firstName: 'Lee', lastName: 'Chen' });
    expect(await t.deps.db.select().from(conversations)).toHaveLength(0);
    expect(await t.deps.db.select().from(consentEvents)).toHaveLength(0);
    expect(await t.deps.db.select().from(messages)).toHaveLength(0);

    // A second email from the same address (another Message-ID, capitals in the address) joins the open lead.
    const again = fixture('no-phone.eml', address).replace('<lee-0042@mail.example.com>', '<lee-0043@mail.example.com>').replace('lee.chen@example.com', 'Lee.Chen@Example.com');
    await post(app, again);
    await t.deps.queue.drain();
    expect(await t.deps.db.select().from(leads)).toHaveLength(1);
    expect(await t.deps.db.select().from(contacts)).toHaveLength(1);
    expect((await caller.emailGateway.emails.list({})).items.map((i) => i.status).sort()).toEqual(['lead_created', 'lead_joined']);
  });

  it('a lead without a business number yet: the lead is made, no text, and the note says why', async () => {
    const { caller, address } = await company('nonumber@gateway.test', false);
    const app = await webhookApp();
    await post(app, fixture('web-form.eml', address));
    await t.deps.queue.drain();
    const [item] = (await caller.emailGateway.emails.list({})).items;
    expect(item).toMatchObject({ status: 'lead_created', parser: 'web_form', textBackMessageId: null });
    expect(item!.note).toContain('no business number');
  });

  it('a second email from the same person within the dedupe window joins the open lead without a second text', async () => {
    const { caller, address } = await company();
    const app = await webhookApp();
    await post(app, fixture('thumbtack.eml', address));
    await post(app, fixture('thumbtack.eml', address).replace('<tt-7731-20261123@thumbtack.com>', '<tt-7732-20261123@thumbtack.com>'));
    await t.deps.queue.drain();
    const { items } = await caller.emailGateway.emails.list({});
    expect(items.map((i) => i.status).sort()).toEqual(['lead_created', 'lead_joined']);
    expect(await t.deps.db.select().from(leads)).toHaveLength(1);
    expect(await t.deps.db.select().from(messages).where(eq(messages.direction, 'outbound'))).toHaveLength(1);
  });
});
