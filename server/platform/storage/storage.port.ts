/**
 * Where uploaded files live (docs/decisions/0045-file-storage-and-uploads.md): the local disk under
 * `DATA_DIR/uploads` by default, an S3-compatible bucket when `S3_BUCKET` is set. Keys are made by the server
 * (`<company id>/<uuid>.<ext>`), never taken from a client; every adapter still refuses a key that is not of that
 * shape, so no key can reach outside its folder or bucket prefix.
 */
export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

export interface FileStorage {
  /** Names the adapter in logs and the start-up line: `disk` or `s3`. */
  readonly kind: 'disk' | 's3' | 'memory';
  /** Writes (or replaces) the file at `key`. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file at `key`, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file at `key`; no error when it is already gone. */
  delete(key: string): Promise<void>;
}

/** Path segments of letters, digits, `_` and `-` (each starting with a letter or digit), the last one with an optional extension. */
const KEY = /^(?:[A-Za-z0-9][A-Za-z0-9_-]{0,99}\/){0,4}[A-Za-z0-9][A-Za-z0-9_-]{0,99}(?:\.[a-z0-9]{1,10})?$/;

export class InvalidStorageKeyError extends Error {
  override name = 'InvalidStorageKeyError';
  constructor(key: string) {
    super(`Refused storage key ${JSON.stringify(key)}: keys are made by the server (segments of letters, digits, _ and -)`);
  }
}

/** Throws unless `key` is a key this app makes: no `..`, no leading `/`, no backslash, no empty segment. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new InvalidStorageKeyError(key);
}
