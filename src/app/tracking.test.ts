import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { createAppRouter } from './router/router';
import { trackNavigation } from './tracking';

function setup(signedIn: boolean, path: string) {
  const analytics = { enabled: true, pageView: vi.fn(), identify: vi.fn(), reset: vi.fn() };
  const messenger = { enabled: true, boot: vi.fn(), update: vi.fn(), shutdown: vi.fn() };
  let token: string | null = signedIn ? 'tok' : null;
  const session = { isSignedIn: () => token !== null, signIn: (t: string) => void (token = t) };
  const router = createAppRouter({ session }, createMemoryHistory({ initialEntries: [path] }));
  trackNavigation(router, { analytics, messenger, isSignedIn: session.isSignedIn, origin: 'https://app.test' });
  return { router, analytics, messenger, session };
}

describe('navigation tracking', () => {
  it('records a page view per navigation (path only) and updates the widget while signed in', async () => {
    const { router, analytics, messenger } = setup(true, '/dashboard');
    await router.load();
    await router.navigate({ to: '/leads', search: { status: 'new' } as never });
    await router.navigate({ to: '/settings' }); // redirects to /settings/company: one page view for the final location
    expect(analytics.pageView.mock.calls.map((call) => call[0])).toEqual([
      'https://app.test/dashboard',
      'https://app.test/leads',
      'https://app.test/settings/company',
    ]);
    expect(messenger.update).toHaveBeenCalledTimes(3);
    expect(messenger.shutdown).not.toHaveBeenCalled();
  });

  it('never sends a token in the query string, and keeps the widget shut down when signed out', async () => {
    const { router, analytics, messenger } = setup(false, '/jobber-oauth?code=secret-code&state=secret-state');
    await router.load();
    expect(analytics.pageView).toHaveBeenCalledWith('https://app.test/jobber-oauth');
    expect(JSON.stringify(analytics.pageView.mock.calls)).not.toContain('secret');
    expect(messenger.shutdown).toHaveBeenCalled();
    expect(messenger.update).not.toHaveBeenCalled();
  });

  it('does not count a reload of the same location', async () => {
    const { router, analytics } = setup(true, '/dashboard');
    await router.load();
    await router.invalidate();
    expect(analytics.pageView).toHaveBeenCalledTimes(1);
  });
});
