const WATCH_KEY = 'leadloop.onboarding.test-lead-since';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When this tab started watching for the test lead (a few seconds before the step first opened): kept in the tab's
 * session, so coming back to "Go live" after the missed-calls step or a reload still shows the test lead that arrived,
 * however long the person took. A start older than a day is started again. Without storage, now.
 */
export function testLeadWatchStart(now: number = Date.now()): number {
  const fresh = now - 5_000;
  try {
    const kept = Number(sessionStorage.getItem(WATCH_KEY));
    if (Number.isFinite(kept) && kept > 0 && kept <= now && now - kept < DAY_MS) return kept;
    sessionStorage.setItem(WATCH_KEY, String(fresh));
  } catch {
    // (Storage refused: the watch starts at this visit.)
  }
  return fresh;
}
