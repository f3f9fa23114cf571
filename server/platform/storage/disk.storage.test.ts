import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk.storage';
import { InvalidStorageKeyError } from './storage.port';

/** The disk adapter: files under its folder only, whatever key it is handed. */
let parent: string;
let root: string;

beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'leadloop-disk-'));
  root = join(parent, 'uploads');
  // A file next to the folder that a path trick would aim at.
  await writeFile(join(parent, 'secret.txt'), 'do not read me');
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

describe('disk storage', () => {
  it('writes, reads and deletes under its folder, creating the company folder on first use', async () => {
    const storage = createDiskStorage(root);
    const key = 'c0ffee00-0000-4000-8000-000000000001/0a1b2c3d-0000-4000-8000-000000000002.png';
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, new Uint8Array([1, 2, 3]), 'image/png');
    expect(await readFile(join(root, key))).toEqual(Buffer.from([1, 2, 3]));
    expect(await storage.get(key)).toEqual({ bytes: new Uint8Array([1, 2, 3]), contentType: 'image/png' });
    await storage.put(key, new Uint8Array([4]), 'image/png');
    expect((await storage.get(key))?.bytes).toEqual(new Uint8Array([4]));
    // No temporary file is left beside it.
    expect(await readdir(join(root, 'c0ffee00-0000-4000-8000-000000000001'))).toEqual(['0a1b2c3d-0000-4000-8000-000000000002.png']);
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it.each([
    '../secret.txt',
    '../../etc/passwd',
    '/etc/passwd',
    'a/../../secret.txt',
    'a/../b.png',
    './a.png',
    'a/./b.png',
    'a//b.png',
    'a/',
    '',
    '.',
    '..',
    '..\\secret.txt',
    'a\\..\\..\\secret.txt',
    'C:\\Windows\\win.ini',
    '%2e%2e/secret.txt',
    'a/b.png\u0000.txt',
    '.hidden',
    'a/.png',
    'a/b/c/d/e/f.png',
  ])('refuses the key %j for put, get and delete, and touches nothing outside', async (key) => {
    const storage = createDiskStorage(root);
    await expect(storage.put(key, new Uint8Array([9]), 'image/png')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(await readFile(join(parent, 'secret.txt'), 'utf8')).toBe('do not read me');
    expect((await readdir(parent)).sort()).toEqual(['secret.txt']);
  });

  it('reads nothing through a folder where a file is expected', async () => {
    const storage = createDiskStorage(root);
    await mkdir(join(root, 'company', 'folder.png'), { recursive: true });
    expect(await storage.get('company/folder.png')).toBeNull();
  });
});
