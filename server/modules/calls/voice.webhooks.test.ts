import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MISSED_CALL_SETTINGS } from '@contracts/call';
import { twilioSignature } from '@server/adapters/telephony/twilio';
import { createServerApp, type ServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { calls, companies, inboundEvents, leads, messages, missedCallSettings, phoneNumbers } from '@server/platform/db/schema';
import { ManualClock, SECOND } from '@server/platform/lib/clock';
import { createLogger } from '@server/platform/lib/logger';
import { setActiveNumber } from '@server/modules/phone-numbers/active-number';
import { NUMBER_HOOKS_VERSION, numberHooks, scheduleNumberHooks } from '@server/modules/phone-numbers/number-hooks.jobs';
import { createTestDatabase, type TestDatabase } from '@server/platform/testing/test-database';
import { createMemoryMailer } from '@server/testing/test-app';
import { parseXml } from '@server/platform/testing/xml';
import { readBody } from '@server/platform/testing/read-body';

const SID = `AC${'b'.repeat(32)}`;
const TOKEN = 'twilio-auth-token-for-voice-tests';
const PUBLIC_URL = 'https://app.leadloop.test';
const BUSINESS = '+14155559999';
const CUSTOMER = '+14155550001';
const OWNER_CELL = '+14155550123';

let twilioApi: Server;
const twilioRequests: Array<{ method: string; url: string; form: URLSearchParams }> = [];
let database: TestDatabase;
let app: ServerApp;
let companyId: string;
// Thursday 10:00 in Los Angeles: business hours.
const clock = new ManualClock(Date.parse('2026-11-19T18:00:00Z'));

beforeAll(async () => {
  twilioApi = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    twilioRequests.push({ method: request.method ?? '', url: request.url ?? '', form });
    response.setHeader('content-type', 'application/json');
    if (request.method === 'GET' && request.url?.includes('/IncomingPhoneNumbers.json')) {
      response.end(JSON.stringify({ incoming_phone_numbers: [{ sid: 'PN-existing' }] }));
      return;
    }
    response.end(JSON.stringify({ sid: `SM${String(twilioRequests.length).padStart(32, '0')}`, status: 'queued' }));
  });
  await new Promise<void>((resolve) => twilioApi.listen(0, '127.0.0.1', resolve));
  const port = (twilioApi.address() as AddressInfo).port;
  database = await createTestDatabase();
  app = await createServerApp({
    env: loadEnv({ NODE_ENV: 'test', SERVE_SPA: 'false', PUBLIC_URL, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_API_BASE: `http://127.0.0.1:${port}` }),
    database,
    clock,
    mailer: createMemoryMailer(),
    logger: createLogger('silent'),
  });
});

afterAll(async () => {
  await app.close();
  await new Promise((resolve) => twilioApi.close(resolve));
});

async function useSettings(changes: Partial<typeof DEFAULT_MISSED_CALL_SETTINGS>) {
  const values = { ...DEFAULT_MISSED_CALL_SETTINGS, ...changes };
  await database.db.insert(missedCallSettings).values({ companyId, ...values }).onConflictDoUpdate({ target: missedCallSettings.companyId, set: values });
}

beforeEach(async () => {
  await database.truncateAll();
  twilioRequests.length = 0;
  clock.set(Date.parse('2026-11-19T18:00:00Z'));
  const [company] = await database.db.insert(companies).values({ name: 'Acme Plumbing', timezone: 'America/Los_Angeles', trialEndsAt: new Date(clock.now().getTime() + 864e5) }).returning();
  companyId = company!.id;
  await database.db.transaction((tx) => setActiveNumber(tx, { companyId, e164: BUSINESS, provider: 'twilio', providerSid: 'PN1', now: clock.now() }));
  await useSettings({ routingMode: 'ring_then_voicemail', forwardTo: OWNER_CELL });
});

/** Signed as Twilio signs it unless a signature (or null: none) is given. */
function post(path: string, params: Record<string, string>, signature: string | null = twilioSignature(TOKEN, `${PUBLIC_URL}${path}`, params)) {
  return app.http.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature ? { 'x-twilio-signature': signature } : {}) },
    payload: new URLSearchParams(params).toString(),
  });
}

