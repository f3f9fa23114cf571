import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_SETTINGS } from '@contracts/reviews';
import { flowRuns, flows, leads, messages } from '@server/platform/db/schema';
import { DAY, HOUR, MINUTE } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp } from '@server/testing/test-app';
import { businessWithNumber, textFromTheBusiness, textTheBusiness, type TestBusiness } from '@server/testing/business';
import { flowTexts, publishTestFlow } from '@server/testing/flows';
import type { FlowGraph } from '@contracts/flows';

/**
 * Issue 23: a flow tried with time compressed — only on the company's test phones. "Move time forward" brings their
 * waits and no-reply checks nearer; a real customer's run keeps its time; the editor's "Test" runs the draft on a
 * test phone whether or not the flow is on, and the sandbox is never a version or one of the flow's runs.
 */
const t = setUpTestApp();
const CUSTOMER = '+14155550009';

beforeEach(() => {
  t.deps.clock.set(Date.parse('2026-11-23T18:00:00Z')); // 10:00 Pacific
});

const WAIT_THEN_TEXT: FlowGraph = {
  trigger: { type: 'lead_created', sources: ['sms'] },
  start: 'hello',
  steps: [
    { id: 'hello', type: 'send_sms', body: 'Hi! Got it.', next: 'later' },
    { id: 'later', type: 'wait', minutes: 2 * 24 * 60, from: 'previous', next: 'again' },
    { id: 'again', type: 'send_sms', body: 'Two days later', next: null },
  ],
};

async function withTestPhone(s: TestBusiness) {
  const caller = callerFor(s.deps, { authToken: s.token });
  const device = await caller.phone.simulator.addDevice({ phone: null });
  await caller.phone.simulator.send({ deviceId: device.id, body: 'Hi, I need a plumber', mediaUrls: [] });
  await s.deps.queue.drain();
  return { caller, device };
}

