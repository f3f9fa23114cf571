import { hostname, userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { type Env, EnvError, loadDotEnvFiles, loadEnv } from '@server/platform/config/env';
import { databaseOptionsFromEnv, openDatabase } from '@server/platform/db/database';
import { acquireDataDirLock, readLiveLock } from '@server/platform/lib/data-dir-lock';
import { issueImpersonationToken } from '@server/modules/auth/impersonation.service';

/**
 * npm run admin:token -- <email> [--operator "name"]
 * Prints a support token for `/?adminAuth=`: a session for that user, valid at most 60 minutes, never extended,
 * flagged as impersonation and recorded in the company's audit log.
 */
const USAGE = 'Usage: npm run admin:token -- <email> [--operator "your name"]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { operator: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const email = positionals[0];
if (!email || positionals.length > 1) fail(USAGE);

let env: Env;
try {
  loadDotEnvFiles();
  env = loadEnv();
} catch (error) {
  fail(error instanceof EnvError ? error.message : String(error));
}
const operator = values.operator ?? `${userInfo().username}@${hostname()}`;

interface Issued {
  token: string;
  expiresAt: string;
}

async function viaRunningServer(url: string, secret: string): Promise<Issued> {
  const response = await fetch(`${url}/internal/admin-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-secret': secret },
    body: JSON.stringify({ email, operator }),
  });
  const body = (await response.json().catch(() => ({}))) as Partial<Issued> & { error?: string };
  if (!response.ok || !body.token || !body.expiresAt) fail(body.error ?? `The running server answered ${response.status}`);
  return { token: body.token, expiresAt: body.expiresAt };
}

async function viaDatabase(): Promise<Issued> {
  // Without a server running, open the database ourselves (claiming the embedded one so no server starts meanwhile).
  const lock = env.DATABASE_URL ? null : acquireDataDirLock(env.DATA_DIR);
  const database = openDatabase(databaseOptionsFromEnv(env));
  try {
    await database.migrate();
    const issued = await issueImpersonationToken(database.db, { email: email!, operator, now: new Date() });
    if (!issued) fail(`No user with email ${email}`);
    return { token: issued.token, expiresAt: issued.expiresAt.toISOString() };
  } finally {
    await database.close();
    lock?.release();
  }
}

const live = env.DATABASE_URL ? null : readLiveLock(env.DATA_DIR);
const issued = live?.url ? await viaRunningServer(live.url, live.secret) : await viaDatabase();

console.log(`Support token for ${email} (impersonation, valid until ${issued.expiresAt}, cannot be extended):`);
console.log(issued.token);
console.log('');
console.log(`Open: ${env.PUBLIC_URL}/?adminAuth=${encodeURIComponent(issued.token)}`);
