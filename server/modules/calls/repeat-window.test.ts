import { describe, expect, it } from 'vitest';
import { textBackReasonWords } from '@contracts/call';
import { HOUR, SECOND } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { answerIncomingCall, storeEvent } from './voice.service';

const t = setUpTestApp();

/** Thursday 10:00 in Chicago. */
const THURSDAY_MORNING = Date.parse('2026-11-19T16:00:00Z');
const CALLER = '+13125550181';

async function pass(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += SECOND) {
    t.deps.clock.advance(SECOND);
    await t.deps.queue.drain();
  }
}

let sid = 0;
/** A call through the voice webhooks' own functions (mode b: missed on arrival); the caller hangs up at once. */
async function missedCall(number: string) {
  const CallSid = `CA-window-${++sid}`;
  await answerIncomingCall(t.deps, { provider: 'simulator', params: { CallSid, From: CALLER, To: number } });
  await storeEvent(t.deps, 'call_status', { provider: 'simulator', params: { CallSid, CallStatus: 'completed' } });
  await pass(20 * SECOND);
}

describe('a repeat caller’s skip reason names the window that applied', () => {
  it('keeps the company’s window on the call (6 h), even after the setting changes; another company cannot read the call', async () => {
    t.deps.clock.set(THURSDAY_MORNING);
    const caller = callerFor(t.deps, { authToken: await signUp(t.deps, { email: 'owner@window.test', companyName: 'Acme Plumbing', signupPhone: null }) });
    const { e164 } = await caller.phone.useSimulator();
    await caller.missedCalls.settings.update({ routingMode: 'forwarded_missed', repeatCallerWindowHours: 6 });

    await missedCall(e164);
    t.deps.clock.advance(2 * HOUR);
    await missedCall(e164);
    const [second, first] = (await caller.calls.list({ limit: 25 })).items;
    expect(first!.textBack).toMatchObject({ outcome: 'texted', reason: null, repeatWindowHours: null });
    expect(second!.textBack).toMatchObject({ outcome: 'skipped', reason: 'repeat_caller', repeatWindowHours: 6 });

    await caller.missedCalls.settings.update({ repeatCallerWindowHours: 24 });
    const again = await caller.calls.get({ id: second!.id });
    expect(again.textBack.repeatWindowHours).toBe(6);
    expect(textBackReasonWords('repeat_caller', again.textBack.repeatWindowHours)).toBe('Already texted back after a call in the last 6 hours');

    const other = callerFor(t.deps, { authToken: await signUp(t.deps, { email: 'other@window.test', companyName: 'Other Co', signupPhone: null }) });
    expect((await trpcErrorOf(other.calls.get({ id: second!.id }))).code).toBe('NOT_FOUND');
  });

  it('words: the last hour, the last N hours, and a call skipped before the window was kept reads without a number', () => {
    expect(textBackReasonWords('repeat_caller', 1)).toBe('Already texted back after a call in the last hour');
    expect(textBackReasonWords('repeat_caller', 12)).toBe('Already texted back after a call in the last 12 hours');
    expect(textBackReasonWords('repeat_caller', null)).toBe('Already texted back after an earlier call');
    expect(textBackReasonWords('opted_out', 12)).toBe('Opted out of texts');
  });
});
