import { useState } from 'react';

function readFlag(storageKey: string): boolean {
  try {
    return window.localStorage.getItem(storageKey) === '1';
  } catch {
    return false;
  }
}

function writeFlag(storageKey: string): void {
  try {
    window.localStorage.setItem(storageKey, '1');
  } catch {
    // Storage unavailable: dismissed for this visit only.
  }
}

/**
 * Dismissals are remembered per browser in localStorage, under a key that says what was dismissed; when the key
 * changes (another company, another day count) the banner shows again unless that one was dismissed.
 */
export function useDismissal(key: string | null): [boolean, () => void] {
  const storageKey = key ? `leadloop.dismissed.${key}` : null;
  const [dismissedHere, setDismissedHere] = useState<string | null>(null);
  const dismissed = storageKey !== null && (dismissedHere === storageKey || readFlag(storageKey));
  return [
    dismissed,
    () => {
      if (!storageKey) return;
      setDismissedHere(storageKey);
      writeFlag(storageKey);
    },
  ];
}
