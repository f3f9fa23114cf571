import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing';
import { NotificationsPage } from './notifications-page';

describe('NotificationsPage', () => {
  it('says there are no notifications yet, what they will be about, and where to go next', async () => {
    const { heading } = await renderScreen(NotificationsPage, { path: '/notifications' });
    expect(heading).toHaveTextContent('Notifications');
    expect(screen.getByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See what’s left to set up' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('heading', { name: 'What you’ll be notified about' })).toBeInTheDocument();
    expect(screen.getByText('Needs a person')).toBeInTheDocument();
    expect(screen.getByText('Trial ending')).toBeInTheDocument();
  });
});
