import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/entities/session';
import { renderScreen } from '@/shared/lib/test';
import { InvitePage } from './invite-page';

const TOKEN = 'a'.repeat(43);
const pending = { companyName: 'Acme Plumbing', invitedByName: 'Olivia Owner', email: 'sam@acme.test', role: 'staff' as const, status: 'pending' as const, expiresAt: Date.now() + 1e9 };

function fakeApi(overrides: { preview?: () => Promise<unknown>; verify?: () => Promise<unknown> } = {}) {
  const accept = vi.fn(async () => ({ success: true, email: 'sam@acme.test', message: 'We sent a 6-digit code to sam@acme.test.' }));
  const verify = vi.fn(overrides.verify ?? (async () => ({ success: true, authToken: 'session-token', message: 'Email verified successfully.' })));
  const api = {
    invitations: {
      preview: { query: vi.fn(overrides.preview ?? (async () => pending)) },
      accept: { mutate: accept },
      verify: { mutate: verify },
    },
  };
  return { api: api as never, accept, verify };
}

describe('InvitePage', () => {
  it('says who invites whom to which company, asks the name, then the emailed code, and signs in', async () => {
    const { api, accept, verify } = fakeApi();
    const { router } = await renderScreen(() => <InvitePage api={api} />, { path: `/invite/${TOKEN}`, routePath: 'invite/$token' });
    expect(await screen.findByText(/Olivia Owner invited/)).toHaveTextContent('Olivia Owner invited sam@acme.test to join Acme Plumbing on LeadLoop as a staff.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Join Acme Plumbing');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Sam');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lee');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(accept).toHaveBeenCalledWith({ token: TOKEN, firstName: 'Sam', lastName: 'Lee' });
    expect(await screen.findByText('We sent a 6-digit code to sam@acme.test.')).toBeInTheDocument();
    // The server sends one code per 30 seconds: the page says so rather than offering a resend it would refuse.
    expect(screen.getByRole('button', { name: 'Resend the code' })).toBeDisabled();
    expect(screen.getByText('Another code can be sent 30 seconds after the last one.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Join Acme Plumbing' }));
    expect(verify).toHaveBeenCalledWith({ token: TOKEN, code: '123456' });
    await waitFor(() => expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe('session-token'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('says plainly when the invitation expired, was used or is not valid', async () => {
    await renderScreen(() => <InvitePage api={fakeApi({ preview: async () => ({ ...pending, status: 'expired' }) }).api} />, { path: `/invite/${TOKEN}`, routePath: 'invite/$token' });
    expect(await screen.findByText('This invitation has expired. Ask whoever invited you to send it again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email me a code' })).not.toBeInTheDocument();
  });

  it('shows a wrong code’s message and stays on the code step', async () => {
    const { api } = fakeApi({ verify: async () => ({ success: false, authToken: null, message: 'Invalid verification code. 4 attempts left.' }) });
    await renderScreen(() => <InvitePage api={api} />, { path: `/invite/${TOKEN}`, routePath: 'invite/$token' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Sam');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lee');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await user.type(await screen.findByRole('textbox', { name: 'Verification code' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Join Acme Plumbing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code. 4 attempts left.');
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });
});
