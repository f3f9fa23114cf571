import { useEffect } from 'react';

const SUFFIX = 'LeadLoop';

/** Sets the tab title to "<title> · LeadLoop" while the screen is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title ? `${title} · ${SUFFIX}` : SUFFIX;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
