import { and, eq, inArray, sql } from 'drizzle-orm';
import { storableText, storableValue, truncate } from '@contracts/text';
import { type Database, type DbOrTx, queryRows } from '@server/platform/db/database';
import { jobs } from '@server/platform/db/schema';
import type { Clock } from '@server/platform/lib/clock';
import type { Logger } from '@server/platform/lib/logger';

/**
 * A durable job queue in the application's own Postgres (PGlite or a server), so a job can be enqueued in the same
 * transaction as the write that causes it: either both happen or neither does. Workers claim due jobs with
 * `FOR UPDATE SKIP LOCKED` under a lease; a job whose worker died is claimed again when its lease runs out
 * (at-least-once delivery; handlers are written to be idempotent).
 */
export interface JobRecord<P = unknown> {
  id: string;
  queue: string;
  payload: P;
  attempts: number;
  maxAttempts: number;
  companyId: string | null;
}

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** While a job with this key is pending or active in the same queue, another enqueue is a no-op. */
  singletonKey?: string;
  companyId?: string | null;
}

export interface QueueHandlerOptions {
  /** Delay before retry number `attempt` (1-based). Default: exponential from 5 s, capped at 1 h. */
  retryDelayMs?: (attempt: number) => number;
  /** Remove the row (and its payload) once done: for payloads that hold secrets such as sign-in codes. */
  deleteOnComplete?: boolean;
  /** Lease length; a job still running after it may be claimed again. */
  leaseMs?: number;
}

export type JobHandler<P> = (job: JobRecord<P>) => Promise<void>;

/** A failure that retrying cannot fix (bad payload, rejected address): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/**
 * Not a failure: run the job again at `runAt` (pacing, a send window); the attempt is not counted. Stored after the
 * handler returns, so an `advance` while the handler runs is lost: for a wait an event can end early, use
 * `JobQueue.rescheduleWithin`.
 */
export class RescheduleJob extends Error {
  override name = 'RescheduleJob';
  constructor(readonly runAt: Date) {
    super(`rescheduled to ${runAt.toISOString()}`);
  }
}

/**
 * The handler has already put its job back to pending (`JobQueue.rescheduleWithin`, in the transaction that read
 * why it must wait, now committed): the queue leaves the row as it is. The attempt is not counted.
 */
export class RescheduledWithin extends Error {
  override name = 'RescheduledWithin';
  constructor(readonly runAt: Date) {
    super(`rescheduled to ${runAt.toISOString()} in the handler's transaction`);
  }
}

interface Registration {
  handler: JobHandler<unknown>;
  options: Required<Omit<QueueHandlerOptions, 'retryDelayMs'>> & Pick<QueueHandlerOptions, 'retryDelayMs'>;
}

export interface JobQueueOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  concurrency?: number;
  pollIntervalMs?: number;
  /**
   * This process is the only one that can reach the database (the embedded one: PGlite locks its folder). Jobs
   * still marked active when the queue starts were claimed by a process that died (kill -9, power cut): their
   * leases are ended at start, so they run again now instead of after the 5-minute lease.
   */
  soleWorker?: boolean;
}

const DEFAULT_LEASE_MS = 5 * 60 * 1000;

export function defaultRetryDelayMs(attempt: number): number {
  return Math.min(5_000 * 2 ** (attempt - 1), 60 * 60 * 1000);
}

export class JobQueue {
  private readonly registrations = new Map<string, Registration>();
  private readonly running = new Set<Promise<void>>();
  private readonly concurrency: number;
  private readonly pollIntervalMs: number;
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private polling: Promise<void> | null = null;
  private pollAgain = false;

  constructor(private readonly options: JobQueueOptions) {
    this.concurrency = options.concurrency ?? 4;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
  }

  register<P>(queue: string, handler: JobHandler<P>, options: QueueHandlerOptions = {}): void {
    this.registrations.set(queue, {
      handler: handler as JobHandler<unknown>,
      options: {
        deleteOnComplete: options.deleteOnComplete ?? false,
        leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
        retryDelayMs: options.retryDelayMs,
      },
    });
  }

  /** Adds a job. Pass the transaction of the write that causes it. Returns the id, or null for a singleton duplicate. */
  async enqueue<P>(executor: DbOrTx, queue: string, payload: P, options: EnqueueOptions = {}): Promise<string | null> {
    const [id] = await this.enqueueMany(executor, [{ queue, payload, options }]);
    return id ?? null;
  }

