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

export function storeAuthToken(token: string): void {
  storage()?.setItem(AUTH_TOKEN_KEY, token);
}

export function clearAuthToken(): void {
  storage()?.removeItem(AUTH_TOKEN_KEY);
}

export function isSignedIn(): boolean {
  return readAuthToken() !== null;
}
