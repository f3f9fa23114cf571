import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readBody } from '@server/platform/testing/read-body';
import { ProviderSendError, type SendSmsRequest } from './telephony.port';
import { createTwilioClient } from './twilio';

const SID = `AC${'c'.repeat(32)}`;
const TOKEN = 'twilio-auth-token-for-adapter-tests';
const AUTHORIZATION = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`;
const ACCOUNT = `/2010-04-01/Accounts/${SID}`;

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  auth: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

/** A stand-in for api.twilio.com on 127.0.0.1: each test says how it answers. */
let server: Server;
let base: string;
const seen: Seen[] = [];
let answer: (request: Seen, response: ServerResponse) => void;
const json = (response: ServerResponse, status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

beforeAll(async () => {
  server = createServer(async (request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const entry: Seen = {
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      auth: request.headers.authorization,
      contentType: request.headers['content-type'],
      form: new URLSearchParams(await readBody(request)),
    };
    seen.push(entry);
    answer(entry, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  answer = (_request, response) => json(response, 500, { message: 'no answer set up' });
});

const twilio = () => createTwilioClient({ accountSid: SID, authToken: TOKEN, apiBase: base });

const text = (overrides: Partial<SendSmsRequest> = {}): SendSmsRequest => ({
  companyId: 'company-1',
  messageId: 'message-1',
  from: '+14155559999',
  to: '+14155550001',
  body: 'We can be there at 3pm.',
  mediaUrls: [],
  statusCallbackUrl: 'https://app.leadloop.test/webhooks/twilio/status',
  createdAt: new Date('2026-11-21T20:00:00Z'),
  ...overrides,
});

describe('texts', () => {
  it('sends through Messages.json with the account’s credentials, the status callback and each picture', async () => {
    answer = (_request, response) => json(response, 201, { sid: 'SM0001', status: 'queued' });
    const result = await twilio().provider.sendSms(text({ mediaUrls: ['https://app.leadloop.test/files/a.jpg', 'https://app.leadloop.test/files/b.jpg'] }));
    expect(result).toEqual({ providerMessageId: 'SM0001' });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', path: `${ACCOUNT}/Messages.json`, auth: AUTHORIZATION, contentType: 'application/x-www-form-urlencoded' });
    expect(request!.form.get('To')).toBe('+14155550001');
    expect(request!.form.get('From')).toBe('+14155559999');
    expect(request!.form.get('Body')).toBe('We can be there at 3pm.');
    expect(request!.form.get('StatusCallback')).toBe('https://app.leadloop.test/webhooks/twilio/status');
    expect(request!.form.getAll('MediaUrl')).toEqual(['https://app.leadloop.test/files/a.jpg', 'https://app.leadloop.test/files/b.jpg']);
  });

  it('an owner alert (no status callback, no picture) sends only To, From and Body', async () => {
    answer = (_request, response) => json(response, 201, { sid: 'SM0002', status: 'queued' });
    await twilio().provider.sendSms(text({ statusCallbackUrl: null, untracked: true }));
    expect(Object.fromEntries(seen[0]!.form)).toEqual({ To: '+14155550001', From: '+14155559999', Body: 'We can be there at 3pm.' });
  });

  it.each([
    ['a refused number (permanent, with Twilio’s message and code)', 400, { code: 21211, message: "The 'To' number +1415 is not a valid phone number." }, { code: '21211', transient: false, message: "The 'To' number +1415 is not a valid phone number." }],
    ['too many requests (429)', 429, { code: 20429, message: 'Too Many Requests' }, { code: '20429', transient: true }],
    ['a queue overflow code on a 400', 400, { code: 30001, message: 'Queue overflow' }, { code: '30001', transient: true }],
    ['a server error without a JSON body', 503, '<html>Service Unavailable</html>', { code: null, transient: true }],
    ['a refusal without a message', 403, {}, { code: null, transient: false, message: 'Twilio answered 403' }],
  ])('%s becomes a ProviderSendError', async (_label, status, body, expected) => {
    answer = (_request, response) =>
      typeof body === 'string' ? response.writeHead(status, { 'content-type': 'text/html' }).end(body) : json(response, status, body);
    const error = await twilio()
      .provider.sendSms(text())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderSendError);
    expect(error).toMatchObject(expected);
  });

  it('Twilio out of reach is a transient ProviderSendError', async () => {
    const unreachable = createTwilioClient({ accountSid: SID, authToken: TOKEN, apiBase: 'http://127.0.0.1:9' });
    const error = await unreachable.provider.sendSms(text()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderSendError);
    expect(error).toMatchObject({ transient: true, code: null, message: expect.stringContaining('Could not reach Twilio') });
  });

  it('finds a text Twilio accepted before a crash: same body, created since the row (a second of slack)', async () => {
    answer = (_request, response) =>
      json(response, 200, {
        messages: [
          { sid: 'SM-other-body', body: 'Something else', date_created: 'Sat, 21 Nov 2026 20:00:05 +0000' },
          { sid: 'SM-too-early', body: 'We can be there at 3pm.', date_created: 'Sat, 21 Nov 2026 19:59:58 +0000' },
          { sid: 'SM-the-one', body: 'We can be there at 3pm.', date_created: 'Sat, 21 Nov 2026 19:59:59 +0000' },
        ],
        next_page_uri: null,
      });
    expect(await twilio().provider.findAccepted(text())).toEqual({ providerMessageId: 'SM-the-one' });
    const [request] = seen;
    expect(request).toMatchObject({ method: 'GET', path: `${ACCOUNT}/Messages.json`, auth: AUTHORIZATION });
    expect(Object.fromEntries(request!.query)).toEqual({ To: '+14155550001', From: '+14155559999', 'DateSent>': '2026-11-21T00:00:00Z', PageSize: '50' });
  });

  it('finds nothing when no text matches', async () => {
    answer = (_request, response) => json(response, 200, { messages: [{ sid: 'SM-x', body: 'Another text', date_created: 'Sat, 21 Nov 2026 20:00:05 +0000' }] });
    expect(await twilio().provider.findAccepted(text())).toBeNull();
  });

  it('never sends the credentials to a next page outside Twilio', async () => {
    answer = (_request, response) => json(response, 200, { messages: [{ sid: 'SM-x', body: 'Another text' }], meta: { next_page_url: `${base}/elsewhere` } });
    const error = await twilio()
      .provider.findAccepted(text())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderSendError);
    expect((error as Error).message).toContain('Refused to send Twilio credentials to 127.0.0.1');
    expect(seen.map((request) => request.path)).toEqual([`${ACCOUNT}/Messages.json`]);
  });
});

describe('numbers', () => {
  const hooks = {
    e164: '+14155550777',
    smsUrl: 'https://app.leadloop.test/webhooks/twilio/sms',
    voiceUrl: 'https://app.leadloop.test/webhooks/twilio/voice',
    voiceStatusCallbackUrl: 'https://app.leadloop.test/webhooks/twilio/voice/status',
  };
  const hookForm = {
    SmsUrl: hooks.smsUrl,
    SmsMethod: 'POST',
    VoiceUrl: hooks.voiceUrl,
    VoiceMethod: 'POST',
    StatusCallback: hooks.voiceStatusCallbackUrl,
    StatusCallbackMethod: 'POST',
  };

  it('searches local numbers by area code that take texts, ten at most', async () => {
    answer = (_request, response) =>
      json(response, 200, {
        available_phone_numbers: [
          { phone_number: '+14155550100', locality: 'San Francisco', region: 'CA' },
          { phone_number: '+14155550101', locality: null, region: null },
        ],
      });
    expect(await twilio().provisioning.searchAvailable({ country: 'US', areaCode: '415' })).toEqual([
      { e164: '+14155550100', locality: 'San Francisco', region: 'CA' },
      { e164: '+14155550101', locality: null, region: null },
    ]);
    expect(seen[0]).toMatchObject({ method: 'GET', path: `${ACCOUNT}/AvailablePhoneNumbers/US/Local.json` });
    expect(Object.fromEntries(seen[0]!.query)).toEqual({ AreaCode: '415', SmsEnabled: 'true', PageSize: '10' });
  });

  it('buys a number pointed at our webhooks', async () => {
    answer = (_request, response) => json(response, 201, { sid: 'PN-bought', phone_number: hooks.e164 });
    expect(await twilio().provisioning.buy(hooks)).toEqual({ sid: 'PN-bought' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: `${ACCOUNT}/IncomingPhoneNumbers.json` });
    expect(Object.fromEntries(seen[0]!.form)).toEqual({ PhoneNumber: hooks.e164, ...hookForm });
  });

  it('adopts a number of the account: finds it, then points it at our webhooks', async () => {
    answer = (request, response) =>
      request.method === 'GET' ? json(response, 200, { incoming_phone_numbers: [{ sid: 'PN-existing', phone_number: hooks.e164 }] }) : json(response, 200, { sid: 'PN-existing' });
    expect(await twilio().provisioning.adopt(hooks)).toEqual({ sid: 'PN-existing' });
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([`GET ${ACCOUNT}/IncomingPhoneNumbers.json`, `POST ${ACCOUNT}/IncomingPhoneNumbers/PN-existing.json`]);
    expect(Object.fromEntries(seen[0]!.query)).toEqual({ PhoneNumber: hooks.e164, PageSize: '1' });
    expect(Object.fromEntries(seen[1]!.form)).toEqual(hookForm);
  });

  it('a number the account does not have cannot be adopted (a permanent error)', async () => {
    answer = (_request, response) => json(response, 200, { incoming_phone_numbers: [] });
    const error = await twilio()
      .provisioning.adopt(hooks)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ProviderSendError', transient: false, message: '+14155550777 is not a number of this Twilio account' });
    expect(seen).toHaveLength(1);
  });

  it('re-points a number by its sid', async () => {
    answer = (_request, response) => json(response, 200, { sid: 'PN-old' });
    await twilio().provisioning.configure({ ...hooks, sid: 'PN-old' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: `${ACCOUNT}/IncomingPhoneNumbers/PN-old.json` });
    expect(Object.fromEntries(seen[0]!.form)).toEqual(hookForm);
  });
});

describe('calls and recordings', () => {
  const RECORDING = `RE${'0123456789abcdef'.repeat(2)}`;

  it('streams a recording’s MP3 with the account’s credentials; an unknown one is null', async () => {
    answer = (request, response) =>
      request.path.endsWith(`${RECORDING}.mp3`) ? response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': '4' }).end(Buffer.from([1, 2, 3, 4])) : json(response, 404, {});
    const recording = await twilio().recordings.open(RECORDING);
    expect(recording).toMatchObject({ contentType: 'audio/mpeg', sizeBytes: 4 });
    expect([...new Uint8Array(await new Response(recording!.body).arrayBuffer())]).toEqual([1, 2, 3, 4]);
    expect(seen[0]).toMatchObject({ method: 'GET', path: `${ACCOUNT}/Recordings/${RECORDING}.mp3`, auth: AUTHORIZATION });
    expect(await twilio().recordings.open(`RE${'f'.repeat(32)}`)).toBeNull();
    expect(await twilio().recordings.open('../../Messages')).toBeNull();
    expect(seen).toHaveLength(2);
  });

  it('starts recording a call in progress, reporting to our callback', async () => {
    answer = (_request, response) => json(response, 201, { sid: RECORDING, call_sid: 'CA1', status: 'in-progress' });
    expect(await twilio().calls.startRecording('CA1', { statusCallbackUrl: 'https://app.leadloop.test/webhooks/twilio/voice/recording' })).toEqual({ recordingSid: RECORDING });
    expect(seen[0]).toMatchObject({ method: 'POST', path: `${ACCOUNT}/Calls/CA1/Recordings.json` });
    expect(Object.fromEntries(seen[0]!.form)).toEqual({
      RecordingStatusCallback: 'https://app.leadloop.test/webhooks/twilio/voice/recording',
      RecordingStatusCallbackMethod: 'POST',
      RecordingStatusCallbackEvent: 'completed',
    });
  });

  it('hangs up a call', async () => {
    answer = (_request, response) => json(response, 200, { sid: 'CA1', status: 'completed' });
    await twilio().calls.hangUp('CA1');
    expect(seen[0]).toMatchObject({ method: 'POST', path: `${ACCOUNT}/Calls/CA1.json` });
    expect(Object.fromEntries(seen[0]!.form)).toEqual({ Status: 'completed' });
  });
});

describe('start-up', () => {
  it('loads no part of the twilio package until it is used, and the REST client only on the first API call', () => {
    const script = `
      const { createRequire } = await import('node:module');
      const cache = createRequire(import.meta.url).cache;
      const loaded = (part) => Object.keys(cache).some((file) => file.includes('/node_modules/twilio/lib/' + part));
      const { createTwilioClient, validateTwilioSignature } = await import('./server/adapters/telephony/twilio.ts');
      await import('./server/adapters/telephony/twilio-webhook-scope.ts');
      await import('./server/adapters/telephony/twiml.ts');
      const twilio = createTwilioClient({ accountSid: 'AC${'d'.repeat(32)}', authToken: 'token', apiBase: 'http://127.0.0.1:9' });
      const atStart = { rest: loaded('rest/'), webhooks: loaded('webhooks/'), twiml: loaded('twiml/') };
      validateTwilioSignature('token', 'https://app.test/hook', {}, 'x');
      const afterSignature = { rest: loaded('rest/'), webhooks: loaded('webhooks/') };
      await twilio.provider.sendSms({ companyId: 'c', messageId: 'm', from: '+1', to: '+1', body: 'b', mediaUrls: [], statusCallbackUrl: null, createdAt: new Date() }).catch(() => {});
      console.log(JSON.stringify({ atStart, afterSignature, afterSend: { rest: loaded('rest/') } }));
    `;
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(JSON.parse(output.trim().split('\n').at(-1)!)).toEqual({
      atStart: { rest: false, webhooks: false, twiml: false },
      afterSignature: { rest: false, webhooks: true },
      afterSend: { rest: true },
    });
  });
});
