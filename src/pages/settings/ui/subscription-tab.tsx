import { Alert, Anchor, Badge, Button, Group, List, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { METER_WORDS, type Meter, meterState, PAID_PLANS, type PaidPlan, PLANS, type PlanState, SOFT_LANDING_WORDS, TRIAL_DAYS } from '@contracts/billing';
import { invalidateCompanySettings, trialDaysLeft } from '@/entities/company';
import { refusalFor, useMyRole } from '@/entities/user';
import type { AppRouter } from '@/shared/api';
import { useTRPC } from '@/shared/api-react';
import { calendarDate, formatMoney, useNow } from '@/shared/lib/format';
import { ConfirmModal } from '@/shared/ui/confirm-modal';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { ScreenSpinner } from '@/shared/ui/spinner';

/** Settings → Subscription: the plan is the owner's (billing); anyone else reads who can change it. */
export function SubscriptionTab() {
  const role = useMyRole();
  if (role === null) return <ScreenSpinner />;
  const refusal = refusalFor(role, 'owner', 'see and change the subscription');
  if (refusal) return <EmptyState order={2} icon="⚿" title="The subscription is the owner’s" description={`${refusal} Ask them if the plan needs to change.`} />;
  return <OwnerSubscription />;
}

const PLAN_NAMES: Record<PlanState, string> = { trial: PLANS.trial.name, starter: PLANS.starter.name, pro: PLANS.pro.name, cancelled: 'Cancelled' };
const METER_COLORS = { ok: 'teal', near: 'orange', full: 'red', over: 'red' } as const;
const count = (n: number) => n.toLocaleString('en-US');

/** Leaves for Stripe (Checkout or the customer portal). */
function goTo(url: string) {
  window.location.assign(url);
}

/** How long the screen waits for Stripe's webhook after a Checkout, asking again every few seconds. */
export const CHECKOUT_WAIT_MS = 2 * 60_000;
const CHECKOUT_POLL_MS = 3_000;

/**
 * Back from Stripe Checkout (`?checkout=done` or `cancelled`): the plan changes when Stripe's webhook arrives, which
 * may be after the owner is back. Until a paid plan shows, the plan is read again every few seconds (for up to two
 * minutes), and the screen says what it is waiting for — never that the plan is active before the server says so.
 */
function useCheckoutReturn(checkout: string | null, paid: boolean | null, startedAt: number): 'waiting' | 'confirmed' | 'late' | 'cancelled' | null {
  const [late, setLate] = useState(false);
  // Paid from the first read: the plan was already active (a page opened again), so nothing to confirm.
  const [sawUnpaid, setSawUnpaid] = useState(false);
  if (paid === false && !sawUnpaid) setSawUnpaid(true);
  useEffect(() => {
    if (checkout !== 'done' || paid !== false) return;
    const timer = window.setTimeout(() => setLate(true), Math.max(0, startedAt + CHECKOUT_WAIT_MS - Date.now()));
    return () => window.clearTimeout(timer);
  }, [checkout, paid, startedAt]);
  if (checkout === 'cancelled') return 'cancelled';
  if (checkout !== 'done' || paid === null) return null;
  if (paid) return sawUnpaid ? 'confirmed' : null;
  return late ? 'late' : 'waiting';
}

const CHECKOUT_WORDS = {
  waiting: { color: 'blue', text: 'Back from Stripe: waiting for Stripe to confirm your payment. Your plan shows here as soon as it does.' },
  confirmed: { color: 'teal', text: 'Stripe confirmed your payment: your plan is active.' },
  late: { color: 'orange', text: 'Stripe has not confirmed the payment yet. Nothing changes until it does; this page shows the plan when you open it again. If a charge appears without the plan, contact support.' },
  cancelled: { color: 'gray', text: 'Checkout was cancelled: nothing was charged and your plan is unchanged.' },
} as const;

function OwnerSubscription() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const checkout = useSearch({ strict: false, select: (search: Record<string, unknown>) => (typeof search.checkout === 'string' ? search.checkout : null) });
  const [openedAt] = useState(() => Date.now());
  const isPaidPlan = (plan: PlanState | undefined) => plan === 'starter' || plan === 'pro';
  const waitingForStripe = (plan: PlanState | undefined) => checkout === 'done' && plan !== undefined && !isPaidPlan(plan) && Date.now() - openedAt < CHECKOUT_WAIT_MS;
  const overview = useQuery({ ...trpc.billing.get.queryOptions(), refetchInterval: (query) => (waitingForStripe(query.state.data?.plan) ? CHECKOUT_POLL_MS : false) });
  const checkoutState = useCheckoutReturn(checkout, overview.data ? isPaidPlan(overview.data.plan) : null, openedAt);
  useEffect(() => {
    // The trial banner and every screen that reads the plan.
    if (checkoutState === 'confirmed') void invalidateCompanySettings(queryClient);
  }, [checkoutState, queryClient]);
  const now = useNow();
  const [done, setDone] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const refresh = () => {
    void overview.refetch();
    // The trial banner and every screen that reads the plan.
    void invalidateCompanySettings(queryClient);
  };
  const onResult = (result: { kind: 'applied'; message: string } | { kind: 'redirect'; url: string }) => {
    if (result.kind === 'redirect') return goTo(result.url);
    setDone(result.message);
    setCancelling(false);
    refresh();
  };
  const change = useMutation(trpc.billing.changePlan.mutationOptions({ onSuccess: onResult }));
  const cancel = useMutation(trpc.billing.cancel.mutationOptions({ onSuccess: onResult }));
  const portal = useMutation(trpc.billing.portal.mutationOptions({ onSuccess: (result) => goTo(result.url) }));

  if (overview.isPending) return <ScreenSpinner />;
  if (overview.isError) return <LoadError title="Couldn’t load your subscription" error={overview.error} onRetry={overview.refetch} />;
  const data = overview.data;
  const stripe = data.provider === 'stripe';
  const paid = data.plan === 'starter' || data.plan === 'pro';
  const error = change.error ?? cancel.error ?? portal.error;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="plan-title">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} fz="lg" id="plan-title" mb={4}>
              Your plan: {PLAN_NAMES[data.plan]}
            </Title>
            <PlanLine data={data} now={now} />
          </div>
          {stripe && data.subscription?.portal ? (
            <Button variant="default" loading={portal.isPending} onClick={() => portal.mutate()}>
              Card and billing in Stripe
            </Button>
          ) : null}
        </Group>
        {!stripe ? (
          <Text size="sm" c="dimmed" mt="xs" data-testid="local-billing">
            Billing is not set up on this server: plans change here at once and nothing is charged.
          </Text>
        ) : null}
        {data.plan === 'trial' ? (
          <Text size="sm" mt="sm" data-testid="trial-end-words">
            No credit card is needed during the trial. When it ends: {SOFT_LANDING_WORDS}
          </Text>
        ) : null}
      </Paper>

      {checkoutState ? (
        <Alert color={CHECKOUT_WORDS[checkoutState].color} role="status" data-testid="checkout-return">
          {CHECKOUT_WORDS[checkoutState].text}
        </Alert>
      ) : null}
      {done ? (
        <Alert color="teal" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setDone(null)} data-testid="plan-change-result">
          {done}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : null}
      {data.pause && data.limitsEnforced ? (
        <Alert color="orange" role="status" title="AI replies and flow texts are paused" data-testid="pause-reason">
          <Text size="sm">{data.pause}</Text>
          {data.pausedSends > 0 ? (
            <Text size="sm" mt={4}>
              {count(data.pausedSends)} {data.pausedSends === 1 ? 'text is' : 'texts are'} waiting and will go once the plan allows them.
            </Text>
          ) : null}
        </Alert>
      ) : null}

      {data.limits ? (
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="usage-title">
          <Title order={2} fz="lg" id="usage-title" mb={4}>
            Usage this {data.plan === 'trial' ? 'trial' : 'period'}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {calendarDate(data.period.start)} – {calendarDate(data.period.end)}
            {data.limitsEnforced ? '' : ' · plan limits are off on this server (PLAN_LIMITS=off): nothing pauses'}
          </Text>
          <Stack gap="md">
            {data.meters.map((meter) => (
              <UsageMeter key={meter} meter={meter} used={data.usage[meter]} limit={data.limits![meter]} />
            ))}
          </Stack>
        </Paper>
      ) : null}

      <section aria-labelledby="plans-title">
        <Title order={2} fz="lg" id="plans-title" mb="sm">
          Plans
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {PAID_PLANS.map((plan) => (
            <PlanCard key={plan} plan={plan} current={data.plan} pending={change.isPending && change.variables?.plan === plan} onChoose={() => change.mutate({ plan })} stripe={stripe} />
          ))}
        </SimpleGrid>
        {paid ? (
          <Group mt="md">
            <Button variant="subtle" color="red" onClick={() => (stripe ? cancel.mutate() : setCancelling(true))} loading={stripe && cancel.isPending}>
              Cancel subscription
            </Button>
            {stripe ? (
              <Text size="sm" c="dimmed">
                Cancelling is done in Stripe’s billing page: your plan runs to the end of the paid period.
              </Text>
            ) : null}
          </Group>
        ) : null}
      </section>

      <Invoices />

      <ConfirmModal opened={cancelling} title="Cancel your subscription?" confirmLabel="Cancel subscription" danger loading={cancel.isPending} onConfirm={() => cancel.mutate()} onCancel={() => setCancelling(false)}>
        <Text size="sm">It takes effect now. {SOFT_LANDING_WORDS}</Text>
        <Text size="sm">Nothing was ever charged on this server, and nothing will be.</Text>
      </ConfirmModal>
    </Stack>
  );
}

