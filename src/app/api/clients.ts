import { clearAuthToken, readAuthToken, signedOutInThisTab } from '../../entities/session';
import { createApiClient } from '../../shared/api';

let loggingOut = false;

/**
 * UNAUTHORIZED: the stored credential is removed and the browser goes to the site origin (the sign-in page).
 * Not after a sign-out in this tab: that already went to the sign-in page, and what was still in flight with the
 * revoked credential (live updates, a refetch) is refused as expected — reloading would only cost a page load.
 */
export function logOutAfterUnauthorized(): void {
  if (signedOutInThisTab()) return;
  clearAuthToken();
  if (loggingOut) return;
  loggingOut = true;
  window.location.assign(window.location.origin);
}

/** Spec section 6: the authenticated client sends the stored credential when one exists, no header otherwise. */
export const authenticatedApi = createApiClient({ getAuthToken: readAuthToken, onUnauthorized: logOutAfterUnauthorized });
