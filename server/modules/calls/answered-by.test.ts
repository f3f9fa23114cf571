import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls, users } from '@server/platform/db/schema';
import { SECOND } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { createSession } from '@server/modules/auth/session.service';
import { answerIncomingCall, storeEvent } from './voice.service';

/** Who answered an in-app call is kept on the call and shown by calls.list / calls.get. */
const t = setUpTestApp();

const THURSDAY_MORNING = Date.parse('2026-11-19T16:00:00Z');
const CALLER = '+13125550140';

async function company(email = 'owner@answered.test') {
  t.deps.clock.set(THURSDAY_MORNING);
  const token = await signUp(t.deps, { email, companyName: 'Acme Plumbing', firstName: 'Dana', lastName: 'Rivera', signupPhone: null });
  const caller = callerFor(t.deps, { authToken: token });
  const number = await caller.phone.useSimulator();
  await caller.missedCalls.settings.update({ routingMode: 'ring_then_voicemail', forwardTo: '+14155550123', ringTimeoutSeconds: 20 });
  const device = await caller.phone.simulator.addDevice({ phone: CALLER });
  return { caller, device, number: number.e164, companyId: (await caller.getCurrentLoggedInUser()).company.id };
}

async function teammate(companyId: string) {
  const [lee] = await t.deps.db
    .insert(users)
    .values({ companyId, email: `lee-${companyId}@answered.test`, firstName: 'Lee', lastName: 'Park', role: 'staff', emailVerifiedAt: t.deps.clock.now() })
    .returning();
  const session = await createSession(t.deps.db, { userId: lee!.id, companyId, kind: 'user', now: t.deps.clock.now(), meta: { ip: null, userAgent: null } });
  return { user: lee!, caller: callerFor(t.deps, { authToken: session.token }) };
}

const onlyCall = async () => (await t.deps.db.select().from(calls))[0]!;

describe('who answered a call', () => {
  it('a teammate answers on the card: stored on the call, "Lee Park" in calls.list and calls.get; another company gets NOT_FOUND', async () => {
    const c = await company();
    const lee = await teammate(c.companyId);
    await c.caller.phone.simulator.placeCall({ deviceId: c.device.id });
    await t.deps.queue.drain();
    const ringing = await onlyCall();
    t.deps.clock.advance(4 * SECOND);
    await lee.caller.calls.answer({ id: ringing.id });
    expect(await onlyCall()).toMatchObject({ status: 'answered', answeredByUserId: lee.user.id });

    t.deps.clock.advance(30 * SECOND);
    await c.caller.calls.end({ id: ringing.id });
    const shown = await c.caller.calls.get({ id: ringing.id });
    expect(shown).toMatchObject({ status: 'ended', missed: false, talkSeconds: 30, answeredBy: { id: lee.user.id, name: 'Lee Park' } });
    expect((await c.caller.calls.list({ limit: 25 })).items[0]).toMatchObject({ id: ringing.id, answeredBy: { id: lee.user.id, name: 'Lee Park' } });

    const other = await company('owner@other-answered.test');
    expect(await trpcErrorOf(other.caller.calls.get({ id: ringing.id }))).toMatchObject({ code: 'NOT_FOUND' });

    // Their account removed: the call stays answered, by nobody we can name.
    await t.deps.db.delete(users).where(eq(users.id, lee.user.id));
    expect(await c.caller.calls.get({ id: ringing.id })).toMatchObject({ status: 'ended', missed: false, answeredBy: null });
  });

  it('answered on a phone (a Dial result without a person), or naming someone of another company: nobody is named', async () => {
    const c = await company();
    const stranger = await company('owner@stranger.test');
    const strangerId = (await stranger.caller.getCurrentLoggedInUser()).user.id;
    for (const [sid, extra] of [
      ['CA-phone', {}],
      ['CA-forged', { LeadLoopAnsweredBy: strangerId }],
      ['CA-garbage', { LeadLoopAnsweredBy: 'not-a-uuid' }],
    ] as const) {
      await answerIncomingCall(t.deps, { provider: 'simulator', params: { CallSid: sid, From: CALLER, To: c.number } });
      await t.deps.queue.drain();
      await storeEvent(t.deps, 'dial', { provider: 'simulator', params: { CallSid: sid, From: CALLER, To: c.number, DialCallStatus: 'completed', DialCallDuration: '12', ...extra } });
      await t.deps.queue.drain();
    }
    const { items } = await c.caller.calls.list({ limit: 25 });
    expect(items).toHaveLength(3);
    for (const item of items) expect(item).toMatchObject({ status: 'answered', missed: false, talkSeconds: 12, answeredBy: null });
  });
});
