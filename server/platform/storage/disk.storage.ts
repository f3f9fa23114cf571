import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { assertStorageKey, type FileStorage, InvalidStorageKeyError } from './storage.port';

/** A key's extension → the content type it is served with (only what the uploads module writes). */
const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/**
 * Files on this machine's disk, under one folder (`DATA_DIR/uploads`). A key must be a server-made key
 * (storage.port.ts) and, resolved, must stay strictly inside the folder — checked again here whatever the key
 * check lets through, so a crafted key (`../x`, `/etc/passwd`, `a/../../x`, `C:\x`) is refused before any file is
 * touched. Writes go to a temporary name first and are renamed into place, so a reader never sees half a file.
 * The content type is the key's extension (the uploads table keeps the real one; this is for a lost table only).
 */
export function createDiskStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    assertStorageKey(key);
    const path = resolve(base, key);
    const inside = relative(base, path);
    if (!inside || inside.startsWith('..') || isAbsolute(inside) || !path.startsWith(base + sep)) throw new InvalidStorageKeyError(key);
    return path;
  };
  return {
    kind: 'disk',
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.part`;
      try {
        await writeFile(temporary, bytes, { flag: 'wx' });
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const bytes = await readFile(path);
        const extension = key.split('.').pop() ?? '';
        return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
