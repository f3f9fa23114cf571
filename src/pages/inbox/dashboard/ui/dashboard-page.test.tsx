import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardPeriod } from '@contracts/dashboard';
import { apiError, createFakeApi, renderScreen } from '@/shared/lib/test';
import type { DashboardSummary } from '../model/summary';
import { DashboardPage } from './dashboard-page';

const NOW = Date.now();
const DAY_MS = 86_400_000;

function days(count: number, filled: Record<number, number> = {}) {
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2026, 10, 30) - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10);
    return { day, count: filled[i] ?? 0 };
  });
}

const LENGTH: Record<DashboardPeriod, number> = { today: 1, '7d': 7, '30d': 30, '90d': 90, month: 30 };
const noLeads = { leads: 0, qualified: 0, booked: 0, won: 0, wonValueCents: 0, wonWithValue: 0, answered: 0, medianFirstResponseSeconds: null, aiHandled: 0 };
const noCalls = { missed: 0, textedBack: 0, replied: 0, qualified: 0, booked: 0 };

function emptySummary(period: DashboardPeriod = '30d'): DashboardSummary {
  const byDay = days(LENGTH[period]);
  return {
    period,
    timezone: 'America/Chicago',
    current: { from: 0, to: Date.UTC(2026, 10, 30, 20, 15), firstDay: byDay[0]!.day, lastDay: byDay.at(-1)!.day },
    previous: { from: 0, to: Date.UTC(2026, 9, 31, 20, 15), firstDay: '2026-10-01', lastDay: '2026-10-31' },
    leads: { current: noLeads, previous: noLeads },
    aiAnsweredCalls: { current: 0, previous: 0 },
    handoffs: { current: 0, previous: 0 },
    missedCalls: { current: noCalls, previous: noCalls },
    recoveredRevenue: { bookedFromMissedCalls: 0, averageJobValue: null, estimateCents: null },
    leadsBySource: [],
    leadsByDay: byDay,
    needsAttention: { unanswered: 0, unread: 0, needsHuman: 0, failed: 0, items: [], refreshAt: null },
    setup: { businessNumber: null, testPhone: false, companyDetails: false, address: false, alertPhone: false, firstLead: false, teamMembers: 1 },
  };
}

function seededSummary(period: DashboardPeriod = '30d'): DashboardSummary {
  const base = emptySummary(period);
  const week = period === '7d';
  return {
    ...base,
    leads: {
      current: { leads: week ? 2 : 5, qualified: 1, booked: 1, won: 1, wonValueCents: 45_000, wonWithValue: 1, answered: 2, medianFirstResponseSeconds: 240, aiHandled: 2 },
      previous: { ...noLeads, leads: 1, answered: 1, medianFirstResponseSeconds: 600 },
    },
    aiAnsweredCalls: { current: 1, previous: 0 },
    handoffs: { current: 2, previous: 3 },
    missedCalls: {
      current: week ? { missed: 2, textedBack: 2, replied: 0, qualified: 0, booked: 0 } : { missed: 6, textedBack: 4, replied: 3, qualified: 2, booked: 1 },
      previous: { missed: 1, textedBack: 1, replied: 0, qualified: 0, booked: 0 },
    },
    recoveredRevenue: { bookedFromMissedCalls: week ? 0 : 1, averageJobValue: null, estimateCents: null },
    leadsBySource: [
      { source: 'manual', count: 1 },
      { source: 'sms', count: week ? 1 : 4 },
    ],
    leadsByDay: days(LENGTH[period], { [LENGTH[period] - 1]: 2, [LENGTH[period] - 3]: 1 }),
    needsAttention: {
      unanswered: 1,
      unread: 2,
      needsHuman: 0,
      failed: 1,
      refreshAt: null,
      items: [
        { kind: 'unanswered', id: 'lead:l1', conversationId: null, leadId: 'l1', name: 'Rosa Diaz', detail: 'Need a quote for a new furnace', at: NOW - 3_600_000 },
        { kind: 'unread', id: 'conversation:c1', conversationId: 'c1', leadId: null, name: '(312) 555-0162', detail: 'Hello?', at: NOW - 60_000 },
        { kind: 'failed', id: 'message:m1', conversationId: 'c2', leadId: null, name: 'Ann Lee', detail: 'The number can’t receive texts.', at: NOW - 120_000 },
      ],
    },
    setup: { ...base.setup, businessNumber: { e164: '+13125550100', provider: 'simulator' }, testPhone: true, firstLead: true },
  };
}

