// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInHintScript } from './sign-in-hint';

const script = signInHintScript({ authTokenKey: 'authToken', signInStateKey: 'leadloop.signInState', entry: '/assets/index-abc.js' });
const run = () => new Function(script)() as void;
const entryScripts = () => [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));

/** A browser that reports paints: the test says when the first contentful paint happens. */
function paintingBrowser() {
  let report: ((entries: string[]) => void) | undefined;
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }, observer: FakeObserver) => void) {}
    observe() {
      report = (names) => this.callback({ getEntriesByName: (name) => names.filter((n) => n === name) }, this);
    }
    disconnect() {
      report = undefined;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return { paint: (...names: string[]) => report?.(names) };
}

describe('the sign-in snapshot hint script', () => {
  beforeEach(() => {
    document.documentElement.removeAttribute('data-no-snapshot');
    document.head.innerHTML = '';
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the snapshot for a first visit and starts the app once the snapshot has been painted', () => {
    const browser = paintingBrowser();
    run();
    expect(document.documentElement.hasAttribute('data-no-snapshot')).toBe(false);
    browser.paint('first-paint');
    expect(entryScripts()).toEqual([]);
    browser.paint('first-contentful-paint');
    expect(entryScripts()).toEqual(['/assets/index-abc.js']);
    browser.paint('first-contentful-paint');
    expect(entryScripts()).toHaveLength(1);
  });

  it('hides the snapshot for someone signed in and starts the app at once', () => {
    paintingBrowser();
    localStorage.setItem('authToken', 'token-1');
    run();
    expect(document.documentElement.hasAttribute('data-no-snapshot')).toBe(true);
    expect(entryScripts()).toEqual(['/assets/index-abc.js']);
  });

  it('hides the snapshot when a sign-in in progress comes back (the code step), not for a blank token', () => {
    localStorage.setItem('authToken', '  ');
    run();
    expect(document.documentElement.hasAttribute('data-no-snapshot')).toBe(false);
    sessionStorage.setItem('leadloop.signInState', '{"mode":"login"}');
    run();
    expect(document.documentElement.hasAttribute('data-no-snapshot')).toBe(true);
  });

  it('starts at once in a browser that does not report paints', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    run();
    expect(entryScripts()).toEqual(['/assets/index-abc.js']);
  });
});
