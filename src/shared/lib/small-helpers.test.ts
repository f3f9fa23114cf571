import { describe, expect, it } from 'vitest';
import { LazyImportError, lazyImport } from './lazy-import';
import { safeRedirectPath } from './safe-redirect';

describe('lazyImport', () => {
  it("raises 'Lazy import failed' naming the missing export", async () => {
    const load = lazyImport(async () => ({ Other: () => null }) as Record<string, unknown>, 'DashboardPage');
    await expect(load()).rejects.toThrow('Lazy import failed: missing export "DashboardPage"');
    await expect(load()).rejects.toBeInstanceOf(LazyImportError);
  });

  it('passes a module with the export through', async () => {
    const Page = () => null;
    await expect(lazyImport(async () => ({ Page }), 'Page')()).resolves.toEqual({ Page });
  });

  it("reloads once when the screen's file cannot be downloaded, then raises 'Lazy import failed' naming the export", async () => {
    const stored = new Map<string, string>();
    const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) };
    let reloads = 0;
    const offline = async (): Promise<Record<string, unknown>> => {
      throw new TypeError('Failed to fetch dynamically imported module: https://app.test/assets/dashboard-abc.js');
    };
    const load = lazyImport(offline, 'DashboardPage', { storage, reload: () => (reloads += 1) });
    // First failure: a reload is asked for and the load never settles (the page is going away).
    let settled = false;
    void load().then(
      () => (settled = true),
      () => (settled = true),
    );
    for (let tick = 0; tick < 20; tick += 1) await Promise.resolve();
    expect(settled).toBe(false);
    expect(reloads).toBe(1);
    // After the reload the same file fails again: no second reload, the error names the export.
    await expect(load()).rejects.toThrow(/^Lazy import failed: .*"DashboardPage"/);
    await expect(load()).rejects.toBeInstanceOf(LazyImportError);
    expect(reloads).toBe(1);
  });

  it("any other failure to load raises 'Lazy import failed' naming the export, without a reload", async () => {
    let reloads = 0;
    const broken = async (): Promise<Record<string, unknown>> => {
      throw new Error('boom');
    };
    const load = lazyImport(broken, 'LeadsPage', { storage: { getItem: () => null, setItem: () => undefined }, reload: () => (reloads += 1) });
    await expect(load()).rejects.toThrow(/^Lazy import failed: .*"LeadsPage"/);
    expect(reloads).toBe(0);
  });
});

describe('safeRedirectPath', () => {
  const origin = 'https://app.leadloop.test';
  it.each([
    ['/leads', '/leads'],
    ['/settings/address?tab=1#x', '/settings/address?tab=1#x'],
    ['/clients/42', '/clients/42'],
  ])('keeps same-origin path %s', (from, expected) => {
    expect(safeRedirectPath(from, origin)).toBe(expected);
  });
  it.each(['//evil.test/x', '/\\evil.test', 'https://evil.test/leads', 'javascript:alert(1)', 'leads', '', '/', '/?adminAuth=x', 42, undefined])(
    'rejects %s',
    (from) => {
      expect(safeRedirectPath(from, origin)).toBeNull();
    },
  );
});
