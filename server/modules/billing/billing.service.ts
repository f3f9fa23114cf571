import { and, count, eq } from 'drizzle-orm';
import { type ChangePlanInput, METERS, PAID_PLANS, type PaidPlan, PLAN_PAUSED_CODE, PLANS, pauseWords, type PlanState } from '@contracts/billing';
import type { BillingEvent, SubscriptionSnapshot } from '@server/adapters/billing/billing.port';
import type { Tx } from '@server/platform/db/database';
import { billingEvents, companies, messages, subscriptions, users } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError } from '@server/platform/errors/app-error';
import type { AppServices } from '@server/platform/services';
import { writeAudit, writeUserAudit } from '@server/modules/audit/audit.service';
import { monthlyPeriod, planStanding, standingPause, usageOf } from '@server/modules/messaging/plan-gate';
import { rewardReferrer } from '@server/modules/referrals/referrals.service';
import { RELEASE_QUEUE } from './plan-release';

/**
 * Settings → Subscription (issue 28 item 1, decision 0052): the plan, its limits and this period's usage; plan
 * changes through the billing port — Stripe (Checkout for a first plan, the customer portal for the card and
 * cancelling, its signed webhooks applied here) or the local no-charge switcher, which applies a change at once and
 * says nothing was charged. `companies.plan` stays the plan in force (the trial banner and every gate read it).
 */

const isPaid = (plan: string): plan is PaidPlan => (PAID_PLANS as readonly string[]).includes(plan);
const longDate = (at: Date) => at.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The Subscription screen's data: plan, period, meters, what is paused and why, and where billing lives. */
export async function subscriptionOverview(scope: CompanyScope, services: Pick<AppServices, 'billing' | 'planLimits'>) {
  const standing = await planStanding(scope.db, scope.companyId, scope.now);
  if (!standing) throw new AppError('NOT_FOUND', 'Company not found');
  const usage = await usageOf(scope.db, scope.companyId, standing.period);
  const [subscription] = await scope.db.select().from(subscriptions).where(eq(subscriptions.companyId, scope.companyId)).limit(1);
  const [paused] = await scope.db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.companyId, scope.companyId), eq(messages.errorCode, PLAN_PAUSED_CODE), eq(messages.status, 'scheduled')));
  const general = standingPause(standing);
  const limitReached = standing.limits ? (['texts', 'aiConversations'] as const).filter((meter) => usage[meter] >= standing.limits![meter]) : [];
  const planForWords = standing.plan === 'trial' || isPaid(standing.plan) ? standing.plan : 'trial';
  const pause = services.planLimits === 'off'
    ? null
    : general
    ? pauseWords(general)
    : limitReached[0] && standing.limits
      ? pauseWords({ kind: 'limit', meter: limitReached[0], limit: standing.limits[limitReached[0]], plan: planForWords })
      : null;
  return {
    provider: services.billing.kind,
    limitsEnforced: services.planLimits === 'enforce',
    plan: standing.plan,
    trialEndsAt: standing.trialEndsAt.getTime(),
    period: { start: standing.period.start.getTime(), end: standing.period.end.getTime() },
    limits: standing.limits,
    usage,
    meters: METERS,
    pause,
    pausedSends: paused?.n ?? 0,
    subscription: subscription
      ? {
          provider: subscription.provider,
          status: subscription.status,
          plan: subscription.plan,
          cancelAt: subscription.cancelAt?.getTime() ?? null,
          periodEnd: subscription.currentPeriodEnd.getTime(),
          portal: subscription.provider === 'stripe' && subscription.stripeCustomerId !== null,
        }
      : null,
  };
}

/** What a plan change did: applied now (the local switcher, or Stripe moving a live subscription), or go to Stripe. */
export type PlanChangeResult = { kind: 'applied'; plan: PlanState; message: string } | { kind: 'redirect'; url: string };

/**
 * The state a subscription brings, applied in one transaction: the row, `companies.plan`, and when the company
 * starts paying, the paused sends released and the referrer rewarded (once). Returns the plan now in force.
 */
