import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_AGENT_SETTINGS } from '@contracts/voice-agent';
import type { RelayOutgoingMessage } from '@contracts/conversation-relay';
import { createScriptedAssistant, type ScriptEntry } from '@server/adapters/ai/scripted';
import { contacts, leads, messages, users, voiceAgentCalls } from '@server/platform/db/schema';
import { SECOND } from '@server/platform/lib/clock';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import type { CompanyEvent } from '@server/platform/realtime/event-bus';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { answerIncomingCall, storeEvent } from '@server/modules/calls/voice.service';
import { RelaySession, type RelayRuntime } from './relay-session';

const t = setUpTestApp();
const CALLER = '+13125550171';
/** Thursday 10:00 in Chicago. */
const THURSDAY_MORNING = Date.parse('2026-11-19T16:00:00Z');

async function company(email: string) {
  t.deps.clock.set(THURSDAY_MORNING);
  const token = await signUp(t.deps, { email, companyName: 'Acme Plumbing', signupPhone: null });
  const caller = callerFor(t.deps, { authToken: token });
  const number = await caller.phone.useSimulator();
  const [user] = await t.deps.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, email)).limit(1);
  return { caller, number: number.e164, companyId: user!.companyId };
}
type Company = Awaited<ReturnType<typeof company>>;

async function pass(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += SECOND) {
    t.deps.clock.advance(SECOND);
    await t.deps.queue.drain();
  }
}

/** Waits for nothing: every pause of the reply's pacing is over at once, the maximum length never comes. */
const instant: RelayRuntime = { monotonic: () => performance.now(), wait: () => Promise.resolve(), after: () => () => {}, recorder: null };

/**
 * A test-phone call the assistant answers, played in process through the same session (no socket): Twilio's
 * messages in, what it would speak out. Then the caller hangs up, the call ends, and every job runs.
 */
async function aiCall(c: Company, input: { sid: string; from?: string; script: ScriptEntry[]; said: string[] }) {
  t.deps.ai = createScriptedAssistant(input.script);
  const from = input.from ?? CALLER;
  const answered = await answerIncomingCall(t.deps, { provider: 'simulator', params: { CallSid: input.sid, From: from, To: c.number }, aiAnswers: true });
  expect(answered.aiAnswered).toBe(true);
  const [row] = await t.deps.db.select().from(voiceAgentCalls).where(eq(voiceAgentCalls.providerCallSid, input.sid));
  const sent: RelayOutgoingMessage[] = [];
  const session = new RelaySession(t.deps, instant, row!, { send: (m) => sent.push(m) });
  session.receive(JSON.stringify({ type: 'setup', sessionId: 'VX1', callSid: input.sid, from, to: c.number }));
  await session.settled();
  for (const words of input.said) {
    session.receive(JSON.stringify({ type: 'prompt', voicePrompt: words, last: true }));
    await session.settled();
  }
  await session.close();
  await storeEvent(t.deps, 'call_status', { provider: 'simulator', params: { CallSid: input.sid, CallStatus: 'completed', CallDuration: '40' } });
  await pass(20 * SECOND);
  const [after] = await t.deps.db.select().from(voiceAgentCalls).where(eq(voiceAgentCalls.id, row!.id));
  return { call: after!, sent };
}

const D = DEFAULT_VOICE_AGENT_SETTINGS;
/** The basic tab as it would send the defaults, switched on. */
const basicOn = (expectedVersion: number) => ({ expectedVersion, enabled: true, answerMode: D.answerMode, ringSeconds: D.ringSeconds, hours: D.hours, windows: D.windows, greeting: D.greeting, recordCalls: D.recordCalls, recordingDisclosure: D.recordingDisclosure, voice: D.voice });

const texts = async (companyId: string) => (await t.deps.db.select().from(messages).where(eq(messages.companyId, companyId))).filter((m) => m.direction === 'outbound');

