import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderScreen } from '@/shared/lib/test';
import { ImpersonationBanner } from './banners';

const ENDS_AT = new Date(2026, 10, 23, 10, 42).getTime();
const user = { user: { id: 'u1', email: 'mike@rapid.test', firstName: 'Mike', lastName: 'Ross', createdAt: 1 }, company: { id: 'c1', name: 'Rapid Rooter Plumbing' } };

function Screen() {
  return (
    <>
      <h1>Leads</h1>
      <ImpersonationBanner />
    </>
  );
}

beforeEach(() => window.localStorage.setItem('authToken', 'support-token'));
afterEach(() => window.localStorage.clear());

describe('ImpersonationBanner', () => {
  it('says whose account support is in and until when, and ends the session', async () => {
    const api = createFakeApi({
      currentSession: () => ({ kind: 'impersonation', impersonation: { endsAt: ENDS_AT, operator: 'QA desk' } }),
      getCurrentLoggedInUser: () => user,
      logout: () => ({ success: true }),
    });
    const { router } = await renderScreen(Screen, { path: '/leads', api });
    const banner = await screen.findByRole('status', { name: 'Support access' });
    await waitFor(() => expect(banner).toHaveTextContent(/^You are signed in as Mike \(support access, ends 10:42( AM)?\)/));
    expect(banner.textContent).not.toMatch(/dismiss/i);
    await userEvent.click(screen.getByRole('button', { name: 'End support session' }));
    await waitFor(() => expect(api.callsTo('logout')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('is absent from the owner’s own session', async () => {
    const api = createFakeApi({ currentSession: () => ({ kind: 'user', impersonation: null }), getCurrentLoggedInUser: () => user });
    await renderScreen(Screen, { path: '/leads', api });
    await waitFor(() => expect(api.callsTo('currentSession')).toHaveLength(1));
    expect(screen.queryByRole('status', { name: 'Support access' })).not.toBeInTheDocument();
  });
});