describe('move time forward (test phones only)', () => {
  it('a review request waiting to text a test phone comes sooner; a real customer’s keeps its time', async () => {
    const s = await businessWithNumber(t.deps);
    const { caller } = await withTestPhone(s);
    await textTheBusiness(s, CUSTOMER, 'Hi, I need a plumber too');
    await caller.reviews.settings.set({ ...DEFAULT_REVIEW_SETTINGS, links: [{ id: 'google', site: 'google', url: 'https://g.page/r/acme-test/review' }], primaryLinkId: 'google' });
    for (const lead of await s.deps.db.select().from(leads).where(eq(leads.companyId, s.companyId))) await caller.leads.update({ id: lead.id, status: 'won' });
    await s.deps.queue.drain();
    const reviewTexts = async () => (await s.deps.db.select().from(messages).where(and(eq(messages.companyId, s.companyId), eq(messages.direction, 'outbound')))).filter((m) => m.body.includes('/r/'));
    expect(await reviewTexts()).toHaveLength(0);
    expect(await caller.flows.moveTestTimeForward({ minutes: 2 * HOUR / MINUTE })).toMatchObject({ reviews: 1 });
    await s.deps.queue.drain();
    const sent = await reviewTexts();
    expect(sent.map((m) => m.toNumber)).toHaveLength(1);
    expect(sent[0]!.toNumber).not.toBe(CUSTOMER);
  });

  it('a test phone’s two-day wait is over after moving two days forward; a real customer’s run keeps its time', async () => {
    const s = await businessWithNumber(t.deps);
    await publishTestFlow(s, WAIT_THEN_TEXT);
    const { caller } = await withTestPhone(s);
    await textTheBusiness(s, CUSTOMER, 'Hi, I need a plumber too');
    expect((await flowTexts(s)).filter((body) => body === 'Hi! Got it.')).toHaveLength(2);
    const runs = await s.deps.db.select().from(flowRuns).where(eq(flowRuns.companyId, s.companyId)).orderBy(flowRuns.startedAt);
    expect(runs.map((run) => run.test)).toEqual([true, false]);

    expect(await caller.flows.moveTestTimeForward({ minutes: DAY / MINUTE })).toEqual({ runs: 1, checks: expect.any(Number), reviews: 0 });
    await s.deps.queue.drain();
    expect(await flowTexts(s)).not.toContain('Two days later');
    await caller.flows.moveTestTimeForward({ minutes: DAY / MINUTE });
    await s.deps.queue.drain();
    // (The text after the wait still keeps the one-minute send-lock after the first one: real time, for everyone.)
    t.deps.clock.advance(2 * MINUTE);
    await s.deps.queue.drain();
    const sent = await s.deps.db.select({ to: messages.toNumber, body: messages.body }).from(messages).where(and(eq(messages.companyId, s.companyId), eq(messages.body, 'Two days later')));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).not.toBe(CUSTOMER);
    // The real customer's run still waits; skipping its wait is refused.
    await expect(caller.flows.runs.skipWait({ id: runs[1]!.id })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Only a run on a test phone can skip ahead: a real customer’s waits keep their time.' });
    t.deps.clock.advance(2 * DAY);
    await s.deps.queue.drain();
    expect(await s.deps.db.select().from(messages).where(and(eq(messages.toNumber, CUSTOMER), eq(messages.body, 'Two days later')))).toHaveLength(1);
  });

  it('"skip the wait" ends one test run’s current wait; another company’s run is NOT_FOUND', async () => {
    const s = await businessWithNumber(t.deps);
    await publishTestFlow(s, WAIT_THEN_TEXT);
    const { caller } = await withTestPhone(s);
    const [run] = await s.deps.db.select().from(flowRuns).where(eq(flowRuns.companyId, s.companyId));
    expect((await caller.flows.runs.get({ id: run!.id })).steps.map((step) => [step.stepId, step.outcome])).toEqual([
      ['hello', 'done'],
      ['later', 'waiting'],
    ]);
    await caller.flows.runs.skipWait({ id: run!.id });
    await s.deps.queue.drain();
    t.deps.clock.advance(2 * MINUTE); // the send-lock after the first text
    await s.deps.queue.drain();
    expect(await caller.flows.runs.get({ id: run!.id })).toMatchObject({ status: 'completed', test: true });
    const other = await businessWithNumber(t.deps);
    await expect(callerFor(other.deps, { authToken: other.token }).flows.runs.skipWait({ id: run!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(callerFor(other.deps, { authToken: other.token }).flows.runs.get({ id: run!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('the follow-ups’ first text reaches a test phone when time moves an hour forward', async () => {
    const s = await businessWithNumber(t.deps);
    const { caller, device } = await withTestPhone(s);
    await textFromTheBusiness(s, device.e164, 'Thanks! What’s the address?');
    t.deps.clock.advance(10 * MINUTE);
    await s.deps.queue.drain();
    const followUp = () => s.deps.db.select().from(messages).where(and(eq(messages.companyId, s.companyId), eq(messages.author, 'flow')));
    expect(await followUp()).toHaveLength(0);
    expect((await caller.flows.moveTestTimeForward({ minutes: HOUR / MINUTE })).checks).toBeGreaterThanOrEqual(1);
    await s.deps.queue.drain();
    const sent = await followUp();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.toNumber).toBe(device.e164);
  });
});

describe('the editor’s Test', () => {
  it('runs the draft on a test phone while the flow is off; never a version, never one of the flow’s runs', async () => {
    const s = await businessWithNumber(t.deps);
    const caller = callerFor(s.deps, { authToken: s.token });
    const flow = await caller.flows.create({ name: 'Try me', template: 'blank' });
    const device = await caller.phone.simulator.addDevice({ phone: null });
    await expect(caller.flows.test({ id: flow.id, deviceId: device.id })).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });
    await caller.phone.simulator.send({ deviceId: device.id, body: 'Hello', mediaUrls: [] });
    await s.deps.queue.drain();
    const { runId } = await caller.flows.test({ id: flow.id, deviceId: device.id });
    await s.deps.queue.drain();
    expect(await caller.flows.runs.get({ id: runId })).toMatchObject({ status: 'completed', test: true });
    expect(await flowTexts(s)).toEqual([expect.stringMatching(/^Hi there, thanks for reaching out to /)]);
    const [row] = await s.deps.db.select().from(flows).where(eq(flows.id, flow.id));
    expect(row!.status).toBe('paused');
    expect((await caller.flows.get({ id: flow.id })).versions).toEqual([]);
    const listed = (await caller.flows.list()).find((item) => item.id === flow.id);
    expect(listed?.runs).toEqual({ active: 0, completed: 0, stopped: 0 });
    // A draft with a problem is not tried; another company's flow or phone is NOT_FOUND.
    const broken = await caller.flows.saveDraft({ id: flow.id, expectedVersion: (await caller.flows.get({ id: flow.id })).version, name: 'Try me', graph: { ...flow.draft, steps: [{ ...flow.draft.steps[0]!, body: '' } as never] } });
    await expect(caller.flows.test({ id: flow.id, deviceId: device.id })).rejects.toMatchObject({ message: 'Fix this before testing: “text”: The text cannot be empty.' });
    void broken;
    const other = await businessWithNumber(t.deps);
    const otherCaller = callerFor(other.deps, { authToken: other.token });
    await expect(otherCaller.flows.test({ id: flow.id, deviceId: device.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
