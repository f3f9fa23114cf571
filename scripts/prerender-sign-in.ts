/**
 * Snapshot of the sign-in page for its first paint (docs/performance.md, "Sign-in page").
 *
 * Runs the production build itself — dist/index.html and the very chunks a browser loads — in a simulated
 * browser (jsdom) at `/` with nothing stored, waits for the sign-in screen to render, and writes
 * dist/sign-in.html: index.html with that markup inside #root. The server answers a plain `GET /` with it, so a
 * phone paints the form as soon as the HTML and CSS arrive instead of after the JavaScript has downloaded and
 * run; the app then renders the same screen over it (same size and place: no layout shift).
 *
 * A visitor for whom `/` is not the sign-in screen (signed in, or coming back to a sign-in in progress) must not
 * see the snapshot: /sign-in-hint.js, a tiny blocking script in <head>, marks the page so the snapshot is hidden
 * before the first paint, and main.tsx then replaces it.
 *
 * Usage: node --import tsx scripts/prerender-sign-in.ts DIST_DIR   (run by scripts/web-build.ts after vite build)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AUTH_TOKEN_KEY } from '@/entities/session/model/auth-token';
import { SIGN_IN_STATE_KEY } from '@/features/auth-flow/model/auth-flow.persistence';
import { signInHintScript, SNAPSHOT_HIDDEN_STYLE } from './sign-in-hint';
import { BOOT_SHELL_END, BOOT_SHELL_START } from './vite-boot-shell';

const BOOT_SHELL_IN_ROOT = new RegExp(`<div id="root">${BOOT_SHELL_START}[\\s\\S]*?${BOOT_SHELL_END}</div>`);

const distDir = resolve(process.argv[2] ?? 'dist');
const indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
const entry = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>/.exec(indexHtml)?.[1];
if (!entry) throw new Error('prerender: no entry script in index.html');

// jsdom ships no types; the test environment (vitest) uses it the same way.
interface SimulatedBrowser {
  window: Window & typeof globalThis;
}
const { JSDOM } = (await import('jsdom' as string)) as { JSDOM: new (html: string, options: { url: string; pretendToBeVisual: boolean }) => SimulatedBrowser };
// The page without its scripts: the entry is imported below from the files themselves.
const dom = new JSDOM(indexHtml.replace(/<script type="module"[^>]*><\/script>/g, ''), { url: 'http://localhost/', pretendToBeVisual: true });
const win = dom.window;
const globals: Record<string, unknown> = {
  window: win,
  self: win,
  document: win.document,
  navigator: win.navigator,
  location: win.location,
  history: win.history,
  localStorage: win.localStorage,
  sessionStorage: win.sessionStorage,
  HTMLElement: win.HTMLElement,
  Element: win.Element,
  Node: win.Node,
  Event: win.Event,
  CustomEvent: win.CustomEvent,
  getComputedStyle: win.getComputedStyle.bind(win),
  requestAnimationFrame: win.requestAnimationFrame.bind(win),
  cancelAnimationFrame: win.cancelAnimationFrame.bind(win),
  matchMedia: (query: string) => ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }),
  ResizeObserver: class {
    observe() {}
    unobserve() {}
    disconnect() {}
  },
};
win.matchMedia = globals.matchMedia as typeof win.matchMedia;
// Everything else a browser has (MutationObserver, HTMLInputElement, …) that Node does not.
for (const name of Object.getOwnPropertyNames(win)) {
  if (!(name in globalThis) && !(name in globals)) globals[name] = (win as unknown as Record<string, unknown>)[name];
}
for (const [name, value] of Object.entries(globals)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });

// Nothing is fetched while the snapshot is taken (a real visitor's browser fetches what it needs itself).
const fetched: string[] = [];
globalThis.fetch = ((input: string | URL | Request) => {
  fetched.push(String(input instanceof Request ? input.url : input));
  return new Promise(() => {});
}) as typeof fetch;

await import(pathToFileURL(join(distDir, entry)).href);

const root = win.document.getElementById('root');
if (!root) throw new Error('prerender: #root missing');
// The screen renders as a transition: wait until its form is there and the markup stops changing.
let markup = '';
for (let waited = 0; ; waited += 50) {
  await new Promise((r) => setTimeout(r, 50));
  const now = root.innerHTML;
  if (now.includes('<form') && now === markup) break;
  markup = now;
  if (waited > 10_000) throw new Error('prerender: the sign-in screen did not render');
}
// Mantine writes its CSS variables into <style> elements in <head> at run time: the snapshot needs them too.
// (jsdom cannot preload modules, so Vite's polyfill fetches the chunks: those are expected.)
const unexpected = fetched.filter((url) => !new URL(url).pathname.startsWith('/assets/'));
if (unexpected.length) console.log(`prerender: left unanswered while rendering: ${unexpected.join(', ')}`);
const headStyles = [...win.document.head.querySelectorAll('style')].map((style) => style.outerHTML).join('');

// Mantine marks <html> with the colour scheme at run time: the snapshot's page is marked the same way.
const htmlAttributes = [...win.document.documentElement.attributes]
  .filter((attribute) => attribute.name.startsWith('data-'))
  .map((attribute) => ` ${attribute.name}="${attribute.value.replace(/"/g, '&quot;')}"`)
  .join('');

writeFileSync(join(distDir, 'sign-in-hint.js'), signInHintScript({ authTokenKey: AUTH_TOKEN_KEY, signInStateKey: SIGN_IN_STATE_KEY, entry: `/${entry}` }));
const page = indexHtml
  // The entry module is started by the hint script after the first paint (the chunks stay preloaded).
  .replace(/\s*<script type="module"[^>]*><\/script>/, '')
  // …and its chunks download at low priority: the snapshot's CSS comes first, then they are ready when it starts.
  .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"')
  .replace(/<html([^>]*)>/, `<html$1${htmlAttributes}>`)
  .replace('</head>', `  <script src="/sign-in-hint.js"></script>\n    <style>${SNAPSHOT_HIDDEN_STYLE}</style>\n    ${headStyles}\n  </head>`)
  // inert: the snapshot is a picture of the form until the app takes over (nothing typed into it could be kept);
  // the wrapper leaves no box of its own, and goes when React clears #root on its first commit.
  // (The app shell's boot picture in index.html's #root is not for this page: the snapshot takes its place.)
  .replace(BOOT_SHELL_IN_ROOT, `<div id="root" data-snapshot="sign-in"><div inert style="display:contents">${markup}</div></div>`);
if (!page.includes('data-snapshot="sign-in"') || page.includes('type="module"')) throw new Error('prerender: no boot shell in <div id="root"> in index.html');
writeFileSync(join(distDir, 'sign-in.html'), page);
console.log(`prerender: dist/sign-in.html (${(markup.length / 1024).toFixed(1)} kB of markup)`);
process.exit(0);
