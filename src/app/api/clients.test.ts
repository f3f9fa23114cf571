import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../entities/session';

describe('UNAUTHORIZED handling', () => {
  const original = window.location;
  afterEach(() => {
    Object.defineProperty(window, 'location', { configurable: true, value: original });
    vi.resetModules();
  });

  it('removes the stored credential and goes to the site origin', async () => {
    const assign = vi.fn();
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, origin: 'http://app.test', assign } });
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stale-token');
    const { logOutAfterUnauthorized } = await import('./clients');
    logOutAfterUnauthorized();
    logOutAfterUnauthorized(); // several failing calls in one batch: one redirect
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('http://app.test');
  });

  it('after a sign-out in this tab, a refused in-flight request does not reload the page', async () => {
    const assign = vi.fn();
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, origin: 'http://app.test', assign } });
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'revoked-token');
    const session = await import('../../entities/session');
    const { logOutAfterUnauthorized } = await import('./clients');
    session.forgetAuthTokenAfterSignOut();
    logOutAfterUnauthorized();
    expect(assign).not.toHaveBeenCalled();

    // Signing in again in this tab restores the rule: a later UNAUTHORIZED goes to the sign-in page.
    session.storeAuthToken('new-token');
    logOutAfterUnauthorized();
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledWith('http://app.test');
  });
});