describe('voiceAgent.settings', () => {
  it('reads the defaults (version 0, off, AI first at all hours) and saves each tab with the version it read', async () => {
    const c = await company('owner@settings.test');
    const first = await c.caller.voiceAgent.settings.get();
    expect(first).toMatchObject({ version: 0, enabled: false, answerMode: 'ai_first', hours: 'always', canEdit: true, businessNumber: c.number, now: { answering: false } });
    expect(first.knowledge.assistantQuestions.map((q) => q.key)).toEqual(['service', 'postal_code', 'timing']);

    const basic = { expectedVersion: 0, enabled: true, answerMode: 'ai_first' as const, ringSeconds: 15, hours: 'always' as const, windows: [], greeting: 'Thanks for calling {business_name}!', recordCalls: true, recordingDisclosure: 'This call is recorded.', voice: 'polly-joanna' as const };
    const saved = await c.caller.voiceAgent.settings.saveBasic(basic);
    expect(saved).toMatchObject({ version: 1, enabled: true, recordCalls: true, voice: 'polly-joanna', now: { answering: true } });
    expect((await trpcErrorOf(c.caller.voiceAgent.settings.saveBasic(basic))).code).toBe('CONFLICT');
    const tags = await trpcErrorOf(c.caller.voiceAgent.settings.saveBasic({ ...basic, expectedVersion: 1, greeting: 'Hi {nickname}' }));
    expect(tags.message).toContain('Unknown merge tag: {nickname}');
    expect((await trpcErrorOf(c.caller.voiceAgent.settings.saveBasic({ ...basic, expectedVersion: 1, hours: 'custom' }))).message).toContain('Add at least one time window');
    expect((await trpcErrorOf(c.caller.voiceAgent.settings.saveBasic({ ...basic, expectedVersion: 1, voice: 'robot' as never }))).message).toContain('Choose one of the voices offered');

    const agent = { expectedVersion: 1, questions: null, emergencyWords: ['Flood', 'flood', 'gas smell'], onCallNumber: '(312) 555-0199', transferRingSeconds: 20, transferFallback: 'goodbye' as const, maxCallSeconds: 240 };
    expect(await c.caller.voiceAgent.settings.saveAgent(agent)).toMatchObject({ version: 2, emergencyWords: ['flood', 'gas smell'], onCallNumber: '+13125550199', transferFallback: 'goodbye', maxCallSeconds: 240 });
    const own = await trpcErrorOf(c.caller.voiceAgent.settings.saveAgent({ ...agent, expectedVersion: 2, onCallNumber: c.number }));
    expect(own.message).toContain('not to your LeadLoop number');
    expect((await trpcErrorOf(c.caller.voiceAgent.settings.saveAgent({ ...agent, expectedVersion: 2, maxCallSeconds: 10 }))).message).toContain('at least 60 seconds');

    const templates = { ...DEFAULT_VOICE_AGENT_SETTINGS.followUps.templates, booked: 'You are booked!' };
    const noName = await trpcErrorOf(c.caller.voiceAgent.settings.saveFollowUps({ expectedVersion: 2, enabled: true, templates }));
    expect(noName.message).toContain('include {business_name}');
    const followUps = await c.caller.voiceAgent.settings.saveFollowUps({ expectedVersion: 2, enabled: true, templates: { ...templates, booked: '{business_name}: you are booked, {first_name}!', hung_up: '' } });
    expect(followUps.followUps.templates).toMatchObject({ booked: '{business_name}: you are booked, {first_name}!', hung_up: '' });
    expect(followUps.version).toBe(3);
  });
});