async function renderDashboard(answer: (period: DashboardPeriod) => DashboardSummary, extra: Record<string, (input: unknown) => unknown> = {}, path = '/dashboard') {
  const api = createFakeApi({
    'dashboard.summary': (input) => answer((input as { period: DashboardPeriod }).period),
    currentSession: () => ({ role: 'owner' }),
    // The texting registration's warning: nothing to warn about here.
    'registration.summary': () => null,
    ...extra,
  });
  const view = await renderScreen(DashboardPage, { path, api });
  await screen.findByRole('region', { name: 'Results' });
  return { api, ...view };
}

const figure = (label: string) => screen.getByRole('listitem', { name: label });

describe('DashboardPage', () => {
  it('an empty company: zeros that are real, no replies yet, nothing needing attention, the setup still to do', async () => {
    const { api } = await renderDashboard(emptySummary);
    expect(api.callsTo('dashboard.summary')).toEqual([{ period: '30d' }]);
    expect(figure('New leads')).toHaveTextContent(/New leads0Same as the 30 days before \(0\)/);
    expect(figure('Qualified')).toHaveTextContent(/Qualified0/);
    expect(figure('Booked')).toHaveTextContent(/Booked0/);
    expect(figure('Won value')).toHaveTextContent(/Won value\$0/);
    expect(figure('Median first response')).toHaveTextContent('No replies yet');
    expect(figure('Median first response')).toHaveTextContent('0 of 0 leads answered');
    expect(figure('Handled by AI')).toHaveTextContent('No leads yet');
    expect(screen.queryByText('Not counted yet')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Leads by source' })).toHaveTextContent('No leads from Nov 1 to Nov 30.');
    expect(screen.queryByTestId('day-chart')).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Leads by day' })).getAllByRole('listitem')).toHaveLength(30);
    expect(screen.getByRole('region', { name: 'Needs your attention' })).toHaveTextContent('Nothing needs you right now.');
    const funnel = screen.getByRole('region', { name: 'Missed calls' });
    expect(funnel).toHaveTextContent('No missed calls in the last 30 days.');
    const recovered = screen.getByRole('region', { name: 'Recovered revenue (estimate)' });
    expect(within(recovered).getByTestId('recovered-formula')).toHaveTextContent('0 jobs booked from missed calls × your average job value');
    expect(recovered).toHaveTextContent('Set your average job value to see the estimate.');
    const checklist = screen.getByRole('region', { name: 'Finish setting up' });
    expect(checklist).toHaveTextContent('0 of 5 done');
  });

  it('a seeded company shows its own figures, the charts, the funnel to booked, and links each need to its list', async () => {
    await renderDashboard(seededSummary);
    expect(figure('New leads')).toHaveTextContent(/New leads54 more than the 30 days before \(1\)/);
    expect(figure('Won value')).toHaveTextContent(/Won value\$450\$450 more than the 30 days before \(\$0\)/);
    expect(figure('Median first response')).toHaveTextContent(/Median first response4 min2 of 5 leads answered; 10 min the 30 days before/);
    expect(figure('Handled by AI')).toHaveTextContent(/Handled by AI40%2 of 5 leads, 1 call answered by the AI; 0% the 30 days before/);
    expect(figure('Handed to your team')).toHaveTextContent(/Handed to your team21 fewer than the 30 days before \(3\)/);
    const sources = screen.getByRole('list', { name: 'Leads by source' });
    expect(within(sources).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Text message: 4', 'Added by your team: 1']);
    expect(within(sources).getByRole('link', { name: 'Text message' })).toHaveAttribute('href', '/leads?source=sms&from=2026-11-01');
    const byDay = within(screen.getByRole('list', { name: 'Leads by day' })).getAllByRole('listitem');
    expect(byDay.map((bar) => Number(bar.dataset.count))).toEqual(seededSummary().leadsByDay.map((d) => d.count));
    expect(screen.getByRole('region', { name: 'Leads by day' })).toHaveTextContent('3 leads from Nov 1 to Nov 30 (America/Chicago time).');
    // The charts are drawn by recharts, loaded on their own once there is something to draw.
    expect(screen.getByTestId('day-chart')).toBeInTheDocument();
    expect(screen.getByTestId('source-chart')).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Missed calls funnel' })).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('aria-label'))).toEqual(['Missed calls: 6', 'Texted back: 4', 'Replied: 3', 'Qualified: 2', 'Booked: 1']);
    expect(steps[4]).toHaveTextContent('50% of those qualified');
    const attention = screen.getByRole('region', { name: 'Needs your attention' });
    expect(within(attention).getByRole('link', { name: 'New leads with no reply: 1' })).toHaveAttribute('href', '/leads?status=new');
    expect(within(attention).getByRole('link', { name: 'Rosa Diaz' })).toHaveAttribute('href', '/leads?lead=l1');
    expect(screen.getByTestId('period-sentence')).toHaveTextContent('Nov 1 – Nov 30 (until 2:15 PM) compared with Oct 1 – Oct 31 until 3:15 PM, America/Chicago time.');
  });

  it('the period switch asks the server again, keeps the period in the address, and shows its answer', async () => {
    const { api, router } = await renderDashboard(seededSummary);
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(api.callsTo('dashboard.summary')).toEqual([{ period: '30d' }, { period: '7d' }]));
    await waitFor(() => expect(figure('New leads')).toHaveTextContent(/New leads21 more than the 7 days before \(1\)/));
    expect(router.state.location.search).toEqual({ period: '7d' });
    expect(within(screen.getByRole('list', { name: 'Leads by day' })).getAllByRole('listitem')).toHaveLength(7);
    await userEvent.click(screen.getByRole('radio', { name: 'Today' }));
    await waitFor(() => expect(figure('New leads')).toHaveTextContent('than yesterday'));
    await userEvent.click(screen.getByRole('radio', { name: 'This month' }));
    await waitFor(() => expect(figure('New leads')).toHaveTextContent('than last month'));
    expect(api.callsTo('dashboard.summary').at(-1)).toEqual({ period: 'month' });
  });

  it('opens on the period in the address', async () => {
    const { api } = await renderDashboard(seededSummary, {}, '/dashboard?period=90d');
    expect(api.callsTo('dashboard.summary')).toEqual([{ period: '90d' }]);
    expect(screen.getByRole('radio', { name: '90 days' })).toBeChecked();
  });

  it('recovered revenue: the owner sets the average job value (checked before it is sent), and the estimate shows its formula', async () => {
    let saved: number | null = null;
    const answer = (period: DashboardPeriod) => {
      const summary = seededSummary(period);
      return saved === null
        ? summary
        : { ...summary, recoveredRevenue: { bookedFromMissedCalls: 1, averageJobValue: { cents: saved, setAt: Date.UTC(2026, 10, 30, 18), setBy: 'Pat Owner' }, estimateCents: saved } };
    };
    const { api } = await renderDashboard(answer, {
      'dashboard.setAverageJobValue': (input) => {
        saved = (input as { averageJobValueCents: number }).averageJobValueCents;
        return { averageJobValue: null };
      },
    });
    const recovered = screen.getByRole('region', { name: 'Recovered revenue (estimate)' });
    await userEvent.click(within(recovered).getByRole('button', { name: 'Set your average job value' }));
    const field = within(recovered).getByRole('textbox', { name: /Average job value/ });
    await userEvent.type(field, '0.5');
    await userEvent.click(within(recovered).getByRole('button', { name: 'Save' }));
    expect(recovered).toHaveTextContent('Enter at least $1.');
    expect(api.callsTo('dashboard.setAverageJobValue')).toEqual([]);
    // This period's won jobs averaged $450: one click fills it in.
    await userEvent.click(within(recovered).getByRole('button', { name: 'Use $450, the average of this period’s won jobs' }));
    await userEvent.click(within(recovered).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('dashboard.setAverageJobValue')).toEqual([{ averageJobValueCents: 45_000 }]));
    await waitFor(() => expect(within(recovered).getByTestId('recovered-formula')).toHaveTextContent('1 job booked from missed calls × $450 average job value = $450'));
    expect(recovered).toHaveTextContent('Average job value set by Pat Owner on Nov 30, 2026.');
  });

  it('staff see the formula and who can change the value', async () => {
    await renderDashboard(seededSummary, { currentSession: () => ({ role: 'staff' }) });
    const recovered = screen.getByRole('region', { name: 'Recovered revenue (estimate)' });
    await waitFor(() => expect(recovered).toHaveTextContent(/Only .* can set the average job value/));
    expect(within(recovered).queryByRole('button', { name: 'Set your average job value' })).not.toBeInTheDocument();
  });

  it('asks again when a waiting lead joins "no reply yet"; a refresh that fails says so and keeps the last figures', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let fail = false;
      const refreshAt = Date.now() + 5 * 60_000;
      const { api } = await renderDashboard((period) => {
        if (fail) throw apiError('INTERNAL_SERVER_ERROR', 'Something went wrong');
        return { ...seededSummary(period), needsAttention: { ...seededSummary(period).needsAttention, refreshAt } };
      });
      expect(api.callsTo('dashboard.summary')).toHaveLength(1);
      fail = true;
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      await waitFor(() => expect(api.callsTo('dashboard.summary')).toHaveLength(2));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Couldn’t refresh the dashboard');
      expect(alert).toHaveTextContent('the latest changes are not in them yet');
      // The figures last counted stay on screen.
      expect(figure('New leads')).toHaveTextContent(/New leads5/);
      fail = false;
      await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });
});
