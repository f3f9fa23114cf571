import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLiveLock } from '@server/platform/lib/data-dir-lock';
import { ROOT } from '@scripts/web-build';


export interface ServerProcess {
  url: string;
  /** The data folder the server runs on (what `npm run admin:token` needs to find the running server). */
  dataDir: string;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the real server (`node --import tsx server/main.ts`, as `npm start` does) on a free port of 127.0.0.1
 * and resolves once it listens (it publishes its URL in the data folder's lock file). Without `dataDir` it runs
 * on a temporary data folder of its own, removed by stop(). Variables a developer's .env could set (database,
 * SMTP, Twilio, PUBLIC_URL) are blanked unless `env` passes them.
 */
export async function startServerProcess(options: { dataDir?: string; env?: Record<string, string | undefined>; nodeFlags?: string[] } = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'leadloop-server-'));
  const removeOwnDataDir = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const env = {
    ...process.env,
    DATABASE_URL: '',
    SMTP_URL: '',
    TWILIO_ACCOUNT_SID: '',
    TWILIO_AUTH_TOKEN: '',
    PUBLIC_URL: '',
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    PORT: '0',
    HOST: '127.0.0.1',
    ...options.env,
    DATA_DIR: dataDir,
  };
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // (A start from source on a loaded 2-core machine can take a minute: decision 0054.)
  const deadline = Date.now() + 150_000;
  for (;;) {
    const lock = readLiveLock(dataDir);
    // The data folder's lock is the embedded database's; on a Postgres server (DATABASE_URL) the server is ready
    // when its fixed PORT answers /healthz.
    const url = lock?.url && lock.pid === child.pid ? lock.url : env.DATABASE_URL && env.PORT !== '0' ? await healthyAt(`http://${env.HOST}:${env.PORT}`) : undefined;
    if (url) {
      return {
        url,
        dataDir,
        output: () => output,
        async stop(signal = 'SIGTERM') {
          if (child.exitCode === null) child.kill(signal);
          const code = await exited;
          removeOwnDataDir();
          return code;
        },
      };
    }
    if (child.exitCode !== null) {
      removeOwnDataDir();
      throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      removeOwnDataDir();
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function healthyAt(base: string): Promise<string | undefined> {
  try {
    const response = await fetch(`${base}/healthz`);
    return response.ok ? base : undefined;
  } catch {
    return undefined;
  }
}
