import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readLiveLock } from '../../server/lib/data-dir-lock';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the real server (`node --import tsx server/main.ts`, as `npm start` does) on a free port of 127.0.0.1
 * with its own DATA_DIR, and resolves once it listens (it publishes its URL in the data folder's lock file).
 */
export async function startServerProcess(options: { dataDir: string; env?: Record<string, string | undefined>; timeoutMs?: number }): Promise<ServerProcess> {
  const env = {
    ...process.env,
    DATABASE_URL: '',
    SMTP_URL: '',
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    PORT: '0',
    HOST: '127.0.0.1',
    ...options.env,
    DATA_DIR: options.dataDir,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const lock = readLiveLock(options.dataDir);
    if (lock?.url && lock.pid === child.pid) {
      return {
        child,
        url: lock.url,
        output: () => output,
        stop(signal = 'SIGTERM') {
          if (child.exitCode !== null) return Promise.resolve(child.exitCode);
          return new Promise((resolve) => {
            child.once('exit', (code) => resolve(code));
            child.kill(signal);
          });
        },
      };
    }
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
