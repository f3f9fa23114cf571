import type Stripe from 'stripe';
import type { PaidPlan } from '@contracts/billing';
import { type BillingEvent, type InvoiceLine, type StripeBilling, type SubscriptionSnapshot, WebhookSignatureError } from './billing.port';

/**
 * Billing through Stripe with the official `stripe` package (decision 0052), loaded on first use (it costs ~60 ms of
 * start-up that a server without Stripe never needs). Secrets come from the environment only. `api` points the
 * client elsewhere (tests: a local stand-in for Stripe's API on 127.0.0.1, through the library's host/port/protocol
 * options).
 */
export interface StripeBillingOptions {
  secretKey: string;
  webhookSecret: string;
  /** The Stripe price of each plan (price_…): its amount must match contracts/billing.ts. */
  prices: Record<PaidPlan, string>;
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

type StripeClient = InstanceType<typeof Stripe>;

export function createStripeBilling(options: StripeBillingOptions): StripeBilling {
  let client: Promise<StripeClient> | null = null;
  const stripe = () => {
    client ??= import('stripe').then(
      ({ default: StripeLibrary }) =>
        new StripeLibrary(options.secretKey, {
          maxNetworkRetries: 2,
          timeout: 20_000,
          appInfo: { name: 'LeadLoop' },
          ...(options.api ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol } : {}),
        }),
    );
    return client;
  };
  const planOfPrice = (priceId: string | undefined): PaidPlan | null => {
    for (const [plan, price] of Object.entries(options.prices) as Array<[PaidPlan, string]>) if (price === priceId) return plan;
    return null;
  };

  function snapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
    const item = subscription.items.data[0];
    const customer = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
    const ended = subscription.ended_at ?? subscription.cancel_at;
    return {
      subscriptionId: subscription.id,
      customerId: customer,
      companyId: subscription.metadata?.companyId ?? null,
      plan: planOfPrice(item?.price.id),
      status: subscription.status,
      periodStart: new Date((item?.current_period_start ?? subscription.start_date) * 1000),
      periodEnd: new Date((item?.current_period_end ?? subscription.start_date) * 1000),
      cancelAt: ended ? new Date(ended * 1000) : null,
    };
  }

  return {
    kind: 'stripe',
    async checkout(input) {
      const session = await (await stripe()).checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: options.prices[input.plan], quantity: 1 }],
        client_reference_id: input.companyId,
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
        metadata: { companyId: input.companyId },
        subscription_data: { metadata: { companyId: input.companyId } },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a Checkout session without a URL');
      return { url: session.url };
    },
    async portal(input) {
      const session = await (await stripe()).billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl });
      return { url: session.url };
    },
    async changePlan(input) {
      const client = await stripe();
      const current = await client.subscriptions.retrieve(input.subscriptionId);
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${input.subscriptionId} has no item to change`);
      const updated = await client.subscriptions.update(input.subscriptionId, {
        items: [{ id: item.id, price: options.prices[input.plan] }],
        proration_behavior: 'create_prorations',
        cancel_at_period_end: false,
      });
      return snapshot(updated);
    },
    async cancelAtPeriodEnd(input) {
      return snapshot(await (await stripe()).subscriptions.update(input.subscriptionId, { cancel_at_period_end: input.cancel }));
    },
    async subscription(subscriptionId) {
      return snapshot(await (await stripe()).subscriptions.retrieve(subscriptionId));
    },
    async invoices(customerId) {
      const list = await (await stripe()).invoices.list({ customer: customerId, limit: 24 });
      return list.data.map(
        (invoice): InvoiceLine => ({
          id: invoice.id ?? '',
          number: invoice.number,
          status: invoice.status,
          amountDue: invoice.amount_due,
          amountPaid: invoice.amount_paid,
          currency: invoice.currency,
          createdAt: invoice.created * 1000,
          url: invoice.hosted_invoice_url ?? null,
          pdfUrl: invoice.invoice_pdf ?? null,
        }),
      );
    },
    async verifyEvent(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = (await stripe()).webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      const base = { id: event.id, type: event.type, createdAt: new Date(event.created * 1000) };
      switch (event.type) {
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
        case 'customer.subscription.paused':
        case 'customer.subscription.resumed':
          return { ...base, kind: 'subscription', subscription: snapshot(event.data.object) };
        case 'checkout.session.completed': {
          const session = event.data.object;
          const ref = (value: string | { id: string } | null) => (value === null ? null : typeof value === 'string' ? value : value.id);
          return { ...base, kind: 'checkout', companyId: session.client_reference_id ?? session.metadata?.companyId ?? null, customerId: ref(session.customer), subscriptionId: ref(session.subscription) };
        }
        default:
          return { ...base, kind: 'other' } satisfies BillingEvent;
      }
    },
  };
}