  /**
   * Adds several jobs in one statement (a group commit's batch). Returns the ids of the jobs added, in no
   * particular order (singleton duplicates add none).
   */
  async enqueueMany(executor: DbOrTx, entries: readonly { queue: string; payload: unknown; options?: EnqueueOptions }[]): Promise<string[]> {
    if (entries.length === 0) return [];
    const now = this.options.clock.now();
    const rows = await executor
      .insert(jobs)
      .values(
        entries.map(({ queue, payload, options = {} }) => ({
          queue,
          // A payload is stored as jsonb: made storable here so no enqueue can fail (and roll back its caller) on text.
          payload: storableValue(payload) as unknown,
          runAt: options.runAt ?? now,
          maxAttempts: options.maxAttempts ?? 5,
          singletonKey: options.singletonKey ?? null,
          companyId: options.companyId ?? null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: jobs.id });
    return rows.map((row) => row.id);
  }

  /**
   * Moves the pending job of `queue` with `singletonKey` earlier, to `runAt` (never later than it already is):
   * a wait that ended sooner than planned (a voicemail finished before its maximum length). Joins `executor`'s
   * transaction; returns whether a job moved. A running job is not moved: its handler must decide to wait with
   * `rescheduleWithin`, under the same row lock as the change that calls this.
   */
  async advance(executor: DbOrTx, queue: string, singletonKey: string, runAt: Date): Promise<boolean> {
    const rows = await executor
      .update(jobs)
      .set({ runAt: sql`least(${jobs.runAt}, ${runAt.toISOString()}::timestamptz)`, updatedAt: this.options.clock.now() })
      .where(and(eq(jobs.queue, queue), eq(jobs.singletonKey, singletonKey), eq(jobs.status, 'pending')))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  /**
   * Puts the running `job` back to pending at `runAt` inside the handler's own transaction — the one that read the
   * state it waits on, under that state's row lock — so a change committed after that read (which `advance`s the
   * job) can never be overwritten by the wait it ends: the change either comes first and the read sees it, or comes
   * after and finds the job pending. The handler then throws `RescheduledWithin` once that transaction has committed.
   */
  async rescheduleWithin(executor: DbOrTx, job: Pick<JobRecord, 'id'>, runAt: Date): Promise<RescheduledWithin> {
    await executor
      .update(jobs)
      .set({ status: 'pending', runAt, attempts: sql`${jobs.attempts} - 1`, updatedAt: this.options.clock.now(), lockedUntil: null })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'active')));
    return new RescheduledWithin(runAt);
  }

  /** Starts polling. Call `wake()` after committing a transaction that enqueued work to skip the poll delay. */
  start(): void {
    if (this.started) return;
    this.started = true;
    if (this.options.soleWorker) {
      this.polling = this.releaseOrphans().finally(() => {
        this.polling = null;
        this.schedule(0);
      });
      return;
    }
    this.schedule(0);
  }

  /** Ends the leases of jobs a dead process had claimed (only where no other process can be running them). */
  private async releaseOrphans(): Promise<void> {
    try {
      const released = await this.options.db
        .update(jobs)
        .set({ lockedUntil: new Date(0) })
        .where(eq(jobs.status, 'active'))
        .returning({ id: jobs.id });
      if (released.length > 0) this.options.logger.warn({ jobs: released.length }, 'job queue: jobs left running by a previous process run again');
    } catch (error) {
      this.options.logger.error({ err: error }, 'job queue: releasing jobs of a previous process failed');
    }
  }

  wake(): void {
    if (this.started) this.schedule(0);
  }

