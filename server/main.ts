import { setFlagsFromString } from 'node:v8';
import { buildIfStale } from '../scripts/web-build';
import { createServerApp, type ServerApp } from './app';
import { EnvError, type Env, loadDotEnvFiles, loadEnv } from './platform/config/env';
import { scheduleRecurringJobs } from './app.jobs';
import { acquireDataDirLock, type DataDirLock, DataDirInUseError } from './platform/lib/data-dir-lock';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function ensureWebBuild(env: Env): Promise<void> {
  await buildIfStale((reason) => {
    if (env.NODE_ENV === 'production') fail(`The web app needs a build (${reason}). Run: npm run build`);
    console.log(`Building the web app (${reason})…`);
  });
}

async function main(): Promise<void> {
  let env: Env;
  try {
    loadDotEnvFiles();
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }
  if (env.SERVE_SPA) await ensureWebBuild(env);

  // The embedded database is WebAssembly on this thread. V8 first runs it with a quick baseline compiler and
  // optimizes hot functions later, in the background: under load right after start, webhooks then waited
  // seconds (docs/performance.md). Optimizing on first use costs ~2 s more at start and removes those stalls.
  // Before PGlite compiles its module; the tests' in-process databases keep the fast start.
  if (!env.DATABASE_URL) setFlagsFromString('--no-liftoff');

  let lock: DataDirLock | null = null;
  try {
    lock = env.DATABASE_URL ? null : acquireDataDirLock(env.DATA_DIR);
  } catch (error) {
    if (error instanceof DataDirInUseError) fail(error.message);
    throw error;
  }

  let app: ServerApp;
  try {
    app = await createServerApp({ env, ...(lock ? { adminSecret: lock.secret } : {}) });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const { http, services } = app;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      services.logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    services.logger.info(`${signal}: draining requests and jobs`);
    const force = setTimeout(() => {
      services.logger.error('shutdown took longer than 20 s: exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      await app.close();
      lock?.release();
      process.exit(0);
    } catch (error) {
      services.logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await scheduleRecurringJobs(services);
  app.startBackground();
  await http.listen({ port: env.PORT, host: env.HOST });
  const address = http.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const localUrl = `http://${env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST}:${port}`;
  lock?.publish(localUrl);
  services.logger.info(
    `LeadLoop is running at ${localUrl} (database: ${app.database.engine}${env.DATABASE_URL ? '' : ` in ${env.DATA_DIR}`}, email: ${app.mailer.kind})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
