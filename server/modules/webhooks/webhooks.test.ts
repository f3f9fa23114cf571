import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_DELAYS_MS } from '@contracts/webhooks';
import { domainEvents, notifications, users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '@server/platform/db/schema';
import type { RecordedEvent } from '@server/platform/events/domain-events';
import { HOUR } from '@server/platform/lib/clock';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { businessWithNumber, type TestBusiness, textTheBusiness } from '@server/testing/business';
import { callerFor, setUpTestApp } from '@server/testing/test-app';
import type { DomainEvent } from '@contracts/events';
import { webhookEventsConsumer, webhookHttp } from './webhook-delivery';

/**
 * Outgoing webhooks (issue 25 item 4): endpoints with a secret shown once and stored sealed, Standard Webhooks
 * signatures the reference library verifies, the payload's objects, retries on the schedule and the auto-disable
 * on a fake clock, the SSRF guard at save and at delivery, excerpts, resends, tests, and company scoping.
 */
const t = setUpTestApp();
const CUSTOMER = '+14155550001';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  url: string;
}
let server: Server;
let base: string;
let received: Received[] = [];
/** How the receiver answers the next requests. */
let answer: { status: number; body: string; location?: string } = { status: 200, body: 'ok' };

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), url: request.url ?? '' });
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {}).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
  answer = { status: 200, body: 'ok' };
  // Signatures carry the sending time and the reference library checks it against the real clock.
  t.deps.clock.set(Date.now());
  t.deps.allowPrivateNetworks = true;
});
afterEach(() => {
  delete webhookHttp.lookup;
});

async function company(): Promise<TestBusiness & { caller: ReturnType<typeof callerFor> }> {
  const s = await businessWithNumber(t.deps);
  return { ...s, caller: callerFor(t.deps, { authToken: s.token }) };
}

async function endpoint(s: { caller: ReturnType<typeof callerFor> }, events: string[] = ['message.received', 'lead.created'], url = `${base}/hooks`) {
  return s.caller.webhooks.endpoints.create({ url, description: 'Our CRM', events: events as never });
}

const deliveriesOf = (endpointId: string) => t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(asc(webhookDeliveries.createdAt));

describe('webhook endpoints', () => {
  it('shows the whsec_ secret once, stores it sealed, and lists the endpoint without it', async () => {
    const s = await company();
    const made = await endpoint(s);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(made.endpoint).toMatchObject({ url: `${base}/hooks`, description: 'Our CRM', events: ['message.received', 'lead.created'], enabled: true });
    const [row] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, made.endpoint.id));
    expect(row!.secretSealed).not.toContain(made.secret.slice(6));
    expect(t.deps.secrets!.open(row!.secretSealed)).toBe(made.secret);
    const list = await s.caller.webhooks.endpoints.list();
    expect(JSON.stringify(list)).not.toContain(made.secret);
    expect(list[0]!.secretHint).toBe(`${made.secret.slice(0, 10)}…`);
    // A new secret replaces it at once.
    const rolled = await s.caller.webhooks.endpoints.rollSecret({ id: made.endpoint.id });
    expect(rolled.secret).not.toBe(made.secret);
    const updated = await s.caller.webhooks.endpoints.update({ id: made.endpoint.id, enabled: false, events: ['call.missed'] });
    expect(updated).toMatchObject({ enabled: false, disabledReason: 'manual', events: ['call.missed'] });
    await s.caller.webhooks.endpoints.delete({ id: made.endpoint.id });
    expect(await s.caller.webhooks.endpoints.list()).toEqual([]);
  });

  it('refuses unknown events and a non-web address with a clear message', async () => {
    const s = await company();
    const unknown = await trpcErrorOf(s.caller.webhooks.endpoints.create({ url: 'https://crm.example.com/in', events: ['lead.exploded' as never] }));
    expect(unknown.code).toBe('BAD_REQUEST');
    expect(unknown.message).toContain('events: each is one of lead.created');
    const none = await trpcErrorOf(s.caller.webhooks.endpoints.create({ url: 'https://crm.example.com/in', events: [] }));
    expect(none.message).toContain('pick at least one event');
  });

  it.each([
    ['http://127.0.0.1/hook', 'loopback'],
    ['http://10.0.0.5/hook', 'private'],
    ['http://192.168.1.20/hook', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local (cloud metadata)'],
    ['http://[::1]/hook', 'loopback'],
    ['http://[fe80::1]/hook', 'link-local'],
    ['http://[fd00:ec2::254]/hook', 'cloud metadata'],
    ['http://[::ffff:10.0.0.1]/hook', 'private'],
    ['ftp://crm.example.com/hook', 'Only http and https'],
    ['http://localhost:8080/hook', 'a local name'],
  ])('refuses %s at save (%s) while private networks are not allowed', async (url, reason) => {
    t.deps.allowPrivateNetworks = false;
    const s = await company();
    const error = await trpcErrorOf(endpoint(s, ['lead.created'], url));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain(reason);
  });

  it('with WEBHOOKS_ALLOW_PRIVATE_NETWORKS a loopback or LAN address is saved, a metadata one still is not', async () => {
    const s = await company();
    await expect(endpoint(s, ['lead.created'], 'http://192.168.1.20/hook')).resolves.toBeTruthy();
    await expect(endpoint(s, ['lead.created'], `${base}/hooks`)).resolves.toBeTruthy();
    expect((await trpcErrorOf(endpoint(s, ['lead.created'], 'http://169.254.169.254/'))).message).toContain('cloud metadata');
  });

  it('is for the owner and admins: staff may read the endpoints and the log, not change them', async () => {
    const s = await company();
    const made = await endpoint(s);
    await t.deps.db.update(users).set({ role: 'staff' }).where(eq(users.companyId, s.companyId));
    expect((await trpcErrorOf(endpoint(s))).code).toBe('FORBIDDEN');
    expect((await trpcErrorOf(s.caller.webhooks.endpoints.update({ id: made.endpoint.id, enabled: false }))).code).toBe('FORBIDDEN');
    expect((await trpcErrorOf(s.caller.webhooks.endpoints.sendTest({ id: made.endpoint.id }))).code).toBe('FORBIDDEN');
    expect(await s.caller.webhooks.endpoints.list()).toHaveLength(1);
    expect((await s.caller.webhooks.deliveries.list({})).items).toEqual([]);
  });
});

