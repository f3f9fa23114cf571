import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contacts, integrationLinks, leads, messages } from '@server/platform/db/schema';
import { callerFor, setUpTestApp, type TestDeps } from '@server/testing/test-app';
import { businessWithNumber, textFromTheBusiness, textTheBusiness } from '@server/testing/business';
import { type FakeProviders, startFakeProviders } from '@server/testing/fake-integrations';
import type { IntegrationProvider } from '@contracts/integrations';
import { registerIntegrationRoutes } from './integrations.routes';

/**
 * Issue 29, Jobber and Thumbtack against fakes of their APIs: a qualified lead becomes a Jobber client and request
 * (with the GraphQL version header); a signed job webhook brings "won" and the value back, a bad signature is
 * refused; a Thumbtack lead delivered twice arrives once, its messages join the thread, replies are copied back;
 * another company's webhook address does not take this one's credentials.
 */
let fake: FakeProviders;
beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(async () => {
  await fake.close();
});
const t = setUpTestApp({ integrations: () => fake.config() });
let http: FastifyInstance;

beforeEach(async () => {
  t.deps.clock.set(Date.parse('2027-01-11T14:00:00Z'));
  http = Fastify();
  await registerIntegrationRoutes(http, { services: t.deps });
});
afterEach(async () => {
  await http.close();
});

async function connect(deps: TestDeps, token: string, provider: IntegrationProvider) {
  const caller = callerFor(deps, { authToken: token });
  const { url } = await caller.integrations.connect({ provider });
  const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!).searchParams;
  return caller.integrations.complete({ provider, code: back.get('code')!, state: back.get('state')! });
}

const CUSTOMER = '+14155550123';
const sign = (body: string, secret = 'leadloop-test-secret') => createHmac('sha256', secret).update(body).digest('base64');

describe('Jobber', () => {
  it('a qualified lead becomes a client and a request once; a signed job webhook marks it won with the value', async () => {
    const s = await businessWithNumber(t.deps);
    expect(await connect(t.deps, s.token, 'jobber')).toEqual({ provider: 'jobber', account: 'Acme Plumbing (Jobber)' });
    await textTheBusiness(s, CUSTOMER, 'My water heater is leaking');
    const [lead] = await t.deps.db.select().from(leads).where(eq(leads.companyId, s.companyId));
    const caller = callerFor(t.deps, { authToken: s.token });
    await caller.leads.update({ id: lead!.id, status: 'qualified' });
    await t.deps.queue.drain();
    await caller.leads.update({ id: lead!.id, status: 'booked' });
    await t.deps.queue.drain();
    const operations = fake.jobber.requests.map((r) => r.operation);
    expect(operations.filter((o) => o === 'LeadLoopClient')).toHaveLength(1);
    expect(operations.filter((o) => o === 'LeadLoopRequest')).toHaveLength(1);
    expect(new Set(fake.jobber.requests.map((r) => r.version))).toEqual(new Set(['2025-04-16']));
    const client = fake.jobber.requests.find((r) => r.operation === 'LeadLoopClient')!.variables.input as { phones: Array<{ number: string }> };
    expect(client.phones[0]!.number).toBe(CUSTOMER);
    const request = fake.jobber.requests.find((r) => r.operation === 'LeadLoopRequest')!;
    expect((request.variables.input as { title: string }).title).toBe('My water heater is leaking');

    // Jobber: the request became a job worth $450.50.
    const links = await t.deps.db.select().from(integrationLinks).where(and(eq(integrationLinks.companyId, s.companyId), eq(integrationLinks.kind, 'jobber_request')));
    fake.jobber.jobs.set('job-77', { id: 'job-77', jobStatus: 'requires_invoicing', total: 450.5, request: { id: links[0]!.externalId }, client: null });
    const body = JSON.stringify({ data: { webHookEvent: { topic: 'JOB_UPDATE', appId: 'app', accountId: 'acct-1', itemId: 'job-77', occurredAt: '2027-01-11T15:00:00Z' } } });
    const bad = await http.inject({ method: 'POST', url: '/webhooks/jobber', headers: { 'content-type': 'application/json', 'x-jobber-hmac-sha256': sign(body, 'someone-elses-secret') }, payload: body });
    expect(bad.statusCode).toBe(401);
    await t.deps.queue.drain();
    expect((await t.deps.db.select().from(leads).where(eq(leads.id, lead!.id)))[0]!.status).toBe('booked');
    const good = await http.inject({ method: 'POST', url: '/webhooks/jobber', headers: { 'content-type': 'application/json', 'x-jobber-hmac-sha256': sign(body) }, payload: body });
    expect(good.statusCode).toBe(200);
    await t.deps.queue.drain();
    const [won] = await t.deps.db.select().from(leads).where(eq(leads.id, lead!.id));
    expect(won).toMatchObject({ status: 'won', valueCents: 45050 });
    const card = (await caller.integrations.list()).find((c) => c.provider === 'jobber')!;
    expect(card).toMatchObject({ status: 'connected', lastError: null });
    expect(card.lastSyncAt).not.toBeNull();
  });
});

