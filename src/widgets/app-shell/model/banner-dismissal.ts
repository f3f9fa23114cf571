import { useState } from 'react';

/** Dismissals are remembered per browser in localStorage, under a key that says what was dismissed. */
export function useDismissal(key: string | null): [boolean, () => void] {
  const storageKey = key ? `leadloop.dismissed.${key}` : null;
  const [dismissed, setDismissed] = useState(() => {
    if (!storageKey) return false;
    try {
      return window.localStorage.getItem(storageKey) === '1';
    } catch {
      return false;
    }
  });
  const [dismissedKey, setDismissedKey] = useState(storageKey);
  if (dismissedKey !== storageKey) {
    // The thing to dismiss changed (another company, another day count): show it again unless that one was dismissed.
    setDismissedKey(storageKey);
    setDismissed(storageKey ? window.localStorage.getItem(storageKey) === '1' : false);
  }
  return [
    dismissed,
    () => {
      setDismissed(true);
      try {
        if (storageKey) window.localStorage.setItem(storageKey, '1');
      } catch {
        // Storage unavailable: dismissed for this visit only.
      }
    },
  ];
}
