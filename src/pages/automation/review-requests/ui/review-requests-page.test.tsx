import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { ReviewRequestsPage } from './review-requests-page';

describe('ReviewRequestsPage', () => {
  it('shows no requests yet, empty stats, and the default timing', async () => {
    const { heading } = await renderScreen(ReviewRequestsPage, { path: '/review-requests' });
    expect(heading).toHaveTextContent('Review requests');
    expect(screen.getByRole('heading', { name: 'No review requests sent yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your leads' })).toHaveAttribute('href', '/leads');
    expect(screen.getAllByText('No data yet')).toHaveLength(2);

    const timing = screen.getByRole('list', { name: 'Default timing' });
    expect(within(timing).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Sent 2 hours after the job',
      'One reminder 3 days later',
    ]);
  });
});
