import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PLANS } from '@contracts/billing';
import { apiError, createFakeApi, renderScreen } from '@/shared/lib/test';
import { CHECKOUT_WAIT_MS, SubscriptionTab } from './subscription-tab';

function SubscriptionScreen() {
  return (
    <>
      <h1>Settings</h1>
      <SubscriptionTab />
    </>
  );
}

const DAY = 24 * 3600 * 1000;
const owner = () => ({ kind: 'user', role: 'owner', impersonation: null });

function overview(overrides: Record<string, unknown> = {}) {
  const start = Date.now() - 2 * DAY;
  return {
    provider: 'local',
    limitsEnforced: true,
    plan: 'trial',
    trialEndsAt: start + 14 * DAY,
    period: { start, end: start + 14 * DAY },
    limits: PLANS.trial.limits,
    usage: { texts: 412, aiConversations: 12, numbers: 1, users: 1 },
    meters: ['texts', 'aiConversations', 'numbers', 'users'],
    pause: null,
    pausedSends: 0,
    subscription: null,
    ...overrides,
  };
}

describe('Settings → Subscription', () => {
  it('tells staff and admins that only the owner can see and change it, without loading the plan', async () => {
    for (const role of ['staff', 'admin'] as const) {
      const api = createFakeApi({ currentSession: () => ({ kind: 'user', role, impersonation: null }) });
      const { unmount } = await renderScreen(SubscriptionScreen, { api });
      expect(await screen.findByText(/Only the owner can see and change the subscription\./)).toBeInTheDocument();
      expect(api.callsTo('billing.get')).toEqual([]);
      unmount();
    }
  });

  it('on the trial: days left, what happens at its end, this trial’s meters, the plans, no invoices; choosing a plan applies it and says so', async () => {
    let current = overview();
    const api = createFakeApi({
      currentSession: owner,
      'billing.get': () => current,
      'billing.invoices': () => ({ billing: false, invoices: [], note: 'No invoices: billing is not set up on this server, so plan changes are free and nothing is ever charged.' }),
      'billing.changePlan': () => {
        current = overview({ plan: 'pro', limits: PLANS.pro.limits, subscription: { provider: 'local', status: 'active', plan: 'pro', cancelAt: null, periodEnd: Date.now() + 30 * DAY, portal: false } });
        return { kind: 'applied', plan: 'pro', message: 'Upgraded to Pro: its limits apply now. No card was charged — billing is not set up on this server, so plans change here at no cost.' };
      },
    });
    await renderScreen(SubscriptionScreen, { path: '/settings/subscription', api });
    expect(await screen.findByTestId('trial-status')).toHaveTextContent(/^Free 14-day trial · 12 days left \(ends /);
    expect(screen.getByTestId('trial-end-words')).toHaveTextContent('When it ends: Incoming texts and calls are still received, your own replies still go, and missed-call text-backs still go with their plain template. Only AI replies and flow texts pause');
    expect(screen.getByTestId('local-billing')).toHaveTextContent('nothing is charged');
    expect(screen.getByTestId('meter-texts')).toHaveTextContent('Texts sent412 of 500 · 82 %');
    expect(screen.getByRole('progressbar', { name: 'Texts sent: 412 of 500' })).toBeInTheDocument();
    expect(screen.getByTestId('meter-numbers')).toHaveTextContent('Business numbers1 of 1');
    expect(screen.getByTestId('plan-starter')).toHaveTextContent('$49 a month');
    expect(screen.getByTestId('plan-pro')).toHaveTextContent('5,000 texts a month');
    expect(await screen.findByTestId('invoices-note')).toHaveTextContent('No invoices: billing is not set up on this server');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();

    const companyLoads = api.callsTo('company.get').length;
    await userEvent.click(within(screen.getByTestId('plan-pro')).getByRole('button', { name: 'Choose Pro' }));
    expect(api.callsTo('billing.changePlan')).toEqual([{ plan: 'pro' }]);
    expect(await screen.findByTestId('plan-change-result')).toHaveTextContent('Upgraded to Pro: its limits apply now. No card was charged');
    expect(await screen.findByRole('heading', { name: 'Your plan: Pro' })).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-pro')).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(within(screen.getByTestId('plan-starter')).getByRole('button', { name: 'Downgrade to Starter' })).toBeEnabled();
    // The trial banner reads the plan from the company: it is asked again.
    expect(api.callsTo('company.get').length).toBeGreaterThanOrEqual(companyLoads);
  });

  it('says why AI replies and flow texts are paused and how many wait; cancelling asks first and says what keeps working', async () => {
    let current = overview({ plan: 'starter', limits: PLANS.starter.limits, usage: { texts: 1000, aiConversations: 40, numbers: 1, users: 2 }, pause: 'Paused: Starter includes 1,000 texts a period and they are used, so AI replies and flow texts wait.', pausedSends: 3, subscription: { provider: 'local', status: 'active', plan: 'starter', cancelAt: null, periodEnd: Date.now() + 20 * DAY, portal: false } });
    const api = createFakeApi({
      currentSession: owner,
      'billing.get': () => current,
      'billing.invoices': () => ({ billing: false, invoices: [], note: 'No invoices.' }),
      'billing.cancel': () => {
        current = overview({ plan: 'cancelled', limits: null, pause: 'Paused: your subscription is cancelled.' });
        return { kind: 'applied', plan: 'cancelled', message: 'Cancelled. AI replies and flow texts are paused from now.' };
      },
      'billing.changePlan': () => {
        throw apiError('CONFLICT', 'You are already on Pro.');
      },
    });
    await renderScreen(SubscriptionScreen, { path: '/settings/subscription', api });
    const pause = await screen.findByTestId('pause-reason');
    expect(pause).toHaveTextContent('Paused: Starter includes 1,000 texts a period and they are used');
    expect(pause).toHaveTextContent('3 texts are waiting and will go once the plan allows them.');
    expect(screen.getByTestId('meter-texts')).toHaveTextContent('1,000 of 1,000 · limit reached');

    await userEvent.click(within(screen.getByTestId('plan-pro')).getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are already on Pro.');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveTextContent('It takes effect now. Incoming texts and calls are still received');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(api.callsTo('billing.cancel')).toHaveLength(1);
    expect(await screen.findByTestId('plan-change-result')).toHaveTextContent('Cancelled. AI replies and flow texts are paused from now.');
    expect(await screen.findByRole('heading', { name: 'Your plan: Cancelled' })).toBeInTheDocument();
  });

  it('with Stripe: the card and cancelling in Stripe’s portal, and the invoices Stripe has', async () => {
    const api = createFakeApi({
      currentSession: owner,
      'billing.get': () => overview({ provider: 'stripe', plan: 'pro', limits: PLANS.pro.limits, subscription: { provider: 'stripe', status: 'past_due', plan: 'pro', cancelAt: null, periodEnd: Date.parse('2027-04-02T19:00:00Z'), portal: true } }),
      'billing.invoices': () => ({ billing: true, note: null, invoices: [{ id: 'in_1', number: 'LL-0001', status: 'paid', amountDue: 14900, amountPaid: 14900, currency: 'usd', createdAt: Date.parse('2027-03-02T19:00:00Z'), url: 'https://invoice.stripe.test/in_1', pdfUrl: null }] }),
    });
    await renderScreen(SubscriptionScreen, { path: '/settings/subscription', api });
    expect(await screen.findByTestId('plan-status')).toHaveTextContent('$149 a month · renews Apr 2, 2027 · Stripe says: past due');
    expect(screen.getByRole('button', { name: 'Card and billing in Stripe' })).toBeInTheDocument();
    expect(screen.queryByTestId('local-billing')).not.toBeInTheDocument();
    expect(screen.getByText(/Cancelling is done in Stripe’s billing page/)).toBeInTheDocument();
    const row = await screen.findByTestId('invoice-row');
    expect(row).toHaveTextContent('LL-0001');
    expect(row).toHaveTextContent('$149');
    expect(within(row).getByRole('link', { name: 'View' })).toHaveAttribute('href', 'https://invoice.stripe.test/in_1');
  });

  it('back from Stripe Checkout: waits for Stripe’s confirmation, asking again every few seconds, and says when the plan is active', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      const stripe = { provider: 'stripe', subscription: null };
      let current = overview(stripe);
      const api = createFakeApi({ currentSession: owner, 'billing.get': () => current, 'billing.invoices': () => ({ billing: true, invoices: [], note: null }) });
      await renderScreen(SubscriptionScreen, { path: '/settings/subscription?checkout=done', api });
      expect(await screen.findByTestId('checkout-return')).toHaveTextContent('waiting for Stripe to confirm your payment');
      // Stripe's webhook lands: the next read shows the paid plan.
      current = overview({ ...stripe, plan: 'pro', limits: PLANS.pro.limits, subscription: { provider: 'stripe', status: 'active', plan: 'pro', cancelAt: null, periodEnd: Date.now() + 30 * DAY, portal: true } });
      await vi.advanceTimersByTimeAsync(3_000);
      await waitFor(() => expect(screen.getByTestId('checkout-return')).toHaveTextContent('Stripe confirmed your payment: your plan is active.'));
      const reads = api.callsTo('billing.get').length;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(api.callsTo('billing.get')).toHaveLength(reads);
    } finally {
      vi.useRealTimers();
    }
  });

  it('back from a cancelled Checkout: says nothing was charged and does not keep asking', async () => {
    const api = createFakeApi({ currentSession: owner, 'billing.get': () => overview({ provider: 'stripe' }), 'billing.invoices': () => ({ billing: true, invoices: [], note: null }) });
    await renderScreen(SubscriptionScreen, { path: '/settings/subscription?checkout=cancelled', api });
    expect(await screen.findByTestId('checkout-return')).toHaveTextContent('Checkout was cancelled: nothing was charged and your plan is unchanged.');
  });

  it('tells the owner when Stripe has not confirmed after two minutes, and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      const api = createFakeApi({ currentSession: owner, 'billing.get': () => overview({ provider: 'stripe' }), 'billing.invoices': () => ({ billing: true, invoices: [], note: null }) });
      await renderScreen(SubscriptionScreen, { path: '/settings/subscription?checkout=done', api });
      expect(await screen.findByTestId('checkout-return')).toHaveTextContent('waiting');
      await vi.advanceTimersByTimeAsync(CHECKOUT_WAIT_MS + 1_000);
      await waitFor(() => expect(screen.getByTestId('checkout-return')).toHaveTextContent('Stripe has not confirmed the payment yet.'));
      const reads = api.callsTo('billing.get').length;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(api.callsTo('billing.get')).toHaveLength(reads);
    } finally {
      vi.useRealTimers();
    }
  });
});
