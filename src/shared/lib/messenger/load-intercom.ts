import type { IntercomLike } from './messenger';

declare global {
  interface Window {
    Intercom?: IntercomLike & { q?: unknown[]; c?: (args: unknown) => void };
  }
}

/** Loads the widget from Intercom's host (allowed by the CSP only when an app id is configured). */
export function loadIntercom(appId: string): Promise<IntercomLike> {
  return new Promise((resolve, reject) => {
    if (typeof window.Intercom === 'function') return resolve(window.Intercom);
    // Queue calls made before the script arrives, as Intercom's own snippet does.
    const queue: unknown[] = [];
    const stub = ((...args: unknown[]) => queue.push(args)) as unknown as NonNullable<Window['Intercom']>;
    stub.q = queue;
    stub.c = (args: unknown) => queue.push(args);
    window.Intercom = stub;
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://widget.intercom.io/widget/${encodeURIComponent(appId)}`;
    script.onload = () => resolve((...args) => window.Intercom?.(...args));
    script.onerror = () => reject(new Error('The messaging widget could not be loaded'));
    document.head.appendChild(script);
  });
}
