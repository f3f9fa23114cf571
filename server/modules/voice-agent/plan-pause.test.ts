import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLANS } from '@contracts/billing';
import { companies, users, voiceAgentCalls } from '@server/platform/db/schema';
import { DAY } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { answerIncomingCall } from '@server/modules/calls/voice.service';

/**
 * AI call answering under the plan's soft landing (issue 28 item 2, decision 0052): a call the assistant answers is
 * an AI conversation on the meter; past the AI conversations limit, after the trial or a cancellation the assistant
 * does not pick up — the call goes the missed-call way — and the Basic tab says why in words.
 */
const t = setUpTestApp({ planLimits: 'enforce' });
const CALLER = '+13125550171';
/** Thursday 10:00 in Chicago. */
const THURSDAY_MORNING = Date.parse('2026-11-19T16:00:00Z');
const BASIC = { expectedVersion: 0, enabled: true, answerMode: 'ai_first' as const, ringSeconds: 15, hours: 'always' as const, windows: [], greeting: 'Thanks for calling {business_name}!', recordCalls: false, recordingDisclosure: 'This call is recorded.', voice: 'polly-joanna' as const };

async function company(email: string) {
  t.deps.clock.set(THURSDAY_MORNING);
  const token = await signUp(t.deps, { email, companyName: 'Acme Plumbing', signupPhone: null });
  const caller = callerFor(t.deps, { authToken: token });
  const number = await caller.phone.useSimulator();
  const [user] = await t.deps.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, email)).limit(1);
  await caller.voiceAgent.settings.saveBasic(BASIC);
  return { caller, number: number.e164, companyId: user!.companyId };
}

const call = (to: string, sid: string) => answerIncomingCall(t.deps, { provider: 'simulator', params: { CallSid: sid, From: CALLER, To: to }, aiAnswers: true });

describe('AI call answering and the plan', () => {
  it('counts each call the assistant talked in as an AI conversation', async () => {
    const c = await company('meter@plan.test');
    expect((await c.caller.billing.get()).usage.aiConversations).toBe(0);
    expect((await call(c.number, 'SIM-PLAN-1')).aiAnswered).toBe(true);
    // Answered but not yet connected: nothing was said, nothing counted.
    expect((await c.caller.billing.get()).usage.aiConversations).toBe(0);
    await t.deps.db.update(voiceAgentCalls).set({ connectedAt: t.deps.clock.now() }).where(eq(voiceAgentCalls.providerCallSid, 'SIM-PLAN-1'));
    expect((await c.caller.billing.get()).usage.aiConversations).toBe(1);
  });

  it('does not pick up once the AI conversations are used: the call goes the missed-call way and the tab says why', async () => {
    const c = await company('limit@plan.test');
    const limit = PLANS.trial.limits.aiConversations;
    // `limit` calls the assistant already talked in this period.
    const first = await call(c.number, 'SIM-USED-0');
    expect(first.aiAnswered).toBe(true);
    const [row] = await t.deps.db.select().from(voiceAgentCalls).where(eq(voiceAgentCalls.providerCallSid, 'SIM-USED-0'));
    const now = t.deps.clock.now();
    await t.deps.db.update(voiceAgentCalls).set({ connectedAt: now }).where(eq(voiceAgentCalls.id, row!.id));
    const { id: _id, providerCallSid: _sid, ...rest } = row!;
    await t.deps.db.insert(voiceAgentCalls).values(Array.from({ length: limit - 1 }, (_, i) => ({ ...rest, providerCallSid: `SIM-USED-${i + 1}`, connectedAt: now })));

    const paused = await call(c.number, 'SIM-OVER');
    expect(paused.aiAnswered).toBeUndefined();
    expect(paused.twiml).not.toContain('ConversationRelay');
    const settings = await c.caller.voiceAgent.settings.get();
    expect(settings.now.answering).toBe(false);
    expect(settings.now.why).toContain(`includes ${limit} AI conversations a period and they are used`);
    expect(settings.now.why).toContain('missed-call way');
  });

  it('does not pick up after the trial ended or a cancellation, and picks up again on a plan', async () => {
    const c = await company('trial@plan.test');
    t.deps.clock.advance(15 * DAY);
    expect((await call(c.number, 'SIM-TRIAL-OVER')).aiAnswered).toBeUndefined();
    expect((await c.caller.voiceAgent.settings.get()).now.why).toMatch(/^Paused: your free trial ended on /);

    await c.caller.billing.changePlan({ plan: 'starter' });
    expect((await call(c.number, 'SIM-ON-PLAN')).aiAnswered).toBe(true);

    await t.deps.db.update(companies).set({ plan: 'cancelled' }).where(eq(companies.id, c.companyId));
    expect((await call(c.number, 'SIM-CANCELLED')).aiAnswered).toBeUndefined();
    expect((await c.caller.voiceAgent.settings.get()).now.why).toMatch(/^Paused: your subscription is cancelled/);
  });
});
