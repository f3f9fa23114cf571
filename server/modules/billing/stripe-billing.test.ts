import Fastify from 'fastify';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripeBilling } from '@server/adapters/billing/stripe.billing';
import { auditLog, billingEvents, companies, subscriptions, users } from '@server/platform/db/schema';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { startFakeStripe, type FakeStripe } from '@server/testing/fake-stripe';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { registerStripeWebhook } from './billing.webhooks';

/**
 * Billing through Stripe (issue 28 item 1, decision 0052), with the official `stripe` library on both sides: the
 * adapter talks to a local stand-in for Stripe's API (the library's host/port/protocol options), and webhooks are
 * signed with the library's own `generateTestHeaderString` and verified by `constructEvent` on the raw body —
 * a bad signature is refused, a replayed event changes nothing, an older event arriving late is ignored.
 */
const t = setUpTestApp({ planLimits: 'enforce' });
const SECRET = 'whsec_test_secret_for_leadloop';
const PRICES = { starter: 'price_starter', pro: 'price_pro' } as const;
const signer = new Stripe('sk_test_signer');
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.subscriptions.clear();
  fake.invoices.clear();
  t.deps.billing = createStripeBilling({ secretKey: 'sk_test_leadloop', webhookSecret: SECRET, prices: PRICES, api: fake.api });
});

async function owner(email = 'owner@stripe.test') {
  const token = await signUp(t.deps, { email });
  const [user] = await t.deps.db.select().from(users).where(eq(users.email, email));
  return { caller: callerFor(t.deps, { authToken: token }), companyId: user!.companyId };
}

async function webhookServer() {
  const http = Fastify({ logger: false });
  await registerStripeWebhook(http, { services: t.deps });
  return http;
}

let seq = 0;
function event(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  seq += 1;
  return JSON.stringify({ id: `evt_${seq}`, object: 'event', api_version: '2026-10-28.endive', created, livemode: false, pending_webhooks: 1, request: { id: null }, type, data: { object } });
}

async function post(http: Awaited<ReturnType<typeof webhookServer>>, payload: string, signature = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET })) {
  return http.inject({ method: 'POST', url: '/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
}

const planOf = async (companyId: string) => (await t.deps.db.select({ plan: companies.plan }).from(companies).where(eq(companies.id, companyId)))[0]!.plan;

/** A paid subscription in the stand-in, as Checkout leaves it. */
function subscribe(companyId: string, id = 'sub_1', price: string = PRICES.pro) {
  const start = Math.floor(Date.UTC(2026, 0, 15, 12) / 1000);
  fake.subscriptions.set(id, { id, customer: `cus_${id}`, status: 'active', price, companyId, periodStart: start, periodEnd: start + 31 * 86400, cancelAtPeriodEnd: false });
}

describe('Stripe: checkout, plan changes, portal and invoices', () => {
  it('a first plan goes through Checkout with the plan’s price; a live subscription changes plan at once, prorated', async () => {
    const a = await owner();
    const go = await a.caller.billing.changePlan({ plan: 'pro' });
    expect(go).toEqual({ kind: 'redirect', url: 'https://checkout.stripe.test/c/pay/cs_test_1' });
    const [checkout] = fake.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(checkout!.key).toBe('sk_test_leadloop');
    expect(Object.fromEntries(checkout!.form)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro',
      'line_items[0][quantity]': '1',
      client_reference_id: a.companyId,
      customer_email: 'owner@stripe.test',
      'subscription_data[metadata][companyId]': a.companyId,
      success_url: 'http://localhost:3000/settings/subscription?checkout=done',
    });
    // Nothing changes until Stripe says the subscription exists.
    expect(await planOf(a.companyId)).toBe('trial');

    subscribe(a.companyId);
    const http = await webhookServer();
    const done = await post(http, event('checkout.session.completed', { id: 'cs_test_1', object: 'checkout.session', client_reference_id: a.companyId, customer: 'cus_sub_1', subscription: 'sub_1', metadata: { companyId: a.companyId } }));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ received: true, replay: false, outcome: 'applied' });
    expect(await planOf(a.companyId)).toBe('pro');
    expect(await a.caller.billing.get()).toMatchObject({ provider: 'stripe', plan: 'pro', subscription: { provider: 'stripe', status: 'active', plan: 'pro', portal: true } });

    const down = await a.caller.billing.changePlan({ plan: 'starter' });
    expect(down).toMatchObject({ kind: 'applied', plan: 'starter', message: expect.stringMatching(/Stripe prorates/) });
    const update = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions/sub_1');
    expect(Object.fromEntries(update!.form)).toMatchObject({ 'items[0][id]': 'si_sub_1', 'items[0][price]': 'price_starter', proration_behavior: 'create_prorations' });
    expect(await planOf(a.companyId)).toBe('starter');

    // Cancelling and the card are Stripe's portal.
    expect(await a.caller.billing.cancel()).toEqual({ kind: 'redirect', url: 'https://billing.stripe.test/p/session/cus_sub_1' });
    expect(await a.caller.billing.portal()).toEqual({ kind: 'redirect', url: 'https://billing.stripe.test/p/session/cus_sub_1' });

    fake.invoices.set('cus_sub_1', [{ id: 'in_1', number: 'LL-0001', status: 'paid', amount_due: 14900, amount_paid: 14900, created: 1768478400 }]);
    expect(await a.caller.billing.invoices()).toEqual({
      billing: true,
      note: null,
      invoices: [{ id: 'in_1', number: 'LL-0001', status: 'paid', amountDue: 14900, amountPaid: 14900, currency: 'usd', createdAt: 1768478400000, url: 'https://invoice.stripe.test/in_1', pdfUrl: 'https://invoice.stripe.test/in_1.pdf' }],
    });

    // Another company sees none of it: its own (no) subscription, no invoices, no portal.
    const b = await owner('other@stripe.test');
    expect(await b.caller.billing.invoices()).toMatchObject({ billing: true, invoices: [], note: expect.stringMatching(/No invoices yet/) });
    expect((await trpcErrorOf(b.caller.billing.portal())).code).toBe('PRECONDITION_FAILED');
    expect(await b.caller.billing.get()).toMatchObject({ plan: 'trial', subscription: null });
    expect(fake.requests.filter((r) => r.path === '/v1/invoices').map((r) => r.form.get('customer'))).toEqual(['cus_sub_1']);
  });
});