async function applyPlan(
  tx: Tx,
  services: Pick<AppServices, 'queue'>,
  input: { companyId: string; plan: PlanState; row: Omit<typeof subscriptions.$inferInsert, 'companyId'>; now: Date },
): Promise<PlanState> {
  const [company] = await tx.select({ plan: companies.plan }).from(companies).where(eq(companies.id, input.companyId)).for('update').limit(1);
  if (!company) throw new AppError('NOT_FOUND', 'Company not found');
  await tx
    .insert(subscriptions)
    .values({ companyId: input.companyId, ...input.row, createdAt: input.now, updatedAt: input.now })
    .onConflictDoUpdate({ target: subscriptions.companyId, set: { ...input.row, updatedAt: input.now } });
  if (company.plan !== input.plan) await tx.update(companies).set({ plan: input.plan, updatedAt: input.now }).where(eq(companies.id, input.companyId));
  if (isPaid(input.plan)) {
    await rewardReferrer(tx, input.companyId, input.now);
    // Sends the plan had paused may go now (each meets the gate again at delivery).
    await services.queue.enqueue(tx, RELEASE_QUEUE, { companyId: input.companyId }, { companyId: input.companyId, singletonKey: `plan-release:${input.companyId}` });
  }
  return input.plan;
}

async function ownerEmail(scope: CompanyScope): Promise<string> {
  const [me] = await scope.db.select({ email: users.email }).from(users).where(and(eq(users.id, scope.userId), eq(users.companyId, scope.companyId))).limit(1);
  if (!me) throw new AppError('NOT_FOUND', 'User not found');
  return me.email;
}

/** Upgrade or downgrade (and choosing a plan again after the trial or a cancellation). */
export async function changePlan(scope: CompanyScope, services: AppServices, input: ChangePlanInput): Promise<PlanChangeResult> {
  const [company] = await scope.db.select({ plan: companies.plan }).from(companies).where(eq(companies.id, scope.companyId)).limit(1);
  if (!company) throw new AppError('NOT_FOUND', 'Company not found');
  const [current] = await scope.db.select().from(subscriptions).where(eq(subscriptions.companyId, scope.companyId)).limit(1);
  if (company.plan === input.plan) throw new AppError('CONFLICT', `You are already on ${PLANS[input.plan].name}.`);
  const name = PLANS[input.plan].name;
  const price = `$${PLANS[input.plan].monthlyPrice} a month`;

  if (services.billing.kind === 'stripe') {
    const live = current?.provider === 'stripe' && current.stripeSubscriptionId && isPaid(company.plan) ? current.stripeSubscriptionId : null;
    if (!live) {
      // Back from Checkout, the screen says which way it went and waits for Stripe's webhook (`?checkout=`).
      const returnTo = `${services.publicUrl}/settings/subscription`;
      return { kind: 'redirect', ...(await services.billing.checkout({ companyId: scope.companyId, email: await ownerEmail(scope), plan: input.plan, customerId: current?.stripeCustomerId ?? null, successUrl: `${returnTo}?checkout=done`, cancelUrl: `${returnTo}?checkout=cancelled` })) };
    }
    const snapshot = await services.billing.changePlan({ subscriptionId: live, plan: input.plan });
    await services.db.transaction(async (tx) => {
      await applySnapshot(tx, services, snapshot, 'fresh', scope.companyId);
      await writeUserAudit(tx, scope, { action: 'billing.plan_changed', targetType: 'company', targetId: scope.companyId, metadata: { from: company.plan, to: input.plan, provider: 'stripe' } });
    });
    services.queue.wake();
    return { kind: 'applied', plan: input.plan, message: `You are on ${name} now (${price}). Stripe prorates the difference on your next invoice.` };
  }

  // The local switcher: no billing service, nothing charged. A first plan starts a new monthly period; a move
  // between paid plans keeps the period (its usage counts against the new plan's limits).
  const keepPeriod = current && isPaid(company.plan) && current.status === 'active';
  const period = keepPeriod ? monthlyPeriod(current.currentPeriodStart, scope.now) : { start: scope.now, end: monthlyPeriod(scope.now, scope.now).end };
  await services.db.transaction(async (tx) => {
    await applyPlan(tx, services, {
      companyId: scope.companyId,
      plan: input.plan,
      row: { provider: 'local', plan: input.plan, status: 'active', currentPeriodStart: keepPeriod ? current.currentPeriodStart : period.start, currentPeriodEnd: period.end, cancelAt: null, stripeEventAt: null },
      now: scope.now,
    });
    await writeUserAudit(tx, scope, { action: 'billing.plan_changed', targetType: 'company', targetId: scope.companyId, metadata: { from: company.plan, to: input.plan, provider: 'local' } });
  });
  services.queue.wake();
  const upgrade = company.plan === 'trial' || company.plan === 'cancelled' || PLANS[input.plan].monthlyPrice > (isPaid(company.plan) ? PLANS[company.plan].monthlyPrice : 0);
  return {
    kind: 'applied',
    plan: input.plan,
    message: `${upgrade ? 'Upgraded' : 'Moved'} to ${name}: its limits apply now. No card was charged — billing is not set up on this server, so plans change here at no cost.`,
  };
}

