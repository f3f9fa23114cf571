import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { and, asc, eq } from 'drizzle-orm';
import twilio from 'twilio';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MISSED_CALL_SETTINGS } from '@contracts/call';
import { DEFAULT_VOICE_AGENT_SETTINGS, type VoiceAgentSettingsValues } from '@contracts/voice-agent';
import type { RelayOutgoingMessage } from '@contracts/conversation-relay';
import type { AiPort } from '@server/adapters/ai/ai.port';
import { createScriptedAssistant, type ScriptEntry } from '@server/adapters/ai/scripted';
import { twilioSignature } from '@server/adapters/telephony/twilio';
import { createServerApp, type ServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { calls, companies, jobs, leads, messages, missedCallSettings, voiceAgentCalls, voiceAgentSettings, voiceAgentTurns } from '@server/platform/db/schema';
import { ManualClock, MINUTE, SECOND } from '@server/platform/lib/clock';
import { createLogger } from '@server/platform/lib/logger';
import { readBody } from '@server/platform/testing/read-body';
import { createTestDatabase, type TestDatabase } from '@server/platform/testing/test-database';
import { createMemoryMailer } from '@server/testing/test-app';
import { setActiveNumber } from '@server/modules/phone-numbers/active-number';
import { answerIncomingCall } from '@server/modules/calls/voice.service';
import type { RelaySession } from './relay-session';
import { MAX_LENGTH_LINE, TRANSFER_LINE } from './relay-session';

/**
 * The contract is Twilio's side of ConversationRelay: recorded messages (the conversation-relay fixtures) played
 * over a real WebSocket against the whole server on 127.0.0.1, from the incoming-call webhook to the follow-up text.
 * Time is fake: the clock is a ManualClock, the reply's pacing and the maximum call length are under the test's hand.
 */

const SID = `AC${'c'.repeat(32)}`;
const TOKEN = 'twilio-auth-token-for-voice-agent-tests';
const PUBLIC_URL = 'https://app.leadloop.test';
const BUSINESS = '+14155559999';
const CALLER = '+14155550001';
const OWNER_CELL = '+14155550123';
const ON_CALL = '+14155550177';

const fixtures = JSON.parse(readFileSync(new URL('./fixtures/conversation-relay.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const fixture = <T = Record<string, unknown>>(name: string, fill: Record<string, string> = {}): T => {
  let text = JSON.stringify(fixtures[name]);
  for (const [key, value] of Object.entries(fill)) text = text.replaceAll(`{${key}}`, value);
  return JSON.parse(text) as T;
};

let twilioApi: Server;
const twilioRequests: Array<{ url: string; form: URLSearchParams }> = [];
let database: TestDatabase;
let app: ServerApp;
let port = 0;
let companyId: string;
// Thursday 10:00 in Los Angeles.
const START = Date.parse('2026-11-19T18:00:00Z');
const clock = new ManualClock(START);

let scripted = createScriptedAssistant([]);
const ai: AiPort = { kind: 'scripted', decide: (input, options) => scripted.decide(input, options) };
const useScript = (script: ScriptEntry[]) => {
  scripted = createScriptedAssistant(script);
  return scripted;
};

/** The reply's pacing: 'auto' speaks every sentence at once; 'hold' waits until the caller interrupts. */
const pacing = { mode: 'auto' as 'auto' | 'hold' };
const timers: Array<{ ms: number; fn: () => void; cancelled: boolean }> = [];
const recorderCalls: Array<{ callSid: string; statusCallbackUrl: string }> = [];
let recorderFails = false;
const sessions: RelaySession[] = [];

beforeAll(async () => {
  twilioApi = createServer(async (request, response) => {
    twilioRequests.push({ url: request.url ?? '', form: new URLSearchParams(await readBody(request)) });
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ sid: `SM${String(twilioRequests.length).padStart(32, '0')}`, status: 'queued' }));
  });
  await new Promise<void>((resolve) => twilioApi.listen(0, '127.0.0.1', resolve));
  database = await createTestDatabase();
  app = await createServerApp({
    env: loadEnv({ NODE_ENV: 'test', SERVE_SPA: 'false', PUBLIC_URL, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_API_BASE: `http://127.0.0.1:${(twilioApi.address() as AddressInfo).port}` }),
    database,
    clock,
    ai,
    mailer: createMemoryMailer(),
    logger: createLogger('silent'),
    voiceAgent: {
      runtime: {
        monotonic: () => performance.now(),
        wait: (_ms, signal) =>
          pacing.mode === 'auto' || signal.aborted ? Promise.resolve() : new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true })),
        after: (ms, fn) => {
          const timer = { ms, fn, cancelled: false };
          timers.push(timer);
          return () => {
            timer.cancelled = true;
          };
        },
      },
      recorder: {
        async start(input) {
          recorderCalls.push(input);
          if (recorderFails) throw new Error('Twilio refused the recording');
        },
      },
      onSession: (session) => sessions.push(session),
    },
  });
  await app.http.listen({ port: 0, host: '127.0.0.1' });
  port = (app.http.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.close();
  await new Promise((resolve) => twilioApi.close(resolve));
});

