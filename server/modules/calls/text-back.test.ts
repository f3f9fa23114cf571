import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MISSED_CALL_SETTINGS } from '@contracts/call';
import { calls, consentEvents, contacts, conversations, domainEvents, jobs, leads, messages, nonTextableNumbers, notifications } from '@server/platform/db/schema';
import { HOUR, SECOND } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { answerIncomingCall, storeEvent } from './voice.service';

const t = setUpTestApp();

/** Thursday 10:00 in Chicago (the test number's area code): inside the default business hours. */
const THURSDAY_MORNING = Date.parse('2026-11-19T16:00:00Z');
const CALLER = '+13125550140';

async function company(settings: Parameters<ReturnType<typeof callerFor>['missedCalls']['settings']['update']>[0] = {}, email = 'owner@calls.test') {
  t.deps.clock.set(THURSDAY_MORNING);
  const token = await signUp(t.deps, { email, companyName: 'Acme Plumbing', signupPhone: null });
  const caller = callerFor(t.deps, { authToken: token });
  const number = await caller.phone.useSimulator();
  // Mode b unless a test says otherwise: every call that arrives is already missed.
  await caller.missedCalls.settings.update({ routingMode: 'forwarded_missed', ...settings });
  const device = await caller.phone.simulator.addDevice({ phone: CALLER });
  return { caller, device, number: number.e164 };
}

/** Moves the fake clock one second at a time, running every job due at each step. */
async function pass(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += SECOND) {
    t.deps.clock.advance(SECOND);
    await t.deps.queue.drain();
  }
}

// The text-backs themselves: an unanswered one also gets the no-reply follow-ups (author `flow`, flows module).
const outbound = () => t.deps.db.select().from(messages).where(and(eq(messages.direction, 'outbound'), ne(messages.author, 'flow')));
const allCalls = () => t.deps.db.select().from(calls).orderBy(calls.startedAt);
const eventTypes = async () => (await t.deps.db.select().from(domainEvents).orderBy(domainEvents.seq)).map((e) => e.type);

