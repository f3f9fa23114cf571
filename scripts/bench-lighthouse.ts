/**
 * npm run bench:lighthouse [-- --runs 3 --url /]
 *
 * Lighthouse's mobile performance audit (its default: a mid-range phone, simulated slow 4G and 4× CPU slowdown) of
 * the sign-in page, served by the real server from the production build, in Debian's Chromium. Prints every
 * run's score, FCP, LCP, TBT, CLS and speed index, then the median score against the goal (≥ 98, CLS 0).
 *
 * Lighthouse is not a dependency of the project (≈ 200 packages): it is fetched on first use with
 * `npx lighthouse@12.8.2` (the last major that runs on Node 20). Figures: docs/performance.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServerProcess } from '../tests/support/server-process';
import { buildIfStale } from './web-build';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const GOAL_SCORE = 98;

interface Audit {
  numericValue?: number;
  displayValue?: string;
}
interface Report {
  categories: { performance: { score: number | null } };
  audits: Record<string, Audit>;
  runtimeError?: { code: string };
}

function runLighthouse(url: string, outputPath: string): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['--yes', LIGHTHOUSE, url, '--only-categories=performance', '--form-factor=mobile', '--chrome-flags=--headless=new --no-sandbox', '--output=json', `--output-path=${outputPath}`, '--quiet'],
      { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
    );
    child.on('exit', (code) => resolve(code));
    child.on('error', () => resolve(null));
  });
}

export async function benchLighthouse(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { runs: { type: 'string', default: '3' }, url: { type: 'string', default: '/' } } });
  const runs = Number(values.runs);
  await buildIfStale((reason) => console.log(`building the web app (${reason})…`));
  const server = await startServerProcess({ env: { SERVE_SPA: 'true', NODE_ENV: 'production', LOG_LEVEL: 'warn' } });
  const dir = mkdtempSync(join(tmpdir(), 'leadloop-lighthouse-'));
  const scores: number[] = [];
  let cls = 0;
  try {
    console.log(`Lighthouse ${LIGHTHOUSE.split('@')[1]} mobile, ${values.url} of the production build, Debian Chromium, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC:`);
    for (let i = 1, attempts = 0; i <= runs && attempts < runs * 2; attempts++) {
      const output = join(dir, `run-${i}.json`);
      await runLighthouse(`${server.url}${values.url}`, output);
      let report: Report;
      try {
        report = JSON.parse(readFileSync(output, 'utf8')) as Report;
      } catch {
        console.log('  (no report; trying again)');
        continue;
      }
      const score = report.categories.performance.score;
      // Lighthouse sometimes loses the page's trace on a busy machine (NO_NAVSTART): that run does not count.
      if (score === null || report.runtimeError) {
        console.log(`  (run failed: ${report.runtimeError?.code ?? 'no score'}; trying again)`);
        continue;
      }
      const metric = (id: string) => report.audits[id]?.displayValue?.replace(/\u00a0/g, ' ') ?? '?';
      scores.push(Math.round(score * 100));
      cls = Math.max(cls, report.audits['cumulative-layout-shift']?.numericValue ?? 0);
      console.log(
        `  run ${i}: ${Math.round(score * 100)}  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
      );
      i += 1;
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (scores.length === 0) {
    console.log('  ✗ no run succeeded');
    return 1;
  }
  const median = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)] ?? 0;
  const met = median >= GOAL_SCORE && cls === 0;
  console.log(`  median of ${scores.length}: ${median}, worst CLS ${cls}  goal (≥ ${GOAL_SCORE}, CLS 0): ${met ? '✓ met' : '✗ not met'}`);
  return 0;
}
