import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { DashboardPage } from './dashboard-page';

describe('DashboardPage', () => {
  it('shows empty KPIs, nothing to attend to, and a setup checklist linking to each step', async () => {
    const { heading } = await renderScreen(DashboardPage, { path: '/dashboard' });
    expect(heading).toHaveTextContent('Dashboard');

    for (const label of ['New leads', 'Qualified', 'Median first response', 'AI-answered calls', 'Bookings', 'Missed calls', 'Texted back', 'Replied']) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }
    expect(screen.getAllByText('No data yet')).toHaveLength(9);
    expect(screen.getByRole('region', { name: 'Needs your attention' })).toHaveTextContent('Nothing needs you right now.');

    const checklist = screen.getByRole('region', { name: 'Finish setting up' });
    const links = within(checklist).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/settings/phone',
      '/missed-calls/basic',
      '/chat-widget/styles',
      '/settings/ai',
      '/users',
    ]);
    expect(within(checklist).getByRole('link', { name: 'Invite your team' })).toBeInTheDocument();
  });

  it('names the comparison period chosen', async () => {
    await renderScreen(DashboardPage, { path: '/dashboard' });
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    expect(screen.getByText(/Last 7 days compared with the 7 days before/)).toBeInTheDocument();
  });
});