describe('a missed call is texted back once, after the delay', () => {
  it('mode b, no voicemail: nothing before 15 s, exactly one text at 15 s, a lead, a thread, consent and events', async () => {
    const c = await company();
    await c.caller.phone.simulator.placeCall({ deviceId: c.device.id });
    await t.deps.queue.drain();
    const [call] = await allCalls();
    expect(call).toMatchObject({ missed: true, missedReason: 'forwarded', textBackOutcome: 'pending', fromNumber: CALLER, toNumber: c.number, routingMode: 'forwarded_missed' });
    // The lead and the thread exist at once (before the text), through the one intake path.
    const [lead] = await t.deps.db.select().from(leads);
    expect(lead).toMatchObject({ source: 'missed_call', contactId: call!.contactId, id: call!.leadId });
    expect(await t.deps.db.select().from(conversations)).toHaveLength(1);

    await pass(14 * SECOND);
    expect(await outbound()).toHaveLength(0);
    await pass(1 * SECOND);
    const texts = await outbound();
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({
      toNumber: CALLER,
      fromNumber: c.number,
      automated: true,
      author: 'system',
      conversationId: call!.conversationId,
      body: 'Hi there, this is Acme Plumbing. Sorry we missed your call! How can we help? Reply here and we’ll get right back to you.',
    });
    const [after] = await allCalls();
    expect(after).toMatchObject({ textBackOutcome: 'texted', textBackReason: null, textBackMessageId: texts[0]!.id, status: 'ended' });
    const [consent] = await t.deps.db.select().from(consentEvents).where(eq(consentEvents.contactId, call!.contactId!));
    expect(consent).toMatchObject({ kind: 'implied', method: 'missed_call' });
    expect(await eventTypes()).toEqual(expect.arrayContaining(['call.received', 'call.missed', 'contact.created', 'lead.created', 'call.ended', 'message.queued', 'call.text_back']));
    // The team is told by a job (never inside the inbound transaction): one "missed call" notification per person.
    const told = await t.deps.db.select().from(notifications);
    expect(told.map((n) => [n.event, n.title])).toEqual([['missed_call', 'Missed call: (312) 555-0140 (new lead)']]);

    await pass(120 * SECOND);
    expect(await outbound()).toHaveLength(1);
    expect((await outbound())[0]!.status).toBe('delivered');
  });

  it('after hours the after-hours text goes (it is a reply to the call: any hour)', async () => {
    const c = await company();
    t.deps.clock.set(Date.parse('2026-11-20T09:30:00Z')); // Friday 3:30 in Chicago
    await c.caller.phone.simulator.placeCall({ deviceId: c.device.id });
    await pass(16 * SECOND);
    const [text] = await outbound();
    expect(text!.body).toContain('we’re closed right now');
    expect(text!.status).not.toBe('scheduled');
  });

  it('mode a: the business phone rings for the ring timeout; unanswered → missed (no answer) → texted 15 s later; answered → no text and no lead', async () => {
    const c = await company({ routingMode: 'ring_then_voicemail', forwardTo: '+14155550123' });
    await c.caller.phone.simulator.placeCall({ deviceId: c.device.id });
    await pass(19 * SECOND);
    expect((await allCalls())[0]).toMatchObject({ status: 'ringing', missed: false, forwardedTo: '+14155550123' });
    await pass(1 * SECOND);
    expect((await allCalls())[0]).toMatchObject({ missed: true, missedReason: 'no_answer', ringSeconds: 20 });
    await pass(14 * SECOND);
    expect(await outbound()).toHaveLength(0);
    await pass(1 * SECOND);
    expect(await outbound()).toHaveLength(1);

    await t.deps.db.delete(messages);
    const other = await c.caller.phone.simulator.addDevice({ phone: '+13125550141' });
    await c.caller.phone.simulator.placeCall({ deviceId: other.id });
    await pass(4 * SECOND);
    // Answered in the app 4 s in (the incoming-call card), ended after a 30 s talk.
    const ringing = (await allCalls()).find((row) => row.fromNumber === '+13125550141')!;
    await c.caller.calls.answer({ id: ringing.id });
    await pass(30 * SECOND);
    await c.caller.calls.end({ id: ringing.id });
    await pass(60 * SECOND);
    const answered = (await allCalls()).find((row) => row.fromNumber === '+13125550141');
    expect(answered).toMatchObject({ status: 'ended', missed: false, textBackOutcome: 'not_needed', talkSeconds: 30, ringSeconds: 4 });
    expect(await outbound()).toHaveLength(0);
    expect(await t.deps.db.select().from(contacts).where(eq(contacts.phone, '+13125550141'))).toHaveLength(0);
  });

  it('waits while a voicemail is being recorded, then quotes its transcript', async () => {
    const c = await company();
    // ~30 words ≈ 12 s of speech after an 8 s greeting: the voicemail ends 20 s after the call, past the 15 s delay.
    const words = 'My water heater is leaking all over the basement floor. Please call me back as soon as you can, I am home all day today and tomorrow morning, thanks so much.';
    await c.caller.phone.simulator.placeCall({ deviceId: c.device.id, voicemail: words });
    await pass(19 * SECOND);
    expect(await outbound()).toHaveLength(0);
    expect((await allCalls())[0]).toMatchObject({ status: 'voicemail', textBackOutcome: 'pending' });
    await pass(3 * SECOND);
    const texts = await outbound();
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('We got your voicemail: “My water heater is leaking all over the basement floor”.');
    expect((await allCalls())[0]).toMatchObject({ recordingSeconds: 13, transcriptStatus: 'completed', transcript: words, textBackOutcome: 'texted' });
    const [lead] = await t.deps.db.select().from(leads);
    expect(lead!.summary).toBe(words);
    const told = await t.deps.db.select().from(notifications);
    expect(told.map((n) => n.event).sort()).toEqual(['missed_call', 'voicemail']);
    expect(told.find((n) => n.event === 'voicemail')).toMatchObject({ title: 'Voicemail from (312) 555-0140', body: expect.stringContaining('My water heater is leaking') });
    await pass(60 * SECOND);
    expect(await outbound()).toHaveLength(1);
  });

  it('a voicemail that is never reported finished holds the text back at most greeting + max length', async () => {
    const c = await company({ voicemailMaxSeconds: 30 });
    const callSid = 'CA-stuck';
    await answerIncomingCall(t.deps, { provider: 'simulator', params: { CallSid: callSid, From: CALLER, To: c.number } });
    await t.deps.queue.drain();
    await pass(49 * SECOND);
    expect(await outbound()).toHaveLength(0);
    await pass(1 * SECOND);
    expect(await outbound()).toHaveLength(1);
  });

  it('with transcription on, waits for the transcript at most 30 s, then texts without it', async () => {
    const c = await company();
    await answerIncomingCall(t.deps, { provider: 'simulator', params: { CallSid: 'CA-slow', From: CALLER, To: c.number } });
    await t.deps.queue.drain();
    await pass(10 * SECOND);
    const recording = { CallSid: 'CA-slow', RecordingSid: 'RE-slow', RecordingDuration: '2', RecordingStatus: 'completed' };
    await storeEvent(t.deps, 'recording', { provider: 'simulator', params: recording });
    await storeEvent(t.deps, 'call_status', { provider: 'simulator', params: { CallSid: 'CA-slow', CallStatus: 'completed', CallDuration: '10' } });
    await pass(29 * SECOND);
    expect(await outbound()).toHaveLength(0);
    await pass(2 * SECOND);
    const [text] = await outbound();
    expect(text!.body).not.toContain('voicemail');
    // The transcript arriving later is still stored and told, and sends nothing more.
    await storeEvent(t.deps, 'transcription', { provider: 'simulator', params: { CallSid: 'CA-slow', RecordingSid: 'RE-slow', TranscriptionStatus: 'completed', TranscriptionText: 'Need a quote.' } });
    await pass(5 * SECOND);
    expect((await allCalls())[0]).toMatchObject({ transcript: 'Need a quote.', transcriptStatus: 'completed' });
    expect(await outbound()).toHaveLength(1);
  });
});

