import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiHandlers, apiError, createFakeApi, renderScreen } from '@/shared/lib/test';
import { UsersPage } from './users-page';

const OWNER = '11111111-1111-4111-8111-111111111111';
const SAM = '22222222-2222-4222-8222-222222222222';
const INVITE = '33333333-3333-4333-8333-333333333333';
const now = Date.now();

const members = [
  { id: OWNER, firstName: 'Olivia', lastName: 'Owner', email: 'olivia@acme.test', role: 'owner', lastActiveAt: now - 60_000, joinedAt: now - 86_400_000, me: true },
  { id: SAM, firstName: 'Sam', lastName: 'Lee', email: 'sam@acme.test', role: 'staff', lastActiveAt: null, joinedAt: now, me: false },
];
const invitations = [{ id: INVITE, email: 'kim@acme.test', role: 'admin', status: 'pending', invitedByName: 'Olivia Owner', sentAt: now, expiresAt: now + 7 * 86_400_000 }];

function api(role: 'owner' | 'admin' | 'staff', handlers: ApiHandlers = {}) {
  return createFakeApi({
    currentSession: () => ({ kind: 'user', role, impersonation: null }),
    'team.overview': () => ({ members, invitations, myRole: role }),
    'team.members': () => members.map(({ id, firstName, lastName, email, role: r, me }) => ({ id, firstName, lastName, email, role: r, me })),
    'team.assignment.get': () => ({ mode: 'off', userIds: [], userId: null }),
    ...handlers,
  });
}

describe('UsersPage', () => {
  it('shows the team with roles and last activity, and invitations with their status', async () => {
    await renderScreen(UsersPage, { path: '/users', api: api('owner') });
    const rows = await screen.findAllByTestId('member-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Olivia Owner (you)');
    expect(rows[0]).toHaveTextContent('The only owner can’t be removed or demoted');
    expect(rows[1]).toHaveTextContent('not active yet');
    expect(screen.getByRole('combobox', { name: 'Role of Olivia Owner' })).toBeDisabled();
    const invitation = screen.getByTestId('invitation-row');
    expect(invitation).toHaveTextContent('kim@acme.test');
    expect(invitation).toHaveTextContent('Waiting');
    expect(screen.queryByText(/aren’t available/)).not.toBeInTheDocument();
  });

  it('invites by email with a role, and shows a refusal under the email field', async () => {
    const fake = api('owner', {
      'team.invite': (input) => {
        if ((input as { email: string }).email === 'taken@x.test') throw apiError('BAD_REQUEST', 'Invalid input', { email: ['taken@x.test already has a LeadLoop login.'] });
        return { id: INVITE };
      },
    });
    await renderScreen(UsersPage, { path: '/users', api: fake });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'taken@x.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('taken@x.test already has a LeadLoop login.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Email' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'new@acme.test');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(fake.callsTo('team.invite').at(-1)).toEqual({ email: 'new@acme.test', role: 'admin' }));
  });

  it('changes a role, resends and revokes an invitation, and removes a member after confirming', async () => {
    const fake = api('owner', { 'team.changeRole': () => ({ success: true }), 'team.remove': () => ({ success: true }), 'team.resendInvitation': () => ({ success: true }), 'team.revokeInvitation': () => ({ success: true }) });
    await renderScreen(UsersPage, { path: '/users', api: fake });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Sam Lee' }), 'admin');
    await waitFor(() => expect(fake.callsTo('team.changeRole')).toEqual([{ userId: SAM, role: 'admin' }]));
    await user.click(screen.getByRole('button', { name: 'Resend to kim@acme.test' }));
    await user.click(screen.getByRole('button', { name: 'Revoke kim@acme.test' }));
    await waitFor(() => expect(fake.callsTo('team.revokeInvitation')).toEqual([{ id: INVITE }]));
    expect(fake.callsTo('team.resendInvitation')).toEqual([{ id: INVITE }]);

    await user.click(screen.getByRole('button', { name: 'Remove Sam Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Sam Lee?' });
    expect(dialog).toHaveTextContent('signed out everywhere at once');
    expect(fake.callsTo('team.remove')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fake.callsTo('team.remove')).toEqual([{ userId: SAM }]));
  });

  it('an admin may not change roles or invite an owner', async () => {
    await renderScreen(UsersPage, { path: '/users', api: api('admin') });
    await screen.findAllByTestId('member-row');
    expect(screen.queryByRole('combobox', { name: 'Role of Sam Lee' })).not.toBeInTheDocument();
    expect(screen.getByText('Only the owner can change roles.')).toBeInTheDocument();
    const options = within(screen.getByRole('combobox', { name: 'Role' })).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Admin', 'Staff']);
  });

  it('staff see the team and who can change it, with no invite form', async () => {
    const fake = api('staff');
    await renderScreen(UsersPage, { path: '/users', api: fake });
    expect(await screen.findByText('Only the owner or an admin can invite people, change roles or remove anyone.')).toBeInTheDocument();
    expect(await screen.findByText('Sam Lee')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
    expect(fake.callsTo('team.overview')).toEqual([]);
  });

  it('saves round-robin assignment among chosen people', async () => {
    const fake = api('owner', { 'team.assignment.set': (input) => input });
    await renderScreen(UsersPage, { path: '/users', api: fake });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Take turns among chosen people' }));
    await user.click(screen.getByRole('checkbox', { name: 'Olivia Owner' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sam Lee' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsTo('team.assignment.set')).toEqual([{ mode: 'round_robin', userIds: [OWNER, SAM], userId: null }]));
  });
});
