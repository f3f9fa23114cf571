import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FlowGraph } from '@contracts/flows';
import { contacts, flowRuns, flows, flowTriggerLog, flowVersions, leads, messages, users } from '@server/platform/db/schema';
import { HOUR, MINUTE } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp, type TestDeps } from '@server/testing/test-app';
import { recordInboundEvent } from '@server/modules/telephony/provider-events.service';
import { allocateSimulatedNumber, setActiveNumber } from '@server/modules/phone-numbers/active-number';

/**
 * Issue 23 item 2: custom flows started by domain events, on a fake clock — the right flow once per event, wait for
 * a reply both ways, a run pinned to its version after a new one is published, a paused flow starting nothing.
 */
const t = setUpTestApp();
const CUSTOMER = '+14155550001';

interface Setup {
  deps: TestDeps;
  companyId: string;
  business: string;
  token: string;
}

async function company(deps: TestDeps): Promise<Setup> {
  const email = `owner-${Math.random().toString(36).slice(2)}@example.test`;
  const token = await signUp(deps, { email });
  const [row] = await deps.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, email)).limit(1);
  const companyId = row!.companyId;
  const business = await deps.db.transaction(async (tx) => {
    const e164 = await allocateSimulatedNumber(tx, companyId);
    await setActiveNumber(tx, { companyId, e164, provider: 'simulator', providerSid: null, now: deps.clock.now() });
    return e164;
  });
  return { deps, companyId, business, token };
}

let sid = 0;
async function inbound(s: Setup, body: string) {
  sid += 1;
  await recordInboundEvent(s.deps, { provider: 'simulator', kind: 'sms', eventKey: `SMTR${sid}`, payload: { MessageSid: `SMTR${sid}`, From: CUSTOMER, To: s.business, Body: body } });
  await s.deps.queue.drain();
}

const GRAPH: FlowGraph = {
  trigger: { type: 'lead_created', sources: ['sms'] },
  start: 'hello',
  steps: [
    { id: 'hello', type: 'send_sms', body: 'Thanks {first_name}! What is the address?', next: 'reply' },
    { id: 'reply', type: 'wait_for_reply', minutes: 60, replied: 'engaged', timeout: 'nudge' },
    { id: 'engaged', type: 'set_status', status: 'engaging', next: null },
    { id: 'nudge', type: 'send_sms', body: 'Still there?', next: null },
  ],
};

/** A published custom flow (the editor will write these; here straight into the tables). */
async function publish(s: Setup, graph: FlowGraph, status: 'active' | 'paused' = 'active', existing?: string) {
  const now = s.deps.clock.now();
  const flowId =
    existing ??
    (await s.deps.db.insert(flows).values({ companyId: s.companyId, kind: 'custom', name: 'New SMS lead', status, createdAt: now, updatedAt: now }).returning({ id: flows.id }))[0]!.id;
  const count = (await s.deps.db.select().from(flowVersions).where(eq(flowVersions.flowId, flowId))).length;
  const [version] = await s.deps.db.insert(flowVersions).values({ companyId: s.companyId, flowId, number: count + 1, graph, createdAt: now }).returning({ id: flowVersions.id });
  await s.deps.db.update(flows).set({ publishedVersionId: version!.id, status }).where(eq(flows.id, flowId));
  return flowId;
}

const flowTexts = async (s: Setup) => (await s.deps.db.select().from(messages).where(and(eq(messages.companyId, s.companyId), eq(messages.author, 'flow'))).orderBy(messages.seq)).map((m) => m.body);
const runs = (s: Setup) => s.deps.db.select().from(flowRuns).where(eq(flowRuns.companyId, s.companyId));

beforeEach(() => {
  t.deps.clock.set(Date.parse('2026-11-23T18:00:00Z')); // 10:00 Pacific
});

describe('custom flows started by events', () => {
  it('a new SMS lead starts the flow once: its text goes, a reply takes the "replied" branch and sets the status', async () => {
    const s = await company(t.deps);
    await publish(s, GRAPH);
    await inbound(s, 'Hi, my furnace is out');
    expect(await flowTexts(s)).toEqual(['Thanks there! What is the address?']);
    t.deps.clock.advance(5 * MINUTE);
    await inbound(s, '12 Oak St');
    const [contact] = await s.deps.db.select().from(contacts).where(eq(contacts.companyId, s.companyId));
    const [lead] = await s.deps.db.select().from(leads).where(eq(leads.contactId, contact!.id));
    expect(lead?.status).toBe('engaging');
    expect((await runs(s))[0]).toMatchObject({ status: 'completed' });
    expect(await flowTexts(s)).toHaveLength(1);
  });

  it('no reply in time takes the "timeout" branch; a run keeps its version after a new one is published', async () => {
    const s = await company(t.deps);
    const flowId = await publish(s, GRAPH);
    await inbound(s, 'Hi, need a plumber');
    await publish(s, { ...GRAPH, steps: GRAPH.steps.map((step) => (step.id === 'nudge' ? { ...step, body: 'Version two nudge' } : step)) }, 'active', flowId);
    t.deps.clock.advance(59 * MINUTE);
    await s.deps.queue.drain();
    expect(await flowTexts(s)).toHaveLength(1);
    t.deps.clock.advance(MINUTE);
    await s.deps.queue.drain();
    expect(await flowTexts(s)).toEqual(['Thanks there! What is the address?', 'Still there?']);
    expect((await runs(s))[0]).toMatchObject({ status: 'completed' });
  });

  it('a lead from another source, or a paused flow, starts nothing; a status change starts the flow that names it', async () => {
    const s = await company(t.deps);
    await publish(s, { ...GRAPH, trigger: { type: 'lead_created', sources: ['form'] } });
    await publish(s, GRAPH, 'paused');
    await publish(s, { trigger: { type: 'status_changed', to: ['won'] }, start: 'thanks', steps: [{ id: 'thanks', type: 'send_sms', body: 'Thanks for choosing us!', next: null }] });
    await inbound(s, 'Hi, gutters?');
    expect(await runs(s)).toHaveLength(0);
    const [contact] = await s.deps.db.select().from(contacts).where(eq(contacts.companyId, s.companyId));
    const [lead] = await s.deps.db.select().from(leads).where(eq(leads.contactId, contact!.id));
    t.deps.clock.advance(HOUR);
    await callerFor(s.deps, { authToken: s.token }).leads.update({ id: lead!.id, status: 'won' });
    await s.deps.queue.drain();
    expect(await flowTexts(s)).toContain('Thanks for choosing us!');
    const log = await s.deps.db.select().from(flowTriggerLog).where(eq(flowTriggerLog.companyId, s.companyId));
    expect(log.map((line) => line.outcome)).toEqual(['started']);
  });
});
