import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../scripts/web-build';
import { type ServerProcess, startServerProcess } from '../tests/support/server-process';
import { lockPath } from './platform/lib/data-dir-lock';

/**
 * The real process: `node --import tsx server/main.ts` as `npm start` runs it, on a temporary DATA_DIR.
 * Covers start-up, the embedded database surviving a restart, SIGTERM shutdown and the admin token command.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'leadloop-main-'));
const baseEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SERVE_SPA: 'false', NODE_ENV: 'development', LOG_LEVEL: 'info', DATABASE_URL: '', SMTP_URL: '' };
const execFileAsync = promisify(execFile);
const startServer = () => startServerProcess({ dataDir, env: { SERVE_SPA: 'false' } });
const stop = (server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') => server.stop(signal);

async function call(url: string, path: string, init: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`${url}/trpc/${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as { result?: { data: Record<string, unknown> }; error?: unknown } };
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('server process', () => {
  it('serves, keeps accounts across a restart, exits 0 on SIGTERM and issues admin tokens', async () => {
    let server = await startServer();
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toMatchObject({ status: 'ok', db: 'up', engine: 'pglite' });

    const email = 'restart@example.test';
    const created = await call(server.url, 'createNewUserAccount', {
      body: { email, firstName: 'Re', lastName: 'Start', companyName: 'Restart Roofing', signupPhone: '+16135550123' },
    });
    expect(created.body.result?.data.success).toBe(true);
    // Outbox mode: the code is printed to the log.
    let code: string | undefined;
    for (let i = 0; i < 50 && !code; i += 1) {
      code = server.output().match(/Your LeadLoop code: (\d{6})/)?.[1];
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    expect(code).toMatch(/^\d{6}$/);
    const verified = await call(server.url, 'verifyUserEmail', { body: { email, code } });
    const token = verified.body.result?.data.authToken as string;
    expect(token).toBeTruthy();

    // A second process on the same data folder is refused (PGlite allows one).
    const second = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: baseEnv });
    let secondOutput = '';
    second.stderr.on('data', (d) => (secondOutput += d));
    const secondCode = await new Promise((resolve) => second.once('exit', resolve));
    expect(secondCode).toBe(1);
    expect(secondOutput).toContain('is in use by another LeadLoop process');

    // The admin command reaches the running server.
    const viaServer = await execFileAsync(process.execPath, ['--import', 'tsx', 'server/scripts/admin-token.ts', email, '--operator', 'test-suite'], {
      cwd: ROOT,
      env: baseEnv,
    });
    const supportToken = viaServer.stdout.split('\n')[1]!.trim();
    expect(viaServer.stdout).toContain('/?adminAuth=');
    expect((await call(server.url, 'getCurrentLoggedInUser', { token: supportToken })).body.result?.data).toMatchObject({ user: { email } });

    expect(await stop(server)).toBe(0);
    expect(existsSync(lockPath(dataDir))).toBe(false);
    expect(server.output()).toContain('SIGTERM: draining requests and jobs');

    // Stopped: the command opens the database itself.
    const direct = await execFileAsync(process.execPath, ['--import', 'tsx', 'server/scripts/admin-token.ts', email], { cwd: ROOT, env: baseEnv });
    const directToken = direct.stdout.split('\n')[1]!.trim();

    server = await startServer();
    const me = await call(server.url, 'getCurrentLoggedInUser', { token });
    expect(me.body.result?.data).toMatchObject({ user: { email }, company: { name: 'Restart Roofing', signupPhone: '+16135550123' } });
    expect((await call(server.url, 'getCurrentLoggedInUser', { token: directToken })).status).toBe(200);
    expect(await stop(server, 'SIGINT')).toBe(0);
  }, 90_000);

  it('refuses to start with an invalid variable, naming it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: { ...baseEnv, PORT: 'eighty' } });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid environment configuration');
    expect(stderr).toContain('PORT');
  }, 30_000);
});