async function useAgent(changes: Partial<VoiceAgentSettingsValues>) {
  const values = { ...structuredClone(DEFAULT_VOICE_AGENT_SETTINGS), enabled: true, ...changes };
  await database.db.insert(voiceAgentSettings).values({ companyId, ...values, updatedAt: clock.now() }).onConflictDoUpdate({ target: voiceAgentSettings.companyId, set: values });
}

beforeEach(async () => {
  await database.truncateAll();
  twilioRequests.length = 0;
  timers.length = 0;
  recorderCalls.length = 0;
  recorderFails = false;
  sessions.length = 0;
  pacing.mode = 'auto';
  useScript([]);
  clock.set(START);
  const [company] = await database.db.insert(companies).values({ name: 'Acme Plumbing', timezone: 'America/Los_Angeles', trialEndsAt: new Date(START + 14 * 864e5) }).returning();
  companyId = company!.id;
  await database.db.transaction((tx) => setActiveNumber(tx, { companyId, e164: BUSINESS, provider: 'twilio', providerSid: 'PN1', now: clock.now() }));
  const missed = { ...DEFAULT_MISSED_CALL_SETTINGS, routingMode: 'ring_then_voicemail' as const, forwardTo: OWNER_CELL };
  await database.db.insert(missedCallSettings).values({ companyId, ...missed });
  await useAgent({});
});

/** A Twilio webhook, signed as Twilio signs it. */
function post(path: string, params: Record<string, string>) {
  return app.http.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, `${PUBLIC_URL}${path}`, params) },
    payload: new URLSearchParams(params).toString(),
  });
}

const callParams = (sid: string, extra: Record<string, string> = {}) => ({ CallSid: sid, AccountSid: SID, From: CALLER, To: BUSINESS, Direction: 'inbound', CallStatus: 'ringing', ...extra });

/** The call arrives; the answer's `<ConversationRelay url>` (XML-unescaped). */
async function callIn(sid: string, extra: Record<string, string> = {}) {
  const res = await post('/webhooks/twilio/voice', callParams(sid, extra));
  expect(res.statusCode).toBe(200);
  const url = /<ConversationRelay url="([^"]+)"/.exec(res.body)?.[1]?.replaceAll('&amp;', '&');
  return { twiml: res.body, relayUrl: url ?? null };
}

/** Runs every job due, one fake second at a time. */
async function pass(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += SECOND) {
    clock.advance(SECOND);
    await app.services.queue.drain();
  }
}

interface Relay {
  ws: WebSocket;
  received: RelayOutgoingMessage[];
  send(message: unknown): void;
  /** Resolves once `test` holds for what was received (checked on every message, never on a timer). */
  until(test: (received: RelayOutgoingMessage[]) => boolean): Promise<void>;
  /** Every reply spoken so far, its tokens joined (a reply cut off has no `last`). */
  replies(): string[];
  hangUp(): Promise<void>;
}

const localUrl = (relayUrl: string) => {
  const url = new URL(relayUrl);
  return `ws://127.0.0.1:${port}${url.pathname}${url.search}`;
};

