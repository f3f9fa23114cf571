import { and, eq, isNotNull, lt, or } from 'drizzle-orm';
import type { Database } from '@server/platform/db/database';
import { domainEvents, emailOutbox, jobs, sessions, verificationCodes } from '@server/platform/db/schema';
import { type Clock, DAY, HOUR } from '@server/platform/lib/clock';
import { pruneHits } from '@server/platform/db/rate-limit';
import type { JobQueue } from './job-queue';

export const MAINTENANCE_QUEUE = 'maintenance.cleanup';

/** Hourly housekeeping: expired codes, dead sessions, old rate-limit hits, finished jobs and fanned-out events. */
export async function runMaintenance(db: Database, now: Date): Promise<void> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  await pruneHits(db, ago(2 * DAY));
  await db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, ago(DAY)));
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, ago(30 * DAY)), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, ago(30 * DAY)))));
  await db.delete(jobs).where(and(eq(jobs.status, 'completed'), lt(jobs.finishedAt, ago(7 * DAY))));
  // Failed jobs are the dead-letter list in /logs: kept a month so someone can read and retry them.
  await db.delete(jobs).where(and(eq(jobs.status, 'failed'), lt(jobs.finishedAt, ago(30 * DAY))));
  await db.delete(emailOutbox).where(lt(emailOutbox.createdAt, ago(30 * DAY)));
  await db.delete(domainEvents).where(and(isNotNull(domainEvents.dispatchedAt), lt(domainEvents.occurredAt, ago(30 * DAY))));
}

export function registerMaintenanceJobs(queue: JobQueue, db: Database, clock: Clock): void {
  queue.register(MAINTENANCE_QUEUE, async () => {
    await runMaintenance(db, clock.now());
    await scheduleMaintenance(queue, db, clock, HOUR);
  });
}

/**
 * Queues a run `delayMs` from now. The singleton key is the run's hour, so several processes (or restarts) queue
 * one run per hour between them.
 */
export async function scheduleMaintenance(queue: JobQueue, db: Database, clock: Clock, delayMs = HOUR): Promise<void> {
  const runAt = new Date(clock.now().getTime() + delayMs);
  const hour = runAt.toISOString().slice(0, 13);
  await queue.enqueue(db, MAINTENANCE_QUEUE, {}, { singletonKey: hour, runAt });
}
