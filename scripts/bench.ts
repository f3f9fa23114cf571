import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadDotEnvFiles } from '@server/platform/config/env';
import { benchApi } from './bench-api';
import { benchAiTurn } from './bench-ai-turn';
import { benchCalls } from './bench-calls';
import { benchDashboard } from './bench-dashboard';
import { benchFlows } from './bench-flows';
import { benchColdLoad } from './bench-cold-load';
import { benchInbound } from './bench-inbound';
import { benchVoice } from './bench-voice';
import { benchLighthouse } from './bench-lighthouse';
import type { ChunkStat } from './vite-chunk-stats';
import { buildIfStale, DIST } from './web-build';

/**
 * npm run bench:bundle — what the sign-in page (`/`) downloads on first load, from the production build:
 * the entry chunk and everything it imports statically, plus the stylesheets they bring (gzip -9, as served).
 * Fails when over budget or when code of the signed-in app is in that first load. Also the website widget's embed
 * (dist/widget.js, gzip -9) against its own 15 kB budget.
 */
const BUDGET = { jsGzip: 150 * 1024, cssGzip: 12 * 1024 };
/** The website widget's embed (dist/widget.js), loaded on companies' own sites (decision 0031). */
const WIDGET_BUDGET = 15 * 1024;
/** Source that must never be part of the first load. */
const FORBIDDEN = [
  /^src\/pages\/(?!sign-in\/)/,
  /^src\/widgets\/app-shell\//,
  /^src\/app\/protected\//,
  /^src\/entities\/(user|company)\//,
  /^src\/features\/(sign-out|company-settings)\//,
  /node_modules\/@tanstack\/react-query\//,
  /node_modules\/@trpc\/tanstack-react-query\//,
  // The sign-in flow loads the tRPC client on its first call (docs/architecture.md, Boot).
  /node_modules\/@trpc\/client\//,
  /node_modules\/posthog-js\//,
  /node_modules\/@statelyai\/inspect\//,
  /^src\/widgets\/qa-inspector\//,
];
/** Never in any chunk of the web app: the server, and the built-in assistant's NLU libraries (issue 22). */
const SERVER_ONLY = [/^server\//, /node_modules\/(@nlpjs|chrono-node|fuse\.js|franc-min|human-names)\//];

const gz = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function bundle(): Promise<number> {
  loadDotEnvFiles();
  await buildIfStale((reason) => console.log(`building first (${reason})`));
  const stats = JSON.parse(readFileSync(join(DIST, '.vite', 'chunks.json'), 'utf8')) as ChunkStat[];
  const byFile = new Map(stats.map((chunk) => [chunk.fileName, chunk]));
  const entry = stats.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('no entry chunk in dist/.vite/chunks.json');

  const firstLoad = new Set<string>();
  const visit = (fileName: string) => {
    if (firstLoad.has(fileName)) return;
    firstLoad.add(fileName);
    for (const next of byFile.get(fileName)?.imports ?? []) visit(next);
  };
  visit(entry.fileName);
  const js = [...firstLoad];
  const css = [...new Set(js.flatMap((file) => byFile.get(file)?.css ?? []))];
  const modules = js.flatMap((file) => byFile.get(file)?.modules ?? []);
  const forbidden = modules.filter((id) => FORBIDDEN.some((pattern) => pattern.test(id)));
  const serverCode = stats.flatMap((chunk) => chunk.modules).filter((id) => SERVER_ONLY.some((pattern) => pattern.test(id)));

  const jsGzip = js.reduce((sum, file) => sum + gz(file), 0);
  const cssGzip = css.reduce((sum, file) => sum + gz(file), 0);
  const jsRaw = js.reduce((sum, file) => sum + statSync(join(DIST, file)).size, 0);
  const lazy = stats.filter((chunk) => !firstLoad.has(chunk.fileName));

  console.log('First load of / (sign-in), production build, gzip -9:');
  for (const file of js.sort((a, b) => gz(b) - gz(a))) console.log(`  ${kb(gz(file)).padStart(9)}  ${file}`);
  for (const file of css) console.log(`  ${kb(gz(file)).padStart(9)}  ${file}`);
  console.log(`JS : ${kb(jsGzip)} gzip (${kb(jsRaw)} raw) in ${js.length} files — budget ${kb(BUDGET.jsGzip)}`);
  console.log(`CSS: ${kb(cssGzip)} gzip in ${css.length} files — budget ${kb(BUDGET.cssGzip)}`);
  console.log(`Loaded later: ${lazy.length} chunks (${kb(lazy.reduce((sum, c) => sum + gz(c.fileName), 0))} gzip), e.g. the app shell, every protected screen, React Query, PostHog`);
  console.log(`Signed-in app code in the first load: ${forbidden.length === 0 ? 'none' : forbidden.join(', ')}`);
  console.log(`Server code or the assistant's NLU in any chunk: ${serverCode.length === 0 ? 'none' : serverCode.slice(0, 5).join(', ')}`);

  const widgetGzip = existsSync(join(DIST, 'widget.js')) ? gz('widget.js') : null;
  console.log(`Widget embed (widget.js): ${widgetGzip === null ? 'missing from the build' : `${kb(widgetGzip)} gzip (${kb(statSync(join(DIST, 'widget.js')).size)} raw)`} — budget ${kb(WIDGET_BUDGET)}`);

  const failures = [
    widgetGzip === null ? 'widget.js is not in the build' : null,
    widgetGzip !== null && widgetGzip > WIDGET_BUDGET ? `widget.js over budget by ${kb(widgetGzip - WIDGET_BUDGET)}` : null,
    jsGzip > BUDGET.jsGzip ? `JS over budget by ${kb(jsGzip - BUDGET.jsGzip)}` : null,
    cssGzip > BUDGET.cssGzip ? `CSS over budget by ${kb(cssGzip - BUDGET.cssGzip)}` : null,
    forbidden.length > 0 ? 'signed-in app code in the first load' : null,
    serverCode.length > 0 ? 'server code in the web app' : null,
  ].filter((failure): failure is string => failure !== null);
  for (const failure of failures) console.error(`✗ ${failure}`);
  return failures.length > 0 ? 1 : 0;
}

const benches: Record<string, (args: string[]) => Promise<number>> = { bundle, inbound: benchInbound, api: benchApi, calls: benchCalls, flows: benchFlows, lighthouse: benchLighthouse, 'cold-load': benchColdLoad, 'ai-turn': benchAiTurn, voice: benchVoice, dashboard: benchDashboard };
const [name, ...args] = process.argv.slice(2);
const run = name ? benches[name] : undefined;
if (!run) {
  console.error(`Usage: npm run bench -- <${Object.keys(benches).join('|')}>  (or npm run bench:<name>)`);
  process.exit(2);
}
process.exit(await run(args));
