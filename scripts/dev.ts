import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { loadDotEnvFiles } from '@server/platform/config/env';
import { ROOT } from './web-build';

/**
 * npm run dev: the API (restarts on server changes) on API_PORT and Vite with hot reload on PORT, proxying
 * /trpc, /webhooks, /api and /healthz to the API. Open http://localhost:3000.
 */
loadDotEnvFiles();
// `||`, not `??`: an empty value in .env (`PUBLIC_URL=`) means "not set", as for the server.
const port = process.env.PORT || '3000';
const apiPort = process.env.API_PORT || String(Number(port) + 1);

const children: ChildProcess[] = [];
function start(name: string, args: string[], env: Record<string, string>): void {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping the dev environment`);
      stop(typeof code === 'number' ? code : 1);
    }
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0): void {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('api', [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', '--include', 'contracts/**', 'server/main.ts'], {
  PORT: apiPort,
  HOST: '127.0.0.1',
  SERVE_SPA: 'false',
  PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${port}`,
});
start('vite', [join(ROOT, 'node_modules/vite/bin/vite.js')], { PORT: port, API_PORT: apiPort });
