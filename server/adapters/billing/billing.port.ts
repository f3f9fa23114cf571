import type { PaidPlan } from '@contracts/billing';

/**
 * Billing (issue 28, decision 0052): Stripe when STRIPE_SECRET_KEY is set, otherwise the local no-charge plan
 * switcher. The port only talks to the outside; the billing module applies what it says to the database.
 */

/** A subscription as Stripe says it is now, in our words: what the billing module applies. */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  customerId: string;
  /** Our company id, from the subscription's metadata (set at checkout). */
  companyId: string | null;
  /** The plan its price stands for; null: a price this server does not know. */
  plan: PaidPlan | null;
  /** Stripe's status: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
  status: string;
  periodStart: Date;
  periodEnd: Date;
  /** When it ends (cancelled at period end, or already ended); null while it renews. */
  cancelAt: Date | null;
}

export interface InvoiceLine {
  id: string;
  number: string | null;
  /** draft, open, paid, uncollectible, void. */
  status: string | null;
  /** In cents. */
  amountDue: number;
  amountPaid: number;
  currency: string;
  createdAt: number;
  url: string | null;
  pdfUrl: string | null;
}

/** A verified Stripe webhook event, as the billing module reads it. */
export type BillingEvent =
  | { id: string; type: string; createdAt: Date; kind: 'subscription'; subscription: SubscriptionSnapshot }
  | { id: string; type: string; createdAt: Date; kind: 'checkout'; companyId: string | null; customerId: string | null; subscriptionId: string | null }
  | { id: string; type: string; createdAt: Date; kind: 'other' };

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export interface StripeBilling {
  readonly kind: 'stripe';
  /** A Checkout session for a first paid plan: the page to send the owner to. */
  checkout(input: { companyId: string; email: string; plan: PaidPlan; customerId: string | null; successUrl: string; cancelUrl: string }): Promise<{ url: string }>;
  /** The customer portal (card, invoices, cancel): the page to send the owner to. */
  portal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Moves a live subscription to another plan's price (prorated); returns it as Stripe now has it. */
  changePlan(input: { subscriptionId: string; plan: PaidPlan }): Promise<SubscriptionSnapshot>;
  /** Cancels at the end of the paid period (or undoes that with `atPeriodEnd: false`). */
  cancelAtPeriodEnd(input: { subscriptionId: string; cancel: boolean }): Promise<SubscriptionSnapshot>;
  /** The subscription as Stripe has it now (after a checkout). */
  subscription(subscriptionId: string): Promise<SubscriptionSnapshot>;
  invoices(customerId: string): Promise<InvoiceLine[]>;
  /** Verifies the `stripe-signature` header over the raw body (throws WebhookSignatureError) and reads the event. */
  verifyEvent(rawBody: Buffer | string, signature: string | undefined): Promise<BillingEvent>;
}

/** No billing service: plan changes apply at once and nothing is charged (the local switcher). */
export interface LocalBilling {
  readonly kind: 'local';
}

export type BillingPort = StripeBilling | LocalBilling;

export const localBilling: LocalBilling = { kind: 'local' };