  /** Stops claiming new jobs and waits (up to `timeoutMs`) for the running ones. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const all = Promise.allSettled([...(this.polling ? [this.polling] : []), ...this.running]);
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((r) => (timeout = setTimeout(r, timeoutMs)))]);
    clearTimeout(timeout);
  }

  /** Runs every due job to completion, repeatedly, until none is due (tests and scripts; no polling). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claim(this.concurrency);
      if (claimed.length === 0) break;
      total += claimed.length;
      await Promise.all(claimed.map((job) => this.execute(job)));
    }
    return total;
  }

  private schedule(delayMs: number): void {
    if (!this.started) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.polling = this.poll().finally(() => {
        this.polling = null;
        const again = this.pollAgain;
        this.pollAgain = false;
        this.schedule(again ? 0 : this.pollIntervalMs);
      });
    }, delayMs);
    this.timer.unref?.();
  }

  private async poll(): Promise<void> {
    const free = this.concurrency - this.running.size;
    if (free <= 0 || this.registrations.size === 0) return;
    let claimed: JobRecord[];
    try {
      claimed = await this.claim(free);
    } catch (error) {
      this.options.logger.error({ err: error }, 'job queue: claiming jobs failed');
      return;
    }
    for (const job of claimed) {
      const run = this.execute(job).finally(() => {
        this.running.delete(run);
        this.wake();
      });
      this.running.add(run);
    }
    if (claimed.length === free) this.pollAgain = true;
  }

  private async claim(limit: number): Promise<JobRecord[]> {
    const queues = [...this.registrations.keys()];
    if (queues.length === 0 || limit <= 0) return [];
    const now = this.options.clock.now();
    const leaseMs = Math.max(...[...this.registrations.values()].map((r) => r.options.leaseMs));
    const lockedUntil = new Date(now.getTime() + leaseMs);
    const rows = await queryRows<{
      id: string;
      queue: string;
      payload: unknown;
      attempts: number;
      max_attempts: number;
      company_id: string | null;
    }>(this.options.db, sql`
      update ${jobs} set status = 'active', attempts = attempts + 1, locked_until = ${lockedUntil}, updated_at = ${now}
      where id in (
        select id from ${jobs}
        where queue in ${queues}
          and ((status = 'pending' and run_at <= ${now}) or (status = 'active' and locked_until < ${now}))
        order by run_at
        limit ${limit}
        for update skip locked
      )
      returning id, queue, payload, attempts, max_attempts, company_id`);
    return rows.map((row) => ({
      id: row.id,
      queue: row.queue,
      payload: row.payload,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      companyId: row.company_id,
    }));
  }

  private async execute(job: JobRecord): Promise<void> {
    const registration = this.registrations.get(job.queue);
    const { db, clock, logger } = this.options;
    if (!registration) return;
    try {
      await registration.handler(job);
      if (registration.options.deleteOnComplete) {
        await db.delete(jobs).where(eq(jobs.id, job.id));
      } else {
        const now = clock.now();
        await db
          .update(jobs)
          .set({ status: 'completed', finishedAt: now, updatedAt: now, lockedUntil: null })
          .where(eq(jobs.id, job.id));
      }
    } catch (error) {
      const now = clock.now();
      if (error instanceof RescheduledWithin) {
        this.wake();
        return;
      }
      if (error instanceof RescheduleJob) {
        await db
          .update(jobs)
          .set({ status: 'pending', runAt: error.runAt, attempts: sql`${jobs.attempts} - 1`, updatedAt: now, lockedUntil: null })
          .where(eq(jobs.id, job.id));
        this.wake();
        return;
      }
      // The error may quote what failed to store (a NUL in a payload): kept as PostgreSQL can hold it, or the failure
      // itself could not be recorded and the job would retry blind.
      const message = truncate(storableText(error instanceof Error ? error.message : String(error)), 4000);
      const permanent = error instanceof PermanentJobError;
      if (permanent || job.attempts >= job.maxAttempts) {
        logger.error({ err: error, jobId: job.id, queue: job.queue, attempts: job.attempts }, 'job failed');
        await db
          .update(jobs)
          .set({ status: 'failed', lastError: message, finishedAt: now, updatedAt: now, lockedUntil: null })
          .where(eq(jobs.id, job.id));
      } else {
        const delay = (registration.options.retryDelayMs ?? defaultRetryDelayMs)(job.attempts);
        logger.warn({ err: error, jobId: job.id, queue: job.queue, attempts: job.attempts, retryInMs: delay }, 'job will retry');
        await db
          .update(jobs)
          .set({
            status: 'pending',
            lastError: message,
            runAt: new Date(now.getTime() + delay),
            updatedAt: now,
            lockedUntil: null,
          })
          .where(and(eq(jobs.id, job.id), inArray(jobs.status, ['active'])));
      }
    }
  }
}
