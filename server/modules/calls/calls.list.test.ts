import { describe, expect, it } from 'vitest';
import { SECOND } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { answerDialResult, answerIncomingCall, storeEvent } from './voice.service';

const t = setUpTestApp();

/** Thursday 10:00 in Chicago. */
const THURSDAY_MORNING = Date.parse('2026-11-19T16:00:00Z');

async function company(email: string) {
  t.deps.clock.set(THURSDAY_MORNING);
  const token = await signUp(t.deps, { email, companyName: 'Acme Plumbing', signupPhone: null });
  const caller = callerFor(t.deps, { authToken: token });
  const number = await caller.phone.useSimulator();
  // Mode b: every call that arrives is already missed, a client, a thread and a lead.
  await caller.missedCalls.settings.update({ routingMode: 'forwarded_missed' });
  return { caller, number: number.e164 };
}

/** Moves the fake clock one second at a time, running every job due at each step. */
async function pass(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += SECOND) {
    t.deps.clock.advance(SECOND);
    await t.deps.queue.drain();
  }
}

/** A call through the voice webhooks' own functions: it arrives, the caller hangs up, the text-back goes. */
async function missedCallFrom({ caller, number }: Awaited<ReturnType<typeof company>>, phone: string) {
  const CallSid = `CA-${phone}`;
  await answerIncomingCall(t.deps, { provider: 'simulator', params: { CallSid, From: phone, To: number } });
  await storeEvent(t.deps, 'call_status', { provider: 'simulator', params: { CallSid, CallStatus: 'completed' } });
  await pass(20 * SECOND);
  const [call] = (await caller.calls.list({ limit: 25 })).items.filter((c) => c.from === phone);
  return call!;
}

describe('calls.list for a client’s timeline and a thread', () => {
  it('lists only that client’s / thread’s calls; another company’s (or an unknown) client or thread is NOT_FOUND', async () => {
    const c = await company('owner@timeline.test');
    const { caller } = c;
    const dana = await missedCallFrom(c, '+13125550171');
    const lee = await missedCallFrom(c, '+13125550172');
    expect(dana.contact).not.toBeNull();
    expect(dana.conversationId).not.toBeNull();

    const byClient = await caller.calls.list({ limit: 25, contactId: dana.contact!.id });
    expect(byClient.items.map((c) => c.id)).toEqual([dana.id]);
    expect(byClient.items[0]).toMatchObject({ missed: true, textBack: { outcome: 'texted' } });
    const byThread = await caller.calls.list({ limit: 25, conversationId: lee.conversationId! });
    expect(byThread.items.map((c) => c.id)).toEqual([lee.id]);

    const other = callerFor(t.deps, { authToken: await signUp(t.deps, { email: 'other@timeline.test', companyName: 'Other Co', signupPhone: null }) });
    expect((await trpcErrorOf(other.calls.list({ limit: 25, contactId: dana.contact!.id }))).code).toBe('NOT_FOUND');
    expect((await trpcErrorOf(other.calls.list({ limit: 25, conversationId: dana.conversationId! }))).code).toBe('NOT_FOUND');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await trpcErrorOf(caller.calls.list({ limit: 25, contactId: unknown }))).code).toBe('NOT_FOUND');
    expect((await trpcErrorOf(caller.calls.list({ limit: 25, conversationId: unknown }))).code).toBe('NOT_FOUND');
  });

  it('merging two clients moves the merged one’s calls to the client kept', async () => {
    const c = await company('owner@merge.test');
    const { caller } = c;
    const kept = await missedCallFrom(c, '+13125550181');
    const merged = await missedCallFrom(c, '+13125550182');
    await caller.clients.merge({ keepId: kept.contact!.id, mergeId: merged.contact!.id });

    const calls = await caller.calls.list({ limit: 25, contactId: kept.contact!.id });
    expect(calls.items.map((c) => c.id).sort()).toEqual([kept.id, merged.id].sort());
    // The merged client's thread moved with it, and its call still sits in that thread.
    expect((await caller.calls.list({ limit: 25, conversationId: merged.conversationId! })).items.map((c) => c.id)).toEqual([merged.id]);
    expect((await trpcErrorOf(caller.calls.list({ limit: 25, contactId: merged.contact!.id }))).code).toBe('NOT_FOUND');
  });

  it('a call the team answered from a client’s number is in their timeline and thread too (nothing links an answered call)', async () => {
    const c = await company('owner@answered.test');
    const { caller, number } = c;
    await caller.missedCalls.settings.update({ routingMode: 'ring_then_voicemail', forwardTo: '+14155550123' });
    // The client texted first: a client and a thread on the business number.
    const device = await caller.phone.simulator.addDevice({ phone: '+13125550191' });
    await caller.phone.simulator.send({ deviceId: device.id, body: 'Do you fix dishwashers?', mediaUrls: [] });
    await t.deps.queue.drain();
    const [thread] = (await caller.conversations.list({ filter: 'all', limit: 10 })).items;

    const answered = async (CallSid: string, From: string) => {
      await answerIncomingCall(t.deps, { provider: 'simulator', params: { CallSid, From, To: number } });
      await answerDialResult(t.deps, { provider: 'simulator', params: { CallSid, From, To: number, DialCallStatus: 'completed', DialCallDuration: '42' } });
      await storeEvent(t.deps, 'call_status', { provider: 'simulator', params: { CallSid, CallStatus: 'completed', CallDuration: '50' } });
      await pass(15 * SECOND);
    };
    await answered('CA-answered-client', '+13125550191');
    await answered('CA-answered-stranger', '+13125550192');

    const all = (await caller.calls.list({ limit: 25 })).items;
    expect(all.map((call) => [call.from, call.missed, call.contact])).toEqual([
      ['+13125550192', false, null],
      ['+13125550191', false, null],
    ]);
    const theirs = all[1]!.id;
    expect((await caller.calls.list({ limit: 25, contactId: thread!.contact.id })).items.map((call) => call.id)).toEqual([theirs]);
    expect((await caller.calls.list({ limit: 25, conversationId: thread!.id })).items.map((call) => call.id)).toEqual([theirs]);
  });
});
