import { assertStorageKey, type FileStorage, type StoredFile } from './storage.port';

/**
 * Files in this process's memory: the tests' storage (server/testing/test-app.ts), never the server's — the
 * server uses the disk or S3 (server/app.ts). Same key rule as the real adapters.
 */
export function createMemoryStorage(): FileStorage & { files: Map<string, StoredFile> } {
  const files = new Map<string, StoredFile>();
  return {
    kind: 'memory',
    files,
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      files.set(key, { bytes: new Uint8Array(bytes), contentType });
    },
    async get(key) {
      assertStorageKey(key);
      const file = files.get(key);
      return file ? { bytes: new Uint8Array(file.bytes), contentType: file.contentType } : null;
    },
    async delete(key) {
      assertStorageKey(key);
      files.delete(key);
    },
  };
}
