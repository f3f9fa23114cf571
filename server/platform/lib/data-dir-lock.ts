import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * The embedded database (PGlite) may be opened by one process only. The server claims the data folder with this
 * lock file, which also tells `npm run admin:token` where the running server listens and the secret to use.
 */
const lockSchema = z.object({
  pid: z.number().int(),
  url: z.string().nullable(),
  secret: z.string().min(32),
  startedAt: z.string(),
});
export type DataDirLockInfo = z.infer<typeof lockSchema>;

export function lockPath(dataDir: string): string {
  return join(resolve(dataDir), 'server.lock.json');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock of a live process, or null when there is none (a stale file of a crashed process counts as none). */
export function readLiveLock(dataDir: string): DataDirLockInfo | null {
  const path = lockPath(dataDir);
  if (!existsSync(path)) return null;
  try {
    const info = lockSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
    return isAlive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export interface DataDirLock {
  secret: string;
  publish(url: string): void;
  release(): void;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(resolve(dataDir), { recursive: true });
  const path = lockPath(dataDir);
  const live = readLiveLock(dataDir);
  if (live && live.pid !== process.pid) {
    throw new DataDirInUseError(
      `DATA_DIR ${resolve(dataDir)} is in use by another LeadLoop process (pid ${live.pid}${live.url ? ` at ${live.url}` : ''}). Stop it first, or set DATA_DIR to another folder.`,
    );
  }
  rmSync(path, { force: true });
  const info: DataDirLockInfo = {
    pid: process.pid,
    url: null,
    secret: randomBytes(32).toString('hex'),
    startedAt: new Date().toISOString(),
  };
  const write = (flags: string) => {
    const fd = openSync(path, flags, 0o600);
    try {
      writeFileSync(fd, JSON.stringify(info));
    } finally {
      closeSync(fd);
    }
  };
  write('wx');
  let released = false;
  return {
    secret: info.secret,
    publish(url: string) {
      info.url = url;
      write('w');
    },
    release() {
      if (released) return;
      released = true;
      const current = readLiveLock(dataDir);
      if (!current || current.pid === process.pid) rmSync(path, { force: true });
    },
  };
}