const call = (sid: string, extra: Record<string, string> = {}) => ({ CallSid: sid, AccountSid: SID, From: CUSTOMER, To: BUSINESS, Direction: 'inbound', ...extra });
const VOICE = `${PUBLIC_URL}/webhooks/twilio/voice`;
/** Text as the hand-written TwiML escaped it before the twilio library (the documents must stay equivalent). */
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const greeting = (settings = DEFAULT_MISSED_CALL_SETTINGS) =>
  '<?xml version="1.0" encoding="UTF-8"?><Response>' +
  `<Say>${escapeText(settings.voicemailGreeting)}</Say>` +
  `<Record maxLength="${settings.voicemailMaxSeconds}" playBeep="true" timeout="5" action="${VOICE}/recorded" method="POST" recordingStatusCallback="${VOICE}/recording" recordingStatusCallbackMethod="POST" recordingStatusCallbackEvent="completed" transcribe="${settings.transcribeVoicemail}"${settings.transcribeVoicemail ? ` transcribeCallback="${VOICE}/transcription"` : ''}/>` +
  '<Hangup/></Response>';
const HANGUP = '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>';

async function pass(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += SECOND) {
    clock.advance(SECOND);
    await app.services.queue.drain();
  }
}
const sentTexts = () => twilioRequests.filter((r) => r.method === 'POST' && r.url.endsWith('/Messages.json'));