describe('Thumbtack', () => {
  const leadEvent = (negotiationID: string) =>
    JSON.stringify({
      eventType: 'NegotiationCreatedV4',
      data: { negotiationID, businessID: 'biz-1', customer: { displayName: 'Olivia Young', phone: '(415) 555-0123' }, request: { category: { name: 'Plumbing' }, description: 'Leaky kitchen faucet', location: { zipCode: '94107' } } },
    });

  it('a lead delivered twice arrives once, through intake with its source; a wrong password is refused', async () => {
    const s = await businessWithNumber(t.deps);
    expect(await connect(t.deps, s.token, 'thumbtack')).toEqual({ provider: 'thumbtack', account: 'Acme Plumbing on Thumbtack' });
    const hook = fake.thumbtack.webhooks.at(-1)!;
    expect(hook.webhookURL).toBe(`http://localhost:3000/webhooks/thumbtack/${s.companyId}`);
    const path = new URL(hook.webhookURL).pathname;
    const authorization = `Basic ${Buffer.from(`${hook.auth.username}:${hook.auth.password}`).toString('base64')}`;
    const post = (payload: string, auth = authorization, url = path) => http.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', authorization: auth }, payload });

    expect((await post(leadEvent('neg-1'), `Basic ${Buffer.from(`${hook.auth.username}:guess`).toString('base64')}`)).statusCode).toBe(401);
    const first = await post(leadEvent('neg-1'));
    const second = await post(leadEvent('neg-1'));
    expect([first.json().taken, second.json().taken]).toEqual(['taken', 'duplicate']);
    await t.deps.queue.drain();
    const rows = await t.deps.db.select().from(leads).where(eq(leads.companyId, s.companyId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'thumbtack', summary: 'Plumbing: Leaky kitchen faucet' });
    expect(rows[0]!.tracking).toMatchObject({ thumbtack_lead: 'neg-1', zip: '94107' });
    const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.companyId, s.companyId));
    expect(contact).toMatchObject({ phone: CUSTOMER, firstName: 'Olivia', lastName: 'Young' });

    // Another company's address does not accept these credentials.
    const other = await businessWithNumber(t.deps);
    expect((await post(leadEvent('neg-2'), authorization, `/webhooks/thumbtack/${other.companyId}`)).statusCode).toBe(401);
  });

  it('a customer’s message joins their thread once; a reply from the team is copied to the Thumbtack conversation', async () => {
    const s = await businessWithNumber(t.deps);
    await connect(t.deps, s.token, 'thumbtack');
    const hook = fake.thumbtack.webhooks.at(-1)!;
    const path = new URL(hook.webhookURL).pathname;
    const authorization = `Basic ${Buffer.from(`${hook.auth.username}:${hook.auth.password}`).toString('base64')}`;
    const post = (payload: string) => http.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', authorization }, payload });
    await post(leadEvent('neg-9'));
    const message = JSON.stringify({ eventType: 'MessageCreatedV4', data: { messageID: 'm-1', negotiationID: 'neg-9', from: 'Customer', text: 'Are you free Thursday?' } });
    await post(message);
    await post(message);
    await t.deps.queue.drain();
    const inbound = await t.deps.db.select().from(messages).where(and(eq(messages.companyId, s.companyId), eq(messages.direction, 'inbound')));
    expect(inbound.map((m) => [m.body, m.provider])).toEqual([['Are you free Thursday?', 'thumbtack']]);

    await textFromTheBusiness(s, CUSTOMER, 'Yes, Thursday at 10 works.', 'user');
    await t.deps.queue.drain();
    expect(fake.thumbtack.sent.filter((m) => m.negotiationId === 'neg-9')).toEqual([{ negotiationId: 'neg-9', text: 'Yes, Thursday at 10 works.' }]);
  });
});