describe('Stripe webhooks', () => {
  it('refuse a bad or missing signature and a body changed after signing; nothing is stored', async () => {
    const a = await owner();
    subscribe(a.companyId);
    const http = await webhookServer();
    const payload = event('customer.subscription.updated', fake.subscriptionObject('sub_1'));
    const wrongSecret = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    expect((await post(http, payload, wrongSecret)).statusCode).toBe(400);
    const signed = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect((await post(http, payload.replace('"active"', '"canceled"'), signed)).statusCode).toBe(400);
    const unsigned = await http.inject({ method: 'POST', url: '/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload });
    expect(unsigned.statusCode).toBe(400);
    expect(await t.deps.db.select().from(billingEvents)).toHaveLength(0);
    expect(await planOf(a.companyId)).toBe('trial');
    expect((await post(http, payload, signed)).statusCode).toBe(200);
    expect(await planOf(a.companyId)).toBe('pro');
  });

  it('apply each event once: a replay is 200 and changes nothing; an older event arriving late is ignored; deletion cancels', async () => {
    const a = await owner();
    subscribe(a.companyId);
    const http = await webhookServer();
    const now = Math.floor(Date.now() / 1000);
    const created = event('customer.subscription.created', fake.subscriptionObject('sub_1'), now - 60);
    const first = await post(http, created);
    expect(first.json()).toMatchObject({ replay: false, outcome: 'applied' });
    const audits = async () => (await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'billing.stripe_applied'))).length;
    expect(await audits()).toBe(1);

    // Stripe sends it again (a retry, or someone replaying it): the same answer, nothing applied twice.
    const again = await post(http, created);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ replay: true, outcome: 'applied' });
    expect(await audits()).toBe(1);
    expect(await t.deps.db.select().from(billingEvents)).toHaveLength(1);

    // Moved to Starter; then the older "Pro" update arrives late: ignored.
    fake.subscriptions.get('sub_1')!.price = PRICES.starter;
    await post(http, event('customer.subscription.updated', fake.subscriptionObject('sub_1'), now));
    expect(await planOf(a.companyId)).toBe('starter');
    fake.subscriptions.get('sub_1')!.price = PRICES.pro;
    const late = await post(http, event('customer.subscription.updated', fake.subscriptionObject('sub_1'), now - 30));
    expect(late.json()).toMatchObject({ replay: false, outcome: 'ignored: older than the state already applied' });
    expect(await planOf(a.companyId)).toBe('starter');

    fake.subscriptions.get('sub_1')!.status = 'canceled';
    await post(http, event('customer.subscription.deleted', fake.subscriptionObject('sub_1'), now + 10));
    expect(await planOf(a.companyId)).toBe('cancelled');
    const [row] = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.companyId, a.companyId));
    expect(row).toMatchObject({ provider: 'stripe', status: 'canceled', stripeCustomerId: 'cus_sub_1', stripeSubscriptionId: 'sub_1' });
    expect((await a.caller.billing.get()).pause).toMatch(/subscription is cancelled/);
  });

  it('apply a subscription to the company that owns it, whatever company its metadata names', async () => {
    const a = await owner();
    const b = await owner('other@stripe.test');
    subscribe(a.companyId);
    const http = await webhookServer();
    await post(http, event('customer.subscription.created', fake.subscriptionObject('sub_1')));
    fake.subscriptions.get('sub_1')!.companyId = b.companyId;
    fake.subscriptions.get('sub_1')!.status = 'canceled';
    await post(http, event('customer.subscription.deleted', fake.subscriptionObject('sub_1')));
    expect(await planOf(a.companyId)).toBe('cancelled');
    expect(await planOf(b.companyId)).toBe('trial');
    expect(await t.deps.db.select().from(subscriptions).where(eq(subscriptions.companyId, b.companyId))).toHaveLength(0);
  });

  it('store events LeadLoop does not use, and subscriptions naming no company of ours, without applying them', async () => {
    const http = await webhookServer();
    const other = await post(http, event('invoice.paid', { id: 'in_1', object: 'invoice' }));
    expect(other.json()).toMatchObject({ outcome: 'ignored: not an event LeadLoop uses' });
    subscribe('00000000-0000-4000-8000-000000000000', 'sub_stranger');
    const stranger = await post(http, event('customer.subscription.updated', fake.subscriptionObject('sub_stranger')));
    expect(stranger.json()).toMatchObject({ outcome: 'ignored: no such company' });
    expect((await t.deps.db.select().from(billingEvents)).map((e) => e.companyId)).toEqual([null, null]);
  });
});
