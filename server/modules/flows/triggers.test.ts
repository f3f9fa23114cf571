import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FlowGraph } from '@contracts/flows';
import { contacts, flowRuns, flowRunSteps, flowTriggerLog, leads, users } from '@server/platform/db/schema';
import { HOUR, MINUTE } from '@server/platform/lib/clock';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callerFor, setUpTestApp } from '@server/testing/test-app';
import { businessWithNumber, type TestBusiness, textTheBusiness } from '@server/testing/business';
import { flowTexts, publishTestFlow } from '@server/testing/flows';
import { flowHttpTesting } from './flow-runtime';

/**
 * Issue 23 item 2: custom flows started by domain events, on a fake clock — the right flow once per event, wait for
 * a reply both ways, a run pinned to its version after a new one is published, a paused flow starting nothing.
 */
const t = setUpTestApp();
const CUSTOMER = '+14155550001';

type Setup = TestBusiness;
const company = businessWithNumber;
const inbound = (s: Setup, body: string) => textTheBusiness(s, CUSTOMER, body);

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

const publish = publishTestFlow;
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

  it('branches on the reply, assigns the lead, and calls another tool through the SSRF guard (a private address takes the failed branch)', async () => {
    const received: Array<{ headers: Record<string, unknown>; body: string }> = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    flowHttpTesting.allowAddresses = ['127.0.0.1'];
    try {
      const s = await company(t.deps);
      const [owner] = await s.deps.db.select({ id: users.id }).from(users).where(eq(users.companyId, s.companyId));
      await publish(s, {
        trigger: { type: 'lead_created', sources: ['sms'] },
        start: 'ask',
        steps: [
          { id: 'ask', type: 'send_sms', body: 'Want a free estimate? Reply YES', next: 'wait' },
          { id: 'wait', type: 'wait_for_reply', minutes: 60, replied: 'check', timeout: null },
          { id: 'check', type: 'branch', condition: { field: 'last_reply', contains: 'yes' }, yes: 'owner', no: null },
          { id: 'owner', type: 'assign', userId: owner!.id, next: 'tell-crm' },
          { id: 'tell-crm', type: 'http_request', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, method: 'POST', next: 'metadata', failed: null },
          { id: 'metadata', type: 'http_request', url: 'http://169.254.169.254/latest/meta-data/', method: 'GET', next: null, failed: 'done' },
          { id: 'done', type: 'stop' },
        ],
      });
      await inbound(s, 'Hi, roof leak');
      t.deps.clock.advance(5 * MINUTE);
      await inbound(s, 'Yes please!');
      const [contact] = await s.deps.db.select().from(contacts).where(eq(contacts.companyId, s.companyId));
      const [lead] = await s.deps.db.select().from(leads).where(eq(leads.contactId, contact!.id));
      expect(lead?.assignedUserId).toBe(owner!.id);
      expect(received).toHaveLength(1);
      expect(received[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]+:tell-crm$/);
      expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'flow.step', stepId: 'tell-crm', leadId: lead!.id, contact: { phone: CUSTOMER } });
      const [run] = await runs(s);
      expect(run).toMatchObject({ status: 'completed', stopReason: 'stop_step' });
      const log = await s.deps.db.select().from(flowRunSteps).where(eq(flowRunSteps.runId, run!.id)).orderBy(flowRunSteps.seq);
      expect(log.filter((line) => line.outcome === 'done').map((line) => [line.stepId, line.detail])).toEqual([
        ['ask', 'Sent'],
        ['wait', 'They replied'],
        ['check', 'Condition met'],
        ['owner', expect.stringMatching(/^Assigned to /)],
        ['tell-crm', 'Answered 204'],
        ['metadata', expect.stringContaining('not reachable from LeadLoop')],
      ]);
    } finally {
      flowHttpTesting.allowAddresses = [];
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('keeps to the daily cap of automated texts per thread: past it, the next text waits a day instead of going on top', async () => {
    const s = await company(t.deps);
    const { aiSettings } = await import('@server/platform/db/schema');
    const { DEFAULT_AI_SETTINGS } = await import('@contracts/ai');
    await s.deps.db.insert(aiSettings).values({ ...DEFAULT_AI_SETTINGS, companyId: s.companyId, dailyCap: 2 } as never).onConflictDoUpdate({ target: aiSettings.companyId, set: { dailyCap: 2 } });
    await publish(s, {
      trigger: { type: 'lead_created', sources: ['sms'] },
      start: 'one',
      steps: [
        { id: 'one', type: 'send_sms', body: 'One', next: 'gap1' },
        { id: 'gap1', type: 'wait', minutes: 5, from: 'previous', next: 'two' },
        { id: 'two', type: 'send_sms', body: 'Two', next: 'gap2' },
        { id: 'gap2', type: 'wait', minutes: 5, from: 'previous', next: 'three' },
        { id: 'three', type: 'send_sms', body: 'Three', next: null },
      ],
    });
    await inbound(s, 'Hi');
    for (let i = 0; i < 4; i += 1) {
      t.deps.clock.advance(5 * MINUTE);
      await s.deps.queue.drain();
    }
    expect(await flowTexts(s)).toEqual(['One', 'Two']);
    const [run] = await runs(s);
    const waiting = await s.deps.db.select().from(flowRunSteps).where(and(eq(flowRunSteps.runId, run!.id), eq(flowRunSteps.stepId, 'three')));
    expect(waiting[0]?.detail).toBe('Reached 2 automated texts to them in a day: waiting');
    t.deps.clock.advance(24 * HOUR);
    await s.deps.queue.drain();
    expect(await flowTexts(s)).toEqual(['One', 'Two', 'Three']);
  });
});