describe('voiceAgent.calls and the follow-up per outcome', () => {
  it('lists the calls the assistant took with outcome and summary, one with its transcript; another company’s call is NOT_FOUND', async () => {
    const c = await company('owner@history.test');
    await c.caller.voiceAgent.settings.saveBasic(basicOn(0));
    const live: CompanyEvent[] = [];
    const stop = t.deps.bus.subscribe(c.companyId, (event) => live.push(event));
    const { call, sent } = await aiCall(c, {
      sid: 'SIMCA-history',
      script: [
        { action: 'reply', reply: 'Got it, a leaking water heater. What’s the ZIP code?', answers: { service: 'leaking water heater' } },
        { action: 'reply', reply: 'Thanks! The team will text you shortly.', answers: { postal_code: '60614' }, lead: 'qualified', summary: 'Leaking water heater in 60614.' },
      ],
      said: ['My water heater is leaking', '60614'],
    });
    expect(sent.at(-1)).toEqual({ type: 'end', handoffData: JSON.stringify({ reason: 'completed' }) });
    expect(call).toMatchObject({ outcome: 'qualified', followUpStatus: 'queued' });
    // Open screens are told the moment the call is processed (AI call answering → History refreshes itself).
    stop();
    expect(live).toContainEqual({ type: 'ai_call', aiCallId: call.id });
    expect(live).toContainEqual({ type: 'call', callId: call.callId });

    const list = await c.caller.voiceAgent.calls.list({ limit: 25 });
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ id: call.id, from: CALLER, outcome: 'qualified', summary: 'Qualified. Leaking water heater in 60614.', lead: { status: 'qualified' }, followUp: { status: 'queued' }, recording: null });
    expect(list.items[0]!.contact?.id).toEqual(expect.any(String));
    expect(list.items[0]!.conversationId).toEqual(expect.any(String));
    expect((await c.caller.voiceAgent.calls.list({ limit: 25, outcome: 'transferred' })).items).toEqual([]);

    const one = await c.caller.voiceAgent.calls.get({ id: call.id });
    expect(one.turns.map((turn) => turn.speaker)).toEqual(['assistant', 'caller', 'assistant', 'caller', 'assistant']);
    expect(one.turns[1]).toMatchObject({ text: 'My water heater is leaking', kind: 'speech' });
    expect(one.turns[2]!.latencyMs).toEqual(expect.any(Number));
    expect(one.answers).toEqual([
      { key: 'service', question: null, value: 'leaking water heater' },
      { key: 'postal_code', question: null, value: '60614' },
    ]);
    expect(one.latency).not.toBeNull();

    const other = await company('owner@other.test');
    expect((await trpcErrorOf(other.caller.voiceAgent.calls.get({ id: call.id }))).code).toBe('NOT_FOUND');
    expect((await other.caller.voiceAgent.calls.list({ limit: 25 })).items).toEqual([]);
    expect((await trpcErrorOf(c.caller.voiceAgent.calls.get({ id: '00000000-0000-4000-8000-000000000000' }))).code).toBe('NOT_FOUND');
  });

  it('a reply that still asks (an optional question) keeps the call going even once the lead is qualified', async () => {
    const c = await company('owner@asks.test');
    await c.caller.voiceAgent.settings.saveBasic(basicOn(0));
    const { sent, call } = await aiCall(c, {
      sid: 'SIMCA-asks',
      script: [
        { action: 'reply', reply: 'Thanks! When would you like us to come out?', answers: { service: 'drain', postal_code: '60614' }, lead: 'qualified' },
        { action: 'reply', reply: 'Great, the team will text you.', answers: { timing: 'next week' } },
      ],
      said: ['A slow drain in 60614', 'Next week'],
    });
    const ends = sent.flatMap((m, i) => (m.type === 'end' ? [i] : []));
    expect(ends).toHaveLength(1);
    expect(sent.slice(0, ends[0]).filter((m) => m.type === 'text').map((m) => (m.type === 'text' ? m.token : '')).join('')).toContain('When would you like us to come out?Great, the team will text you. Thanks for calling. Goodbye!');
    expect(call).toMatchObject({ endReason: 'completed', outcome: 'qualified' });
  });

  it('booked: a caller whose lead is booked gets the booked text; follow-ups off or a hidden number: no text, and the call says why', async () => {
    const c = await company('owner@outcomes.test');
    await c.caller.voiceAgent.settings.saveBasic(basicOn(0));
    const now = t.deps.clock.now();
    const [contact] = await t.deps.db.insert(contacts).values({ companyId: c.companyId, phone: CALLER, firstName: 'Tom', createdAt: now, updatedAt: now }).returning();
    await t.deps.db.insert(leads).values({ companyId: c.companyId, contactId: contact!.id, source: 'sms', status: 'booked', lastActivityAt: now, createdAt: now, updatedAt: now });
    const booked = await aiCall(c, { sid: 'SIMCA-booked', script: [{ action: 'reply', reply: 'Sure, what can we help you with?' }], said: ['I have a question about my appointment'] });
    expect(booked.call).toMatchObject({ outcome: 'booked', followUpStatus: 'queued' });
    expect((await texts(c.companyId)).map((m) => m.body)).toEqual(['Hi Tom, thanks for calling Acme Plumbing! Your job is booked. Reply here if anything changes.']);

    await c.caller.voiceAgent.settings.saveFollowUps({ expectedVersion: 1, enabled: false, templates: DEFAULT_VOICE_AGENT_SETTINGS.followUps.templates });
    const off = await aiCall(c, { sid: 'SIMCA-off', from: '+13125550172', script: [], said: [] });
    expect(off.call).toMatchObject({ outcome: 'hung_up', followUpStatus: 'skipped', followUpSkipReason: 'disabled' });

    await c.caller.voiceAgent.settings.saveFollowUps({ expectedVersion: 2, enabled: true, templates: DEFAULT_VOICE_AGENT_SETTINGS.followUps.templates });
    const hidden = await aiCall(c, { sid: 'SIMCA-hidden', from: 'anonymous', script: [], said: [] });
    expect(hidden.call).toMatchObject({ outcome: 'hung_up', followUpStatus: 'skipped', followUpSkipReason: 'anonymous', leadId: null });
    expect(await texts(c.companyId)).toHaveLength(1);
  });
});
