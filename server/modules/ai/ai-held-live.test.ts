import { describe, expect, it } from 'vitest';
import { createScriptedAssistant } from '@server/adapters/ai/scripted';
import type { CompanyEvent } from '@server/platform/realtime/event-bus';
import { SECOND } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';

/** Approval mode, live: an open thread hears that a reply was held, so it shows "Waiting for approval" without a reload. */
const t = setUpTestApp();

describe('a held reply reaches open screens', () => {
  it('publishes a conversation event for the thread when the assistant holds a reply', async () => {
    t.deps.clock.set(Date.parse('2026-11-24T16:00:00Z'));
    const token = await signUp(t.deps, { email: 'held@example.test', companyName: 'Held Plumbing', signupPhone: null });
    const caller = callerFor(t.deps, { authToken: token });
    await caller.phone.useSimulator();
    const device = await caller.phone.simulator.addDevice({ phone: null });
    const current = await caller.ai.settings.get();
    await caller.ai.settings.update({ expectedVersion: current.version, enabled: true, approvalMode: true });
    t.deps.ai = createScriptedAssistant([{ action: 'reply', reply: 'We can be there by 3pm today.', promisesTime: true, lead: 'engaging' }]);

    await caller.phone.simulator.send({ deviceId: device.id, body: 'when can you come?', mediaUrls: [] });
    await t.deps.queue.drain();
    const [thread] = (await caller.conversations.list({ filter: 'all', limit: 10 })).items;
    const companyId = (await caller.company.get()).id;
    const live: CompanyEvent[] = [];
    const stop = t.deps.bus.subscribe(companyId, (event) => live.push(event));

    t.deps.clock.advance(8 * SECOND);
    await t.deps.queue.drain();
    stop();
    expect(await caller.ai.drafts.list({ conversationId: thread!.id })).toHaveLength(1);
    expect(live).toContainEqual({ type: 'conversation', conversationId: thread!.id });
  });
});
