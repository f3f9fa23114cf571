import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_RECORDING_BYTES } from '@contracts/recording';
import { twilioSignature } from '@server/adapters/telephony/twilio';
import { createServerApp, type ServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { calls, missedCallSettings, recordings, users } from '@server/platform/db/schema';
import { ManualClock } from '@server/platform/lib/clock';
import { createLogger } from '@server/platform/lib/logger';
import { setActiveNumber } from '@server/modules/phone-numbers/active-number';
import { createTestDatabase, type TestDatabase } from '@server/platform/testing/test-database';
import { callerFor, createMemoryMailer, signUp, type TestDeps } from '@server/testing/test-app';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { signedGreetingUrl, sniffAudioType } from './recordings.service';

const SID = `AC${'c'.repeat(32)}`;
const TOKEN = 'twilio-auth-token-for-recording-tests';
const PUBLIC_URL = 'https://app.leadloop.test';
const BUSINESS = '+14155559998';
const RECORDING_SID = `RE${'0123456789abcdef'.repeat(2)}`;

/** A real (tiny) WAV file: RIFF header, fmt chunk, 0.1 s of 8 kHz silence. */
function wav(samples = 800): Buffer {
  const data = Buffer.alloc(samples * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('\x9f\x42\x86\x81\x01webm-opus-frames', 'latin1'), Buffer.alloc(64, 7)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n', 'ascii');
const TWILIO_MP3 = Buffer.concat([Buffer.from('ID3', 'ascii'), Buffer.alloc(200, 1)]);

let twilioApi: Server;
let twilioStatus = 200;
const twilioRequests: Array<{ method: string; url: string; authorization: string | undefined }> = [];
let database: TestDatabase;
let app: ServerApp;
const clock = new ManualClock(Date.parse('2026-11-19T18:00:00Z'));
const mailer = createMemoryMailer();

beforeAll(async () => {
  twilioApi = createServer((request, response) => {
    twilioRequests.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization });
    if (request.url?.includes('/Recordings/') && twilioStatus === 200) {
      response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(TWILIO_MP3.length) });
      response.end(TWILIO_MP3);
      return;
    }
    response.writeHead(twilioStatus === 200 ? 404 : twilioStatus, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: 20404, message: 'not found' }));
  });
  await new Promise<void>((resolve) => twilioApi.listen(0, '127.0.0.1', resolve));
  const port = (twilioApi.address() as AddressInfo).port;
  database = await createTestDatabase();
  app = await createServerApp({
    env: loadEnv({ NODE_ENV: 'test', SERVE_SPA: 'false', PUBLIC_URL, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_API_BASE: `http://127.0.0.1:${port}` }),
    database,
    clock,
    mailer,
    logger: createLogger('silent'),
  });
});

afterAll(async () => {
  await app.close();
  await new Promise((resolve) => twilioApi.close(resolve));
});

let owner: string;
let other: string;
beforeEach(async () => {
  await database.truncateAll();
  twilioRequests.length = 0;
  twilioStatus = 200;
  const deps = { ...app.services, mailer } as unknown as TestDeps;
  owner = await signUp(deps, { email: 'owner@acme.test', companyName: 'Acme Plumbing' });
  other = await signUp(deps, { email: 'owner@rival.test', companyName: 'Rival HVAC' });
});

const bearer = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
function upload(token: string | null, body: Buffer, contentType: string, query = 'purpose=greeting&seconds=6&name=hello.wav') {
  return app.http.inject({ method: 'POST', url: `/api/recordings?${query}`, headers: { 'content-type': contentType, ...bearer(token) }, payload: body });
}
const get = (url: string, token: string | null) => app.http.inject({ method: 'GET', url, headers: bearer(token) });

async function companyIdOf(email: string): Promise<string> {
  const rows = await database.db.select({ email: users.email, companyId: users.companyId }).from(users);
  return rows.find((r) => r.email === email)!.companyId;
}

