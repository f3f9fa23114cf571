/**
 * The `from` location carried through sign-in: only a path of this site is accepted (never `//evil.com`,
 * `https://…` or `javascript:`), so the redirect after sign-in cannot leave the app.
 */
export function safeRedirectPath(from: unknown, origin: string): string | null {
  if (typeof from !== 'string' || from.length === 0 || from.length > 2048) return null;
  if (!from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  try {
    const url = new URL(from, origin);
    if (url.origin !== origin) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path === '/' || path.startsWith('/?') ? null : path;
  } catch {
    return null;
  }
}
