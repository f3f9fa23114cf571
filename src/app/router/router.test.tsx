import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { createAppRouter } from './router';
import type { SessionContext } from './session-context';

function fakeSession(token: string | null = null): SessionContext & { token: string | null } {
  const session = {
    token,
    isSignedIn: () => session.token !== null,
    signIn: (t: string) => {
      session.token = t;
    },
  };
  return session;
}

/** Loads `path` with memory history (no rendering): guards and redirects run, lazy screens are fetched. */
async function visit(path: string, options: { signedIn?: boolean; session?: ReturnType<typeof fakeSession> } = {}) {
  const session = options.session ?? fakeSession(options.signedIn ? 'tok' : null);
  const history = createMemoryHistory({ initialEntries: [path] });
  const replace = vi.spyOn(history, 'replace');
  const push = vi.spyOn(history, 'push');
  const router = createAppRouter({ session }, history);
  await router.load();
  const { pathname, searchStr, href } = router.state.location;
  return { router, history, session, pathname, searchStr, href, replace, push, search: Object.fromEntries(new URLSearchParams(searchStr)) };
}

describe('guards (spec section 2)', () => {
  it.each(['/dashboard', '/leads', '/clients/42', '/settings/address', '/onboarding', '/flows/new', '/integrations', '/widget-demo'])(
    'a logged-out visit to %s goes to / with history replaced and the location as "from"',
    async (path) => {
      const result = await visit(path);
      expect(result.pathname).toBe('/');
      expect(result.search.from).toBe(path);
      expect(result.push).not.toHaveBeenCalled();
      expect(result.replace).toHaveBeenCalled();
      expect(result.history.length).toBe(1);
    },
  );

  it('keeps the query and hash of the requested location in "from"', async () => {
    const result = await visit('/leads?status=new#top');
    expect(result.pathname).toBe('/');
    expect(result.search.from).toBe('/leads?status=new#top');
  });

  it('an authenticated visit to / goes to /dashboard', async () => {
    const result = await visit('/', { signedIn: true });
    expect(result.pathname).toBe('/dashboard');
  });

  it('an authenticated visit to / goes to "from" when it is a path of this site', async () => {
    expect((await visit('/?from=%2Fleads%3Fstatus%3Dnew', { signedIn: true })).href).toBe('/leads?status=new');
    expect((await visit('/?from=%2Fclients%2F42', { signedIn: true })).pathname).toBe('/clients/42');
  });

  it.each(['//evil.test/x', 'https://evil.test/dashboard', 'javascript:alert(1)', 'leads'])('ignores an unsafe "from" (%s)', async (from) => {
    const result = await visit(`/?from=${encodeURIComponent(from)}`, { signedIn: true });
    expect(result.pathname).toBe('/dashboard');
  });

  it('/?adminAuth=TOKEN stores the token, lands on /dashboard and leaves no trace of it in the URL or history', async () => {
    const session = fakeSession(null);
    const result = await visit('/?adminAuth=support-token-123', { session });
    expect(session.token).toBe('support-token-123');
    expect(result.pathname).toBe('/dashboard');
    expect(result.href).not.toContain('adminAuth');
    expect(result.history.length).toBe(1);
    expect(result.push).not.toHaveBeenCalled();
  });

  it('adminAuth replaces a session that was already there', async () => {
    const session = fakeSession('old-token');
    await visit('/?adminAuth=new-token', { session });
    expect(session.token).toBe('new-token');
  });

  it('public routes stay reachable when logged out', async () => {
    for (const path of ['/', '/jobber-oauth', '/thumbtack-oauth', '/google-oauth-cal']) {
      expect((await visit(path)).pathname).toBe(path);
    }
  });

  it('the OAuth callbacks stay reachable when logged in', async () => {
    expect((await visit('/jobber-oauth?code=x&state=y', { signedIn: true })).pathname).toBe('/jobber-oauth');
  });
});

describe('tab parents and unknown tabs', () => {
  it.each([
    ['/chat-widget', '/chat-widget/styles'],
    ['/chat-widget/nope', '/chat-widget/styles'],
    ['/chat-widget/a/b', '/chat-widget/styles'],
    ['/missed-calls', '/missed-calls/basic'],
    ['/missed-calls/whatever', '/missed-calls/basic'],
    ['/ai-call-answering', '/ai-call-answering/basic'],
    ['/ai-call-answering/unknown', '/ai-call-answering/basic'],
    ['/settings', '/settings/company'],
    ['/settings/', '/settings/company'],
    ['/settings/whatever/deep', '/settings/company'],
    ['/microsites', '/microsites/basic'],
    ['/microsites/zzz', '/microsites/basic'],
    ['/integrations/anything/deeper', '/integrations'],
  ])('%s → %s', async (path, expected) => {
    const result = await visit(path, { signedIn: true });
    expect(result.pathname).toBe(expected);
    expect(result.history.length).toBe(1);
  });

  it.each([
    '/chat-widget/styles',
    '/chat-widget/form-embed',
    '/chat-widget/lead-qualifier',
    '/chat-widget/popup',
    '/chat-widget/ai-schedule',
    '/chat-widget/follow-ups',
    '/missed-calls/agent',
    '/missed-calls/voicemail',
    '/missed-calls/history',
    '/ai-call-answering/agent',
    '/ai-call-answering/sms-followup',
    '/ai-call-answering/history',
    '/settings/address',
    '/settings/ai',
    '/settings/phone',
    '/settings/phone/application',
    '/settings/subscription',
    '/settings/api-keys',
    '/microsites/content',
    '/microsites/advanced',
    '/microsites/domain',
  ])('%s is a tab of its own', async (path) => {
    expect((await visit(path, { signedIn: true })).pathname).toBe(path);
  });
});

describe('every protected route', () => {
  it.each([
    '/onboarding',
    '/dashboard',
    '/leads',
    '/notifications',
    '/clients',
    '/clients/abc-123',
    '/conversations',
    '/flows',
    '/flows/new',
    '/flows/flow-7',
    '/logs',
    '/users',
    '/external-integrations',
    '/integrations',
    '/referral-thank-you',
    '/scheduling',
    '/email-gateway',
    '/widget-demo',
    '/review-requests',
  ])('%s resolves when signed in', async (path) => {
    const result = await visit(path, { signedIn: true });
    expect(result.pathname).toBe(path);
    expect(result.router.state.matches.some((match) => match.status === 'error')).toBe(false);
  });
});

describe('any other path', () => {
  it.each(['/nope', '/dashboard2', '/a/b/c', '/settingsx'])('%s redirects to /', async (path) => {
    expect((await visit(path)).pathname).toBe('/');
  });

  it('and on to /dashboard when signed in', async () => {
    expect((await visit('/nope', { signedIn: true })).pathname).toBe('/dashboard');
  });
});