/** Opens the WebSocket as Twilio does (its signature over the wss:// address), or with the headers given. */
function open(relayUrl: string, headers: Record<string, string> = { 'x-twilio-signature': twilio.getExpectedTwilioSignature(TOKEN, relayUrl, {}) }): Promise<Relay> {
  const ws = new WebSocket(localUrl(relayUrl), { headers });
  const received: RelayOutgoingMessage[] = [];
  const waiters: Array<{ test: (r: RelayOutgoingMessage[]) => boolean; resolve: () => void }> = [];
  ws.on('message', (data) => {
    received.push(JSON.parse(data.toString()) as RelayOutgoingMessage);
    for (const waiter of [...waiters]) {
      if (waiter.test(received)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () =>
      resolve({
        ws,
        received,
        send: (message) => ws.send(JSON.stringify(message)),
        until: (test) => (test(received) ? Promise.resolve() : new Promise((done) => waiters.push({ test, resolve: done }))),
        replies: () => {
          const out: string[] = [];
          let current = '';
          for (const m of received) {
            if (m.type !== 'text') continue;
            current += m.token;
            if (m.last) {
              out.push(current);
              current = '';
            }
          }
          if (current) out.push(current);
          return out;
        },
        hangUp: async () => {
          ws.close();
          await new Promise((done) => ws.once('close', done));
          await sessions[sessions.length - 1]?.close();
        },
      }),
    );
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** The HTTP status a refused upgrade answered. */
function refusal(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => reject(new Error('the upgrade was accepted')));
    ws.once('error', () => {});
  });
}

const replyCount = (n: number) => (r: RelayOutgoingMessage[]) => r.filter((m) => m.type === 'text' && m.last).length >= n;
const ended = (r: RelayOutgoingMessage[]) => r.some((m) => m.type === 'end');
const setupFor = (sid: string) => fixture('setup', { CallSid: sid, From: CALLER, To: BUSINESS });

async function agentCall(sid: string) {
  const [row] = await database.db.select().from(voiceAgentCalls).where(eq(voiceAgentCalls.providerCallSid, sid)).limit(1);
  return row!;
}
async function turnsOf(sid: string) {
  const call = await agentCall(sid);
  return database.db.select().from(voiceAgentTurns).where(eq(voiceAgentTurns.agentCallId, call.id)).orderBy(asc(voiceAgentTurns.seq));
}
const outbound = () => database.db.select().from(messages).where(eq(messages.direction, 'outbound'));

describe('a call the assistant answers, over ConversationRelay', () => {
  it('greets, streams each reply as tokens, joins partial prompts, takes the intake, ends; then one follow-up text, no text-back', async () => {
    const { twiml, relayUrl } = await callIn('CA-intake');
    expect(twiml).toContain(`<Connect action="${PUBLIC_URL}/webhooks/twilio/voice-agent/connect" method="POST"><ConversationRelay url="wss://app.leadloop.test/voice-agent/relay/`);
    expect(twiml).toContain('voice="en-US-Journey-O" ttsProvider="Google" language="en-US" interruptible="any" dtmfDetection="true"');
    const script = useScript([
      (input) => {
        expect(input.newMessages).toEqual(['Hi, my kitchen sink is clogged and backing up.']);
        return { action: 'reply', reply: 'Sorry to hear that! What’s the ZIP code where you need the work done?', answers: { service: 'clogged kitchen sink' }, lead: 'engaging' };
      },
      { action: 'reply', reply: 'Thanks, that’s everything we need. The team will text you shortly.', answers: { postal_code: '60614' }, lead: 'qualified', summary: 'Clogged kitchen sink in 60614.' },
    ]);
    const relay = await open(relayUrl!);
    relay.send(setupFor('CA-intake'));
    await relay.until(replyCount(1));
    expect(relay.replies()[0]).toBe('Thanks for calling Acme Plumbing. I’m the virtual assistant and I can take the details of your job. What can we help you with?');
    // Tokens, not one message: every one but the last says last: false.
    const greetingTokens = relay.received.filter((m) => m.type === 'text');
    expect(greetingTokens.length).toBeGreaterThan(5);
    expect(greetingTokens.slice(0, -1).every((m) => m.type === 'text' && !m.last)).toBe(true);

    for (const message of fixture<unknown[]>('needPartials')) relay.send(message);
    await relay.until(replyCount(2));
    expect(relay.replies()[1]).toBe('Sorry to hear that! What’s the ZIP code where you need the work done?');
    for (const message of fixture<unknown[]>('zip')) relay.send(message);
    await relay.until(ended);
    expect(relay.replies()[2]).toBe('Thanks, that’s everything we need. The team will text you shortly. Thanks for calling. Goodbye!');
    expect(relay.received.at(-1)).toEqual({ type: 'end', handoffData: JSON.stringify({ reason: 'completed' }) });
    expect(script.calls).toHaveLength(2);
    expect(script.calls[1]!.answers).toEqual({ service: 'clogged kitchen sink' });

    // Twilio closes the socket after `end`, calls the <Connect>'s action, and later reports the call's end.
    await relay.hangUp();
    const action = await post('/webhooks/twilio/voice-agent/connect', callParams('CA-intake', { CallStatus: 'in-progress', SessionId: 'VX1', SessionStatus: 'ended', SessionDuration: '48', HandoffData: JSON.stringify({ reason: 'completed' }) }));
    expect(action.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
    await post('/webhooks/twilio/voice/status', callParams('CA-intake', { CallStatus: 'completed', CallDuration: '50' }));
    await pass(30 * SECOND);

    const turns = await turnsOf('CA-intake');
    expect(turns.map((t) => [t.speaker, t.text])).toEqual([
      ['assistant', 'Thanks for calling Acme Plumbing. I’m the virtual assistant and I can take the details of your job. What can we help you with?'],
      ['caller', 'Hi, my kitchen sink is clogged and backing up.'],
      ['assistant', 'Sorry to hear that! What’s the ZIP code where you need the work done?'],
      ['caller', "It's 60614."],
      ['assistant', 'Thanks, that’s everything we need. The team will text you shortly. Thanks for calling. Goodbye!'],
    ]);
    // Latency: from the caller's final words to the first token of the reply (the greeting answers no one).
    expect(turns[0]!.latencyMs).toBeNull();
    expect(turns[2]!.latencyMs).toEqual(expect.any(Number));
    expect(turns[4]!.latencyMs).toEqual(expect.any(Number));

    const call = await agentCall('CA-intake');
    expect(call).toMatchObject({ status: 'ended', endReason: 'completed', outcome: 'qualified', answers: { service: 'clogged kitchen sink', postal_code: '60614' }, followUpStatus: 'queued' });
    expect(call.summary).toBe('Qualified. Clogged kitchen sink in 60614.');
    const [lead] = await database.db.select().from(leads);
    expect(lead).toMatchObject({ source: 'ai_call', status: 'qualified', answers: { service: 'clogged kitchen sink', postal_code: '60614' }, aiSummary: 'Clogged kitchen sink in 60614.' });
    const texts = await outbound();
    expect(texts.map((m) => m.body)).toEqual(['Hi there, thanks for calling Acme Plumbing! We have your details and will be in touch shortly. Reply here with any photos or questions.']);
    const [callRow] = await database.db.select().from(calls);
    expect(callRow).toMatchObject({ status: 'ended', missed: false, textBackOutcome: 'not_needed', leadId: lead!.id, talkSeconds: 50 });
    expect(await database.db.select().from(jobs).where(eq(jobs.queue, 'calls.text_back'))).toEqual([]);
  });

  it('barge-in: an interrupt stops the rest of the reply; what the caller heard is kept and is what the assistant reads next', async () => {
    const { relayUrl } = await callIn('CA-barge');
    const script = useScript([
      { action: 'reply', reply: 'Sorry to hear that. A clogged sink is no fun at all. What’s the ZIP code where you need the work done?', answers: { service: 'clogged sink' } },
      (input) => {
        expect(input.transcript.at(-2)).toMatchObject({ from: 'business', body: 'Sorry to hear' });
        return { action: 'reply', reply: 'Got it. And when would you like us to come out?', answers: { postal_code: '60614' } };
      },
    ]);
    const relay = await open(relayUrl!);
    relay.send(setupFor('CA-barge'));
    await relay.until(replyCount(1));
    pacing.mode = 'hold';
    relay.send(fixture<unknown[]>('needPartials')[2]);
    // The first sentence goes at once; the next waits for the voice to get there.
    await relay.until(() => relay.replies()[1] === 'Sorry to hear that. ');
    relay.send(fixture('bargeIn'));
    pacing.mode = 'auto';
    relay.send(fixture<unknown[]>('zip')[0]);
    await relay.until(replyCount(2));
    // The rest of the first reply never went: straight from what was heard to the next reply (Twilio had no `last` for it).
    expect(relay.replies().slice(1)).toEqual(['Sorry to hear that. Got it. And when would you like us to come out?']);
    expect(relay.received.some((m) => m.type === 'text' && m.token.includes('clogged'))).toBe(false);
    expect(script.calls).toHaveLength(2);
    await relay.hangUp();
    const turns = await turnsOf('CA-barge');
    expect(turns[2]).toMatchObject({ speaker: 'assistant', interrupted: true, heard: 'Sorry to hear', text: 'Sorry to hear that. A clogged sink is no fun at all. What’s the ZIP code where you need the work done?' });
  });

  it('DTMF: five keyed digits are the caller’s words (a ZIP code); 0 puts them through to a person', async () => {
    await useAgent({ onCallNumber: ON_CALL });
    const { relayUrl } = await callIn('CA-keys');
    const script = useScript([(input) => ({ action: 'reply', reply: `Thanks, ${input.newMessages[0]} it is. What can we help you with?`, answers: { postal_code: input.newMessages[0]! } })]);
    const relay = await open(relayUrl!);
    relay.send(setupFor('CA-keys'));
    await relay.until(replyCount(1));
    for (const message of fixture<unknown[]>('zipByKeypad')) relay.send(message);
    await relay.until(replyCount(2));
    expect(script.calls[0]!.newMessages).toEqual(['60614']);
    expect(relay.replies()[1]).toBe('Thanks, 60614 it is. What can we help you with?');
    for (const message of fixture<unknown[]>('pressZero')) relay.send(message);
    await relay.until(ended);
    expect(relay.replies()[2]).toBe(TRANSFER_LINE);
    expect(relay.received.at(-1)).toEqual({ type: 'end', handoffData: JSON.stringify({ reason: 'transfer', to: ON_CALL }) });
    await relay.hangUp();
    expect((await turnsOf('CA-keys')).filter((t) => t.kind === 'dtmf').map((t) => t.text)).toEqual(['60614', '0']);
  });

  it('an emergency word transfers: a short line, `end` with handoffData, then the action URL dials the on-call number; nobody picks up → voicemail; one “transferred” text', async () => {
    await useAgent({ onCallNumber: ON_CALL, transferRingSeconds: 30 });
    const { relayUrl } = await callIn('CA-flood');
    // No model turn: the owner's emergency words decide before the assistant is asked.
    const script = useScript([]);
    const relay = await open(relayUrl!);
    relay.send(setupFor('CA-flood'));
    await relay.until(replyCount(1));
    for (const message of fixture<unknown[]>('emergency')) relay.send(message);
    await relay.until(ended);
    expect(relay.replies()[1]).toBe(`That sounds urgent. ${TRANSFER_LINE}`);
    const end = relay.received.at(-1);
    expect(end).toEqual({ type: 'end', handoffData: JSON.stringify({ reason: 'transfer', to: ON_CALL }) });
    expect(script.calls).toHaveLength(0);
    await relay.hangUp();

    const action = await post('/webhooks/twilio/voice-agent/connect', callParams('CA-flood', { CallStatus: 'in-progress', SessionStatus: 'ended', HandoffData: end!.type === 'end' ? end!.handoffData! : '' }));
    expect(action.body).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Dial timeout="30" action="${PUBLIC_URL}/webhooks/twilio/voice/dial" method="POST" callerId="${CALLER}" answerOnBridge="true"><Number>${ON_CALL}</Number></Dial></Response>`,
    );
    const dial = await post('/webhooks/twilio/voice/dial', callParams('CA-flood', { DialCallStatus: 'no-answer', DialCallDuration: '0' }));
    expect(dial.body).toContain('<Record ');
    await post('/webhooks/twilio/voice/status', callParams('CA-flood', { CallStatus: 'completed', CallDuration: '70' }));
    await pass(30 * SECOND);

    expect(await agentCall('CA-flood')).toMatchObject({ outcome: 'transferred', endReason: 'transfer', transferTo: ON_CALL, transferStatus: 'no_answer', handoffReason: 'emergency' });
    expect((await outbound()).map((m) => m.body)).toEqual(['Hi there, this is Acme Plumbing. We put your call through to our on-call team. If we missed you, reply here and we’ll call right back.']);
    const [lead] = await database.db.select().from(leads);
    expect(lead).toMatchObject({ source: 'ai_call', status: 'needs_human' });
    const [callRow] = await database.db.select().from(calls);
    expect(callRow).toMatchObject({ missed: false, textBackOutcome: 'not_needed' });
  });

  it('a transfer the on-call phone answers hangs up when done; with the goodbye fallback, nobody picking up hears a goodbye', async () => {
    await useAgent({ onCallNumber: ON_CALL, transferFallback: 'goodbye' });
    for (const [sid, result] of [
      ['CA-taken', 'completed'],
      ['CA-missed', 'no-answer'],
    ] as const) {
      const { relayUrl } = await callIn(sid);
      const relay = await open(relayUrl!);
      relay.send(setupFor(sid));
      await relay.until(replyCount(1));
      for (const message of fixture<unknown[]>('emergency')) relay.send(message);
      await relay.until(ended);
      await relay.hangUp();
      const action = await post('/webhooks/twilio/voice-agent/connect', callParams(sid, { CallStatus: 'in-progress', SessionStatus: 'ended' }));
      expect(action.body).toContain(`<Number>${ON_CALL}</Number>`);
      const dial = await post('/webhooks/twilio/voice/dial', callParams(sid, { DialCallStatus: result, DialCallDuration: result === 'completed' ? '95' : '0' }));
      expect(dial.body).toBe(
        result === 'completed'
          ? '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>'
          : '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Sorry, nobody could pick up right now. Someone from the team will call you back as soon as possible. Goodbye.</Say><Hangup/></Response>',
      );
      expect(await agentCall(sid)).toMatchObject({ transferStatus: result === 'completed' ? 'completed' : 'no_answer' });
    }
  });

  it('the maximum call length ends the call politely (the timer, or the clock at the next words)', async () => {
    await useAgent({ maxCallSeconds: 60 });
    const first = await callIn('CA-long');
    const relay = await open(first.relayUrl!);
    relay.send(setupFor('CA-long'));
    await relay.until(replyCount(1));
    expect(timers.map((t) => t.ms)).toEqual([60_000]);
    timers[0]!.fn();
    await relay.until(ended);
    expect(relay.replies()[1]).toBe(MAX_LENGTH_LINE);
    expect(relay.received.at(-1)).toEqual({ type: 'end', handoffData: JSON.stringify({ reason: 'max_length' }) });
    await relay.hangUp();
    expect(await agentCall('CA-long')).toMatchObject({ endReason: 'max_length' });

    const second = await callIn('CA-long-2');
    const again = await open(second.relayUrl!);
    again.send(setupFor('CA-long-2'));
    await again.until(replyCount(1));
    clock.advance(61 * SECOND);
    again.send(fixture<unknown[]>('zip')[0]);
    await again.until(ended);
    expect(again.replies()[1]).toBe(MAX_LENGTH_LINE);
    await again.hangUp();
  });

  it('the recording notice is said only when the call is recorded (and the recording started at Twilio)', async () => {
    // The notice takes the greeting's merge tags (the Basic tab accepts them).
    await useAgent({ recordCalls: true, recordingDisclosure: '{business_name} records this call.' });
    const recorded = await callIn('CA-rec');
    const a = await open(recorded.relayUrl!);
    a.send(setupFor('CA-rec'));
    await a.until(replyCount(1));
    expect(recorderCalls).toEqual([{ callSid: 'CA-rec', statusCallbackUrl: `${PUBLIC_URL}/webhooks/twilio/voice-agent/recording` }]);
    expect(a.replies()[0]).toContain('of your job. Acme Plumbing records this call. What can we help you with?');
    await a.hangUp();
    await pass(2 * SECOND);
    // Twilio reports the recording: kept on the assistant's call and on the call (played like a voicemail).
    const recording = await post('/webhooks/twilio/voice-agent/recording', callParams('CA-rec', { RecordingSid: 'RE-rec', RecordingStatus: 'completed', RecordingDuration: '42', RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${SID}/Recordings/RE-rec` }));
    expect(recording.statusCode).toBe(204);
    expect(await agentCall('CA-rec')).toMatchObject({ recordingOn: true, recordingSid: 'RE-rec', recordingSeconds: 42 });
    const [callRow] = await database.db.select().from(calls).where(eq(calls.providerCallSid, 'CA-rec'));
    expect(callRow).toMatchObject({ recordingSid: 'RE-rec', recordingSeconds: 42, transcriptStatus: 'none', missed: false });

    recorderFails = true;
    const failed = await callIn('CA-rec-fail');
    const b = await open(failed.relayUrl!);
    b.send(setupFor('CA-rec-fail'));
    await b.until(replyCount(1));
    expect(b.replies()[0]).not.toContain('records this call');
    await b.hangUp();

    await useAgent({ recordCalls: false });
    recorderCalls.length = 0;
    const plain = await callIn('CA-norec');
    const c = await open(plain.relayUrl!);
    c.send(setupFor('CA-norec'));
    await c.until(replyCount(1));
    expect(recorderCalls).toEqual([]);
    expect(c.replies()[0]).not.toContain(DEFAULT_VOICE_AGENT_SETTINGS.recordingDisclosure);
    await c.hangUp();
  });

  it('a caller who hangs up after the greeting gets the “ended early” text, exactly once, and no text-back', async () => {
    const { relayUrl } = await callIn('CA-gone');
    const relay = await open(relayUrl!);
    relay.send(setupFor('CA-gone'));
    await relay.until(replyCount(1));
    relay.send(fixture('twilioError'));
    relay.send(fixture('unknownType'));
    await relay.hangUp();
    // The <Connect> action and the socket's close both queue the after-call work; it runs once.
    await post('/webhooks/twilio/voice-agent/connect', callParams('CA-gone', { CallStatus: 'completed', SessionStatus: 'completed' }));
    await post('/webhooks/twilio/voice-agent/connect', callParams('CA-gone', { CallStatus: 'completed', SessionStatus: 'completed' }));
    await post('/webhooks/twilio/voice/status', callParams('CA-gone', { CallStatus: 'completed', CallDuration: '9' }));
    await pass(30 * SECOND);
    expect(await agentCall('CA-gone')).toMatchObject({ outcome: 'hung_up', endReason: 'caller_hung_up', followUpStatus: 'queued', lastError: 'Invalid message received: missing token' });
    expect((await outbound()).map((m) => m.body)).toEqual(['Hi there, this is Acme Plumbing. Sorry we got cut off! Reply here with what you need and we’ll get right back to you.']);
    expect(twilioRequests.filter((r) => r.url.endsWith('/Messages.json'))).toHaveLength(1);
  });
});

