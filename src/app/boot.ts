/**
 * A signed-out first visit to `/` (no adminAuth) shows the sign-in screen without loading the router: the page
 * people land on most often stays within its 150 kB budget. Everything else — and the moment someone signs in —
 * loads the routed app. This is exactly the case where the router's `/` route would render the screen without
 * redirecting (see signInRoute.beforeLoad).
 */
export function isDirectSignIn(location: { pathname: string; search: string }, signedIn: boolean): boolean {
  if (location.pathname !== '/' && location.pathname !== '') return false;
  if (new URLSearchParams(location.search).has('adminAuth')) return false;
  return !signedIn;
}
