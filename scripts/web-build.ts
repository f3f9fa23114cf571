import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DIST = join(ROOT, 'dist');
const STAMP = join(DIST, '.build-stamp.json');

/** Everything that changes the built SPA. */
const INPUTS = ['src', 'contracts', 'index.html', 'vite.config.ts', 'scripts/vite-chunk-stats.ts', 'package-lock.json', 'public', '.env', '.env.local', '.env.production', '.env.production.local'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The client build bakes in VITE_* variables, so a change of them makes the build stale too. */
function viteEnvFingerprint(): string {
  const entries = Object.entries(process.env)
    .filter(([key]) => key.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex');
}

function buildStaleReason(): string | null {
  if (!existsSync(join(DIST, 'index.html'))) return 'no build yet';
  if (!existsSync(STAMP)) return 'build stamp missing';
  const stamp = JSON.parse(readFileSync(STAMP, 'utf8')) as { builtAt: number; viteEnv: string };
  if (stamp.viteEnv !== viteEnvFingerprint()) return 'VITE_* variables changed';
  const newest = Math.max(...INPUTS.map((p) => newestMtime(join(ROOT, p))));
  if (newest > stamp.builtAt) return 'sources changed since the last build';
  return null;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

/**
 * Writes .br and .gz next to every compressible file so the server never compresses static files per request.
 * Dot-folders (build metadata such as .vite/chunks.json) are skipped: the server never serves them.
 */
export function precompress(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) count += precompress(path);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const data = readFileSync(path);
    if (data.length < 1024) continue;
    writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
    count += 1;
  }
  return count;
}

export async function buildWeb(): Promise<void> {
  const startedAt = Date.now();
  const viteBin = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(viteBin)) {
    throw new Error('Vite is not installed. Run `npm install` (with dev dependencies) before building the web app.');
  }
  await run(process.execPath, [viteBin, 'build']);
  const files = precompress(DIST);
  writeFileSync(STAMP, JSON.stringify({ builtAt: startedAt, viteEnv: viteEnvFingerprint() }));
  console.log(`web build ready in ${relative(ROOT, DIST)}/ (${files} files pre-compressed, ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`);
}

/** Builds when the build is missing or stale; `before` first gets the reason (to log it, or to refuse). Returns whether it built. */
export async function buildIfStale(before: (reason: string) => void = () => {}): Promise<boolean> {
  const reason = buildStaleReason();
  if (!reason) return false;
  before(reason);
  await buildWeb();
  return true;
}
