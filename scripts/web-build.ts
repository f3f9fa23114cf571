import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DIST = join(ROOT, 'dist');
const STAMP_NAME = '.build-stamp.json';

/** Everything that changes the built SPA and the widget's embed (dist/widget.js). */
const INPUTS = ['src', 'contracts', 'embed', 'index.html', 'vite.config.ts', 'vite.embed.config.ts', 'scripts/vite-chunk-stats.ts', 'scripts/prerender-sign-in.ts', 'scripts/sign-in-hint.ts', 'package-lock.json', 'public', '.env', '.env.local', '.env.production', '.env.production.local'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Another build beside dist/ (e.g. the QA build with VITE_XSTATE_INSPECT=true): its folder and extra VITE_* variables. */
export interface WebBuildOptions {
  outDir?: string;
  env?: Record<string, string>;
}

/** The client build bakes in VITE_* variables, so a change of them makes the build stale too. */
function viteEnvFingerprint(extra: Record<string, string> = {}): string {
  const entries = Object.entries({ ...process.env, ...extra })
    .filter(([key]) => key.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex');
}

function buildStaleReason({ outDir = DIST, env }: WebBuildOptions): string | null {
  const stampFile = join(outDir, STAMP_NAME);
  if (!existsSync(join(outDir, 'index.html'))) return 'no build yet';
  if (!existsSync(stampFile)) return 'build stamp missing';
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { builtAt: number; viteEnv: string };
  if (stamp.viteEnv !== viteEnvFingerprint(env)) return 'VITE_* variables changed';
  const newest = Math.max(...INPUTS.map((p) => newestMtime(join(ROOT, p))));
  if (newest > stamp.builtAt) return 'sources changed since the last build';
  return null;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
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

export async function buildWeb({ outDir = DIST, env: extra = {} }: WebBuildOptions = {}): Promise<void> {
  const startedAt = Date.now();
  // Always a production bundle: Vite and React follow NODE_ENV, and a server started with NODE_ENV=development (the
  // browser tests' servers, `npm run dev`'s) that found the build stale built React's development bundle into dist/
  // (the first load went from 69 kB to 126 kB of React; the bundle check caught it). Development uses Vite's server.
  const env = { ...extra, NODE_ENV: 'production' };
  const viteBin = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(viteBin)) {
    throw new Error('Vite is not installed. Run `npm install` (with dev dependencies) before building the web app.');
  }
  await run(process.execPath, [viteBin, 'build', ...(outDir === DIST ? [] : ['--outDir', outDir])], env);
  // The website widget's embed (embed/ → widget.js, served at /widget.js): its own small build into the same folder,
  // after the app's build (which empties the folder). Decision 0031.
  await run(process.execPath, [viteBin, 'build', '--config', join(ROOT, 'vite.embed.config.ts'), ...(outDir === DIST ? [] : ['--outDir', outDir])], env);
  // The sign-in page's first paint from the build itself (dist/sign-in.html), in its own process: it sets up a
  // simulated browser's globals. Only for the build the server serves (the QA build is served by its own test).
  if (outDir === DIST) await run(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'prerender-sign-in.ts'), outDir], env);
  const files = precompress(outDir);
  writeFileSync(join(outDir, STAMP_NAME), JSON.stringify({ builtAt: startedAt, viteEnv: viteEnvFingerprint(extra) }));
  console.log(`web build ready in ${relative(ROOT, outDir)}/ (${files} files pre-compressed, ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`);
}

/** A lock older than this is taken to be left by a build that was killed (a build takes well under a minute). */
const STALE_LOCK_MS = 10 * 60_000;

/**
 * One build at a time per folder, across processes: two servers started together on a stale build (two instances,
 * or the browser tests' two workers) would otherwise both empty and write dist/. The lock is a file beside the
 * folder, made with O_EXCL; the one that waited looks again and finds the build fresh.
 */
export async function withBuildLock<T>(outDir: string, work: () => Promise<T>): Promise<T> {
  const lock = `${resolve(outDir)}.build-lock`;
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { force: true });
      else await sleep(250);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Builds when the build is missing or stale; `before` first gets the reason (to log it, or to refuse). Returns whether it built. */
export async function buildIfStale(before: (reason: string) => void = () => {}, options: WebBuildOptions = {}): Promise<boolean> {
  const reason = buildStaleReason(options);
  if (!reason) return false;
  before(reason); // (outside the lock: it may end the process, as a production server does)
  return withBuildLock(options.outDir ?? DIST, async () => {
    if (!buildStaleReason(options)) return false; // another process built it while this one waited
    await buildWeb(options);
    return true;
  });
}
