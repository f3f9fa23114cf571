import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startMailCatcher } from '@server/platform/testing/mail-catcher';
import { ROOT } from './web-build';
import { trpcMutation } from './trpc-call';

/**
 * npm run bench:api [-- --duration 10 --connections 32 --log-level info --browser --cpu-prof DIR --only NAME,NAME]
 *
 * Starts the real server (`node --import tsx server/main.ts`) on a temporary DATA_DIR — or on the Postgres server
 * of DATABASE_URL / TEST_DATABASE_URL (`scripts/with-postgres.sh npm run bench:api`) — signs up a user through the
 * auth flow's tRPC calls, adds 30 leads, and measures with autocannon, one after the other in the same run:
 *   - a bare Node `http` hello-world (a child process, like the server: the ceiling of this machine),
 *   - `GET /healthz` (one `select 1`),
 *   - `getCurrentLoggedInUser` with the token (the signed-in read every screen makes),
 *   - `leads.list` first page (the leads page's first call),
 *   - a bare Node `http` server answering a fixed JSON the size of the public API's lead page (the ceiling for
 *     an answer of that size: JSON.stringify and the bytes on the wire, no framework, no database),
 *   - the public API's `GET /api/v1/leads?limit=25` with an API key (key lookup, per-key rate limit counted in
 *     Postgres, the query, the request log) — its key made with a limit above what the run can reach,
 *   - `getCurrentLoggedInUser` without a token (401: the server without the session lookup).
 * The public API and tRPC lead lists are also printed as ratios of the bare JSON server and of each other.
 * `--browser` sends a browser's `accept-encoding` with every request (the server may then compress its answers).
 * Prints req/s, p50, p99, the throughput as a share of the hello-world's, and the CPU time the answering process
 * spent per request (from /proc: steadier than req/s when other work shares the machine). `--cpu-prof DIR` runs the server
 * with `--cpu-prof` and writes its profile into DIR on exit. Goals and figures: docs/performance.md.
 */
