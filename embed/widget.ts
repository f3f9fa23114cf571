/**
 * widget.js — the website widget's embed (built apart from the app: vite.embed.config.ts → dist/widget.js).
 *
 *   <script src="https://LEADLOOP_HOST/widget.js" data-key="PUBLIC_KEY" async></script>
 *
 * Reads its key from its own tag, loads the settings from the server it came from, and draws the chat launcher
 * (unless `data-launcher="off"`), a form into every `<div data-leadloop-form>`, and the popup when its trigger fires.
 * One global, `window.LeadLoop` ({ open, close }); every error is caught here or in the handlers (decision 0031).
 */
import { Widget } from './app';

declare global {
  interface Window {
    LeadLoop?: { open(): void; close(): void };
  }
}

(() => {
  try {
    if (window.LeadLoop) return; // the tag twice on one page: one widget
    const script = document.currentScript;
    const key = script instanceof HTMLScriptElement ? script.dataset.key?.trim() : undefined;
    if (!(script instanceof HTMLScriptElement) || !key) {
      console.warn('[LeadLoop widget] the script tag needs data-key="…" (Chat widget → Styles shows the snippet)');
      return;
    }
    const widget = new Widget({ key, origin: new URL(script.src).origin, launcher: script.dataset.launcher !== 'off' });
    window.LeadLoop = { open: () => widget.openChat(), close: () => widget.closeChat() };
    const start = () => widget.start().catch((error: unknown) => console.warn('[LeadLoop widget]', error));
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
    else void start();
  } catch (error) {
    try {
      console.warn('[LeadLoop widget]', error);
    } catch {
      /* nothing more to do */
    }
  }
})();
