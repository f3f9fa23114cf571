import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from '@server/platform/testing/read-body';

export interface SentText {
  sid: string;
  to: string;
  from: string;
  body: string;
  at: Date;
}

export interface FakeTwilio {
  url: string;
  sent: SentText[];
  /** Sends received and not yet answered. */
  inFlight(): number;
  /** GET /Messages.json lookups (findAccepted after a crash in the middle of a send). */
  lookups: number;
  lastRequestAt: number;
  close(): Promise<void>;
}

/**
 * A stand-in for api.twilio.com for the process tests (a kill -9 mid-send): accepts texts for account `sid` — recorded
 * on arrival, answered after `holdMs`, so a kill finds sends in flight — and lists them (findAccepted after a crash).
 */
export async function startFakeTwilio(sid: string, holdMs: number): Promise<FakeTwilio> {
  let pending = 0;
  const fake: Omit<FakeTwilio, 'url' | 'close'> & { server?: Server } = { sent: [], inFlight: () => pending, lookups: 0, lastRequestAt: Date.now() };
  const json = (response: ServerResponse, status: number, body: unknown) => {
    if (response.destroyed) return;
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server = createServer(async (request, response) => {
    fake.lastRequestAt = Date.now();
    const url = new URL(request.url ?? '/', 'http://fake');
    if (!url.pathname.endsWith(`/Accounts/${sid}/Messages.json`)) return json(response, 404, { code: 20404, message: 'not found' });
    if (request.method === 'GET') {
      fake.lookups += 1;
      const to = url.searchParams.get('To');
      const from = url.searchParams.get('From');
      // Twilio's DateSent> filter: a day (YYYY-MM-DD) or a moment (YYYY-MM-DDThh:mm:ssZ, as the twilio library sends it).
      const since = Date.parse(url.searchParams.get('DateSent>') ?? '1970-01-01');
      const matches = fake.sent.filter((t) => t.to === to && t.from === from && t.at.getTime() >= since);
      return json(response, 200, { messages: matches.map((t) => ({ sid: t.sid, body: t.body, date_created: t.at.toUTCString(), status: 'sent' })) });
    }
    const form = new URLSearchParams(await readBody(request));
    // Twilio has the text from here on, whether or not its answer reaches the caller.
    const text: SentText = { sid: `SM${'f'.repeat(24)}${String(fake.sent.length).padStart(8, '0')}`, to: form.get('To') ?? '', from: form.get('From') ?? '', body: form.get('Body') ?? '', at: new Date() };
    fake.sent.push(text);
    pending += 1;
    await new Promise((r) => setTimeout(r, holdMs));
    pending -= 1;
    json(response, 201, { sid: text.sid, status: 'queued', to: text.to, from: text.from, body: text.body, date_created: text.at.toUTCString() });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
