import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls, contacts, domainEvents, leads, messages, users } from '@server/platform/db/schema';
import { SECOND } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { createSession } from '@server/modules/auth/session.service';

/**
 * Issue 12 scope 6: a test-phone call in routing mode a rings the team in the app (the incoming-call card) for the
 * ring timeout. Answer, decline, the timeout and the caller's hang-up each store the call's one Dial result.
 */
const t = setUpTestApp();

const THURSDAY_MORNING = Date.parse('2026-11-19T16:00:00Z');
const CALLER = '+13125550140';
const FORWARD_TO = '+14155550123';

async function company(email = 'owner@ring.test', settings: { routingMode?: 'ring_then_voicemail' | 'forwarded_missed' } = {}) {
  t.deps.clock.set(THURSDAY_MORNING);
  const token = await signUp(t.deps, { email, companyName: 'Acme Plumbing', firstName: 'Dana', lastName: 'Rivera', signupPhone: null });
  const caller = callerFor(t.deps, { authToken: token });
  await caller.phone.useSimulator();
  await caller.missedCalls.settings.update({ routingMode: 'ring_then_voicemail', forwardTo: FORWARD_TO, ringTimeoutSeconds: 20, textBackDelaySeconds: 15, ...settings });
  const device = await caller.phone.simulator.addDevice({ phone: CALLER });
  return { caller, device };
}

/** A second person on the same team, signed in. */
async function teammate(owner: ReturnType<typeof callerFor>) {
  const me = await owner.getCurrentLoggedInUser();
  const [lee] = await t.deps.db
    .insert(users)
    .values({ companyId: me.company.id, email: `lee-${me.company.id}@ring.test`, firstName: 'Lee', lastName: 'Park', role: 'staff', emailVerifiedAt: t.deps.clock.now() })
    .returning();
  const session = await createSession(t.deps.db, { userId: lee!.id, companyId: me.company.id, kind: 'user', now: t.deps.clock.now(), meta: { ip: null, userAgent: null } });
  return callerFor(t.deps, { authToken: session.token });
}

async function pass(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += SECOND) {
    t.deps.clock.advance(SECOND);
    await t.deps.queue.drain();
  }
}

const onlyCall = async () => {
  const rows = await t.deps.db.select().from(calls).orderBy(calls.startedAt);
  return rows[0]!;
};
const outbound = () => t.deps.db.select().from(messages).where(eq(messages.direction, 'outbound'));

async function ringingCall(c: Awaited<ReturnType<typeof company>>, live = false) {
  const placed = await c.caller.phone.simulator.placeCall({ deviceId: c.device.id, live });
  await t.deps.queue.drain();
  return { placed, call: await onlyCall() };
}

