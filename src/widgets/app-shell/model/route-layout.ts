import { useMatches } from '@tanstack/react-router';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The screen is as tall as the window and scrolls inside its own panes, like a chat app (the inbox), instead
     * of growing the page: the shell gives it the height left under the header and the banners.
     */
    fillsWindow?: boolean;
  }
}

/** Whether the screen on show asked for the window's height (a route's `staticData.fillsWindow`). */
export function useFillsWindow(): boolean {
  return useMatches({ select: (matches) => matches.some((match) => match.staticData.fillsWindow === true) });
}

/**
 * Whether the screen has never been shown yet: the first load of the app, while the screen's chunk is still on its
 * way. The router waits `pendingMs` before it shows a pending screen (so a quick move between screens does not
 * flash one); on a first load there is nothing else to show, so the shell shows the skeleton at once.
 */
export function useFirstScreenPending(): boolean {
  return useMatches({ select: (matches) => matches.at(-1)?.status === 'pending' });
}