describe('TwiML for each routing mode and dial status', () => {
  it('mode a: rings the business phone with the ring timeout, the Dial action and the caller’s ID', async () => {
    const res = await post('/webhooks/twilio/voice', call('CA-a'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    expect(res.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response>' +
        `<Dial timeout="20" action="${VOICE}/dial" method="POST" callerId="${CUSTOMER}" answerOnBridge="true"><Number>${OWNER_CELL}</Number></Dial>` +
        '</Response>',
    );
  });

  it('mode a with another ring timeout; a hidden caller shows the business number instead', async () => {
    await useSettings({ routingMode: 'ring_then_voicemail', forwardTo: OWNER_CELL, ringTimeoutSeconds: 35 });
    const res = await post('/webhooks/twilio/voice', call('CA-a2', { From: 'anonymous' }));
    expect(res.body).toContain(`<Dial timeout="35" action="${VOICE}/dial" method="POST" callerId="${BUSINESS}"`);
  });

  it.each(['no-answer', 'busy', 'failed'])('mode a, dial %s → the greeting and the voicemail', async (status) => {
    await post('/webhooks/twilio/voice', call('CA-d'));
    await pass(SECOND);
    const res = await post('/webhooks/twilio/voice/dial', call('CA-d', { DialCallStatus: status, DialCallDuration: '0' }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(greeting());
    await pass(SECOND);
    const [row] = await database.db.select().from(calls);
    expect(row).toMatchObject({ missed: true, missedReason: status.replace('-', '_'), status: 'voicemail' });
  });

  it.each(['completed', 'canceled'])('mode a, dial %s → hang up (answered, or the caller gave up)', async (status) => {
    await post('/webhooks/twilio/voice', call('CA-h'));
    await pass(SECOND);
    const res = await post('/webhooks/twilio/voice/dial', call('CA-h', { DialCallStatus: status, DialCallDuration: status === 'completed' ? '42' : '0' }));
    expect(res.body).toBe(HANGUP);
    await pass(SECOND);
    const [row] = await database.db.select().from(calls);
    expect(row).toMatchObject(status === 'completed' ? { status: 'answered', missed: false, talkSeconds: 42 } : { missed: true, missedReason: 'caller_hung_up' });
  });

  it('mode b: straight to the greeting and the voicemail; the greeting is XML-escaped', async () => {
    const settings = { ...DEFAULT_MISSED_CALL_SETTINGS, routingMode: 'forwarded_missed' as const, voicemailGreeting: 'Tom & Jerry’s <Plumbing> "24/7" </Say><Dial>+19005550000</Dial>', voicemailMaxSeconds: 60, transcribeVoicemail: false };
    await useSettings(settings);
    const res = await post('/webhooks/twilio/voice', call('CA-b'));
    expect(parseXml(res.body)).toEqual(parseXml(greeting(settings)));
    expect(res.body).toContain('<Say>Tom &amp; Jerry’s &lt;Plumbing&gt; "24/7" &lt;/Say&gt;&lt;Dial&gt;+19005550000&lt;/Dial&gt;</Say>');
    expect(parseXml(res.body).children[0]).toEqual({ name: 'Say', attributes: {}, children: [settings.voicemailGreeting] });
    expect(res.body).not.toContain('transcribeCallback');
    expect(res.body.match(/<Dial/g)).toBeNull();
  });

  it('mode a without a phone to ring goes straight to voicemail (missed: no forward number)', async () => {
    await useSettings({ routingMode: 'ring_then_voicemail', forwardTo: null });
    expect((await post('/webhooks/twilio/voice', call('CA-n'))).body).toBe(greeting());
    await pass(SECOND);
    expect((await database.db.select().from(calls))[0]).toMatchObject({ missedReason: 'no_forward_number' });
  });

  it('a call to a number no company uses is rejected and stores nothing', async () => {
    const res = await post('/webhooks/twilio/voice', call('CA-x', { To: '+14155550000' }));
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Reject reason="rejected"/></Response>');
    expect(await database.db.select().from(inboundEvents)).toHaveLength(0);
  });
});

describe('signed, idempotent callbacks', () => {
  const paths = ['/webhooks/twilio/voice', '/webhooks/twilio/voice/dial', '/webhooks/twilio/voice/recorded', '/webhooks/twilio/voice/status', '/webhooks/twilio/voice/recording', '/webhooks/twilio/voice/transcription'];
  const forged: Array<[string, (p: string, params: Record<string, string>) => string | null]> = [
    ['no signature', () => null],
    ['a wrong signature', () => 'bm90IGEgc2lnbmF0dXJl'],
    ['a signature for other parameters', (p, params) => twilioSignature(TOKEN, `${PUBLIC_URL}${p}`, { ...params, From: '+19005550000' })],
    ['a signature for another path', (_p, params) => twilioSignature(TOKEN, `${PUBLIC_URL}/webhooks/twilio/sms`, params)],
  ];
  it.each(paths.flatMap((p) => forged.map(([label, sign]) => [p, label, sign] as const)))('%s refuses %s with 403 and stores nothing', async (path, _label, sign) => {
    const params = call('CA-forged', { CallStatus: 'completed', DialCallStatus: 'no-answer', RecordingSid: 'RE1', RecordingStatus: 'completed', TranscriptionStatus: 'completed' });
    const res = await post(path, params, sign(path, params));
    expect(res.statusCode).toBe(403);
    await pass(SECOND);
    expect(await database.db.select().from(inboundEvents)).toHaveLength(0);
    expect(await database.db.select().from(calls)).toHaveLength(0);
  });

  it('a callback without a CallSid is refused (400)', async () => {
    expect((await post('/webhooks/twilio/voice/status', { CallStatus: 'completed' })).statusCode).toBe(400);
  });

  it('a whole missed call over the wire, every callback delivered twice: one call, one lead, one voicemail, one text-back that quotes it', async () => {
    await useSettings({ routingMode: 'forwarded_missed' });
    const steps: Array<[string, Record<string, string>, number]> = [
      ['/webhooks/twilio/voice', call('CA-wire', { CallStatus: 'ringing' }), 200],
      ['/webhooks/twilio/voice/recorded', call('CA-wire', { RecordingSid: 'RE-wire', RecordingUrl: 'https://api.twilio.com/rec/RE-wire', RecordingDuration: '9' }), 200],
      ['/webhooks/twilio/voice/recording', { CallSid: 'CA-wire', AccountSid: SID, RecordingSid: 'RE-wire', RecordingUrl: 'https://api.twilio.com/rec/RE-wire', RecordingDuration: '9', RecordingStatus: 'completed' }, 204],
      ['/webhooks/twilio/voice/status', call('CA-wire', { CallStatus: 'completed', CallDuration: '21' }), 204],
    ];
    for (const [path, params, status] of steps) {
      expect((await post(path, params)).statusCode).toBe(status);
      expect((await post(path, params)).statusCode).toBe(status);
      await pass(SECOND);
    }
    // The voicemail is over; the text-back waits (up to 30 s) for its transcript.
    await pass(20 * SECOND);
    expect(sentTexts()).toHaveLength(0);
    const transcription = call('CA-wire', { RecordingSid: 'RE-wire', TranscriptionSid: 'TR-wire', TranscriptionStatus: 'completed', TranscriptionText: 'Hi, my furnace stopped working overnight. Call me please.' });
    expect((await post('/webhooks/twilio/voice/transcription', transcription)).statusCode).toBe(204);
    expect((await post('/webhooks/twilio/voice/transcription', transcription)).statusCode).toBe(204);
    await pass(2 * SECOND);
    await pass(60 * SECOND);

    expect(await database.db.select().from(inboundEvents)).toHaveLength(5);
    const [row] = await database.db.select().from(calls);
    expect(row).toMatchObject({
      status: 'ended',
      missed: true,
      missedReason: 'forwarded',
      recordingSid: 'RE-wire',
      recordingUrl: 'https://api.twilio.com/rec/RE-wire',
      recordingSeconds: 9,
      transcriptStatus: 'completed',
      transcript: 'Hi, my furnace stopped working overnight. Call me please.',
      textBackOutcome: 'texted',
    });
    expect(await database.db.select().from(leads)).toHaveLength(1);
    const texts = sentTexts();
    expect(texts).toHaveLength(1);
    expect(texts[0]!.form.get('To')).toBe(CUSTOMER);
    expect(texts[0]!.form.get('From')).toBe(BUSINESS);
    expect(texts[0]!.form.get('Body')).toContain('We got your voicemail: “Hi, my furnace stopped working overnight”.');
    expect(await database.db.select().from(messages)).toHaveLength(1);
  });
});

describe('the Twilio adapter points numbers’ calls at us', () => {
  it('buying, connecting and re-configuring a number set SmsUrl, VoiceUrl and the call StatusCallback', async () => {
    const provisioning = app.services.provisioning!;
    const hooks = numberHooks(PUBLIC_URL, '+14155550777');
    await provisioning.buy(hooks);
    await provisioning.adopt(hooks);
    await provisioning.configure({ ...hooks, sid: 'PN-old' });
    const writes = twilioRequests.filter((r) => r.method === 'POST');
    expect(writes.map((w) => w.url.replace(/^.*\/Accounts\/[^/]+/, ''))).toEqual(['/IncomingPhoneNumbers.json', '/IncomingPhoneNumbers/PN-existing.json', '/IncomingPhoneNumbers/PN-old.json']);
    for (const write of writes) {
      expect(Object.fromEntries(write.form)).toMatchObject({
        SmsUrl: `${PUBLIC_URL}/webhooks/twilio/sms`,
        VoiceUrl: `${PUBLIC_URL}/webhooks/twilio/voice`,
        VoiceMethod: 'POST',
        StatusCallback: `${PUBLIC_URL}/webhooks/twilio/voice/status`,
      });
    }
    expect(writes[0]!.form.get('PhoneNumber')).toBe('+14155550777');
  });

  it('numbers connected before calls existed are re-pointed once at start', async () => {
    // beforeEach connected BUSINESS the old way (hooks version 1); a number of today's version is left alone.
    const [other] = await database.db.insert(companies).values({ name: 'Other', trialEndsAt: clock.now() }).returning();
    await database.db.transaction((tx) => setActiveNumber(tx, { companyId: other!.id, e164: '+14155550888', provider: 'twilio', providerSid: 'PN-new', now: clock.now(), hooksVersion: NUMBER_HOOKS_VERSION }));
    await scheduleNumberHooks(app.services.queue, database.db);
    await scheduleNumberHooks(app.services.queue, database.db);
    await app.services.queue.drain();
    const writes = twilioRequests.filter((r) => r.method === 'POST');
    expect(writes.map((w) => w.url.replace(/^.*\/Accounts\/[^/]+/, ''))).toEqual(['/IncomingPhoneNumbers/PN1.json']);
    expect(writes[0]!.form.get('VoiceUrl')).toBe(`${PUBLIC_URL}/webhooks/twilio/voice`);
    const numbers = await database.db.select().from(phoneNumbers);
    expect(numbers.map((n) => n.hooksVersion)).toEqual([NUMBER_HOOKS_VERSION, NUMBER_HOOKS_VERSION]);
    await scheduleNumberHooks(app.services.queue, database.db);
    await app.services.queue.drain();
    expect(twilioRequests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
