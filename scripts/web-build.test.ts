import { existsSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withBuildLock } from './web-build';

describe('one web build at a time per folder', () => {
  it('makes a second build wait for the first, and frees the lock after', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'web-build-')), 'dist');
    const order: string[] = [];
    let release: () => void = () => {};
    const first = withBuildLock(out, async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('first ends');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = withBuildLock(out, async () => {
      order.push('second starts');
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual(['first starts']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'first ends', 'second starts']);
    expect(existsSync(`${out}.build-lock`)).toBe(false);
  });

  it('takes over a lock left by a build that was killed (older than 10 minutes)', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'web-build-')), 'dist');
    writeFileSync(`${out}.build-lock`, '');
    const old = new Date(Date.now() - 11 * 60_000);
    utimesSync(`${out}.build-lock`, old, old);
    await expect(withBuildLock(out, async () => 'built')).resolves.toBe('built');
  });

  it('frees the lock when the build fails', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'web-build-')), 'dist');
    await expect(withBuildLock(out, async () => Promise.reject(new Error('vite failed')))).rejects.toThrow('vite failed');
    expect(existsSync(`${out}.build-lock`)).toBe(false);
  });
});
