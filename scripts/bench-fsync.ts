/**
 * What fsync costs the embedded database (docs/decisions/0016-embedded-durability.md): commit throughput and
 * latency of PGlite on a real data folder with fsync off (PGlite's default `-F`) and on, for
 *   - 1,000 small insert transactions one after another (a webhook burst as PGlite serves it: one connection),
 *   - 500 transactions submitted at once (what a burst of concurrent requests queues up on that connection).
 * Usage: npm run bench:fsync [-- --runs 3 --count 1000 --mode 0|1|2]
 * Each run uses a fresh folder under the OS temp directory, which must be on the disk you want to measure.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const PGLITE_VERSION = (JSON.parse(readFileSync(new URL('../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')) as { version: string }).version;

interface Mode {
  name: string;
  startParams: string[];
}

const withoutFsyncOff = PGlite.defaultStartParams.filter((p) => p !== '-F');
const MODES: Mode[] = [
  { name: 'fsync off (-F, PGlite default)', startParams: [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'] },
  { name: 'fsync on, wal_sync_method default', startParams: [...withoutFsyncOff, '-c', 'wal_init_zero=off'] },
  { name: 'fsync on, wal_sync_method=open_datasync', startParams: [...withoutFsyncOff, '-c', 'wal_init_zero=off', '-c', 'wal_sync_method=open_datasync'] },
];

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function runOnce(mode: Mode, count: number) {
  const dir = mkdtempSync(join(tmpdir(), 'leadloop-fsync-'));
  try {
    const pg = new PGlite(dir, { startParams: mode.startParams });
    await pg.exec('create table t (id bigserial primary key, sid text not null unique, body text not null, created_at timestamptz not null default now())');
    const settings = await pg.query<{ fsync: string; wal_sync_method: string; synchronous_commit: string }>(
      "select current_setting('fsync') as fsync, current_setting('wal_sync_method') as wal_sync_method, current_setting('synchronous_commit') as synchronous_commit",
    );
    // Warm up (WASM compilation, first WAL segment).
    for (let i = 0; i < 50; i += 1) await pg.query('insert into t (sid, body) values ($1, $2)', [`warm-${i}`, 'hello']);

    const latencies: number[] = [];
    const sequentialStart = performance.now();
    for (let i = 0; i < count; i += 1) {
      const t0 = performance.now();
      await pg.transaction(async (tx) => {
        await tx.query('insert into t (sid, body) values ($1, $2) on conflict do nothing', [`seq-${i}`, 'Hi, is anyone available today?']);
        await tx.query('select count(*) from t where sid = $1', [`seq-${i}`]);
      });
      latencies.push(performance.now() - t0);
    }
    const sequentialMs = performance.now() - sequentialStart;

    const burst = Math.max(1, Math.floor(count / 2));
    const burstStart = performance.now();
    await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        pg.transaction(async (tx) => {
          await tx.query('insert into t (sid, body) values ($1, $2) on conflict do nothing', [`burst-${i}`, 'STOP']);
        }),
      ),
    );
    const burstMs = performance.now() - burstStart;
    await pg.close();
    latencies.sort((a, b) => a - b);
    return {
      settings: settings.rows[0]!,
      sequentialPerSecond: count / (sequentialMs / 1000),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      burstPerSecond: burst / (burstMs / 1000),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const runs = arg('runs', 3);
  const count = arg('count', 1000);
  const only = arg('mode', -1);
  console.log(`PGlite ${PGLITE_VERSION} on ${tmpdir()}: ${count} sequential transactions and a burst of ${Math.floor(count / 2)}, ${runs} runs per mode`);
  for (const [index, mode] of MODES.entries()) {
    if (only >= 0 && index !== only) continue;
    const results = [];
    for (let r = 0; r < runs; r += 1) results.push(await runOnce(mode, count));
    const s = results[0]!.settings;
    console.log(`\n${mode.name}  [fsync=${s.fsync}, wal_sync_method=${s.wal_sync_method}, synchronous_commit=${s.synchronous_commit}]`);
    for (const r of results) {
      console.log(
        `  sequential ${r.sequentialPerSecond.toFixed(0).padStart(6)} tx/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms   burst ${r.burstPerSecond.toFixed(0).padStart(6)} tx/s`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
