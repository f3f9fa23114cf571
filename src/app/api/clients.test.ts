import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/entities/session';

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
});