describe('a test-phone call rings the team in the app', () => {
  it('is stored ringing and listed for the incoming-call card (with the client’s name once known), then missed at the ring timeout', async () => {
    const c = await company();
    const { placed, call } = await ringingCall(c);
    expect(placed).toMatchObject({ route: 'dial', ringsUntil: THURSDAY_MORNING + 20 * SECOND });
    expect(call).toMatchObject({ status: 'ringing', missed: false, forwardedTo: FORWARD_TO });
    expect(await c.caller.calls.ringing()).toEqual([
      { id: call.id, from: CALLER, callerName: null, startedAt: THURSDAY_MORNING, ringsPhone: FORWARD_TO, answerableHere: true },
    ]);
    // The live hint reaches every open screen of the company.
    expect((await t.deps.db.select().from(domainEvents)).map((e) => e.type)).toContain('call.received');

    await pass(19 * SECOND);
    expect(await onlyCall()).toMatchObject({ status: 'ringing', missed: false });
    await pass(1 * SECOND);
    // The ring timeout is a job on the queue (no browser involved): no answer → missed, the scripted caller hangs up at the greeting.
    expect(await onlyCall()).toMatchObject({ missed: true, missedReason: 'no_answer', ringSeconds: 20, textBackOutcome: 'pending' });
    expect(await c.caller.calls.ringing()).toEqual([]);
    await pass(15 * SECOND);
    expect(await outbound()).toHaveLength(1);
    expect(await c.caller.calls.answer({ id: call.id }).catch((e: unknown) => e)).toMatchObject({ code: 'CONFLICT', message: 'Nobody answered in time: the caller went to voicemail.' });

    // The missed call made them a client: named on the card when they call again.
    await t.deps.db.update(contacts).set({ firstName: 'Sam', lastName: 'Lopez' }).where(eq(contacts.phone, CALLER));
    await c.caller.phone.simulator.placeCall({ deviceId: c.device.id });
    await t.deps.queue.drain();
    const [second] = await c.caller.calls.ringing();
    expect(second).toMatchObject({ from: CALLER, callerName: 'Sam Lopez', answerableHere: true });
  });

  it('answered: not missed, no text-back, no lead; End call records the talk time; the ring timeout then does nothing', async () => {
    const c = await company();
    const { call } = await ringingCall(c);
    await pass(5 * SECOND);
    expect(await c.caller.calls.answer({ id: call.id })).toEqual({ id: call.id, status: 'answered' });
    expect(await onlyCall()).toMatchObject({ status: 'answered', missed: false, ringSeconds: 5, talkSeconds: null, textBackOutcome: 'not_needed' });
    expect(await c.caller.calls.ringing()).toEqual([]);
    expect(await c.caller.phone.simulator.callProgress({ deviceId: c.device.id, callSid: call.providerCallSid })).toMatchObject({ stage: 'answered', callId: call.id });

    await pass(42 * SECOND); // past the ring timeout
    expect(await onlyCall()).toMatchObject({ status: 'answered', missed: false });
    expect(await c.caller.calls.end({ id: call.id })).toEqual({ id: call.id, talkSeconds: 42 });
    expect(await onlyCall()).toMatchObject({ status: 'ended', missed: false, talkSeconds: 42, textBackOutcome: 'not_needed' });
    await pass(60 * SECOND);
    expect(await outbound()).toHaveLength(0);
    expect(await t.deps.db.select().from(leads)).toHaveLength(0);
    expect((await t.deps.db.select().from(domainEvents)).map((e) => e.type)).toEqual(expect.arrayContaining(['call.received', 'call.answered', 'call.ended']));
    expect((await t.deps.db.select().from(domainEvents)).map((e) => e.type)).not.toContain('call.missed');
  });

  it('declined: missed with reason busy at once, the caller goes to the greeting, texted back after the delay', async () => {
    const c = await company();
    const { call } = await ringingCall(c, true);
    await pass(3 * SECOND);
    expect(await c.caller.calls.decline({ id: call.id })).toEqual({ id: call.id, status: 'missed' });
    await t.deps.queue.drain();
    expect(await onlyCall()).toMatchObject({ missed: true, missedReason: 'busy', status: 'voicemail', ringSeconds: 3 });
    // The live caller is at the greeting on the test phone and leaves a voicemail.
    const progress = await c.caller.phone.simulator.callProgress({ deviceId: c.device.id, callSid: call.providerCallSid });
    expect(progress).toMatchObject({ stage: 'greeting', missed: true, missedReason: 'busy', greeting: expect.stringContaining('Sorry we missed your call') });
    await c.caller.phone.simulator.leaveVoicemail({ deviceId: c.device.id, callSid: call.providerCallSid, voicemail: 'The kitchen sink is clogged.' });
    expect(await c.caller.phone.simulator.callProgress({ deviceId: c.device.id, callSid: call.providerCallSid })).toMatchObject({ stage: 'leaving_voicemail' });
    await pass(20 * SECOND);
    expect(await onlyCall()).toMatchObject({ status: 'ended', transcript: 'The kitchen sink is clogged.', recordingSeconds: 2, textBackOutcome: 'texted' });
    expect((await outbound())[0]!.body).toContain('The kitchen sink is clogged');
    expect(await c.caller.phone.simulator.callProgress({ deviceId: c.device.id, callSid: call.providerCallSid })).toMatchObject({ stage: 'ended' });
  });

  it('two people answer at once: exactly one wins, the other is told who has it', async () => {
    const c = await company();
    const lee = await teammate(c.caller);
    const { call } = await ringingCall(c);
    const [dana, other] = await Promise.allSettled([c.caller.calls.answer({ id: call.id }), lee.calls.answer({ id: call.id })]);
    const outcomes = [dana, other].map((r) => r.status);
    expect(outcomes.sort()).toEqual(['fulfilled', 'rejected']);
    const loser = (dana.status === 'rejected' ? dana : other) as PromiseRejectedResult;
    expect(loser.reason).toMatchObject({ code: 'CONFLICT', message: dana.status === 'rejected' ? 'Lee Park already answered this call.' : 'Dana Rivera already answered this call.' });
    expect(await onlyCall()).toMatchObject({ status: 'answered', missed: false });
    // Declining or answering again later: told, nothing changes.
    expect((await trpcErrorOf(lee.calls.decline({ id: call.id }))).code).toBe('CONFLICT');
    await pass(30 * SECOND);
    expect(await onlyCall()).toMatchObject({ status: 'answered', missed: false });
  });

  it('the ring timeout and an answer at the same moment: one result, never both', async () => {
    const c = await company();
    const { call } = await ringingCall(c);
    t.deps.clock.advance(20 * SECOND);
    const [answer] = await Promise.allSettled([c.caller.calls.answer({ id: call.id }), t.deps.queue.drain()]);
    await t.deps.queue.drain();
    const row = await onlyCall();
    if (answer.status === 'fulfilled') expect(row).toMatchObject({ status: 'answered', missed: false, textBackOutcome: 'not_needed' });
    else expect(row).toMatchObject({ missed: true, missedReason: 'no_answer' });
    await pass(30 * SECOND);
    expect(await outbound()).toHaveLength(answer.status === 'fulfilled' ? 0 : 1);
  });

  it('the caller hangs up while it rings: missed (caller hung up), the card goes, the timeout does nothing', async () => {
    const c = await company();
    const { call } = await ringingCall(c, true);
    await pass(6 * SECOND);
    await c.caller.phone.simulator.hangUp({ deviceId: c.device.id, callSid: call.providerCallSid });
    expect(await onlyCall()).toMatchObject({ missed: true, missedReason: 'caller_hung_up', status: 'ended' });
    expect(await c.caller.calls.ringing()).toEqual([]);
    await pass(30 * SECOND);
    expect(await onlyCall()).toMatchObject({ missedReason: 'caller_hung_up', recordingSeconds: null });
  });

  it('a live caller who neither speaks nor hangs up is cut off at the voicemail’s maximum length', async () => {
    const c = await company();
    await c.caller.missedCalls.settings.update({ voicemailMaxSeconds: 30 });
    const { call } = await ringingCall(c, true);
    await pass(20 * SECOND);
    expect(await onlyCall()).toMatchObject({ status: 'voicemail', missedReason: 'no_answer' });
    await pass(8 * SECOND + 29 * SECOND);
    expect(await onlyCall()).toMatchObject({ status: 'voicemail' });
    await pass(1 * SECOND);
    expect(await onlyCall()).toMatchObject({ status: 'ended' });
    expect((await trpcErrorOf(c.caller.phone.simulator.leaveVoicemail({ deviceId: c.device.id, callSid: call.providerCallSid, voicemail: 'Too late' }))).code).toBe('PRECONDITION_FAILED');
  });

  it('mode b: every call is already missed, so nothing rings in the app', async () => {
    const c = await company('owner@ring.test', { routingMode: 'forwarded_missed' });
    const { placed, call } = await ringingCall(c);
    expect(placed).toMatchObject({ route: 'voicemail', ringsUntil: null });
    expect(call).toMatchObject({ missed: true, missedReason: 'forwarded' });
    expect(await c.caller.calls.ringing()).toEqual([]);
    expect((await trpcErrorOf(c.caller.calls.answer({ id: call.id }))).code).toBe('CONFLICT');
  });

  it('another company’s call or test phone: NOT_FOUND for every action', async () => {
    const c = await company();
    const { call } = await ringingCall(c, true);
    const other = callerFor(t.deps, { authToken: await signUp(t.deps, { email: 'owner@other.test', companyName: 'Other Co', signupPhone: null }) });
    // One at a time (thunks): a second call started before the first is awaited could reject with nobody listening.
    for (const attempt of [() => other.calls.answer({ id: call.id }), () => other.calls.decline({ id: call.id }), () => other.calls.end({ id: call.id })]) {
      expect((await trpcErrorOf(attempt())).code).toBe('NOT_FOUND');
    }
    const ref = { deviceId: c.device.id, callSid: call.providerCallSid };
    for (const attempt of [() => other.phone.simulator.callProgress(ref), () => other.phone.simulator.hangUp(ref), () => other.phone.simulator.leaveVoicemail({ ...ref, voicemail: 'Hi' })]) {
      expect((await trpcErrorOf(attempt())).code).toBe('NOT_FOUND');
    }
    expect(await other.calls.ringing()).toEqual([]);
    expect(await onlyCall()).toMatchObject({ status: 'ringing' });
  });
});
