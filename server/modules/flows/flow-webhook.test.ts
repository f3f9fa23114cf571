import Fastify from 'fastify';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FlowGraph } from '@contracts/flows';
import { consentEvents, contacts, flows, flowRuns, leads } from '@server/platform/db/schema';
import { MINUTE } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp } from '@server/testing/test-app';
import { businessWithNumber, type TestBusiness, textTheBusiness } from '@server/testing/business';
import { flowTexts, publishTestFlow } from '@server/testing/flows';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { registerFlowWebhookRoutes } from './flow-webhook.routes';

/**
 * The signed inbound webhook trigger (issue 23 item 2): over HTTP through Fastify's inject, signed as another tool
 * would with the standardwebhooks library — a known client and a new person start the flow once per webhook-id; a
 * wrong signature, an old timestamp, a bad body, a flow that is off and another company's flow are refused.
 */
const t = setUpTestApp();

const GRAPH: FlowGraph = {
  trigger: { type: 'webhook' },
  start: 'hello',
  steps: [{ id: 'hello', type: 'send_sms', body: 'Hi {first_name}, {business_name} here about your quote.', next: null }],
};

async function app() {
  const http = Fastify({ logger: false });
  await registerFlowWebhookRoutes(http, { services: t.deps });
  return http;
}

async function hookedFlow(s: TestBusiness, graph: FlowGraph = GRAPH) {
  const flowId = await publishTestFlow(s, graph);
  const made = await callerFor(t.deps, { authToken: s.token }).flows.webhook.makeSecret({ id: flowId });
  return { flowId, secret: made.secret, url: made.url };
}

let n = 0;
function post(http: Awaited<ReturnType<typeof app>>, flowId: string, secret: string, body: unknown, options: { id?: string; at?: Date; tamper?: boolean } = {}) {
  n += 1;
  const id = options.id ?? `msg_${n}`;
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const signature = new Webhook(secret).sign(id, options.at ?? new Date(), payload);
  return http.inject({
    method: 'POST',
    url: `/hooks/flows/${flowId}`,
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor((options.at ?? new Date()).getTime() / 1000)), 'webhook-signature': signature },
    payload: options.tamper ? payload.replace('Sam', 'Max') : payload,
  });
}

beforeEach(() => {
  t.deps.clock.set(Date.parse('2026-11-23T18:00:00Z')); // 10:00 Pacific
});

