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