describe('the signed WebSocket address', () => {
  it('is refused before the upgrade without its token, with an altered one, another call’s, an expired one, without Twilio’s signature, or used twice', async () => {
    const { relayUrl } = await callIn('CA-sig');
    const other = await callIn('CA-sig-2');
    const url = new URL(relayUrl!);
    const token = url.searchParams.get('token')!;
    const signed = (u: string) => ({ 'x-twilio-signature': twilio.getExpectedTwilioSignature(TOKEN, u, {}) });
    const variant = (t: string | null, path = url.pathname) => `${url.origin}${path}${t === null ? '' : `?token=${encodeURIComponent(t)}`}`;

    const withoutToken = variant(null);
    expect(await refusal(localUrl(withoutToken), signed(withoutToken))).toBe(403);
    const altered = variant(`${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`);
    expect(await refusal(localUrl(altered), signed(altered))).toBe(403);
    const laterExpiry = variant(token.replace(/^\d+/, (ms) => String(Number(ms) + MINUTE)));
    expect(await refusal(localUrl(laterExpiry), signed(laterExpiry))).toBe(403);
    const otherCall = variant(token, new URL(other.relayUrl!).pathname);
    expect(await refusal(localUrl(otherCall), signed(otherCall))).toBe(403);
    expect(await refusal(localUrl(relayUrl!), {})).toBe(403);
    expect(await refusal(localUrl(relayUrl!), { 'x-twilio-signature': twilio.getExpectedTwilioSignature('another-token', relayUrl!, {}) })).toBe(403);

    const relay = await open(relayUrl!);
    relay.send(setupFor('CA-sig'));
    await relay.until(replyCount(1));
    expect(await refusal(localUrl(relayUrl!), signed(relayUrl!))).toBe(403);
    await relay.hangUp();

    clock.advance(3 * MINUTE);
    expect(await refusal(localUrl(other.relayUrl!), signed(other.relayUrl!))).toBe(403);
  });

  it('a test-phone call connects with the signed address alone (no Twilio signature)', async () => {
    const answered = await answerIncomingCall(app.services, { provider: 'simulator', params: { CallSid: 'SIMCA-1', From: CALLER, To: BUSINESS }, aiAnswers: true });
    expect(answered.aiAnswered).toBe(true);
    const relayUrl = /<ConversationRelay url="([^"]+)"/.exec(answered.twiml)![1]!.replaceAll('&amp;', '&');
    const relay = await open(relayUrl, {});
    relay.send(setupFor('SIMCA-1'));
    await relay.until(replyCount(1));
    await relay.hangUp();
    const [row] = await database.db.select().from(voiceAgentCalls).where(and(eq(voiceAgentCalls.provider, 'simulator'), eq(voiceAgentCalls.providerCallSid, 'SIMCA-1')));
    expect(row).toMatchObject({ status: 'ended' });
  });
});

