import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RelayOutgoingMessage } from '@contracts/conversation-relay';
import type { AiPort } from '@server/adapters/ai/ai.port';
import { createScriptedAssistant, type ScriptEntry } from '@server/adapters/ai/scripted';
import { createServerApp, type ServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { calls, jobs, leads, messages, voiceAgentCalls } from '@server/platform/db/schema';
import { ManualClock, SECOND } from '@server/platform/lib/clock';
import { createLogger } from '@server/platform/lib/logger';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { createTestDatabase, type TestDatabase } from '@server/platform/testing/test-database';
import { callerFor, createMemoryMailer, signUp, type TestDeps } from '@server/testing/test-app';
import type { RelaySession } from '@server/modules/voice-agent/relay-session';

/**
 * Issue 27 item 5: the test phone calls with "AI answers" on. The test plays the browser's part — Twilio's side of
 * ConversationRelay over a real WebSocket on the page's origin, with the address placeCall returned — and the
 * simulator plays the rest of Twilio (the `<Connect>`'s action, the transfer's Dial, the call's end), through the
 * same code paths as Twilio's calls: the after-call work leaves one follow-up text in the test phone's thread and no
 * missed-call text-back. Time is fake: the clock is a ManualClock, the assistant's pacing never waits.
 */

const PUBLIC_URL = 'https://app.leadloop.test';
const CALLER = '+14155550140';
const ON_CALL = '+14155550177';
const START = Date.parse('2026-11-19T18:00:00Z');

const fixtures = JSON.parse(readFileSync(new URL('../voice-agent/fixtures/conversation-relay.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const setupMessage = (fill: Record<string, string>) => {
  let text = JSON.stringify(fixtures.setup);
  for (const [key, value] of Object.entries(fill)) text = text.replaceAll(`{${key}}`, value);
  return JSON.parse(text) as Record<string, unknown>;
};

let database: TestDatabase;
let app: ServerApp;
let port = 0;
const clock = new ManualClock(START);
const mailer = createMemoryMailer();
let scripted = createScriptedAssistant([]);
const ai: AiPort = { kind: 'scripted', decide: (input, options) => scripted.decide(input, options) };
const useScript = (script: ScriptEntry[]) => (scripted = createScriptedAssistant(script));
const sessions: RelaySession[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createServerApp({
    env: loadEnv({ NODE_ENV: 'test', SERVE_SPA: 'false', PUBLIC_URL }),
    database,
    clock,
    ai,
    mailer,
    logger: createLogger('silent'),
    voiceAgent: {
      runtime: { monotonic: () => performance.now(), wait: () => Promise.resolve(), after: () => () => undefined },
      onSession: (session) => sessions.push(session),
    },
  });
  await app.http.listen({ port: 0, host: '127.0.0.1' });
  port = (app.http.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  await database.truncateAll();
  sessions.length = 0;
  useScript([]);
  clock.set(START);
});

const deps = () => Object.assign(app.services, { mailer, clock }) as unknown as TestDeps;

/** A company on the test number with a test phone, AI call answering switched on (the Basic tab's save). */
async function company(email = 'owner@ai-phone.test', options: { agent?: { onCallNumber: string | null; transferFallback?: 'voicemail' | 'goodbye' }; ringFirst?: boolean } = {}) {
  const token = await signUp(deps(), { email, companyName: 'Acme Plumbing', firstName: 'Dana', lastName: 'Rivera', signupPhone: null });
  const caller = callerFor(app.services, { authToken: token });
  const business = await caller.phone.useSimulator();
  await caller.missedCalls.settings.update({ routingMode: 'ring_then_voicemail', forwardTo: '+14155550123', ringTimeoutSeconds: 20, textBackDelaySeconds: 15 });
  const device = await caller.phone.simulator.addDevice({ phone: CALLER });
  const settings = await caller.voiceAgent.settings.get();
  const { enabled: _enabled, answerMode: _mode, ringSeconds, hours, windows, greeting, recordCalls, recordingDisclosure, voice } = settings;
  const basic = await caller.voiceAgent.settings.saveBasic({ expectedVersion: settings.version, enabled: true, answerMode: options.ringFirst ? 'ring_first' : 'ai_first', ringSeconds, hours, windows, greeting, recordCalls, recordingDisclosure, voice });
  if (options.agent) {
    const now = await caller.voiceAgent.settings.get();
    await caller.voiceAgent.settings.saveAgent({
      expectedVersion: now.version,
      questions: now.questions,
      emergencyWords: now.emergencyWords,
      onCallNumber: options.agent.onCallNumber,
      transferRingSeconds: 20,
      transferFallback: options.agent.transferFallback ?? 'voicemail',
      maxCallSeconds: now.maxCallSeconds,
    });
  }
  expect(basic).toBeTruthy();
  return { caller, device, number: business.e164 };
}

async function pass(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += SECOND) {
    clock.advance(SECOND);
    await app.services.queue.drain();
  }
}

/** The browser's side: the socket on the page's origin (the path placeCall returned), Twilio's messages sent as JSON. */
interface Phone {
  received: RelayOutgoingMessage[];
  send(message: unknown): void;
  until(test: (received: RelayOutgoingMessage[]) => boolean): Promise<void>;
  replies(): string[];
  close(): Promise<void>;
}

function connect(relayPath: string): Promise<Phone> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${relayPath}`);
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
          return out;
        },
        close: async () => {
          ws.close();
          await new Promise((done) => ws.once('close', done));
          await sessions.at(-1)?.close();
        },
      }),
    );
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

const replyCount = (n: number) => (r: RelayOutgoingMessage[]) => r.filter((m) => m.type === 'text' && m.last).length >= n;
const ended = (r: RelayOutgoingMessage[]) => r.some((m) => m.type === 'end');
const prompt = (words: string) => ({ type: 'prompt', voicePrompt: words, lang: 'en-US', last: true });
const outbound = () => database.db.select().from(messages).where(eq(messages.direction, 'outbound'));
const agentCall = async () => (await database.db.select().from(voiceAgentCalls))[0]!;
const callRow = async () => (await database.db.select().from(calls))[0]!;

describe('the test phone calls with “AI answers” on', () => {
  it('the assistant answers over the signed socket on the page’s origin; `end` → the Connect action → the call completes → one follow-up text on the test phone, no text-back', async () => {
    const c = await company();
    const placed = await c.caller.phone.simulator.placeCall({ deviceId: c.device.id, live: true, aiAnswers: true });
    expect(placed).toMatchObject({ route: 'assistant', ringsUntil: null, relayPath: expect.stringMatching(/^\/voice-agent\/relay\/[0-9a-f-]{36}\?token=\d+\.[A-Za-z0-9_-]+$/) });
    // The call is stored at once (answered by the assistant, never missed) and the test phone sees it.
    expect(await callRow()).toMatchObject({ provider: 'simulator', status: 'answered', missed: false });
    const progress = await c.caller.phone.simulator.callProgress({ deviceId: c.device.id, callSid: placed.callSid });
    expect(progress).toMatchObject({ stage: 'assistant', assistant: { status: 'waiting', relayPath: expect.stringMatching(/^\/voice-agent\/relay\//) } });

    const script = useScript([
      { action: 'reply', reply: 'Sorry to hear that! What’s the ZIP code where you need the work done?', answers: { service: 'clogged kitchen sink' }, lead: 'engaging' },
      { action: 'reply', reply: 'Thanks, that’s everything we need.', answers: { postal_code: '60614' }, lead: 'qualified', summary: 'Clogged kitchen sink in 60614.' },
    ]);
    const phone = await connect(placed.relayPath!);
    phone.send(setupMessage({ CallSid: placed.callSid, From: CALLER, To: c.number }));
    await phone.until(replyCount(1));
    expect(phone.replies()[0]).toContain('Thanks for calling Acme Plumbing.');
    // Single use: the address does not open a second socket.
    await expect(connect(placed.relayPath!)).rejects.toThrow('refused: 403');

    phone.send(prompt('My kitchen sink is clogged.'));
    await phone.until(replyCount(2));
    phone.send(prompt('60614'));
    await phone.until(ended);
    expect(phone.replies()[2]).toBe('Thanks, that’s everything we need. Thanks for calling. Goodbye!');
    expect(script.calls).toHaveLength(2);
    const end = phone.received.at(-1)!;
    await phone.close();
    clock.advance(30 * SECOND);
    const over = await c.caller.phone.simulator.aiSessionEnded({ deviceId: c.device.id, callSid: placed.callSid, handoffData: end.type === 'end' ? end.handoffData : undefined });
    expect(over).toEqual({ stage: 'ended', transferTo: null });
    expect(await callRow()).toMatchObject({ status: 'ended', missed: false, talkSeconds: 30, textBackOutcome: 'not_needed' });

    await pass(30 * SECOND);
    const lead = (await database.db.select().from(leads))[0]!;
    expect(lead).toMatchObject({ source: 'ai_call', status: 'qualified', answers: { service: 'clogged kitchen sink', postal_code: '60614' } });
    expect(await agentCall()).toMatchObject({ status: 'ended', endReason: 'completed', outcome: 'qualified', followUpStatus: 'queued' });
    expect((await outbound()).map((m) => m.body)).toEqual(['Hi there, thanks for calling Acme Plumbing! We have your details and will be in touch shortly. Reply here with any photos or questions.']);
    const thread = await c.caller.phone.simulator.thread({ deviceId: c.device.id });
    expect(thread.map((t) => t.body)).toEqual(['Hi there, thanks for calling Acme Plumbing! We have your details and will be in touch shortly. Reply here with any photos or questions.']);
    expect(await database.db.select().from(jobs).where(eq(jobs.queue, 'calls.text_back'))).toEqual([]);
    expect(await c.caller.phone.simulator.callProgress({ deviceId: c.device.id, callSid: placed.callSid })).toMatchObject({ stage: 'ended', missed: false, assistant: { outcome: 'qualified', endReason: 'completed' } });
    // A second report of the same end changes nothing.
    expect(await c.caller.phone.simulator.aiSessionEnded({ deviceId: c.device.id, callSid: placed.callSid })).toEqual({ stage: 'ended', transferTo: null });
    await pass(30 * SECOND);
    expect(await outbound()).toHaveLength(1);
  });

  it('the tester hangs up mid-call: the session’s end as Twilio reports a hang-up; the “ended early” text, once', async () => {
    const c = await company();
    const placed = await c.caller.phone.simulator.placeCall({ deviceId: c.device.id, live: true, aiAnswers: true });
    const phone = await connect(placed.relayPath!);
    phone.send(setupMessage({ CallSid: placed.callSid, From: CALLER, To: c.number }));
    await phone.until(replyCount(1));
    await phone.close();
    clock.advance(12 * SECOND);
    expect(await c.caller.phone.simulator.hangUp({ deviceId: c.device.id, callSid: placed.callSid })).toEqual({ ended: true });
    expect(await callRow()).toMatchObject({ status: 'ended', talkSeconds: 12, missed: false });
    await pass(30 * SECOND);
    expect(await agentCall()).toMatchObject({ endReason: 'caller_hung_up', outcome: 'hung_up', followUpStatus: 'queued' });
    expect((await outbound()).map((m) => m.body)).toEqual(['Hi there, this is Acme Plumbing. Sorry we got cut off! Reply here with what you need and we’ll get right back to you.']);
    expect(await database.db.select().from(jobs).where(eq(jobs.queue, 'calls.text_back'))).toEqual([]);
  });

  it('an emergency transfers: `end` names the on-call number, the simulator rings it, nobody picks up → the voicemail greeting; the tester hangs up → one “transferred” text', async () => {
    const c = await company('owner@ai-transfer.test', { agent: { onCallNumber: ON_CALL } });
    const placed = await c.caller.phone.simulator.placeCall({ deviceId: c.device.id, live: true, aiAnswers: true });
    const phone = await connect(placed.relayPath!);
    phone.send(setupMessage({ CallSid: placed.callSid, From: CALLER, To: c.number }));
    await phone.until(replyCount(1));
    phone.send(prompt('Water is flooding my basement!'));
    await phone.until(ended);
    const end = phone.received.at(-1)!;
    expect(end).toEqual({ type: 'end', handoffData: JSON.stringify({ reason: 'transfer', to: ON_CALL }) });
    await phone.close();
    const over = await c.caller.phone.simulator.aiSessionEnded({ deviceId: c.device.id, callSid: placed.callSid, handoffData: end.type === 'end' ? end.handoffData : undefined });
    expect(over).toEqual({ stage: 'transferring', transferTo: ON_CALL });
    expect(await c.caller.phone.simulator.callProgress({ deviceId: c.device.id, callSid: placed.callSid })).toMatchObject({ stage: 'transferring', assistant: { transferTo: ON_CALL, transferStatus: 'dialing' } });

    await pass(20 * SECOND);
    expect(await agentCall()).toMatchObject({ transferStatus: 'no_answer' });
    expect(await c.caller.phone.simulator.callProgress({ deviceId: c.device.id, callSid: placed.callSid })).toMatchObject({ stage: 'greeting', greeting: expect.stringContaining('Sorry we missed your call') });
    expect(await c.caller.phone.simulator.hangUp({ deviceId: c.device.id, callSid: placed.callSid })).toEqual({ ended: true });
    await pass(30 * SECOND);
    expect(await agentCall()).toMatchObject({ outcome: 'transferred', handoffReason: 'emergency' });
    expect((await outbound()).map((m) => m.body)).toEqual(['Hi there, this is Acme Plumbing. We put your call through to our on-call team. If we missed you, reply here and we’ll call right back.']);
    expect(await callRow()).toMatchObject({ status: 'ended', missed: false, textBackOutcome: 'not_needed' });
  });

  it('ring first: the team’s card rings; declined, the assistant answers and the test phone gets the socket’s address from the call’s progress', async () => {
    const c = await company('owner@ai-ring.test', { ringFirst: true });
    const placed = await c.caller.phone.simulator.placeCall({ deviceId: c.device.id, live: true, aiAnswers: true });
    expect(placed).toMatchObject({ route: 'dial', relayPath: null });
    await app.services.queue.drain();
    const ringing = await callRow();
    expect(await c.caller.calls.decline({ id: ringing.id })).toEqual({ id: ringing.id, status: 'missed' });
    await app.services.queue.drain();
    const progress = await c.caller.phone.simulator.callProgress({ deviceId: c.device.id, callSid: placed.callSid });
    expect(progress).toMatchObject({ stage: 'assistant', missed: false, assistant: { status: 'waiting', relayPath: expect.stringMatching(/^\/voice-agent\/relay\//) } });
    expect(await callRow()).toMatchObject({ status: 'answered', missed: false, textBackOutcome: 'not_needed' });
    const phone = await connect(progress.assistant!.relayPath!);
    phone.send(setupMessage({ CallSid: placed.callSid, From: CALLER, To: c.number }));
    await phone.until(replyCount(1));
    await phone.close();
    await c.caller.phone.simulator.hangUp({ deviceId: c.device.id, callSid: placed.callSid });
    await pass(30 * SECOND);
    expect(await outbound()).toHaveLength(1);
    expect(await database.db.select().from(jobs).where(eq(jobs.queue, 'calls.text_back'))).toEqual([]);
  });

  it('a test phone that goes away mid-call is cut off once the call could no longer be going on', async () => {
    const c = await company();
    const placed = await c.caller.phone.simulator.placeCall({ deviceId: c.device.id, live: true, aiAnswers: true });
    const phone = await connect(placed.relayPath!);
    phone.send(setupMessage({ CallSid: placed.callSid, From: CALLER, To: c.number }));
    await phone.until(replyCount(1));
    await phone.close();
    await pass(9 * 60 * SECOND);
    expect(await callRow()).toMatchObject({ status: 'ended', missed: false });
    expect(await outbound()).toHaveLength(1);
  });

  it('with AI call answering off the call goes the usual way; another company’s call is NOT_FOUND', async () => {
    const c = await company();
    const placed = await c.caller.phone.simulator.placeCall({ deviceId: c.device.id, live: true, aiAnswers: true });
    const other = await company('owner@other-ai.test');
    await expect(trpcErrorOf(other.caller.phone.simulator.aiSessionEnded({ deviceId: c.device.id, callSid: placed.callSid }))).resolves.toMatchObject({ code: 'NOT_FOUND' });
    await expect(trpcErrorOf(other.caller.phone.simulator.aiSessionEnded({ deviceId: other.device.id, callSid: placed.callSid }))).resolves.toMatchObject({ code: 'NOT_FOUND' });

    const settings = await other.caller.voiceAgent.settings.get();
    const { ringSeconds, hours, windows, greeting, recordCalls, recordingDisclosure, voice, answerMode } = settings;
    await other.caller.voiceAgent.settings.saveBasic({ expectedVersion: settings.version, enabled: false, answerMode, ringSeconds, hours, windows, greeting, recordCalls, recordingDisclosure, voice });
    const usual = await other.caller.phone.simulator.placeCall({ deviceId: other.device.id, live: true, aiAnswers: true });
    expect(usual).toMatchObject({ route: 'dial', relayPath: null });
    await app.services.queue.drain();
    expect(await other.caller.phone.simulator.callProgress({ deviceId: other.device.id, callSid: usual.callSid })).toMatchObject({ stage: 'ringing', assistant: null });
    await expect(trpcErrorOf(other.caller.phone.simulator.aiSessionEnded({ deviceId: other.device.id, callSid: usual.callSid }))).resolves.toMatchObject({ code: 'PRECONDITION_FAILED' });
  });
});
