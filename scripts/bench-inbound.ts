import { createServer as createHttpServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { twilioSignature } from '../server/adapters/telephony/twilio';
import { startMailCatcher } from '../tests/support/mail-catcher';
import { startServerProcess } from '../tests/support/server-process';

/**
 * npm run bench:inbound [-- --messages 2000 --senders 200 --concurrency 50 --duplicates 0.1]
 *
 * Starts the real server (embedded database, Twilio configured against a local stand-in), then posts a burst of
 * correctly signed inbound-SMS webhooks concurrently — some of them twice, as Twilio does on retries — and checks
 * that every distinct message is stored exactly once. Prints the acknowledgement latency (what Twilio waits for)
 * and the throughput of acknowledging and of storing.
 */
const SID = `AC${'b'.repeat(32)}`;
const TOKEN = 'bench-twilio-auth-token';
const BUSINESS = '+14155550142';

async function freePort(): Promise<number> {
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

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function benchInbound(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
  options: {
    messages: { type: 'string', default: '2000' },
    senders: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '50' },
    duplicates: { type: 'string', default: '0.1' },
  },
});
  const MESSAGES = Number(values.messages);
  const SENDERS = Number(values.senders);
  const CONCURRENCY = Number(values.concurrency);
  const DUPLICATE_SHARE = Number(values.duplicates);
  const dataDir = mkdtempSync(join(tmpdir(), 'leadloop-bench-'));
  const mail = await startMailCatcher();
  const twilio = await fakeTwilioApi();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServerProcess({
    dataDir,
    env: {
      PORT: String(port),
      PUBLIC_URL: base,
      SERVE_SPA: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: mail.url,
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_API_BASE: twilio.url,
      AUTH_CODE_SENDS_PER_IP_PER_HOUR: '0',
    },
  });
  try {
    const call = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`${base}/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { result?: { data: unknown }; error?: { message: string } };
      if (!json.result) throw new Error(`${path}: ${json.error?.message ?? response.status}`);
      return json.result.data as Record<string, unknown>;
    };
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
    const latencies: number[] = [];
    let failures = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) {
          const params = requests[next++]!;
          const sent = performance.now();
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, url, params) },
            body: new URLSearchParams(params).toString(),
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - sent);
          if (response.status !== 200) failures += 1;
        }
      }),
    );
    const ackSeconds = (performance.now() - started) / 1000;

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

    latencies.sort((a, b) => a - b);
    console.log(`Inbound webhook burst against the real server (embedded PGlite), ${new Date().toISOString().slice(0, 10)}:`);
    console.log(`  requests: ${requests.length} (${MESSAGES} distinct texts from ${SENDERS} numbers + ${redeliveries.length} redeliveries), ${CONCURRENCY} at a time`);
    console.log(`  acknowledged: ${requests.length - failures} with 200, ${failures} otherwise, in ${ackSeconds.toFixed(2)} s → ${(requests.length / ackSeconds).toFixed(0)} webhooks/s`);
    console.log(`  ack latency: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`);
    console.log(`  stored: ${stored} inbound texts for ${MESSAGES} distinct (${clients} clients for ${SENDERS} numbers) — all stored ${(storeSeconds).toFixed(2)} s after the first request → ${(MESSAGES / storeSeconds).toFixed(0)} texts/s end to end`);
    const exactlyOnce = stored === MESSAGES && clients === SENDERS && failures === 0;
    console.log(exactlyOnce ? '  ✓ every text stored exactly once' : '  ✗ stored count does not match: lost or duplicated texts');
    return exactlyOnce ? 0 : 1;
  } finally {
    await server.stop();
    await mail.close();
    await new Promise((resolve) => twilio.server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