describe('answer mode and hours', () => {
  it('ring first: the team’s phone rings for the chosen seconds; nobody picks up → the assistant answers; the call is answered, not missed', async () => {
    await useAgent({ answerMode: 'ring_first', ringSeconds: 12 });
    const ring = await callIn('CA-ring');
    expect(ring.twiml).toContain(`<Dial timeout="12" action="${PUBLIC_URL}/webhooks/twilio/voice/dial"`);
    await pass(SECOND);
    const dial = await post('/webhooks/twilio/voice/dial', callParams('CA-ring', { DialCallStatus: 'no-answer', DialCallDuration: '0' }));
    expect(dial.body).toContain('<Connect action=');
    await pass(2 * SECOND);
    const [callRow] = await database.db.select().from(calls);
    expect(callRow).toMatchObject({ status: 'answered', missed: false, textBackOutcome: 'not_needed' });

    // The team picks up another call: the assistant stays out of it.
    const picked = await callIn('CA-ring-2');
    expect(picked.relayUrl).toBeNull();
    const answered = await post('/webhooks/twilio/voice/dial', callParams('CA-ring-2', { DialCallStatus: 'completed', DialCallDuration: '30' }));
    expect(answered.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
    expect(await agentCall('CA-ring-2')).toMatchObject({ status: 'staff_answered' });
  });

  it('outside the hours it answers (or switched off), calls go the usual way', async () => {
    await useAgent({ hours: 'custom', windows: [{ day: 0, start: '08:00', end: '09:00' }] });
    expect((await callIn('CA-hours')).twiml).toContain(`<Dial timeout="20"`);
    await useAgent({ enabled: false });
    expect((await callIn('CA-off')).twiml).toContain(`<Dial timeout="20"`);
  });
});
