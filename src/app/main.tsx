import './styles/first-load.css.ts';
import { startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { isSignedIn } from '../entities/session';
import { analytics } from '../shared/lib/analytics';
import { messenger } from '../shared/lib/messenger';
import { isDirectSignIn } from './boot';
import { setUpInspector } from './devtools/inspector';
import { AppProviders } from './root/app-providers';
import { parseSearch } from './router/search';
import { registerServiceWorker } from './service-worker';
import { browserSession } from './router/session-context';
import { parseSignInSearch, SignInScreen, type SignInTarget } from './sign-in-screen';

const loadRoutedApp = () => import('./routed-app');

function renderSignIn(root: Root): void {
  const search = parseSignInSearch(parseSearch(window.location.search));
  analytics.pageView(`${window.location.origin}/`);
  messenger.shutdown();
  const enterApp = async (target: SignInTarget) => {
    const { mountRoutedApp } = await loadRoutedApp();
    window.history.replaceState(window.history.state, '', 'href' in target ? target.href : target.to);
    mountRoutedApp(root);
  };
  // Rendered as a transition: React then yields to the browser every few milliseconds instead of building the
  // whole screen in one long task, so a slow phone stays responsive while the page starts (docs/performance.md).
  startTransition(() =>
    root.render(
      <AppProviders>
        <SignInScreen search={search} session={browserSession} onNavigate={(target) => void enterApp(target)} />
      </AppProviders>,
    ),
  );
  // Fetch the rest of the app once the person starts filling the form, so signing in is instant; a visit that
  // never interacts downloads nothing more than the screen itself.
  const prefetch = () => void loadRoutedApp();
  for (const type of ['focusin', 'pointerdown'] as const) window.addEventListener(type, prefetch, { once: true, passive: true });
}

await setUpInspector();
registerServiceWorker();
const element = document.getElementById('root');
if (element) {
  const directSignIn = isDirectSignIn(window.location, isSignedIn());
  // The server's snapshot of the sign-in form (scripts/prerender-sign-in.ts): the sign-in screen renders over it
  // (React clears it on its first commit); any other screen, or a sign-in coming back mid-way, starts empty.
  if (element.dataset.snapshot) {
    if (!directSignIn || document.documentElement.hasAttribute('data-no-snapshot')) element.replaceChildren();
    element.removeAttribute('data-snapshot');
  }
  const root = createRoot(element);
  if (directSignIn) renderSignIn(root);
  else (await loadRoutedApp()).mountRoutedApp(root);
}