describe('skip rules: no text, and the reason on the call', () => {
  const missedCallFrom = async (c: Awaited<ReturnType<typeof company>>, from: string, sid = `CA${from}`) => {
    await answerIncomingCall(t.deps, { provider: 'simulator', params: { CallSid: sid, From: from, To: c.number } });
    await storeEvent(t.deps, 'call_status', { provider: 'simulator', params: { CallSid: sid, CallStatus: 'completed', CallDuration: '3' } });
    await pass(16 * SECOND);
    return (await allCalls()).find((row) => row.providerCallSid === sid)!;
  };

  it('text-back turned off: the call and its lead are kept, no text (disabled)', async () => {
    const c = await company({ enabled: false });
    const call = await missedCallFrom(c, CALLER);
    expect(call).toMatchObject({ missed: true, textBackOutcome: 'skipped', textBackReason: 'disabled' });
    expect(call.leadId).not.toBeNull();
    expect(await outbound()).toHaveLength(0);
  });

  it.each(['anonymous', '+266696687', 'Restricted', ''])('a hidden caller ID (%j): anonymous, no client or lead', async (from) => {
    const c = await company();
    const call = await missedCallFrom(c, from, 'CA-hidden');
    expect(call).toMatchObject({ missed: true, textBackOutcome: 'skipped', textBackReason: 'anonymous', contactId: null, leadId: null });
    expect(await t.deps.db.select().from(contacts)).toHaveLength(0);
    expect(await outbound()).toHaveLength(0);
  });

  it('the business’s own numbers (alert phone, forward-to phone): own_number, no lead', async () => {
    const c = await company({ routingMode: 'forwarded_missed', forwardTo: '+14155550123' });
    await c.caller.phone.setAlertPhone({ phone: '+14155550188' });
    expect(await missedCallFrom(c, '+14155550188')).toMatchObject({ textBackOutcome: 'skipped', textBackReason: 'own_number', leadId: null });
    expect(await missedCallFrom(c, '+14155550123')).toMatchObject({ textBackOutcome: 'skipped', textBackReason: 'own_number', leadId: null });
    expect(await outbound()).toHaveLength(0);
  });

  it('a protected number: protected, no lead', async () => {
    const c = await company();
    await c.caller.phone.addProtected({ phone: CALLER, label: 'Mom' });
    expect(await missedCallFrom(c, CALLER)).toMatchObject({ textBackOutcome: 'skipped', textBackReason: 'protected', leadId: null });
    expect(await outbound()).toHaveLength(0);
  });

  it('someone who opted out: opted_out (their call is still on their record)', async () => {
    const c = await company();
    await c.caller.phone.simulator.send({ deviceId: c.device.id, body: 'STOP', mediaUrls: [] });
    await pass(3 * SECOND);
    const before = (await outbound()).length; // the one STOP confirmation
    const call = await missedCallFrom(c, CALLER);
    expect(call).toMatchObject({ textBackOutcome: 'skipped', textBackReason: 'opted_out' });
    expect(call.contactId).not.toBeNull();
    expect(await outbound()).toHaveLength(before);
  });

  it('a repeat caller within 12 h: one text, one lead; after 12 h they are texted again', async () => {
    const c = await company();
    const first = await missedCallFrom(c, CALLER, 'CA-1');
    expect(first.textBackOutcome).toBe('texted');
    t.deps.clock.advance(2 * HOUR);
    const second = await missedCallFrom(c, CALLER, 'CA-2');
    expect(second).toMatchObject({ textBackOutcome: 'skipped', textBackReason: 'repeat_caller', leadId: first.leadId });
    expect(await outbound()).toHaveLength(1);
    expect(await t.deps.db.select().from(leads)).toHaveLength(1);

    t.deps.clock.advance(11 * HOUR);
    const third = await missedCallFrom(c, CALLER, 'CA-3');
    expect(third.textBackOutcome).toBe('texted');
    expect(await outbound()).toHaveLength(2);
    // Still within the 24 h lead dedupe window of the last activity: the same lead.
    expect(await t.deps.db.select().from(leads)).toHaveLength(1);
  });

  it('two quick calls (the second before the first is texted): exactly one text', async () => {
    const c = await company();
    await answerIncomingCall(t.deps, { provider: 'simulator', params: { CallSid: 'CA-a', From: CALLER, To: c.number } });
    await pass(5 * SECOND);
    await answerIncomingCall(t.deps, { provider: 'simulator', params: { CallSid: 'CA-b', From: CALLER, To: c.number } });
    await storeEvent(t.deps, 'call_status', { provider: 'simulator', params: { CallSid: 'CA-a', CallStatus: 'completed' } });
    await storeEvent(t.deps, 'call_status', { provider: 'simulator', params: { CallSid: 'CA-b', CallStatus: 'completed' } });
    await pass(30 * SECOND);
    expect(await outbound()).toHaveLength(1);
    expect((await allCalls()).map((row) => [row.textBackOutcome, row.textBackReason])).toEqual([
      ['texted', null],
      ['skipped', 'repeat_caller'],
    ]);
    expect(await t.deps.db.select().from(leads)).toHaveLength(1);
  });

  it('a landline: the carrier’s error marks the number and the call; the next call from it is skipped (landline)', async () => {
    const c = await company({ repeatCallerWindowHours: 0 });
    await c.caller.phone.simulator.setBehavior({ id: c.device.id, behavior: 'landline' });
    // Texted at 15 s; the simulated carrier reports 30006 a second later.
    const first = await missedCallFrom(c, CALLER, 'CA-1');
    expect(first).toMatchObject({ textBackOutcome: 'failed', textBackReason: 'landline' });
    expect((await outbound())[0]).toMatchObject({ status: 'failed', errorCode: '30006' });
    expect(await t.deps.db.select().from(nonTextableNumbers)).toEqual([expect.objectContaining({ e164: CALLER, errorCode: '30006' })]);

    t.deps.clock.advance(HOUR);
    const second = await missedCallFrom(c, CALLER, 'CA-2');
    expect(second).toMatchObject({ textBackOutcome: 'skipped', textBackReason: 'landline' });
    expect(await outbound()).toHaveLength(1);
  });
});

