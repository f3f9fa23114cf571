import { useState } from 'react';
import * as z from 'zod/mini';
import { AuthFlowClockContext, createAuthFlowActors } from '../features/auth-flow';
import { SignInPage } from '../pages/sign-in';
import { config, links } from '@/shared/config';
import { safeRedirectPath } from '../shared/lib/safe-redirect';
import { devtoolsClock, inspector } from './devtools/inspector';
import { parseSearch } from './router/search';
import type { SessionContext } from './router/session-context';

/** The anonymous client is loaded on the first API call (a user action), not with the page. */
const actors = createAuthFlowActors(() => import('./api/anonymous-client').then((module) => module.anonymousApi));

const signInSearchSchema = z.object({
  from: z.optional(z.string().check(z.maxLength(2048))),
  ref: z.optional(z.string().check(z.maxLength(64))),
  adminAuth: z.optional(z.string().check(z.maxLength(256))),
});
export type SignInSearch = z.infer<typeof signInSearchSchema>;

/** The query of `/`: `from` (where to return), `ref` (referral code), `adminAuth` (support token); junk is dropped. */
export function parseSignInSearch(raw: Record<string, unknown>): SignInSearch {
  const result: SignInSearch = {};
  for (const key of ['from', 'ref', 'adminAuth'] as const) {
    const field = signInSearchSchema.shape[key].safeParse(raw[key]);
    if (field.success && field.data) result[key] = field.data;
  }
  return result;
}

/** Where to go after signing in: a path to push, or a same-origin href kept from `?from=`. */
export type SignInTarget = { to: '/onboarding' | '/dashboard' } | { href: string };

/** After registration: onboarding. After login: the page originally asked for (same-origin only), or the dashboard. */
export function signInTarget(mode: 'register' | 'login', from: string | undefined, origin: string): SignInTarget {
  if (mode === 'register') return { to: '/onboarding' };
  const safe = safeRedirectPath(from, origin);
  return safe ? { href: safe } : { to: '/dashboard' };
}

/**
 * The sign-in screen wired to the anonymous API, sessionStorage, the session and navigation. Rendered by the
 * router's `/` route and, on a signed-out first visit to `/`, directly (see main.tsx).
 */
export function SignInScreen({ search, session, onNavigate }: { search: SignInSearch; session: SessionContext; onNavigate: (target: SignInTarget) => void }) {
  // The landing's query string and referrer, as they were when the screen opened.
  const [landing] = useState(() => {
    const params = parseSearch(window.location.search);
    return { params: Object.keys(params).length > 0 ? params : undefined, referrer: document.referrer };
  });
  return (
    <AuthFlowClockContext value={devtoolsClock()}>
      <SignInPage
        actors={actors}
        storage={window.sessionStorage}
        initialMode={search.from ? 'login' : 'register'}
        referralCode={search.ref ?? null}
        referrer={landing.referrer}
        params={landing.params}
        links={links}
        testimonialsEmbedUrl={config.VITE_TESTIMONIALS_EMBED_URL}
        inspect={inspector()}
        onSignedIn={({ authToken, mode }) => {
          session.signIn(authToken);
          onNavigate(signInTarget(mode, search.from, window.location.origin));
        }}
      />
    </AuthFlowClockContext>
  );
}
