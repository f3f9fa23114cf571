import type { Analytics } from '../shared/lib/analytics';
import type { Messenger } from '../shared/lib/messenger';
import type { AppRouter } from './router/router';

/**
 * One page view per navigation, and the messaging widget told about it while signed in (shut down otherwise).
 * Page views carry the path only: query strings can hold credentials (`adminAuth`, OAuth `code`/`state`).
 */
export function trackNavigation(
  router: Pick<AppRouter, 'subscribe'>,
  deps: { analytics: Analytics; messenger: Messenger; isSignedIn: () => boolean; origin: string },
): () => void {
  return router.subscribe('onResolved', ({ fromLocation, toLocation, hrefChanged }) => {
    if (fromLocation && !hrefChanged) return; // a reload of the same location (router.invalidate)
    deps.analytics.pageView(`${deps.origin}${toLocation.pathname}`);
    if (deps.isSignedIn()) deps.messenger.update();
    else deps.messenger.shutdown();
  });
}
