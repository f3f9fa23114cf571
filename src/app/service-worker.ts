/**
 * Registers public/sw.js (offline page, Web Push) after the page has loaded, so it never competes with the first
 * paint. The worker only answers page navigations that fail (with the offline page) and its own shell files, so
 * it is harmless under Vite's dev server too.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('Service worker not registered', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