describe('a flow started by its signed webhook', () => {
  it('a new person becomes a lead from the API with the consent sent, and gets the flow’s text once per webhook-id', async () => {
    const s = await businessWithNumber(t.deps);
    const { flowId, secret, url } = await hookedFlow(s);
    expect(url).toBe(`http://localhost:3000/hooks/flows/${flowId}`);
    expect(secret).toMatch(/^whsec_/);
    const http = await app();
    const body = { phone: '(415) 555-0101', firstName: 'Sam', note: 'Water heater quote', consent: { text: 'I agree to receive texts from Acme', sourceUrl: 'https://acme.example/quote' } };
    const first = await post(http, flowId, secret, body, { id: 'msg_same' });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ status: 'started', newLead: true });
    await t.deps.queue.drain();
    expect(await flowTexts(s)).toEqual([expect.stringMatching(/^Hi Sam, .* here about your quote\.$/)]);
    const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.companyId, s.companyId));
    expect(contact).toMatchObject({ phone: '+14155550101', firstName: 'Sam' });
    const [lead] = await t.deps.db.select().from(leads).where(eq(leads.contactId, contact!.id));
    expect(lead).toMatchObject({ source: 'api', summary: 'Water heater quote' });
    const consent = await t.deps.db.select().from(consentEvents).where(eq(consentEvents.contactId, contact!.id));
    expect(consent).toEqual([expect.objectContaining({ kind: 'opt_in', method: 'api', text: 'I agree to receive texts from Acme', sourceUrl: 'https://acme.example/quote' })]);

    // The tool retries the same delivery: the run it started is named, nothing more happens.
    const again = await post(http, flowId, secret, body, { id: 'msg_same' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'duplicate', runId: first.json().runId });
    await t.deps.queue.drain();
    expect(await flowTexts(s)).toHaveLength(1);
    expect(await t.deps.db.select().from(flowRuns).where(eq(flowRuns.flowId, flowId))).toHaveLength(1);
  });

  it('a known client starts the run on their own thread and lead; a second delivery within 10 minutes is suppressed', async () => {
    const s = await businessWithNumber(t.deps);
    await textTheBusiness(s, '+14155550102', 'Hi, I need a quote for gutters');
    const { flowId, secret } = await hookedFlow(s);
    const http = await app();
    const started = await post(http, flowId, secret, { phone: '+14155550102', firstName: 'Lee' });
    expect(started.json()).toMatchObject({ status: 'started', newLead: false });
    await t.deps.queue.drain();
    // The name the tool knows fills the record's gap, and the text uses it.
    expect(await flowTexts(s)).toEqual([expect.stringMatching(/^Hi Lee, /)]);
    const [run] = await t.deps.db.select().from(flowRuns).where(eq(flowRuns.flowId, flowId));
    const [lead] = await t.deps.db.select().from(leads).where(eq(leads.companyId, s.companyId));
    expect(run).toMatchObject({ leadId: lead!.id, contactId: lead!.contactId });
    expect(run!.conversationId).not.toBeNull();
    t.deps.clock.advance(5 * MINUTE);
    const soon = await post(http, flowId, secret, { phone: '+14155550102' });
    expect(soon.statusCode).toBe(202);
    expect(soon.json()).toMatchObject({ status: 'suppressed' });
  });

  it('refuses a wrong signature, a changed body, an old timestamp, a bad body, a flow that is off, and no secret', async () => {
    const s = await businessWithNumber(t.deps);
    const { flowId, secret } = await hookedFlow(s);
    const http = await app();
    const other = `whsec_${Buffer.from('another secret entirely, 32 byte').toString('base64')}`;
    expect((await post(http, flowId, other, { phone: '+14155550103' })).statusCode).toBe(401);
    expect((await post(http, flowId, secret, { phone: '+14155550103', firstName: 'Sam' }, { tamper: true })).statusCode).toBe(401);
    const old = await post(http, flowId, secret, { phone: '+14155550103' }, { at: new Date(Date.now() - 10 * MINUTE) });
    expect(old.statusCode).toBe(401);
    expect(old.json().detail).toMatch(/too old/);
    const bad = await post(http, flowId, secret, { phone: '+44 20 7946 0958', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(bad.json().errors.map((error: { pointer: string }) => error.pointer).sort()).toEqual(['/email', '/phone']);
    expect((await post(http, flowId, secret, 'not json')).statusCode).toBe(400);
    expect((await post(http, flowId, secret, { firstName: 'No phone' })).json().detail).toMatch(/phone is required/);

    await t.deps.db.update(flows).set({ status: 'paused' }).where(eq(flows.id, flowId));
    const paused = await post(http, flowId, secret, { phone: '+14155550103' });
    expect(paused.statusCode).toBe(409);
    expect(paused.json().detail).toMatch(/not on/);

    const noSecret = await publishTestFlow(s, GRAPH);
    expect((await post(http, noSecret, secret, { phone: '+14155550103' })).statusCode).toBe(404);
    expect((await post(http, 'not-a-flow', secret, { phone: '+14155550103' })).statusCode).toBe(404);
    expect(await t.deps.db.select().from(contacts).where(eq(contacts.companyId, s.companyId))).toHaveLength(0);
  });

  it('a published version on another trigger refuses; replacing the secret stops the old one at once', async () => {
    const s = await businessWithNumber(t.deps);
    const { flowId, secret } = await hookedFlow(s);
    const http = await app();
    const replaced = await callerFor(t.deps, { authToken: s.token }).flows.webhook.makeSecret({ id: flowId });
    expect(replaced.secret).not.toBe(secret);
    expect((await post(http, flowId, secret, { phone: '+14155550104' })).statusCode).toBe(401);
    expect((await post(http, flowId, replaced.secret, { phone: '+14155550104' })).statusCode).toBe(202);
    await publishTestFlow(s, { ...GRAPH, trigger: { type: 'missed_call' } }, 'active', flowId);
    const wrongTrigger = await post(http, flowId, replaced.secret, { phone: '+14155550105' });
    expect(wrongTrigger.statusCode).toBe(409);
  });

  it('the secret is stored sealed, never plain; another company’s flow is NOT_FOUND', async () => {
    const s = await businessWithNumber(t.deps);
    const { flowId, secret } = await hookedFlow(s);
    const [row] = await t.deps.db.select({ sealed: flows.webhookSecret }).from(flows).where(eq(flows.id, flowId));
    expect(row!.sealed).toMatch(/^v1\./);
    expect(row!.sealed).not.toContain(secret.slice(6, 20));
    const stranger = await businessWithNumber(t.deps);
    const theirs = callerFor(t.deps, { authToken: stranger.token });
    expect((await trpcErrorOf(theirs.flows.webhook.get({ id: flowId }))).code).toBe('NOT_FOUND');
    expect((await trpcErrorOf(theirs.flows.webhook.makeSecret({ id: flowId }))).code).toBe('NOT_FOUND');
    const [still] = await t.deps.db.select({ sealed: flows.webhookSecret }).from(flows).where(and(eq(flows.id, flowId), eq(flows.companyId, s.companyId)));
    expect(still!.sealed).toBe(row!.sealed);
  });
});