type Overview = inferRouterOutputs<AppRouter>['billing']['get'];

function PlanLine({ data, now }: { data: Overview; now: number }) {
  if (data.plan === 'trial') {
    const days = trialDaysLeft(data.trialEndsAt, now);
    const end = calendarDate(data.trialEndsAt);
    return (
      <Text data-testid="trial-status">
        Free {TRIAL_DAYS}-day trial · {days > 0 ? `${days} ${days === 1 ? 'day' : 'days'} left (ends ${end})` : `ended ${end}`}
      </Text>
    );
  }
  if (data.plan === 'cancelled') {
    return <Text data-testid="plan-status">Cancelled{data.subscription?.cancelAt ? ` on ${calendarDate(data.subscription.cancelAt)}` : ''}. Choose a plan below to turn AI replies and flow texts back on.</Text>;
  }
  const info = PLANS[data.plan];
  const renews = data.subscription?.cancelAt
    ? `ends ${calendarDate(data.subscription.cancelAt)}`
    : data.provider === 'stripe'
      ? `renews ${calendarDate(data.subscription?.periodEnd ?? data.period.end)}`
      : `period ends ${calendarDate(data.period.end)}`;
  return (
    <Text data-testid="plan-status">
      {formatMoney(info.monthlyPrice * 100)} a month · {renews}
      {data.subscription?.status && !['active', 'canceled'].includes(data.subscription.status) ? ` · Stripe says: ${data.subscription.status.replace('_', ' ')}` : ''}
    </Text>
  );
}

