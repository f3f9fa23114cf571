import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { UsersPage } from './users-page';

describe('UsersPage', () => {
  it('shows no teammates yet and a disabled invite button with its reason', async () => {
    const { heading } = await renderScreen(UsersPage, { path: '/users' });
    expect(heading).toHaveTextContent('Users');
    expect(screen.getByRole('heading', { name: 'No teammates yet' })).toBeInTheDocument();

    const invite = screen.getByRole('button', { name: 'Invite a teammate' });
    expect(invite).toBeDisabled();
    expect(invite).toHaveAccessibleDescription('Invitations by email aren’t available in your account yet.');
    for (const role of ['Owner', 'Admin', 'Staff']) expect(screen.getByText(role)).toBeInTheDocument();
  });
});