describe('the file is checked by its bytes', () => {
  it('knows WebM, Ogg, MP3, WAV and MP4 by their first bytes, and nothing else', () => {
    expect(sniffAudioType(WEBM)).toBe('audio/webm');
    expect(sniffAudioType(Buffer.from('OggS\0\x02\0\0\0\0\0\0\0\0', 'latin1'))).toBe('audio/ogg');
    expect(sniffAudioType(TWILIO_MP3)).toBe('audio/mpeg');
    expect(sniffAudioType(Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe('audio/mpeg');
    expect(sniffAudioType(wav())).toBe('audio/wav');
    expect(sniffAudioType(Buffer.from('\0\0\0\x20ftypM4A \0\0\0\0', 'latin1'))).toBe('audio/mp4');
    // AAC's ADTS frame (layer bits 00) is not MP3; a PDF is not audio.
    expect(sniffAudioType(Buffer.from([0xff, 0xf1, 0x50, 0x80, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(sniffAudioType(PDF)).toBeNull();
  });
});

describe('uploading a greeting', () => {
  it('keeps a WAV with its detected type, size and seconds, plays it back to its company only, and replaces the previous one', async () => {
    const first = await upload(owner, wav(), 'audio/x-wav');
    expect(first.statusCode).toBe(201);
    const saved = first.json();
    expect(saved).toMatchObject({ purpose: 'greeting', contentType: 'audio/wav', sizeBytes: wav().length, seconds: 6, fileName: 'hello.wav' });
    expect(await callerFor(app.services, { authToken: owner }).recordings.greeting()).toMatchObject({ id: saved.id, contentType: 'audio/wav' });

    const played = await get(`/api/recordings/${saved.id}`, owner);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/wav');
    expect(played.rawPayload.equals(wav())).toBe(true);
    expect((await get(`/api/recordings/${saved.id}`, other)).statusCode).toBe(404);
    expect((await get(`/api/recordings/${saved.id}`, null)).statusCode).toBe(401);
    expect(await callerFor(app.services, { authToken: other }).recordings.greeting()).toBeNull();

    const second = await upload(owner, WEBM, 'audio/webm;codecs=opus', 'purpose=greeting&seconds=3');
    expect(second.statusCode).toBe(201);
    const rows = await database.db.select({ id: recordings.id, contentType: recordings.contentType }).from(recordings);
    expect(rows).toEqual([{ id: second.json().id, contentType: 'audio/webm' }]);
    expect((await get(`/api/recordings/${saved.id}`, owner)).statusCode).toBe(404);
  });

  it('refuses a type we do not take, bytes that are not the declared audio, an empty or too large file, a long greeting, bad fields and no session', async () => {
    const wrongType = await upload(owner, PDF, 'application/pdf');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ error: expect.stringContaining('Upload an audio file (WebM, Ogg, MP3, WAV or M4A) of at most 5 MB'), field: 'file' });

    const disguised = await upload(owner, PDF, 'audio/mpeg');
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().error).toMatch(/^This file is not an MP3 audio file/);
    // A WAV sent as WebM is refused too: the declared type and the bytes must agree.
    expect((await upload(owner, wav(), 'audio/webm')).statusCode).toBe(400);

    expect((await upload(owner, Buffer.alloc(0), 'audio/wav')).json()).toEqual({ error: 'The file is empty.', field: 'file' });

    const tooBig = await upload(owner, Buffer.concat([wav(), Buffer.alloc(MAX_RECORDING_BYTES)]), 'audio/wav');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toMatch(/^The file is too large/);

    const long = await upload(owner, wav(), 'audio/wav', 'purpose=greeting&seconds=121');
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatch(/A greeting can be at most 2 minutes long/);

    expect((await upload(owner, wav(), 'audio/wav', 'purpose=music&seconds=5')).statusCode).toBe(400);
    expect((await upload(owner, wav(), 'audio/wav', 'purpose=greeting&seconds=0')).json().error).toBe('The recording is shorter than a second');
    expect((await upload(owner, wav(), 'audio/wav', 'purpose=greeting&seconds=abc')).statusCode).toBe(400);
    expect((await upload(null, wav(), 'audio/wav')).statusCode).toBe(401);
    expect((await upload('not-a-session', wav(), 'audio/wav')).json()).toEqual({ error: 'Your session has ended. Please sign in again.' });
    expect(await database.db.select({ id: recordings.id }).from(recordings)).toEqual([]);
  });
});

describe('the greeting callers hear', () => {
  const VOICE = `${PUBLIC_URL}/webhooks/twilio/voice`;
  async function incomingCallTwiml(callSid: string) {
    const params = { CallSid: callSid, AccountSid: SID, From: '+14155550001', To: BUSINESS, Direction: 'inbound' };
    const res = await app.http.inject({
      method: 'POST',
      url: '/webhooks/twilio/voice',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, VOICE, params) },
      payload: new URLSearchParams(params).toString(),
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  }

  it('is the text read out until the owner chooses an uploaded recording; then <Play> of a signed address Twilio can fetch without a session', async () => {
    const companyId = await companyIdOf('owner@acme.test');
    await database.db.transaction((tx) => setActiveNumber(tx, { companyId, e164: BUSINESS, provider: 'twilio', providerSid: 'PN1', now: clock.now() }));
    const settings = callerFor(app.services, { authToken: owner }).missedCalls.settings;
    await settings.update({ routingMode: 'forwarded_missed' });
    expect(await incomingCallTwiml('CA-say')).toContain('<Say>Sorry we missed your call.');

    // Choosing the recording before there is one is refused under its field.
    const refused = await trpcErrorOf(settings.update({ greetingSource: 'recording' }));
    expect(refused.code).toBe('BAD_REQUEST');
    expect(refused.message).toBe('Upload a greeting recording first, or keep having your greeting text read out.');

    const id = (await upload(owner, wav(), 'audio/wav')).json().id as string;
    // Uploaded but not chosen: still the text.
    expect(await incomingCallTwiml('CA-still-say')).toContain('<Say>');
    expect((await settings.update({ greetingSource: 'recording' })).greetingSource).toBe('recording');

    const url = signedGreetingUrl(PUBLIC_URL, TOKEN, id);
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/api/greetings/${id}/[A-Za-z0-9_-]{43}$`));
    const twiml = await incomingCallTwiml('CA-play');
    expect(twiml).toContain(`<Response><Play>${url}</Play><Record maxLength="120"`);
    expect(twiml).not.toContain('<Say>');

    const path = url.slice(PUBLIC_URL.length);
    const fetched = await get(path, null);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('audio/wav');
    expect(fetched.rawPayload.equals(wav())).toBe(true);
    // Another signature, or the signature of another recording, is not the greeting.
    expect((await get(`${path.slice(0, -3)}AAA`, null)).statusCode).toBe(404);
    expect((await get(path.replace(id, '00000000-0000-4000-8000-000000000000'), null)).statusCode).toBe(404);

    // Removing it: the text again, the choice back to "say", the address gone. A second removal is NOT_FOUND.
    await callerFor(app.services, { authToken: owner }).recordings.removeGreeting();
    expect(await incomingCallTwiml('CA-after')).toContain('<Say>');
    expect((await database.db.select({ source: missedCallSettings.greetingSource }).from(missedCallSettings))[0]!.source).toBe('say');
    expect((await get(path, null)).statusCode).toBe(404);
    expect((await trpcErrorOf(callerFor(app.services, { authToken: owner }).recordings.removeGreeting())).code).toBe('NOT_FOUND');
  });

  it('another company cannot remove it (NOT_FOUND) and its own voicemail greeting stays the text', async () => {
    await upload(owner, wav(), 'audio/wav');
    expect((await trpcErrorOf(callerFor(app.services, { authToken: other }).recordings.removeGreeting())).code).toBe('NOT_FOUND');
    expect(await database.db.select({ id: recordings.id }).from(recordings)).toHaveLength(1);
  });
});

describe('playing a call’s voicemail', () => {
  async function twilioCall(companyId: string, changes: Partial<typeof calls.$inferInsert> = {}) {
    const [row] = await database.db
      .insert(calls)
      .values({
        companyId,
        provider: 'twilio',
        providerCallSid: `CA${Math.random().toString(16).slice(2)}`,
        fromNumber: '+14155550001',
        toNumber: BUSINESS,
        routingMode: 'forwarded_missed',
        status: 'ended',
        startedAt: clock.now(),
        missed: true,
        recordingSid: RECORDING_SID,
        recordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${SID}/Recordings/${RECORDING_SID}`,
        recordingSeconds: 9,
        ...changes,
      })
      .returning();
    return row!;
  }

  it('fetches a Twilio recording with the account’s credentials and streams it, for the call’s company only', async () => {
    const call = await twilioCall(await companyIdOf('owner@acme.test'));
    const view = await callerFor(app.services, { authToken: owner }).calls.get({ id: call.id });
    expect(view.voicemail).toMatchObject({ audioUrl: `/api/calls/${call.id}/recording`, seconds: 9 });

    const played = await get(`/api/calls/${call.id}/recording`, owner);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/mpeg');
    expect(played.rawPayload.equals(TWILIO_MP3)).toBe(true);
    expect(twilioRequests).toEqual([
      { method: 'GET', url: `/2010-04-01/Accounts/${SID}/Recordings/${RECORDING_SID}.mp3`, authorization: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}` },
    ]);

    // Another company, no session, an unknown call: nothing is fetched from Twilio.
    expect((await get(`/api/calls/${call.id}/recording`, other)).statusCode).toBe(404);
    expect((await get(`/api/calls/${call.id}/recording`, null)).statusCode).toBe(401);
    expect((await get('/api/calls/00000000-0000-4000-8000-000000000000/recording', owner)).statusCode).toBe(404);
    expect((await get('/api/calls/not-an-id/recording', owner)).statusCode).toBe(404);
    expect(twilioRequests).toHaveLength(1);
  });

  it('says so when Twilio has no such recording or fails, and has nothing to play for a call without audio', async () => {
    const companyId = await companyIdOf('owner@acme.test');
    const call = await twilioCall(companyId);
    twilioStatus = 404;
    expect((await get(`/api/calls/${call.id}/recording`, owner)).json()).toEqual({ error: 'Voicemail recording not found' });
    twilioStatus = 500;
    const failed = await get(`/api/calls/${call.id}/recording`, owner);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toMatch(/Twilio did not hand over this recording/);

    const silent = await twilioCall(companyId, { recordingSid: null, recordingUrl: null, recordingSeconds: null });
    expect((await callerFor(app.services, { authToken: owner }).calls.get({ id: silent.id })).voicemail).toBeNull();
    expect((await get(`/api/calls/${silent.id}/recording`, owner)).statusCode).toBe(404);
    // A simulated call whose voicemail was typed has no audio either.
    const typed = await twilioCall(companyId, { provider: 'simulator', recordingSid: 'SIMRE1', recordingUrl: null });
    expect((await callerFor(app.services, { authToken: owner }).calls.get({ id: typed.id })).voicemail?.audioUrl).toBeNull();
    expect((await get(`/api/calls/${typed.id}/recording`, owner)).statusCode).toBe(404);
  });
});

