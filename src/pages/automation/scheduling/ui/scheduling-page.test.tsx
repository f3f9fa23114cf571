import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { SchedulingPage } from './scheduling-page';

describe('SchedulingPage', () => {
  it('shows no appointment types, the next step, and the default reminders', async () => {
    const { heading } = await renderScreen(SchedulingPage, { path: '/scheduling' });
    expect(heading).toHaveTextContent('Scheduling');
    expect(screen.getByRole('heading', { name: 'No appointment types yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set your business hours' })).toHaveAttribute('href', '/settings/company');

    const reminders = screen.getByRole('list', { name: 'Default reminders' });
    expect(within(reminders).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['24 hours before', '2 hours before']);
    expect(screen.getByText(/No bookings yet/)).toBeInTheDocument();
  });
});