describe('deliveries', () => {
  it('a text to the business reaches the endpoint as a signed message.received the reference library verifies, with the message, contact and lead', async () => {
    const s = await company();
    const made = await endpoint(s);
    await textTheBusiness(s, CUSTOMER, 'Hi, my water heater is leaking');

    const types = received.map((r) => JSON.parse(r.body).type);
    expect(types.sort()).toEqual(['lead.created', 'message.received']);
    const hit = received.find((r) => JSON.parse(r.body).type === 'message.received')!;
    expect(hit.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(hit.headers['content-type']).toBe('application/json');
    const verified = new Webhook(made.secret).verify(hit.body, {
      'webhook-id': String(hit.headers['webhook-id']),
      'webhook-timestamp': String(hit.headers['webhook-timestamp']),
      'webhook-signature': String(hit.headers['webhook-signature']),
    }) as { type: string; timestamp: string; data: Record<string, { [key: string]: unknown }> };
    expect(verified.type).toBe('message.received');
    expect(new Date(verified.timestamp).toISOString()).toBe(verified.timestamp);
    expect(verified.data.message).toMatchObject({ direction: 'inbound', text: 'Hi, my water heater is leaking', from: CUSTOMER, to: s.business });
    expect(verified.data.contact).toMatchObject({ phone: CUSTOMER, opted_out: false });
    expect(verified.data.lead).toMatchObject({ source: 'sms', status: 'new' });
    // Another secret does not verify it.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(hit.body, hit.headers as Record<string, string>)).toThrow();

    const log = await s.caller.webhooks.deliveries.list({ endpointId: made.endpoint.id });
    expect(log.items.map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    expect(log.items[0]).toMatchObject({ attempts: 1, responseStatus: 200, responseExcerpt: 'ok', endpointUrl: `${base}/hooks` });
    expect(log.items[0]!.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('makes one delivery per endpoint per event, however often the fan-out runs, and skips endpoints that are off or not subscribed', async () => {
    const s = await company();
    const on = await endpoint(s, ['message.received']);
    const other = await endpoint(s, ['call.missed']);
    const off = await endpoint(s, ['message.received']);
    await s.caller.webhooks.endpoints.update({ id: off.endpoint.id, enabled: false });
    await textTheBusiness(s, CUSTOMER, 'Hello');
    const [event] = await t.deps.db.select().from(domainEvents).where(and(eq(domainEvents.companyId, s.companyId), eq(domainEvents.type, 'message.received')));
    const recorded: RecordedEvent = { seq: event!.seq, companyId: event!.companyId, occurredAt: event!.occurredAt, event: { type: event!.type, data: event!.data } as DomainEvent };
    await webhookEventsConsumer(t.deps)(recorded);
    await webhookEventsConsumer(t.deps)(recorded);
    await t.deps.queue.drain();
    expect(await deliveriesOf(on.endpoint.id)).toHaveLength(1);
    expect(await deliveriesOf(other.endpoint.id)).toHaveLength(0);
    expect(await deliveriesOf(off.endpoint.id)).toHaveLength(0);
    expect(received).toHaveLength(1);
  });

  it('retries with exponential backoff over about a day, then turns the endpoint off and tells the owner', async () => {
    const s = await company();
    const made = await endpoint(s, ['message.received']);
    answer = { status: 503, body: 'down for maintenance' };
    await textTheBusiness(s, CUSTOMER, 'Anyone there?');
    const [delivery] = await deliveriesOf(made.endpoint.id);
    const started = delivery!.createdAt.getTime();

    const gaps: number[] = [];
    for (let attempt = 1; attempt < WEBHOOK_RETRY_DELAYS_MS.length; attempt += 1) {
      const [current] = await deliveriesOf(made.endpoint.id);
      expect(current).toMatchObject({ status: 'retrying', attempts: attempt, responseStatus: 503, responseExcerpt: 'down for maintenance' });
      gaps.push(current!.nextAttemptAt!.getTime() - current!.lastAttemptAt!.getTime());
      // Not a moment early.
      t.deps.clock.set(current!.nextAttemptAt!.getTime() - 1);
      await t.deps.queue.drain();
      expect((await deliveriesOf(made.endpoint.id))[0]!.attempts).toBe(attempt);
      t.deps.clock.advance(1);
      await t.deps.queue.drain();
    }
    expect(gaps).toEqual(WEBHOOK_RETRY_DELAYS_MS.slice(1));
    const [last] = await deliveriesOf(made.endpoint.id);
    expect(last).toMatchObject({ status: 'failed', attempts: 8, nextAttemptAt: null });
    expect(last!.lastAttemptAt!.getTime() - started).toBeGreaterThan(24 * HOUR);
    expect(received).toHaveLength(8);
    // Every attempt the same bytes and the same webhook-id.
    expect(new Set(received.map((r) => `${String(r.headers['webhook-id'])}|${r.body}`)).size).toBe(1);

    const [after] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, made.endpoint.id));
    expect(after).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const told = await t.deps.db.select().from(notifications).where(and(eq(notifications.companyId, s.companyId), eq(notifications.event, 'webhook_disabled')));
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toContain('Webhook endpoint turned off');
    expect(told[0]!.link).toBe(`/integrations?endpoint=${made.endpoint.id}`);
    // Off: the next event makes no delivery; back on, it does.
    answer = { status: 204, body: '' };
    await textTheBusiness(s, CUSTOMER, 'Hello again');
    expect(await deliveriesOf(made.endpoint.id)).toHaveLength(1);
    await s.caller.webhooks.endpoints.update({ id: made.endpoint.id, enabled: true });
    await textTheBusiness(s, CUSTOMER, 'Third try');
    expect((await deliveriesOf(made.endpoint.id)).map((d) => d.status)).toEqual(['failed', 'succeeded']);
  });

  it('a success inside the day clears the failing streak, so the endpoint stays on', async () => {
    const s = await company();
    const made = await endpoint(s, ['message.received']);
    answer = { status: 500, body: 'oops' };
    await textTheBusiness(s, CUSTOMER, 'One');
    t.deps.clock.advance(20 * HOUR);
    answer = { status: 200, body: 'ok' };
    await textTheBusiness(s, CUSTOMER, 'Two');
    const [row] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, made.endpoint.id));
    expect(row).toMatchObject({ enabled: true, failingSince: null });
  });

  it('keeps an excerpt of the answer, cut at 500 characters', async () => {
    const s = await company();
    const made = await endpoint(s, ['message.received']);
    answer = { status: 200, body: '🙂'.repeat(20_000) };
    await textTheBusiness(s, CUSTOMER, 'Big answer please');
    const [delivery] = await deliveriesOf(made.endpoint.id);
    expect(delivery!.status).toBe('succeeded');
    expect(delivery!.responseExcerpt!.length).toBeLessThanOrEqual(500);
    expect(delivery!.responseExcerpt!.endsWith('🙂…')).toBe(true);
  });

  it('a resend is a new attempt with the same body and webhook-id; a test send delivers webhook.test once', async () => {
    const s = await company();
    const made = await endpoint(s, ['message.received']);
    await textTheBusiness(s, CUSTOMER, 'Resend me');
    const [delivery] = await deliveriesOf(made.endpoint.id);
    // A moment later (newest first is by time: two attempts in one millisecond have no order).
    t.deps.clock.advance(1000);
    await s.caller.webhooks.deliveries.resend({ id: delivery!.id });
    await t.deps.queue.drain();
    const detail = await s.caller.webhooks.deliveries.get({ id: delivery!.id });
    expect(detail.attemptLog.map((a) => a.trigger)).toEqual(['resend', 'scheduled']);
    expect(detail).toMatchObject({ attempts: 2, status: 'succeeded' });
    expect(received).toHaveLength(2);
    expect(received[0]!.headers['webhook-id']).toBe(received[1]!.headers['webhook-id']);
    expect(received[0]!.body).toBe(received[1]!.body);

    // A failed delivery resent after the receiver is fixed ends delivered.
    answer = { status: 410, body: 'gone' };
    const test = await s.caller.webhooks.endpoints.sendTest({ id: made.endpoint.id });
    await t.deps.queue.drain();
    const failedTest = await s.caller.webhooks.deliveries.get({ id: test.deliveryId });
    expect(failedTest).toMatchObject({ eventType: 'webhook.test', test: true, status: 'failed', attempts: 1, responseStatus: 410, error: 'Answered 410' });
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: made.endpoint.id } });
    answer = { status: 200, body: 'ok' };
    await s.caller.webhooks.deliveries.resend({ id: test.deliveryId });
    await t.deps.queue.drain();
    expect(await s.caller.webhooks.deliveries.get({ id: test.deliveryId })).toMatchObject({ status: 'succeeded', attempts: 2 });
    // A failed test does not count against the endpoint.
    const [row] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, made.endpoint.id));
    expect(row!.failingSince).toBeNull();
  });

  it('at delivery, refuses a name that resolves to a private address and a redirect to a metadata one; the switch lets the first through', async () => {
    const s = await company();
    const port = new URL(base).port;
    const made = await endpoint(s, ['message.received'], `http://hooks.example.com:${port}/in`);
    webhookHttp.lookup = ((_host: string, options: { all?: boolean }, callback: (error: Error | null, address: unknown, family?: number) => void) =>
      options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4)) as never;

    t.deps.allowPrivateNetworks = false;
    await textTheBusiness(s, CUSTOMER, 'Rebind me');
    const [blocked] = await deliveriesOf(made.endpoint.id);
    expect(blocked).toMatchObject({ status: 'retrying', responseStatus: null });
    expect(blocked!.error).toContain('not reachable from LeadLoop');
    expect(received).toHaveLength(0);

    t.deps.allowPrivateNetworks = true;
    t.deps.clock.set(blocked!.nextAttemptAt!);
    await t.deps.queue.drain();
    expect((await deliveriesOf(made.endpoint.id))[0]).toMatchObject({ status: 'succeeded', attempts: 2 });

    answer = { status: 307, body: '', location: 'http://169.254.169.254/latest/meta-data/' };
    await textTheBusiness(s, CUSTOMER, 'Redirect me');
    const redirected = (await deliveriesOf(made.endpoint.id))[1]!;
    expect(redirected.status).toBe('retrying');
    expect(redirected.error).toContain('not reachable from LeadLoop');
  });

  it('exports the log as CSV with times in the company’s zone, named in the header', async () => {
    const s = await company();
    await endpoint(s, ['message.received']);
    // 2026-11-27 03:33 UTC = Thursday Nov 26, 7:33 PM in Los Angeles (the sign-up phone is a 415 number).
    t.deps.clock.set(Date.parse('2026-11-27T03:33:00Z'));
    await textTheBusiness(s, CUSTOMER, 'Late night');
    const { csv, filename, count } = await s.caller.webhooks.deliveries.exportCsv({});
    expect(count).toBe(1);
    expect(filename).toBe('leadloop-webhook-deliveries-2026-11-26.csv');
    const [header, row] = csv.trim().split('\r\n');
    expect(header).toContain('Created (America/Los_Angeles)');
    expect(row!.startsWith('2026-11-26 19:33:00 PST,message.received,')).toBe(true);
  });

  it("another company's endpoints and deliveries are NOT_FOUND on every procedure and never listed", async () => {
    const a = await company();
    const b = await company();
    const made = await endpoint(a, ['message.received']);
    await textTheBusiness(a, CUSTOMER, 'Private to A');
    const [delivery] = await deliveriesOf(made.endpoint.id);
    const id = made.endpoint.id;
    // One call at a time (each started only when awaited: none rejects unwatched).
    for (const call of [
      () => b.caller.webhooks.endpoints.get({ id }),
      () => b.caller.webhooks.endpoints.update({ id, enabled: false }),
      () => b.caller.webhooks.endpoints.delete({ id }),
      () => b.caller.webhooks.endpoints.rollSecret({ id }),
      () => b.caller.webhooks.endpoints.sendTest({ id }),
      () => b.caller.webhooks.deliveries.get({ id: delivery!.id }),
      () => b.caller.webhooks.deliveries.resend({ id: delivery!.id }),
    ]) {
      expect((await trpcErrorOf(call())).code).toBe('NOT_FOUND');
    }
    expect(await b.caller.webhooks.endpoints.list()).toEqual([]);
    expect((await b.caller.webhooks.deliveries.list({})).items).toEqual([]);
    expect((await b.caller.webhooks.deliveries.list({ endpointId: id })).items).toEqual([]);
    expect((await b.caller.webhooks.deliveries.exportCsv({})).count).toBe(0);
    const [row] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row!.enabled).toBe(true);
    expect(await t.deps.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery!.id))).toHaveLength(1);
  });
});