/** Cancel: on the local switcher at once (automations pause, the rest keeps working); with Stripe in its portal. */
export async function cancelPlan(scope: CompanyScope, services: AppServices): Promise<PlanChangeResult> {
  const [company] = await scope.db.select({ plan: companies.plan, trialEndsAt: companies.trialEndsAt }).from(companies).where(eq(companies.id, scope.companyId)).limit(1);
  if (!company) throw new AppError('NOT_FOUND', 'Company not found');
  if (company.plan === 'cancelled') throw new AppError('CONFLICT', 'Your subscription is already cancelled.');
  if (company.plan === 'trial') throw new AppError('CONFLICT', `You are on the free trial: there is nothing to cancel and no card on file. It ends on its own on ${longDate(company.trialEndsAt)}.`);
  if (services.billing.kind === 'stripe') return openPortal(scope, services);
  await services.db.transaction(async (tx) => {
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.companyId, scope.companyId)).limit(1);
    await applyPlan(tx, services, {
      companyId: scope.companyId,
      plan: 'cancelled',
      row: { provider: 'local', plan: isPaid(company.plan) ? company.plan : 'starter', status: 'canceled', currentPeriodStart: current?.currentPeriodStart ?? scope.now, currentPeriodEnd: current?.currentPeriodEnd ?? scope.now, cancelAt: scope.now, stripeEventAt: null },
      now: scope.now,
    });
    await writeUserAudit(tx, scope, { action: 'billing.cancelled', targetType: 'company', targetId: scope.companyId, metadata: { from: company.plan, provider: 'local' } });
  });
  return { kind: 'applied', plan: 'cancelled', message: `Cancelled. AI replies and flow texts are paused from now; incoming texts, your replies and missed-call text-backs keep working. Choose a plan any time to resume. Nothing was charged.` };
}

/** Stripe's customer portal (card, invoices, cancelling). */
export async function openPortal(scope: CompanyScope, services: AppServices): Promise<{ kind: 'redirect'; url: string }> {
  if (services.billing.kind !== 'stripe') throw new AppError('PRECONDITION_FAILED', 'Billing is not set up on this server: there is no card or portal. Plans change here at no cost.');
  const [current] = await scope.db.select({ customer: subscriptions.stripeCustomerId }).from(subscriptions).where(eq(subscriptions.companyId, scope.companyId)).limit(1);
  if (!current?.customer) throw new AppError('PRECONDITION_FAILED', 'You have no Stripe subscription yet: choose a plan first.');
  return { kind: 'redirect', ...(await services.billing.portal({ customerId: current.customer, returnUrl: `${services.publicUrl}/settings/subscription` })) };
}

/** Invoices: Stripe's for the company's customer; on the local switcher there are none, and it says why. */
export async function listInvoices(scope: CompanyScope, services: AppServices) {
  if (services.billing.kind !== 'stripe') return { billing: false as const, invoices: [], note: 'No invoices: billing is not set up on this server, so plan changes are free and nothing is ever charged.' };
  const [current] = await scope.db.select({ customer: subscriptions.stripeCustomerId }).from(subscriptions).where(eq(subscriptions.companyId, scope.companyId)).limit(1);
  if (!current?.customer) return { billing: true as const, invoices: [], note: 'No invoices yet: your first one comes when you choose a plan.' };
  return { billing: true as const, invoices: await services.billing.invoices(current.customer), note: null };
}

/** Stripe's status → the plan in force: paid while active (or retrying a card), cancelled once it ended; null: no change yet. */
function planOfSnapshot(snapshot: SubscriptionSnapshot): PlanState | null {
  if (['canceled', 'unpaid', 'incomplete_expired', 'paused'].includes(snapshot.status)) return 'cancelled';
  if (['active', 'trialing', 'past_due'].includes(snapshot.status)) return snapshot.plan;
  return null; // incomplete: the first payment is not through yet
}

