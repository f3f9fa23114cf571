import { beforeEach, describe, expect, it } from 'vitest';
import type { FlowGraph } from '@contracts/flows';
import { MINUTE } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp } from '@server/testing/test-app';
import { businessWithNumber, textTheBusiness } from '@server/testing/business';
import { flowTexts } from '@server/testing/flows';
import { replayGraph } from './replay.service';

/** Issue 23 item 5: a changed flow replayed over past conversations before it is published; nothing sent. */
const t = setUpTestApp();

beforeEach(() => {
  t.deps.clock.set(Date.parse('2026-11-23T18:00:00Z'));
});

const V1: FlowGraph = {
  trigger: { type: 'lead_created', sources: ['sms'] },
  start: 'hello',
  steps: [
    { id: 'hello', type: 'send_sms', body: 'Hi {first_name}! What is the address?', next: 'reply' },
    { id: 'reply', type: 'wait_for_reply', minutes: 60, replied: null, timeout: 'nudge' },
    { id: 'nudge', type: 'send_sms', body: 'Still there?', next: null },
  ],
};

describe('replay', () => {
  it('walks a graph over what was recorded: a reply in time takes the replied way, a late one the timeout', () => {
    const anchorAt = new Date('2026-11-23T18:00:00Z');
    const base = { anchorAt, optedOutAt: null, status: 'new', answers: {}, merge: { contact: { firstName: 'Dana', lastName: null }, businessName: 'Acme', businessPhone: null, senderFirstName: 'Acme' } };
    expect(replayGraph(V1, { ...base, inbound: [{ at: new Date(anchorAt.getTime() + 30 * MINUTE), body: '12 Oak St' }] })).toEqual({ texts: ['Hi Dana! What is the address?'], actions: [] });
    expect(replayGraph(V1, { ...base, inbound: [{ at: new Date(anchorAt.getTime() + 90 * MINUTE), body: '12 Oak St' }] }).texts).toEqual(['Hi Dana! What is the address?', 'Still there?']);
    expect(replayGraph(V1, { ...base, optedOutAt: anchorAt, inbound: [] })).toEqual({ texts: [], actions: ['stopped: they had opted out'] });
  });

  it('compares the draft with the published version over the flow’s last runs, sends nothing, and is scoped to the company', async () => {
    const s = await businessWithNumber(t.deps);
    const caller = callerFor(s.deps, { authToken: s.token });
    let flow = await caller.flows.create({ name: 'Welcome', template: 'blank' });
    flow = await caller.flows.saveDraft({ id: flow.id, expectedVersion: flow.version, name: 'Welcome', graph: V1 });
    flow = await caller.flows.publish({ id: flow.id, expectedVersion: flow.version });
    await textTheBusiness(s, '+14155550101', 'Hi, leaking tap');
    t.deps.clock.advance(10 * MINUTE);
    await textTheBusiness(s, '+14155550101', '12 Oak St');
    t.deps.clock.advance(MINUTE);
    await textTheBusiness(s, '+14155550102', 'Hi, no hot water');
    t.deps.clock.advance(2 * 60 * MINUTE);
    await s.deps.queue.drain();
    const textsBefore = await flowTexts(s);
    // The draft changes the nudge: only the person who never answered would have got something else.
    const changed = { ...V1, steps: V1.steps.map((step) => (step.id === 'nudge' ? { ...step, body: 'Still need a hand?' } : step)) };
    flow = await caller.flows.saveDraft({ id: flow.id, expectedVersion: flow.version, name: 'Welcome', graph: changed });
    const replay = await caller.flows.replay({ id: flow.id });
    expect(replay).toMatchObject({ compared: 2, same: 1, basis: 'runs', publishedNumber: 1 });
    expect(replay.changed).toEqual([
      expect.objectContaining({ phone: '+14155550102', before: { texts: ['Hi there! What is the address?', 'Still there?'], actions: [] }, after: { texts: ['Hi there! What is the address?', 'Still need a hand?'], actions: [] } }),
    ]);
    await s.deps.queue.drain();
    expect(await flowTexts(s)).toEqual(textsBefore);
    const other = await businessWithNumber(t.deps);
    await expect(callerFor(other.deps, { authToken: other.token }).flows.replay({ id: flow.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