const GOAL_SHARE = 0.4;
const GOAL_P99_MS = 10;

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForHttp(url: string, child: ChildProcess, what: string, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited early (${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not start in time:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

/** The machine's ceiling: Node's own http module answering a constant, in a process of its own. */
async function startHelloWorld(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const source = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'text/plain'); s.end('hello world'); }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', source], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  await waitForHttp(url, child, 'hello-world', () => '');
  return { url, child };
}

/** The same ceiling for a JSON answer of the given body's size: Node's http module, JSON.stringify, nothing else. */
async function startBareJson(body: unknown): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const source = `const body = ${JSON.stringify(JSON.stringify(body))}; const data = JSON.parse(body); require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end(JSON.stringify(data)); }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', source], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  await waitForHttp(url, child, 'bare JSON server', () => '');
  return { url, child };
}

/** CPU time (user + system) a process has used so far, in microseconds (Linux /proc; null elsewhere). */
function cpuMicros(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100;

interface Measured {
  name: string;
  /** CPU time the answering process spent per answered request: steadier than req/s on a shared machine. */
  cpuPerRequestUs: number | null;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

async function measure(name: string, url: string, pid: number | undefined, options: { connections: number; duration: number; headers?: Record<string, string>; warmup: number }): Promise<Measured> {
  const base = { url, connections: options.connections, headers: options.headers ?? {} };
  if (options.warmup > 0) await autocannon({ ...base, duration: options.warmup });
  const cpuBefore = cpuMicros(pid);
  const result = await autocannon({ ...base, duration: options.duration });
  const cpuAfter = cpuMicros(pid);
  return {
    name,
    cpuPerRequestUs: cpuBefore !== null && cpuAfter !== null && result.requests.total > 0 ? (cpuAfter - cpuBefore) / result.requests.total : null,
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export async function benchApi(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '32' },
      'log-level': { type: 'string', default: 'info' },
      'cpu-prof': { type: 'string' },
      only: { type: 'string' },
      browser: { type: 'boolean', default: false },
    },
  });
  const duration = Number(values.duration);
  const warmup = Number(values.warmup);
  const connections = Number(values.connections);
  const databaseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || '';
  const engine = databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : 'embedded PGlite';

  const mail = await startMailCatcher();
  const dataDir = mkdtempSync(join(tmpdir(), 'leadloop-bench-api-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = join(dataDir, 'server.log');
  const logFd = openSync(logFile, 'a');
  const nodeFlags = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];
  const server = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    // Log lines go to a file, as a production server's go to its journal, not through this process.
    stdio: ['ignore', logFd, logFd],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      SERVE_SPA: 'false',
      LOG_LEVEL: values['log-level'],
      SMTP_URL: mail.url,
      TWILIO_ACCOUNT_SID: '',
      TWILIO_AUTH_TOKEN: '',
      AUTH_CODE_SENDS_PER_IP_PER_HOUR: '0',
      AUTH_CODE_COOLDOWN_SECONDS: '0',
      AUTH_CODE_SENDS_PER_EMAIL_PER_HOUR: '0',
      // The bench's key may make more requests a minute than the run can: the limit is counted, never reached.
      API_KEY_REQUESTS_PER_MINUTE: '100000000',
    },
  });
  closeSync(logFd);
  const serverLog = () => readFileSync(logFile, 'utf8').slice(-4000);
  let hello: { url: string; child: ChildProcess } | null = null;
  let bareJson: { url: string; child: ChildProcess } | null = null;
  try {
    await waitForHttp(`${base}/healthz`, server, 'server', serverLog);
    hello = await startHelloWorld();

    const call = trpcMutation(base);

    // A fresh account (a unique address, so a reused Postgres database does not get in the way), signed in with
    // the code the server emailed, and a first page of leads to list.
    const email = `bench-${Date.now()}@example.test`;
    await call('createNewUserAccount', { email, firstName: 'Bench', lastName: 'Mark', companyName: 'Bench Plumbing', signupPhone: null, referrer: '' });
    const code = await mail.waitForCode(email);
    const token = (await call('verifyUserEmail', { email, code })).authToken as string;
    for (let i = 0; i < 30; i += 1) {
      await call('leads.create', { firstName: `Lead ${i}`, lastName: 'Bench', phone: `+1312555${String(1000 + i)}`, summary: `Leaking pipe number ${i}` }, token);
    }
    // --browser: every request says what a browser's says, so the server may compress its answers.
    const browser: Record<string, string> = values.browser ? { 'accept-encoding': 'gzip, deflate, br, zstd' } : {};
    const auth = { ...browser, authorization: `Bearer ${token}` };
    const listInput = encodeURIComponent(JSON.stringify({ page: 1, pageSize: 25 }));
    const listCheck = (await (await fetch(`${base}/trpc/leads.list?input=${listInput}`, { headers: auth })).json()) as { result?: { data: { items: unknown[] } } };
    if (listCheck.result?.data.items.length !== 25) throw new Error(`leads.list did not answer 25 leads: ${JSON.stringify(listCheck).slice(0, 300)}`);

    // The public API: a key made by the owner, and the same 25 leads as `leads.list`'s first page.
    const made = (await call('publicApi.keys.create', { name: 'Bench', scopes: ['leads:read'] }, token)) as { key: string };
    const keyAuth = { ...browser, authorization: `Bearer ${made.key}` };
    const publicList = await fetch(`${base}/api/v1/leads?limit=25`, { headers: keyAuth });
    const publicBody = (await publicList.json()) as { data?: unknown[] };
    if (publicList.status !== 200 || publicBody.data?.length !== 25) throw new Error(`GET /api/v1/leads did not answer 25 leads: ${publicList.status} ${JSON.stringify(publicBody).slice(0, 300)}`);
    bareJson = await startBareJson(publicBody);
    const sizes = { publicApi: JSON.stringify(publicBody).length, trpc: JSON.stringify(listCheck).length };

    const targets: { name: string; url: string; pid: number | undefined; headers?: Record<string, string>; expect: number }[] = [
      { name: 'hello-world (node:http)', url: hello.url, pid: hello.child.pid, headers: browser, expect: 200 },
      { name: 'GET /healthz', url: `${base}/healthz`, pid: server.pid, headers: browser, expect: 200 },
      { name: 'getCurrentLoggedInUser', url: `${base}/trpc/getCurrentLoggedInUser`, pid: server.pid, headers: auth, expect: 200 },
      { name: 'leads.list (page 1 of 30)', url: `${base}/trpc/leads.list?input=${listInput}`, pid: server.pid, headers: auth, expect: 200 },
      { name: `bare JSON (${(sizes.publicApi / 1024).toFixed(1)} kB, node:http)`, url: bareJson.url, pid: bareJson.child.pid, headers: browser, expect: 200 },
      { name: 'GET /api/v1/leads (25, API key)', url: `${base}/api/v1/leads?limit=25`, pid: server.pid, headers: keyAuth, expect: 200 },
      { name: 'getCurrentLoggedInUser, no token', url: `${base}/trpc/getCurrentLoggedInUser`, pid: server.pid, headers: browser, expect: 401 },
    ];
    const only = values.only?.split(',');
    const chosen = targets.filter((target, i) => i === 0 || !only || only.some((word) => target.name.includes(word)));

    console.log(`API bench against the real server (${engine}), ${connections} connections, ${duration} s each after ${warmup} s of warm-up, LOG_LEVEL=${values['log-level']}${values.browser ? ', with a browser\'s accept-encoding' : ''}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC:`);
    const results: (Measured & { expect: number })[] = [];
    for (const target of chosen) {
      const measured = await measure(target.name, target.url, target.pid, { connections, duration, warmup, ...(target.headers ? { headers: target.headers } : {}) });
      results.push({ ...measured, expect: target.expect });
      const ceiling = results[0]!.requests;
      const share = measured.requests / ceiling;
      const unexpected = target.expect === 200 ? measured.non2xx : 0;
      console.log(
        `  ${measured.name.padEnd(34)} ${measured.requests.toFixed(0).padStart(7)} req/s  p50 ${String(measured.p50).padStart(4)} ms  p99 ${String(measured.p99).padStart(4)} ms  max ${String(measured.max).padStart(5)} ms  ${(share * 100).toFixed(1).padStart(5)} % of hello-world  ${measured.cpuPerRequestUs === null ? '' : `${measured.cpuPerRequestUs.toFixed(0).padStart(5)} µs CPU/req`}` +
          (unexpected || measured.errors ? `  ✗ ${unexpected} non-2xx, ${measured.errors} errors` : ''),
      );
    }
    const goals = results.filter((r) => r.name.startsWith('getCurrentLoggedInUser') && r.expect === 200 || r.name.startsWith('leads.list'));
    let failed = false;
    for (const r of goals) {
      const share = r.requests / results[0]!.requests;
      const met = share >= GOAL_SHARE && r.p99 <= GOAL_P99_MS;
      console.log(`  goal (≥ ${GOAL_SHARE * 100} % of hello-world, p99 ≤ ${GOAL_P99_MS} ms) for ${r.name}: ${met ? '✓ met' : `✗ not met (${(share * 100).toFixed(1)} %, p99 ${r.p99} ms)`}`);
    }
    // The public API and tRPC lead lists against the bare JSON server (same run, same machine): ratios, not goals.
    const find = (prefix: string) => results.find((r) => r.name.startsWith(prefix));
    const bare = find('bare JSON');
    const rest = find('GET /api/v1/leads');
    const trpcList = find('leads.list');
    const ratio = (a: Measured | undefined, b: Measured | undefined, what: string) => {
      if (!a || !b) return;
      const cpu = a.cpuPerRequestUs !== null && b.cpuPerRequestUs !== null && b.cpuPerRequestUs > 0 ? `, ${(a.cpuPerRequestUs / b.cpuPerRequestUs).toFixed(1)}× the CPU per request` : '';
      console.log(`  ${what}: ${(a.requests / b.requests).toFixed(2)}× the req/s, p99 ${a.p99} vs ${b.p99} ms${cpu}`);
    };
    console.log(`  answers: public API page ${(sizes.publicApi / 1024).toFixed(1)} kB, tRPC page ${(sizes.trpc / 1024).toFixed(1)} kB (uncompressed)`);
    ratio(rest, bare, 'public API lead list vs bare JSON server');
    ratio(trpcList, bare, 'tRPC lead list vs bare JSON server');
    ratio(rest, trpcList, 'public API lead list vs tRPC lead list');
    for (const r of results) if ((r.expect === 200 && r.non2xx > 0) || r.errors > 0) failed = true;
    if (failed) console.error('✗ some requests failed: see above');
    return failed ? 1 : 0;
  } finally {
    if (hello) await stopChild(hello.child);
    if (bareJson) await stopChild(bareJson.child);
    await stopChild(server);
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