/**
 * Applies a subscription as Stripe says it is, in the caller's transaction: from a webhook event (an event older
 * than the one last applied changes nothing), or `fresh` from Stripe's answer to our own call (applied as it is; the
 * event order is left to the webhooks). A subscription for a company we cannot find, or on a price this server does
 * not know, is reported and left alone.
 */
export async function applySnapshot(tx: Tx, services: Pick<AppServices, 'queue' | 'clock'>, snapshot: SubscriptionSnapshot, eventAt: Date | 'fresh', fallbackCompanyId: string | null = null): Promise<string> {
  const [known] = await tx.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, snapshot.subscriptionId)).limit(1);
  const companyId = known?.companyId ?? snapshot.companyId ?? fallbackCompanyId;
  if (!companyId) return 'ignored: the subscription names no LeadLoop company';
  const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) return 'ignored: no such company';
  const [row] = known ? [known] : await tx.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)).limit(1);
  if (eventAt !== 'fresh' && row?.stripeEventAt && row.stripeEventAt > eventAt && row.stripeSubscriptionId === snapshot.subscriptionId) return 'ignored: older than the state already applied';
  const plan = planOfSnapshot(snapshot);
  const paidPlan = snapshot.plan ?? row?.plan ?? null;
  if (!paidPlan) return `ignored: the subscription's price is not one of this server's plans`;
  const now = services.clock.now();
  await applyPlanRow(tx, services, companyId, plan, {
    provider: 'stripe',
    plan: paidPlan,
    status: snapshot.status,
    stripeCustomerId: snapshot.customerId,
    stripeSubscriptionId: snapshot.subscriptionId,
    currentPeriodStart: snapshot.periodStart,
    currentPeriodEnd: snapshot.periodEnd,
    cancelAt: snapshot.cancelAt,
    stripeEventAt: eventAt === 'fresh' ? (row?.stripeEventAt ?? null) : eventAt,
  }, now);
  await writeAudit(tx, { companyId, actorUserId: null, actorKind: 'system', action: 'billing.stripe_applied', targetType: 'company', targetId: companyId, metadata: { status: snapshot.status, plan: paidPlan }, at: now });
  return 'applied';
}

async function applyPlanRow(tx: Tx, services: Pick<AppServices, 'queue'>, companyId: string, plan: PlanState | null, row: Omit<typeof subscriptions.$inferInsert, 'companyId'>, now: Date) {
  if (plan === null) {
    await tx.insert(subscriptions).values({ companyId, ...row, createdAt: now, updatedAt: now }).onConflictDoUpdate({ target: subscriptions.companyId, set: { ...row, updatedAt: now } });
    return;
  }
  await applyPlan(tx, services, { companyId, plan, row, now });
}

/**
 * A verified Stripe event, exactly once: its id is stored in the transaction that applies it, so a replay (or
 * Stripe's retry of an event we already took) finds the row and changes nothing. What needs Stripe's API (the
 * subscription behind a finished checkout) is read before the transaction.
 */
export async function receiveStripeEvent(services: AppServices, event: BillingEvent): Promise<{ replay: boolean; outcome: string }> {
  const [seen] = await services.db.select({ outcome: billingEvents.outcome }).from(billingEvents).where(eq(billingEvents.id, event.id)).limit(1);
  if (seen) return { replay: true, outcome: seen.outcome };
  const checkoutSubscription = event.kind === 'checkout' && event.subscriptionId && services.billing.kind === 'stripe' ? await services.billing.subscription(event.subscriptionId) : null;
  const result = await services.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, outcome: 'pending', receivedAt: services.clock.now() })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (inserted.length === 0) return { replay: true, outcome: 'replay' };
    let outcome = 'ignored: not an event LeadLoop uses';
    let companyId: string | null = null;
    if (event.kind === 'subscription') {
      outcome = await applySnapshot(tx, services, event.subscription, event.createdAt);
      companyId = event.subscription.companyId;
    } else if (event.kind === 'checkout') {
      companyId = event.companyId;
      outcome = checkoutSubscription ? await applySnapshot(tx, services, checkoutSubscription, event.createdAt, event.companyId) : 'ignored: the checkout made no subscription';
    }
    const [company] = companyId ? await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1) : [];
    await tx.update(billingEvents).set({ outcome, companyId: company?.id ?? null }).where(eq(billingEvents.id, event.id));
    return { replay: false, outcome };
  });
  services.queue.wake();
  return result;
}
