/**
 * npm run bench:lighthouse [-- --runs 3 --url /]
 * npm run bench:lighthouse -- --microsite   (a published microsite's home page; performance and accessibility)
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
import { type MailCatcher, startMailCatcher } from '@server/platform/testing/mail-catcher';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const GOAL_SCORE = 98;

interface Audit {
  numericValue?: number;
  displayValue?: string;
}
interface Report {
  categories: { performance: { score: number | null }; accessibility?: { score: number | null } };
  audits: Record<string, Audit>;
  runtimeError?: { code: string };
}

function runLighthouse(url: string, outputPath: string, categories: string): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['--yes', LIGHTHOUSE, url, `--only-categories=${categories}`, '--form-factor=mobile', '--chrome-flags=--headless=new --no-sandbox', '--output=json', `--output-path=${outputPath}`, '--quiet'],
      { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
    );
    child.on('exit', (code) => resolve(code));
    child.on('error', () => resolve(null));
  });
}

/** tRPC over plain HTTP (a mutation: POST with the raw JSON input), its data. */
async function call<T>(base: string, procedure: string, input: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(input) });
  if (!response.ok) throw new Error(`${procedure} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/**
 * A company as an owner would set it up — signed up through the emailed code, a business number, services, a FAQ,
 * its microsite saved with every section filled — and the path of its public page.
 */
async function seedMicrosite(base: string, mail: MailCatcher): Promise<string> {
  const email = `lighthouse-${Date.now().toString(36)}@example.test`;
  await call(base, 'createNewUserAccount', { email, firstName: 'Dana', lastName: 'Rivera', companyName: 'Bayside Plumbing & Drain', signupPhone: null, referrer: '' });
  const { authToken } = await call<{ authToken: string }>(base, 'verifyUserEmail', { email, code: await mail.waitForCode(email) });
  await call(base, 'phone.useSimulator', {}, authToken);
  const site = await call<{ version: number; slug: string }>(
    base,
    'microsites.saveBasic',
    { name: 'Bayside Plumbing & Drain', tagline: 'Licensed plumbers, same-day service across the bay', primaryColor: '#1864ab', accentColor: '#087f5b', logoFileId: null, cta: 'call', expectedVersion: 0 },
    authToken,
  );
  const saved = await call<{ version: number }>(
    base,
    'microsites.saveContent',
    {
      heroHeadline: 'Leaks, clogs and water heaters fixed today',
      heroText: 'Tell us what is wrong and we text you back within minutes with a time that suits you.',
      hiddenServices: [],
      showServiceArea: true,
      showFaq: true,
      reviews: [
        { quote: 'They fixed our burst pipe within an hour of my text. Clean, polite and fairly priced.', name: 'Maria G.', stars: 5 },
        { quote: 'Water heater replaced the same afternoon. Would use again.', name: 'Tom B.', stars: 5 },
      ],
      expectedVersion: site.version,
    },
    authToken,
  );
  await call(base, 'microsites.saveAdvanced', { seoTitle: 'Bayside Plumbing & Drain — same-day plumbers', seoDescription: 'Leaks, clogs and water heaters fixed today across the bay.', ogImageFileId: null, ogText: '', tracking: { ga4: null, gtm: null, metaPixel: null }, noindex: false, expectedVersion: saved.version }, authToken);
  return `/m/${site.slug}`;
}

export async function benchLighthouse(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { runs: { type: 'string', default: '3' }, url: { type: 'string', default: '/' }, microsite: { type: 'boolean', default: false } } });
  const runs = Number(values.runs);
  const categories = values.microsite ? 'performance,accessibility' : 'performance';
  await buildIfStale((reason) => console.log(`building the web app (${reason})…`));
  const mail = values.microsite ? await startMailCatcher() : null;
  const server = await startServerProcess({ env: { SERVE_SPA: 'true', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...(mail ? { SMTP_URL: mail.url } : {}) } });
  const dir = mkdtempSync(join(tmpdir(), 'leadloop-lighthouse-'));
  const scores: number[] = [];
  const accessibility: number[] = [];
  let cls = 0;
  try {
    if (mail) values.url = await seedMicrosite(server.url, mail);
    console.log(`Lighthouse ${LIGHTHOUSE.split('@')[1]} mobile, ${values.url} of the production build, Debian Chromium, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC:`);
    for (let i = 1, attempts = 0; i <= runs && attempts < runs * 2; attempts++) {
      const output = join(dir, `run-${i}.json`);
      await runLighthouse(`${server.url}${values.url}`, output, categories);
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
      const a11y = report.categories.accessibility?.score;
      if (typeof a11y === 'number') accessibility.push(Math.round(a11y * 100));
      cls = Math.max(cls, report.audits['cumulative-layout-shift']?.numericValue ?? 0);
      console.log(
        `  run ${i}: ${Math.round(score * 100)}${typeof a11y === 'number' ? ` (accessibility ${Math.round(a11y * 100)})` : ''}  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
      );
      i += 1;
    }
  } finally {
    await server.stop();
    await mail?.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (scores.length === 0) {
    console.log('  ✗ no run succeeded');
    return 1;
  }
  const median = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)] ?? 0;
  const met = median >= GOAL_SCORE && cls === 0;
  console.log(`  median of ${scores.length}: ${median}, worst CLS ${cls}  goal (≥ ${GOAL_SCORE}, CLS 0): ${met ? '✓ met' : '✗ not met'}`);
  if (values.microsite) {
    const worst = Math.min(...accessibility);
    console.log(`  accessibility: ${accessibility.join(', ')}  goal (100 every run): ${worst === 100 ? '✓ met' : '✗ not met'}`);
  }
  return 0;
}