describe('idempotency', () => {
  it('a replayed call event changes nothing: one call, one lead, one text', async () => {
    const c = await company();
    const params = { CallSid: 'CA-replay', From: CALLER, To: c.number };
    expect((await answerIncomingCall(t.deps, { provider: 'simulator', params })).duplicate).toBe(false);
    expect((await answerIncomingCall(t.deps, { provider: 'simulator', params })).duplicate).toBe(true);
    const status = { CallSid: 'CA-replay', CallStatus: 'completed' };
    await storeEvent(t.deps, 'call_status', { provider: 'simulator', params: status });
    expect((await storeEvent(t.deps, 'call_status', { provider: 'simulator', params: status })).duplicate).toBe(true);
    await pass(20 * SECOND);
    expect(await allCalls()).toHaveLength(1);
    expect(await t.deps.db.select().from(leads)).toHaveLength(1);
    expect(await outbound()).toHaveLength(1);
    expect(await t.deps.db.select().from(jobs).where(and(eq(jobs.queue, 'calls.text_back')))).toHaveLength(1);
  });
});

describe('calls.list / calls.get and settings', () => {
  it('lists the company’s calls newest first with keyset paging and filters; another company’s call is NOT_FOUND', async () => {
    const c = await company();
    for (let i = 0; i < 3; i += 1) {
      await answerIncomingCall(t.deps, { provider: 'simulator', params: { CallSid: `CA-list-${i}`, From: CALLER, To: c.number } });
      await storeEvent(t.deps, 'call_status', { provider: 'simulator', params: { CallSid: `CA-list-${i}`, CallStatus: 'completed' } });
      await pass(20 * SECOND);
    }
    const page1 = await c.caller.calls.list({ limit: 2 });
    expect(page1.items.map((i) => i.textBack.outcome)).toEqual(['skipped', 'skipped']);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = await c.caller.calls.list({ limit: 2, cursor: page1.nextCursor! });
    expect(page2.items).toHaveLength(1);
    expect(page2.items[0]).toMatchObject({ textBack: { outcome: 'texted' }, missed: true, from: CALLER, contact: { name: '(312) 555-0140' } });
    expect(page2.nextCursor).toBeNull();
    expect((await c.caller.calls.list({ limit: 25, outcome: 'texted' })).items).toHaveLength(1);
    expect((await c.caller.calls.list({ limit: 25, outcome: 'skipped' })).items).toHaveLength(2);
    expect((await c.caller.calls.list({ limit: 25, from: '2026-11-19', to: '2026-11-19' })).items).toHaveLength(3);
    expect((await c.caller.calls.list({ limit: 25, from: '2026-11-20' })).items).toHaveLength(0);
    expect((await c.caller.calls.list({ limit: 25, to: '2026-11-18' })).items).toHaveLength(0);
    const contactId = page2.items[0]!.contact!.id;
    expect((await c.caller.calls.list({ limit: 25, contactId })).items).toHaveLength(3);
    expect((await c.caller.calls.list({ limit: 25, conversationId: page2.items[0]!.conversationId! })).items).toHaveLength(3);
    const one = await c.caller.calls.get({ id: page2.items[0]!.id });
    expect(one.id).toBe(page2.items[0]!.id);

    const otherToken = await signUp(t.deps, { email: 'other@calls.test', companyName: 'Other Co', signupPhone: null });
    const other = callerFor(t.deps, { authToken: otherToken });
    expect((await trpcErrorOf(other.calls.get({ id: one.id }))).code).toBe('NOT_FOUND');
    expect((await other.calls.list({ limit: 25 })).items).toHaveLength(0);
    expect((await trpcErrorOf(other.phone.simulator.placeCall({ deviceId: c.device.id }))).code).toBe('NOT_FOUND');
  });

  it('settings: defaults, saved changes, and refused templates', async () => {
    t.deps.clock.set(THURSDAY_MORNING);
    const token = await signUp(t.deps, { email: 'owner@settings.test', companyName: 'Acme', signupPhone: null });
    const caller = callerFor(t.deps, { authToken: token });
    expect(await caller.missedCalls.settings.get()).toMatchObject({ ...DEFAULT_MISSED_CALL_SETTINGS, businessHours: null });
    const saved = await caller.missedCalls.settings.update({ textBackDelaySeconds: 30, routingMode: 'ring_then_voicemail', forwardTo: '(415) 555-0123' });
    expect(saved).toMatchObject({ textBackDelaySeconds: 30, forwardTo: '+14155550123', ringTimeoutSeconds: 20 });
    expect((await trpcErrorOf(caller.missedCalls.settings.update({ businessHoursTemplate: 'Hi {first_name}, we missed you' }))).message).toContain('{business_name}');
    expect((await trpcErrorOf(caller.missedCalls.settings.update({ afterHoursTemplate: '{business_name}: hi {nickname}' }))).message).toContain('Unknown merge tag');
    expect((await trpcErrorOf(caller.missedCalls.settings.update({ forwardTo: null }))).message).toContain('Forward calls to');
    expect((await trpcErrorOf(caller.missedCalls.settings.update({ ringTimeoutSeconds: 2 }))).code).toBe('BAD_REQUEST');
    const { e164 } = await caller.phone.useSimulator();
    expect((await trpcErrorOf(caller.missedCalls.settings.update({ forwardTo: e164 }))).message).toContain('not to your LeadLoop number');
  });
});
