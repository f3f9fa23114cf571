import type { Database } from '@server/platform/db/database';
import type { JobQueue } from '@server/platform/jobs/job-queue';
import { type Clock, DAY, HOUR } from '@server/platform/lib/clock';
import type { AppServices } from '@server/platform/services';
import { pruneRateWindows } from './api-rate-limit';
import { pruneIdempotencyKeys } from './idempotency';
import { pruneApiRequests } from './request-log.service';

export const PUBLIC_API_CLEANUP_QUEUE = 'public-api.cleanup';
/** How long /logs keeps API requests. */
export const API_REQUEST_LOG_DAYS = 30;

/** Hourly: ended rate windows, idempotency answers past their 24 hours, request lines past 30 days. */
export async function runPublicApiCleanup(db: Database, now: Date): Promise<void> {
  await pruneRateWindows(db, new Date(now.getTime() - HOUR));
  await pruneIdempotencyKeys(db, now);
  await pruneApiRequests(db, new Date(now.getTime() - API_REQUEST_LOG_DAYS * DAY));
}

export function registerPublicApiJobs(queue: JobQueue, deps: AppServices): void {
  queue.register(PUBLIC_API_CLEANUP_QUEUE, async () => {
    await runPublicApiCleanup(deps.db, deps.clock.now());
    await schedulePublicApiCleanup(queue, deps.db, deps.clock);
  });
}

/** The next run `delayMs` from now; the singleton key (the run's hour) makes several instances queue one. */
export async function schedulePublicApiCleanup(queue: JobQueue, db: Database, clock: Clock, delayMs = HOUR): Promise<void> {
  const runAt = new Date(clock.now().getTime() + delayMs);
  await queue.enqueue(db, PUBLIC_API_CLEANUP_QUEUE, {}, { singletonKey: runAt.toISOString().slice(0, 13), runAt });
}
