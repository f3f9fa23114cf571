import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '@server/platform/db/schema';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { PermanentJobError } from '@server/platform/jobs/job-queue';
import { ALERT_SMS_QUEUE } from '@server/modules/notifications/notify.service';

const t = setUpTestApp();

async function owner(label: string) {
  const token = await signUp(t.deps, { email: `${label}@dead-letters.test`, companyName: `${label} Co`, signupPhone: null });
  const caller = callerFor(t.deps, { authToken: token });
  const me = await caller.getCurrentLoggedInUser();
  return { caller, companyId: me.company.id };
}

describe('dead letters', () => {
  it('lists work that failed for good with its error in plain words, and retries it', async () => {
    const a = await owner('alpha');
    let fixed = false;
    t.deps.queue.register<{ companyId: string }>('test.flaky', async () => {
      if (!fixed) throw new PermanentJobError('The alert number can’t receive texts.');
    });
    t.deps.queue.register('test.internal', async () => {
      throw new Error('insert into "notifications" ("body") values ($1) violates check constraint at /work/server/x.ts:10');
    });
    await t.deps.queue.enqueue(t.deps.db, 'test.flaky', {}, { companyId: a.companyId });
    await t.deps.queue.enqueue(t.deps.db, 'test.internal', {}, { companyId: a.companyId, maxAttempts: 1 });
    await t.deps.queue.enqueue(t.deps.db, ALERT_SMS_QUEUE, { not: 'an alert' }, { companyId: a.companyId });
    await t.deps.queue.drain();

    const list = await a.caller.logs.deadLetters({ page: 1, pageSize: 25 });
    expect(list.total).toBe(3);
    const byKind = Object.fromEntries(list.items.map((i) => [i.kind, i]));
    expect(byKind['Alert text to your phone']!.problem).toMatch(/^invalid alert payload/);
    const internal = list.items.find((i) => i.problem.startsWith('An internal error'))!;
    expect(internal.problem).toBe(`An internal error; the server log has the details under job ${internal.id}.`);
    const flaky = list.items.find((i) => i.problem === 'The alert number can’t receive texts.')!;
    expect(flaky.kind).toBe('Background task');

    fixed = true;
    expect(await a.caller.logs.retryJob({ id: flaky.id })).toEqual({ id: flaky.id, status: 'pending' });
    await t.deps.queue.drain();
    const [row] = await t.deps.db.select().from(jobs).where(eq(jobs.id, flaky.id));
    expect(row!.status).toBe('completed');
    expect((await a.caller.logs.deadLetters({ page: 1, pageSize: 25 })).total).toBe(2);
  });

  it("another company's failed work is NOT_FOUND and not listed", async () => {
    const a = await owner('alpha');
    const b = await owner('beta');
    await t.deps.queue.enqueue(t.deps.db, ALERT_SMS_QUEUE, { not: 'an alert' }, { companyId: a.companyId });
    await t.deps.queue.drain();
    const [failed] = await t.deps.db.select().from(jobs).where(eq(jobs.status, 'failed'));
    expect((await b.caller.logs.deadLetters({ page: 1, pageSize: 25 })).total).toBe(0);
    await expect(b.caller.logs.retryJob({ id: failed!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
