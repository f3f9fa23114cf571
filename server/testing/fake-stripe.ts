import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from '@server/platform/testing/read-body';

/** A subscription as the stand-in keeps it (the fields of Stripe's object LeadLoop reads). */
export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  price: string;
  companyId: string;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  /** The secret key the client sent (Bearer). */
  key: string | null;
}

export interface FakeStripe {
  api: { host: string; port: number; protocol: 'http' };
  requests: FakeStripeRequest[];
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, Array<{ id: string; number: string; status: string; amount_due: number; amount_paid: number; created: number }>>;
  /** Stripe's JSON for a subscription (what events and the API carry). */
  subscriptionObject(id: string): Record<string, unknown>;
  close(): Promise<void>;
}

/**
 * A stand-in for api.stripe.com on 127.0.0.1 for billing tests: the `stripe` library reaches it through its own
 * host/port/protocol options. It answers the calls LeadLoop makes — Checkout and portal sessions, subscriptions
 * read and updated, invoices listed — and records each request (form-encoded, as Stripe's API takes them).
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices: FakeStripe['invoices'] = new Map();
  const json = (response: ServerResponse, status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' }).end(JSON.stringify(body));
  const subscriptionObject = (id: string) => {
    const s = subscriptions.get(id)!;
    return {
      id: s.id,
      object: 'subscription',
      customer: s.customer,
      status: s.status,
      metadata: { companyId: s.companyId },
      start_date: s.periodStart,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      cancel_at: s.cancelAtPeriodEnd ? s.periodEnd : null,
      ended_at: s.status === 'canceled' ? s.periodEnd : null,
      items: { object: 'list', data: [{ id: `si_${s.id}`, object: 'subscription_item', price: { id: s.price, object: 'price' }, current_period_start: s.periodStart, current_period_end: s.periodEnd }] },
    };
  };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = await readBody(request);
    const form = new URLSearchParams(request.method === 'GET' ? url.search : body);
    const auth = request.headers.authorization ?? null;
    requests.push({ method: request.method ?? 'GET', path: url.pathname, form, key: auth?.startsWith('Bearer ') ? auth.replace('Bearer ', '') : null });
    const path = url.pathname;
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      return json(response, 200, { id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.test/c/pay/cs_test_1' });
    }
    if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      return json(response, 200, { id: 'bps_1', object: 'billing_portal.session', url: `https://billing.stripe.test/p/session/${form.get('customer')}` });
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (sub) {
      const found = subscriptions.get(sub[1]!);
      if (!found) return json(response, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${sub[1]}'` } });
      if (request.method === 'POST') {
        const price = form.get('items[0][price]');
        if (price) found.price = price;
        const cancel = form.get('cancel_at_period_end');
        if (cancel !== null) found.cancelAtPeriodEnd = cancel === 'true';
      }
      return json(response, 200, subscriptionObject(found.id));
    }
    if (request.method === 'GET' && path === '/v1/invoices') {
      const list = invoices.get(form.get('customer') ?? '') ?? [];
      return json(response, 200, {
        object: 'list',
        has_more: false,
        url: '/v1/invoices',
        data: list.map((i) => ({ ...i, object: 'invoice', currency: 'usd', hosted_invoice_url: `https://invoice.stripe.test/${i.id}`, invoice_pdf: `https://invoice.stripe.test/${i.id}.pdf` })),
      });
    }
    return json(response, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    api: { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' },
    requests,
    subscriptions,
    invoices,
    subscriptionObject,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
