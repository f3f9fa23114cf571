import { describe, expect, it } from 'vitest';
import { isDirectSignIn } from './boot';

/** Must match the router's `/` route: it renders the screen without redirecting exactly in these cases. */
describe('isDirectSignIn', () => {
  it.each([
    [{ pathname: '/', search: '' }, false, true],
    [{ pathname: '/', search: '?ref=FRIEND42&utm_source=google' }, false, true],
    [{ pathname: '/', search: '?from=%2Fleads' }, false, true],
    [{ pathname: '', search: '' }, false, true],
    [{ pathname: '/', search: '' }, true, false], // signed in: the router sends them on
    [{ pathname: '/', search: '?adminAuth=tok' }, false, false], // support token: the router stores it
    [{ pathname: '/dashboard', search: '' }, false, false], // any other path: the router decides
    [{ pathname: '/jobber-oauth', search: '?code=x' }, false, false],
    [{ pathname: '/nope', search: '' }, false, false],
  ])('%o signed in=%s → %s', (location, signedIn, expected) => {
    expect(isDirectSignIn(location, signedIn)).toBe(expected);
  });
});
