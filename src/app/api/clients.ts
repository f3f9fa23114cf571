import { clearAuthToken, readAuthToken } from '@/entities/session';
import { createApiClient } from '@/shared/api';

let loggingOut = false;

/** UNAUTHORIZED: the stored credential is removed and the browser goes to the site origin (the sign-in page). */
export function logOutAfterUnauthorized(): void {
  clearAuthToken();
  if (loggingOut) return;
  loggingOut = true;
  window.location.assign(window.location.origin);
}

/** Spec section 6: the authenticated client sends the stored credential when one exists, no header otherwise. */
export const authenticatedApi = createApiClient({ getAuthToken: readAuthToken, onUnauthorized: logOutAfterUnauthorized });