function UsageMeter({ meter, used, limit }: { meter: Meter; used: number; limit: number }) {
  const words = METER_WORDS[meter];
  const state = meterState(meter, used, limit);
  return (
    <div data-testid={`meter-${meter}`}>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="sm" fw={600}>
          {words.label}
        </Text>
        <Text size="sm">
          {count(used)} of {count(limit)}
          {state.level === 'full' ? ' · limit reached' : state.level === 'over' ? ' · more than your plan includes' : state.level === 'near' ? ` · ${state.percent} %` : ''}
        </Text>
      </Group>
      <Progress value={state.percent} color={METER_COLORS[state.level]} aria-label={`${words.label}: ${count(used)} of ${count(limit)}`} />
      <Text size="xs" c="dimmed" mt={2}>
        {words.detail}
      </Text>
    </div>
  );
}

function PlanCard({ plan, current, pending, onChoose, stripe }: { plan: PaidPlan; current: PlanState; pending: boolean; onChoose: () => void; stripe: boolean }) {
  const info = PLANS[plan];
  const isCurrent = current === plan;
  const currentPrice = current === 'starter' || current === 'pro' ? PLANS[current].monthlyPrice : null;
  const verb = currentPrice === null ? `Choose ${info.name}` : info.monthlyPrice > currentPrice ? `Upgrade to ${info.name}` : `Downgrade to ${info.name}`;
  return (
    <Paper withBorder radius="md" p="lg" data-testid={`plan-${plan}`}>
      <Group justify="space-between" mb={4}>
        <Title order={3} fz="md">
          {info.name}
        </Title>
        {isCurrent ? <Badge variant="light">Your plan</Badge> : null}
      </Group>
      <Text fz="xl" fw={700}>
        {formatMoney(info.monthlyPrice * 100)}
        <Text span size="sm" c="dimmed" fw={400}>
          {' '}
          a month
        </Text>
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        {info.blurb}
      </Text>
      <List size="sm" spacing={4} mb="md">
        <List.Item>{count(info.limits.texts)} texts a month</List.Item>
        <List.Item>{count(info.limits.aiConversations)} AI conversations a month</List.Item>
        <List.Item>
          {info.limits.numbers} business {info.limits.numbers === 1 ? 'number' : 'numbers'}
        </List.Item>
        <List.Item>{info.limits.users} users</List.Item>
      </List>
      <Button fullWidth disabled={isCurrent} loading={pending} onClick={onChoose} variant={isCurrent ? 'default' : 'filled'}>
        {isCurrent ? 'Current plan' : stripe && currentPrice === null ? `${verb} in Stripe` : verb}
      </Button>
    </Paper>
  );
}

function Invoices() {
  const trpc = useTRPC();
  const invoices = useQuery(trpc.billing.invoices.queryOptions());
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="invoices-title">
      <Title order={2} fz="lg" id="invoices-title" mb="sm">
        Invoices
      </Title>
      {invoices.isPending ? (
        <ScreenSpinner />
      ) : invoices.isError ? (
        <LoadError title="Couldn’t load your invoices" error={invoices.error} onRetry={invoices.refetch} />
      ) : invoices.data.invoices.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="invoices-note">
          {invoices.data.note}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Number</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.data.invoices.map((invoice) => (
                <Table.Tr key={invoice.id} data-testid="invoice-row">
                  <Table.Td>{calendarDate(invoice.createdAt)}</Table.Td>
                  <Table.Td>{invoice.number ?? '—'}</Table.Td>
                  <Table.Td>{invoice.currency === 'usd' ? formatMoney(invoice.amountDue) : `${(invoice.amountDue / 100).toFixed(2)} ${invoice.currency.toUpperCase()}`}</Table.Td>
                  <Table.Td>{invoice.status ?? '—'}</Table.Td>
                  <Table.Td>
                    {invoice.url ? (
                      <Anchor href={invoice.url} target="_blank" rel="noopener noreferrer" size="sm">
                        View
                      </Anchor>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
