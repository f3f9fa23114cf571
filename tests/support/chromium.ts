/**
 * Debian's Chromium headless shell (package `chromium-headless-shell`, the browser's old headless mode as its own
 * binary), or CHROME_PATH: the only browser the tests use. The full browser's new headless mode composites every
 * frame in a software GPU process that Chromium runs above normal priority; on a 2-core machine with two servers and
 * two browsers it starved the servers, and pages took over 10 s to load (docs/decisions/0054).
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export function chromiumPath(): string {
  return process.env.CHROME_PATH || HEADLESS_SHELL;
}

/** Flags for a headless Chromium on a closed network (no background calls to Google's hosts). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
