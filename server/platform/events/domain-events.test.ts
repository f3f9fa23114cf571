import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@contracts/events';
import { domainEvents, jobs } from '@server/platform/db/schema';
import { callerFor, createTestDeps, setUpTestApp, signUp } from '@server/testing/test-app';
import type { CompanyEvent } from '@server/platform/realtime/event-bus';
import { DISPATCH_QUEUE, transactionWithEvents, type RecordedEvent } from './domain-events';

const t = setUpTestApp();

/** A company whose customer texted in once (one lead, one thread). */
async function companyWithLead() {
  const token = await signUp(t.deps, { email: 'owner@events.test', companyName: 'Events Co', signupPhone: null });
  const caller = callerFor(t.deps, { authToken: token });
  await caller.phone.useSimulator();
  const device = await caller.phone.simulator.addDevice({ phone: null });
  await caller.phone.simulator.send({ deviceId: device.id, body: 'Water heater is leaking', mediaUrls: [] });
  await t.deps.queue.drain();
  const { items } = await caller.leads.list({ page: 1, pageSize: 25 });
  return { token, lead: items[0]! };
}

describe('durable domain events', () => {
  it('an event committed before the process died reaches its consumers after a restart, once', async () => {
    const { token, lead } = await companyWithLead();
    // The change commits with its event and dispatch job; the process "dies" before the job runs (no drain).
    await callerFor(t.deps, { authToken: token }).leads.update({ id: lead.id, status: 'qualified' });
    const [stored] = await t.deps.db.select().from(domainEvents).where(eq(domainEvents.type, 'lead.status_changed'));
    expect(stored).toMatchObject({ data: { leadId: lead.id, from: 'new', to: 'qualified' }, dispatchedAt: null });

    // A new process on the same database: fresh queue, dispatcher and bus, with a consumer listening.
    const restarted = createTestDeps(t.database.db);
    const received: RecordedEvent[] = [];
    restarted.events.subscribe('test-consumer', (recorded) => void received.push(recorded));
    const live: CompanyEvent[] = [];
    restarted.bus.subscribe(stored!.companyId, (event) => live.push(event));

    await restarted.queue.drain();
    const statusChanges = received.filter((r) => r.event.type === 'lead.status_changed');
    expect(statusChanges).toHaveLength(1);
    expect(statusChanges[0]).toMatchObject({ companyId: stored!.companyId, event: { type: 'lead.status_changed', data: { leadId: lead.id, from: 'new', to: 'qualified' } } });
    expect(live).toContainEqual({ type: 'lead', leadId: lead.id });
    const [after] = await t.deps.db.select().from(domainEvents).where(eq(domainEvents.seq, stored!.seq));
    expect(after!.dispatchedAt).not.toBeNull();

    // Draining again (another instance, a redelivered job) hands nothing on twice.
    await restarted.queue.drain();
    await restarted.events.dispatch([stored!.seq]);
    expect(received.filter((r) => r.event.type === 'lead.status_changed')).toHaveLength(1);
  });

  it('a consumer that fails makes the dispatch retry until it succeeds', async () => {
    const { token, lead } = await companyWithLead();
    let failuresLeft = 2;
    const seen: DomainEvent[] = [];
    t.deps.events.subscribe('flaky', ({ event }) => {
      if (event.type !== 'lead.updated') return;
      if (failuresLeft-- > 0) throw new Error('consumer down');
      seen.push(event);
    });
    await callerFor(t.deps, { authToken: token }).leads.update({ id: lead.id, valueCents: 50_000 });
    for (let i = 0; i < 5 && seen.length === 0; i += 1) {
      await t.deps.queue.drain();
      t.deps.clock.advance(60_000);
    }
    expect(seen).toEqual([{ type: 'lead.updated', data: { leadId: lead.id, fields: ['valueCents'] } }]);
  });

  it('an event whose transaction rolled back never exists', async () => {
    const { lead } = await companyWithLead();
    const before = await t.deps.db.select().from(domainEvents);
    const dispatchJobs = async () => (await t.deps.db.select().from(jobs).where(eq(jobs.queue, DISPATCH_QUEUE))).length;
    const jobsBefore = await dispatchJobs();
    await expect(
      transactionWithEvents(t.deps, async (_tx, events) => {
        events.add(before[0]!.companyId, { type: 'lead.updated', data: { leadId: lead.id, fields: ['summary'] } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.deps.db.select().from(domainEvents)).toHaveLength(before.length);
    expect(await dispatchJobs()).toBe(jobsBefore);
  });
});
