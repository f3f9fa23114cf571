/** Spec section 3: the session credential is one string kept in localStorage under `authToken`. */
export const AUTH_TOKEN_KEY = 'authToken';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): behave as signed out
  }
}

export function readAuthToken(): string | null {
  const value = storage()?.getItem(AUTH_TOKEN_KEY);
  return value && value.trim() ? value : null;
}

// Set when this tab signs out on purpose; a new sign-in here clears it.
let signedOutHere = false;

export function storeAuthToken(token: string): void {
  signedOutHere = false;
  storage()?.setItem(AUTH_TOKEN_KEY, token);
}

/**
 * A deliberate sign-out in this tab: the credential is forgotten, and requests still in flight with it (live
 * updates, a refetch) will be refused by the server — expected, not a reason to reload the page.
 */
export function forgetAuthTokenAfterSignOut(): void {
  signedOutHere = true;
  clearAuthToken();
}

/** True after `forgetAuthTokenAfterSignOut` until someone signs in again (in this tab or another). */
export function signedOutInThisTab(): boolean {
  return signedOutHere && readAuthToken() === null;
}

export function clearAuthToken(): void {
  storage()?.removeItem(AUTH_TOKEN_KEY);
}

export function isSignedIn(): boolean {
  return readAuthToken() !== null;
}
