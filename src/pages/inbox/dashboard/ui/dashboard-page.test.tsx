import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import type { DashboardSummary } from '../model/summary';
import { DashboardPage } from './dashboard-page';

const NOW = Date.now();

function days(count: number, filled: Record<number, number> = {}) {
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2026, 10, 2) - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { day, count: filled[i] ?? 0 };
  });
}

function emptySummary(period: 7 | 30 | 90 = 30): DashboardSummary {
  return {
    days: period,
    timezone: 'America/Chicago',
    newLeads: { current: 0, previous: 0 },
    qualified: { current: 0, previous: 0 },
    handoffs: { current: 0, previous: 0 },
    bookings: { current: 0, previous: 0 },
    firstResponse: { current: { medianSeconds: null, answered: 0, leads: 0 }, previous: { medianSeconds: null, answered: 0, leads: 0 } },
    leadsBySource: [],
    leadsByDay: days(period),
    missedCalls: { missed: 0, textedBack: 0, replied: 0, qualified: 0 },
    needsAttention: { unanswered: 0, unread: 0, needsHuman: 0, failed: 0, items: [] },
    setup: { businessNumber: null, testPhone: false, companyDetails: false, address: false, alertPhone: false, firstLead: false, teamMembers: 1 },
  };
}

function seededSummary(period: 7 | 30 | 90 = 30): DashboardSummary {
  const base = emptySummary(period);
  return {
    ...base,
    newLeads: { current: period === 7 ? 2 : 5, previous: 1 },
    qualified: { current: 1, previous: 0 },
    handoffs: { current: 2, previous: 3 },
    bookings: { current: 3, previous: 1 },
    firstResponse: { current: { medianSeconds: 240, answered: 1, leads: 2 }, previous: { medianSeconds: 600, answered: 1, leads: 1 } },
    leadsBySource: [
      { source: 'manual', count: 1 },
      { source: 'sms', count: period === 7 ? 1 : 4 },
    ],
    leadsByDay: days(period, { [period - 1]: 2, [period - 3]: 1 }),
    missedCalls: period === 7 ? { missed: 2, textedBack: 2, replied: 0, qualified: 0 } : { missed: 6, textedBack: 4, replied: 3, qualified: 1 },
    needsAttention: {
      unanswered: 1,
      unread: 2,
      needsHuman: 0,
      failed: 1,
      items: [
        { kind: 'unanswered', id: 'lead:l1', conversationId: null, leadId: 'l1', name: 'Rosa Diaz', detail: 'Need a quote for a new furnace', at: NOW - 3_600_000 },
        { kind: 'unread', id: 'conversation:c1', conversationId: 'c1', leadId: null, name: '(312) 555-0162', detail: 'Hello?', at: NOW - 60_000 },
        { kind: 'failed', id: 'message:m1', conversationId: 'c2', leadId: null, name: 'Ann Lee', detail: 'The number can’t receive texts.', at: NOW - 120_000 },
      ],
    },
    setup: { ...base.setup, businessNumber: { e164: '+13125550100', provider: 'simulator' }, testPhone: true, firstLead: true },
  };
}

async function renderDashboard(answer: (days: 7 | 30 | 90) => DashboardSummary) {
  const api = createFakeApi({ 'dashboard.summary': (input) => answer((input as { days: 7 | 30 | 90 }).days) });
  await renderScreen(DashboardPage, { path: '/dashboard', api });
  await screen.findByRole('region', { name: 'Results' });
  return { api };
}

const figure = (label: string) => screen.getByRole('listitem', { name: label });

