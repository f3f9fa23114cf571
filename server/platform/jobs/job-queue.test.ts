import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '@server/platform/db/schema';
import { ManualClock, SECOND } from '@server/platform/lib/clock';
import { createLogger } from '@server/platform/lib/logger';
import { createTestDatabase, type TestDatabase } from '@server/platform/testing/test-database';
import { JobQueue, PermanentJobError } from './job-queue';

let database: TestDatabase;
let clock: ManualClock;
let queue: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.truncateAll();
  clock = new ManualClock();
  queue = new JobQueue({ db: database.db, clock, logger: createLogger('silent') });
});

describe('JobQueue', () => {
  it('as the sole worker, runs at start the jobs a dead process had claimed instead of waiting out their lease', async () => {
    const seen: string[] = [];
    const register = (q: JobQueue) =>
      q.register('test.orphan', async () => {
        seen.push('ran');
      });
    register(queue);
    await queue.enqueue(database.db, 'test.orphan', {});
    // A process claims the job and dies (its lease runs 5 minutes).
    await database.db.update(jobs).set({ status: 'active', attempts: 1, lockedUntil: new Date(clock.now().getTime() + 5 * 60 * SECOND) });
    const shared = new JobQueue({ db: database.db, clock, logger: createLogger('silent') });
    register(shared);
    expect(await shared.drain()).toBe(0); // another process may still be running it: wait for the lease

    const sole = new JobQueue({ db: database.db, clock, logger: createLogger('silent'), soleWorker: true, pollIntervalMs: 10 });
    register(sole);
    sole.start();
    await expect.poll(() => seen, { timeout: 5_000 }).toEqual(['ran']);
    await sole.stop();
    const [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it('runs a job enqueued in a committed transaction, and nothing from a rolled-back one', async () => {
    const seen: unknown[] = [];
    queue.register<{ n: number }>('test.work', async (job) => {
      seen.push(job.payload.n);
    });
    await database.db.transaction(async (tx) => {
      await queue.enqueue(tx, 'test.work', { n: 1 });
    });
    await database.db
      .transaction(async (tx) => {
        await queue.enqueue(tx, 'test.work', { n: 2 });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await queue.drain()).toBe(1);
    expect(seen).toEqual([1]);
    const [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'completed', attempts: 1 });
  });

  it('waits for run_at', async () => {
    const seen: string[] = [];
    queue.register('test.later', async () => {
      seen.push('ran');
    });
    await queue.enqueue(database.db, 'test.later', {}, { runAt: new Date(clock.now().getTime() + 60 * SECOND) });
    expect(await queue.drain()).toBe(0);
    clock.advance(60 * SECOND);
    expect(await queue.drain()).toBe(1);
    expect(seen).toEqual(['ran']);
  });

  it('retries a failing job with backoff, then marks it failed after max attempts', async () => {
    let calls = 0;
    queue.register(
      'test.flaky',
      async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
      { retryDelayMs: (attempt) => attempt * 10 * SECOND },
    );
    await queue.enqueue(database.db, 'test.flaky', {}, { maxAttempts: 3 });
    await queue.drain();
    let [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'boom 1' });
    expect(row!.runAt.getTime() - clock.now().getTime()).toBe(10 * SECOND);

    clock.advance(10 * SECOND);
    await queue.drain();
    clock.advance(20 * SECOND);
    await queue.drain();
    [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom 3' });
    clock.advance(3600 * SECOND);
    expect(await queue.drain()).toBe(0);
    expect(calls).toBe(3);
  });

  it('fails a job at once on a PermanentJobError', async () => {
    queue.register('test.bad', async () => {
      throw new PermanentJobError('bad payload');
    });
    await queue.enqueue(database.db, 'test.bad', {}, { maxAttempts: 5 });
    await queue.drain();
    const [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: 'bad payload' });
  });

  it('records a failure whose error quotes a NUL (what failed to store): the job is retried, then failed, with its error readable', async () => {
    queue.register('test.nul', async () => {
      throw new Error('Failed query: insert … params: Water\u0000 heater');
    });
    const id = (await queue.enqueue(database.db, 'test.nul', {}, { maxAttempts: 2 }))!;
    await queue.drain();
    const [retried] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(retried).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Failed query: insert … params: Water heater' });
    clock.advance(60 * SECOND);
    await queue.drain();
    const [failed] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(failed).toMatchObject({ status: 'failed', attempts: 2, lastError: 'Failed query: insert … params: Water heater' });
  });

  it('claims again a job whose worker died (lease expired): at-least-once', async () => {
    let calls = 0;
    queue.register('test.lease', async () => {
      calls += 1;
    }, { leaseMs: 30 * SECOND });
    const id = await queue.enqueue(database.db, 'test.lease', {});
    // Simulate a worker that claimed the job and crashed.
    await database.db.update(jobs).set({ status: 'active', attempts: 1, lockedUntil: new Date(clock.now().getTime() + 30 * SECOND) }).where(eq(jobs.id, id!));
    expect(await queue.drain()).toBe(0);
    clock.advance(31 * SECOND);
    expect(await queue.drain()).toBe(1);
    expect(calls).toBe(1);
    const [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it('keeps one pending job per singleton key', async () => {
    queue.register('test.single', async () => undefined);
    expect(await queue.enqueue(database.db, 'test.single', {}, { singletonKey: 'k' })).toEqual(expect.any(String));
    expect(await queue.enqueue(database.db, 'test.single', {}, { singletonKey: 'k' })).toBeNull();
    await queue.drain();
    expect(await queue.enqueue(database.db, 'test.single', {}, { singletonKey: 'k' })).toEqual(expect.any(String));
  });

  it('deletes the row of a sensitive job once done', async () => {
    queue.register('test.secret', async () => undefined, { deleteOnComplete: true });
    await queue.enqueue(database.db, 'test.secret', { code: '123456' });
    await queue.drain();
    expect(await database.db.select().from(jobs)).toHaveLength(0);
  });

  it('runs jobs in the background once started, and stop() waits for the running one', async () => {
    const realQueue = new JobQueue({ db: database.db, clock, logger: createLogger('silent'), pollIntervalMs: 20 });
    let finished = false;
    let started!: () => void;
    const startedPromise = new Promise<void>((resolve) => (started = resolve));
    realQueue.register('test.bg', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished = true;
    });
    await realQueue.enqueue(database.db, 'test.bg', {});
    realQueue.start();
    await startedPromise;
    await realQueue.stop();
    expect(finished).toBe(true);
  });
});

describe('JobQueue rescheduling', () => {
  it('runs a rescheduled job again at the new time without counting an attempt', async () => {
    const { RescheduleJob } = await import('./job-queue');
    let calls = 0;
    queue.register('test.paced', async () => {
      calls += 1;
      if (calls === 1) throw new RescheduleJob(new Date(clock.now().getTime() + 1000));
    });
    await queue.enqueue(database.db, 'test.paced', {}, { maxAttempts: 1 });
    await queue.drain();
    let [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    clock.advance(1000);
    await queue.drain();
    [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'completed', attempts: 1 });
    expect(calls).toBe(2);
  });
});

describe('JobQueue rescheduling within the handler’s transaction', () => {
  it('a job put back in its own transaction is left pending (attempt not counted), and an advance right after still moves it earlier', async () => {
    const { RescheduleJob } = await import('./job-queue');
    const later = () => new Date(clock.now().getTime() + 100 * SECOND);
    let runs = 0;
    // Each handler waits 100 s; its wait ends (an advance to now) after its transaction, before the queue stores anything.
    const register = (queueName: string, inTransaction: boolean) =>
      queue.register(queueName, async (job) => {
        runs += 1;
        if (runs > 1) return;
        const waiting = await database.db.transaction(async (tx) => (inTransaction ? queue.rescheduleWithin(tx, job, later()) : new RescheduleJob(later())));
        await queue.advance(database.db, queueName, 'k', clock.now());
        throw waiting;
      });

    register('test.within', true);
    await queue.enqueue(database.db, 'test.within', {}, { singletonKey: 'k', maxAttempts: 1 });
    await queue.drain();
    // Ran twice in one drain: the advance found the job pending and moved it to now.
    expect(runs).toBe(2);
    const [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'completed', attempts: 1 });

    // The same with the wait stored by the queue after the handler: the advance finds the job running and is lost.
    await database.truncateAll();
    runs = 0;
    register('test.after', false);
    await queue.enqueue(database.db, 'test.after', {}, { singletonKey: 'k', maxAttempts: 1 });
    await queue.drain();
    expect(runs).toBe(1);
    const [late] = await database.db.select().from(jobs);
    expect(late).toMatchObject({ status: 'pending', attempts: 0, runAt: later() });
  });
});
