import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/shared/lib/test';
import { UsersPage } from './users-page';

describe('UsersPage', () => {
  it('shows no teammates yet and says inviting is not available, with no disabled look-alike button', async () => {
    const { heading } = await renderScreen(UsersPage, { path: '/users' });
    expect(heading).toHaveTextContent('Users');
    expect(screen.getByRole('heading', { name: 'No teammates yet' })).toBeInTheDocument();

    expect(screen.getByText('Invitations by email aren’t available in your account yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite a teammate' })).not.toBeInTheDocument();
    for (const role of ['Owner', 'Admin', 'Staff']) expect(screen.getByText(role)).toBeInTheDocument();
  });
});