describe('DashboardPage', () => {
  it('an empty company: zeros that are real, no replies yet, nothing needing attention, the setup still to do', async () => {
    const { api } = await renderDashboard(emptySummary);
    expect(api.callsTo('dashboard.summary')).toEqual([{ days: 30 }]);

    expect(figure('New leads')).toHaveTextContent(/New leads0Same as the 30 days before \(0\)/);
    expect(figure('Qualified')).toHaveTextContent(/Qualified0/);
    expect(figure('Median first response')).toHaveTextContent('No replies yet');
    expect(figure('Median first response')).toHaveTextContent('0 of 0 leads answered');
    // Figures whose source is not built: no number, and what will feed them.
    expect(figure('AI-answered calls')).toHaveTextContent('Not counted yet');
    expect(figure('AI-answered calls')).toHaveTextContent('AI call answering');
    expect(figure('Bookings')).toHaveTextContent(/Bookings0Same as the 30 days before \(0\)/);
    expect(screen.queryByText('—')).not.toBeInTheDocument();
    expect(screen.queryByText('No data yet')).not.toBeInTheDocument();

    expect(screen.getByRole('region', { name: 'Leads by source' })).toHaveTextContent('No leads in the last 30 days.');
    expect(within(screen.getByRole('list', { name: 'Leads by day' })).getAllByRole('listitem')).toHaveLength(30);
    expect(screen.getByRole('region', { name: 'Needs your attention' })).toHaveTextContent('Nothing needs you right now.');
    const funnel = screen.getByRole('region', { name: 'Missed calls' });
    expect(funnel).toHaveTextContent('No missed calls in the last 30 days.');
    expect(within(funnel).queryByRole('list')).not.toBeInTheDocument();

    const checklist = screen.getByRole('region', { name: 'Finish setting up' });
    expect(checklist).toHaveTextContent('0 of 5 done');
    expect(within(checklist).getByRole('link', { name: 'Set up your business number' })).toHaveAttribute('href', '/settings/phone');
    expect(within(checklist).getByRole('listitem', { name: 'Business phone number: to do' })).toBeInTheDocument();
  });

  it('a seeded company shows its own figures, links each need to its filtered list, and ticks what is set up', async () => {
    await renderDashboard(seededSummary);

    expect(figure('New leads')).toHaveTextContent(/New leads54 more than the 30 days before \(1\)/);
    expect(figure('Qualified')).toHaveTextContent(/Qualified11 more than the 30 days before \(0\)/);
    expect(figure('Handed to your team')).toHaveTextContent(/Handed to your team21 fewer than the 30 days before \(3\)/);
    expect(figure('Median first response')).toHaveTextContent(/Median first response4 min1 of 2 leads answered; 10 min the 30 days before/);
    expect(figure('Bookings')).toHaveTextContent(/Bookings32 more than the 30 days before \(1\)/);

    const sources = screen.getByRole('list', { name: 'Leads by source' });
    expect(within(sources).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Text message: 4', 'Added by your team: 1']);
    expect(within(sources).getByRole('link', { name: 'Text message' }).getAttribute('href')).toMatch(/^\/leads\?source=sms&from=\d{4}-\d{2}-\d{2}$/);

    const byDay = within(screen.getByRole('list', { name: 'Leads by day' })).getAllByRole('listitem');
    expect(byDay.map((bar) => Number(bar.dataset.count))).toEqual(seededSummary().leadsByDay.map((d) => d.count));
    expect(screen.getByRole('region', { name: 'Leads by day' })).toHaveTextContent('3 leads from');

    const funnel = screen.getByRole('region', { name: 'Missed calls' });
    const steps = within(within(funnel).getByRole('list', { name: 'Missed calls funnel' })).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('aria-label'))).toEqual(['Missed calls: 6', 'Texted back: 4', 'Replied: 3', 'Qualified: 1']);
    expect(steps[1]).toHaveTextContent('67% of missed calls');
    expect(steps[2]).toHaveTextContent('75% of those texted back');
    expect(steps[3]).toHaveTextContent('33% of those who replied');
    expect(funnel).toHaveTextContent('Calls not texted back were skipped');
    expect(within(funnel).getByRole('link', { name: 'See every call in the call history' })).toHaveAttribute('href', '/missed-calls/history');

    const attention = screen.getByRole('region', { name: 'Needs your attention' });
    expect(within(attention).getByRole('link', { name: 'New leads with no reply: 1' })).toHaveAttribute('href', '/leads?status=new');
    expect(within(attention).getByRole('link', { name: 'Leads that need a person: 0' })).toHaveAttribute('href', '/leads?status=needs_human');
    expect(within(attention).getByRole('link', { name: 'Unread conversations: 2' })).toHaveAttribute('href', '/conversations?filter=unread');
    expect(within(attention).getByRole('link', { name: 'Failed texts (last 7 days): 1' })).toHaveAttribute('href', '/logs?status=failed');
    expect(within(attention).getByRole('link', { name: 'Rosa Diaz' })).toHaveAttribute('href', '/leads?lead=l1');
    expect(within(attention).getByRole('link', { name: '(312) 555-0162' })).toHaveAttribute('href', '/conversations?c=c1');
    expect(within(attention).getByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/conversations?c=c2');
    expect(attention).not.toHaveTextContent('Nothing needs you right now.');

    const checklist = screen.getByRole('region', { name: 'Finish setting up' });
    expect(checklist).toHaveTextContent('3 of 6 done');
    expect(within(checklist).getByRole('listitem', { name: 'Business phone number: done' })).toHaveTextContent('(312) 555-0100 (test number)');
    expect(within(checklist).getByRole('listitem', { name: 'A test phone: done' })).toBeInTheDocument();
    expect(within(checklist).queryByRole('link', { name: 'Set up your business number' })).not.toBeInTheDocument();
  });

  it('the same page differs between an empty and a seeded company (nothing on it is hard-coded)', async () => {
    const empty = await renderDashboard(emptySummary);
    const emptyText = document.body.textContent;
    void empty;
    document.body.innerHTML = '';
    await renderDashboard(seededSummary);
    const seededText = document.body.textContent;
    expect(seededText).not.toEqual(emptyText);
    for (const label of ['New leads', 'Qualified', 'Median first response', 'Bookings']) {
      expect(figure(label).querySelector('[data-testid="kpi-value"]')!.textContent).not.toBe('0');
    }
  });

  it('the period switch asks the server again and shows its answer', async () => {
    const { api } = await renderDashboard(seededSummary);
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(api.callsTo('dashboard.summary')).toEqual([{ days: 30 }, { days: 7 }]));
    await waitFor(() => expect(figure('New leads')).toHaveTextContent(/New leads21 more than the 7 days before \(1\)/));
    expect(screen.getByRole('region', { name: 'Results' })).toHaveTextContent('Last 7 days compared with the 7 days before.');
    expect(within(screen.getByRole('list', { name: 'Leads by day' })).getAllByRole('listitem')).toHaveLength(7);
    const steps = within(screen.getByRole('list', { name: 'Missed calls funnel' })).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('aria-label'))).toEqual(['Missed calls: 2', 'Texted back: 2', 'Replied: 0', 'Qualified: 0']);
    expect(steps[2]).toHaveTextContent('0% of those texted back');
    expect(steps[3]).toHaveTextContent('No replies yet');
    expect(screen.getByRole('region', { name: 'Missed calls' })).not.toHaveTextContent('Calls not texted back');
    await userEvent.click(screen.getByRole('radio', { name: '90 days' }));
    await waitFor(() => expect(api.callsTo('dashboard.summary')).toEqual([{ days: 30 }, { days: 7 }, { days: 90 }]));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Leads by day' })).getAllByRole('listitem')).toHaveLength(90));
  });
});
