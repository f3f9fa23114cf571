import { createServer as createHttpServer, Agent as HttpAgent, request as httpRequest, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { twilioSignature } from '@server/adapters/telephony/twilio';
import { startMailCatcher } from '@server/platform/testing/mail-catcher';
import { startServerProcess } from '../tests/support/server-process';
import { trpcMutation } from './trpc-call';

/**
 * npm run bench:inbound [-- --messages 2000 --senders 200 --concurrency 50 --duplicates 0.1 --timeline --fresh-connections --cpu-prof DIR]
 *
 * Starts the real server (embedded database, Twilio configured against a local stand-in), then posts a burst of
 * correctly signed inbound-SMS webhooks concurrently — some of them twice, as Twilio does on retries — and checks
 * that every distinct message is stored exactly once. Prints the acknowledgement latency (what Twilio waits for)
 * and the throughput of acknowledging and of storing. `--timeline` adds the figures per second of the burst;
 * `--fresh-connections` opens a connection per request instead of a kept-alive pool. Figures: docs/performance.md.
 */
const SID = `AC${'b'.repeat(32)}`;
const TOKEN = 'bench-twilio-auth-token';
const BUSINESS = '+14155550142';

export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Just enough of api.twilio.com to connect an existing number. */
function fakeTwilioApi(): Promise<{ server: Server; url: string }> {
  const server = createHttpServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url?.includes('/IncomingPhoneNumbers.json')) {
      response.end(JSON.stringify({ incoming_phone_numbers: [{ sid: 'PNbench', phone_number: BUSINESS }] }));
    } else {
      response.end(JSON.stringify({ sid: 'PNbench' }));
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

/** One webhook POST over a kept-alive connection (like a provider's pool), resolving once the answer is read. */
export function postForm(agent: HttpAgent, url: string, body: string, signature: string): Promise<{ status: number }> {
  const headers = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), 'x-twilio-signature': signature };
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The real server for a webhook bench: on a free port, on the embedded database or the PostgreSQL server of
 * DATABASE_URL / TEST_DATABASE_URL, e-mail to `mailUrl`, Twilio configured against a local stand-in; `cpuProf`
 * (a folder) makes it write a CPU profile there when it exits.
 */
export async function startBenchServer(options: { mailUrl: string; twilio: { sid: string; token: string; url: string }; cpuProf?: string | undefined; env?: Record<string, string> }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const databaseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || '';
  const engine = databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : 'embedded PGlite';
  const server = await startServerProcess({
    nodeFlags: options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProf}`] : [],
    env: {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      PUBLIC_URL: base,
      SERVE_SPA: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: options.mailUrl,
      TWILIO_ACCOUNT_SID: options.twilio.sid,
      TWILIO_AUTH_TOKEN: options.twilio.token,
      TWILIO_API_BASE: options.twilio.url,
      AUTH_CODE_SENDS_PER_IP_PER_HOUR: '0',
      ...options.env,
    },
  });
  return { server, base, engine };
}

export async function benchInbound(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      messages: { type: 'string', default: '2000' },
      senders: { type: 'string', default: '200' },
      concurrency: { type: 'string', default: '50' },
      duplicates: { type: 'string', default: '0.1' },
      timeline: { type: 'boolean', default: false },
      'fresh-connections': { type: 'boolean', default: false },
      'cpu-prof': { type: 'string' },
    },
  });
  const MESSAGES = Number(values.messages);
  const SENDERS = Number(values.senders);
  const CONCURRENCY = Number(values.concurrency);
  const DUPLICATE_SHARE = Number(values.duplicates);
  const mail = await startMailCatcher();
  const twilio = await fakeTwilioApi();
  const { server, base, engine } = await startBenchServer({ mailUrl: mail.url, twilio: { sid: SID, token: TOKEN, url: twilio.url }, cpuProf: values['cpu-prof'] });
  try {
    const call = trpcMutation(base);
    const query = async (path: string, input: unknown, token: string) => {
      const response = await fetch(`${base}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { authorization: `Bearer ${token}` } });
      return ((await response.json()) as { result: { data: Record<string, unknown> } }).result.data;
    };

    // An account with the business number connected to "Twilio".
    await call('createNewUserAccount', { email: 'bench@example.test', firstName: 'Bench', lastName: 'Mark', companyName: 'Bench Plumbing', signupPhone: null, referrer: '' });
    const code = await mail.waitForCode('bench@example.test');
    const token = (await call('verifyUserEmail', { email: 'bench@example.test', code })).authToken as string;
    await call('phone.connectNumber', { e164: BUSINESS, mode: 'existing' }, token);

    // The burst: distinct texts plus redeliveries of some of them, shuffled.
    const distinct = Array.from({ length: MESSAGES }, (_, i) => ({
      MessageSid: `SM${String(i).padStart(32, '0')}`,
      AccountSid: SID,
      From: `+1312555${String(1000 + (i % SENDERS)).slice(-4)}`,
      To: BUSINESS,
      Body: `Bench message ${i}`,
      NumMedia: '0',
    }));
    const redeliveries = distinct.filter((_, i) => i % Math.round(1 / DUPLICATE_SHARE) === 0);
    const requests = [...distinct, ...redeliveries].sort(() => Math.random() - 0.5);
    const url = `${base}/webhooks/twilio/sms`;
    // A provider keeps a pool of connections open; --fresh-connections opens one per request instead.
    const agent = values['fresh-connections'] ? new HttpAgent({ keepAlive: false }) : new HttpAgent({ keepAlive: true, maxSockets: CONCURRENCY });
    const timeline: { at: number; ms: number }[] = [];
    let failures = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) {
          const params = requests[next++]!;
          const sent = performance.now();
          const response = await postForm(agent, url, new URLSearchParams(params).toString(), twilioSignature(TOKEN, url, params));
          timeline.push({ at: sent - started, ms: performance.now() - sent });
          if (response.status !== 200) failures += 1;
        }
      }),
    );
    const ackSeconds = (performance.now() - started) / 1000;
    agent.destroy();

    // Wait until the queue has stored every distinct text, then count them.
    let stored = 0;
    const deadline = Date.now() + 300_000;
    while (Date.now() < deadline) {
      stored = (await query('logs.messages', { direction: 'inbound', page: 1, pageSize: 10 }, token)).total as number;
      if (stored >= MESSAGES) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const storeSeconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1000)); // let any straggler (a duplicate) land
    stored = (await query('logs.messages', { direction: 'inbound', page: 1, pageSize: 10 }, token)).total as number;
    const clients = (await query('clients.list', { page: 1, pageSize: 10 }, token)).total as number;

    const latencies = timeline.map((t) => t.ms).sort((a, b) => a - b);
    console.log(`Inbound webhook burst against the real server (${engine}), ${new Date().toISOString().slice(0, 10)}:`);
    console.log(`  requests: ${requests.length} (${MESSAGES} distinct texts from ${SENDERS} numbers + ${redeliveries.length} redeliveries), ${CONCURRENCY} at a time, ${values['fresh-connections'] ? 'a new connection each' : `over ${CONCURRENCY} kept-alive connections`}`);
    console.log(`  acknowledged: ${requests.length - failures} with 200, ${failures} otherwise, in ${ackSeconds.toFixed(2)} s → ${(requests.length / ackSeconds).toFixed(0)} webhooks/s`);
    console.log(`  ack latency: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`);
    console.log(`  stored: ${stored} inbound texts for ${MESSAGES} distinct (${clients} clients for ${SENDERS} numbers) — all stored ${(storeSeconds).toFixed(2)} s after the first request → ${(MESSAGES / storeSeconds).toFixed(0)} texts/s end to end`);
    if (values.timeline) {
      // Per second of the burst: where the slow acknowledgements happen (start-up, steady state, the end).
      for (let second = 0; second * 1000 < ackSeconds * 1000; second += 1) {
        const bucket = timeline.filter((t) => t.at >= second * 1000 && t.at < (second + 1) * 1000).map((t) => t.ms).sort((a, b) => a - b);
        if (bucket.length) console.log(`    ${second}s: ${bucket.length} sent, p50 ${percentile(bucket, 50).toFixed(0)} ms, p99 ${percentile(bucket, 99).toFixed(0)} ms, max ${bucket.at(-1)!.toFixed(0)} ms`);
      }
    }
    // Issue 11's goals (docs/performance.md, docs/decisions/0028).
    const ackRate = requests.length / ackSeconds;
    const ackP99 = percentile(latencies, 99);
    const textsPerSecond = MESSAGES / storeSeconds;
    const verdict = (met: boolean) => (met ? '✓ met' : '✗ not met');
    console.log(`  goal (acknowledged ≥ 1,000/s, p99 < 50 ms at 50 in flight): ${verdict(ackRate >= 1000 && ackP99 < 50 && CONCURRENCY >= 50)} (${ackRate.toFixed(0)}/s, p99 ${ackP99.toFixed(0)} ms)`);
    console.log(`  goal (≥ 300 texts/s processed end to end): ${verdict(textsPerSecond >= 300)} (${textsPerSecond.toFixed(0)} texts/s)`);
    const exactlyOnce = stored === MESSAGES && clients === SENDERS && failures === 0;
    console.log(exactlyOnce ? '  ✓ every text stored exactly once' : '  ✗ stored count does not match: lost or duplicated texts');
    return exactlyOnce ? 0 : 1;
  } finally {
    await server.stop();
    await mail.close();
    await new Promise((resolve) => twilio.server.close(resolve));
  }
}
