import type { Database } from '@server/platform/db/database';
import type { JobQueue } from '@server/platform/jobs/job-queue';
import { type Clock, HOUR } from '@server/platform/lib/clock';
import type { AppServices } from '@server/platform/services';
import { CALL_EVENT_QUEUE, processCallEvent, TEXT_BACK_QUEUE } from './call-events.service';
import { sendTextBack, textBackFailureConsumer } from './text-back.service';
import { deleteUnusedTestPhoneRecordings } from './recordings.service';

export const RECORDINGS_CLEANUP_QUEUE = 'calls.recordings_cleanup';

/**
 * The calls module's background work: provider call events, the delayed text-back, text-back failures and the
 * hourly removal of test-phone recordings no call took.
 */
export function registerCallJobs(queue: JobQueue, deps: AppServices): void {
  queue.register<{ eventId: string }>(
    CALL_EVENT_QUEUE,
    (job) => processCallEvent(deps, job.payload.eventId, { lastAttempt: job.attempts >= job.maxAttempts }),
    { retryDelayMs: (attempt) => Math.min(500 * 2 ** (attempt - 1), 60_000) },
  );
  queue.register<{ callId: string }>(TEXT_BACK_QUEUE, (job) => sendTextBack(deps, job), {
    retryDelayMs: (attempt) => Math.min(2_000 * 2 ** (attempt - 1), 5 * 60_000),
  });
  deps.events.subscribe('calls.text-back-failures', textBackFailureConsumer(deps));
  queue.register(RECORDINGS_CLEANUP_QUEUE, async () => {
    // The next run first: a failing run (retried) does not end the chain.
    await scheduleRecordingsCleanup(deps.queue, deps.db, deps.clock);
    const deleted = await deleteUnusedTestPhoneRecordings(deps.db, deps.clock.now());
    if (deleted > 0) deps.logger.info({ deleted }, 'test-phone recordings no call took, older than a day, deleted');
  });
}

/**
 * Queues the cleanup `delayMs` from now (the server queues one at start; each run queues the next). The singleton
 * key is the run's hour, so several processes (or restarts) queue one run per hour between them.
 */
export async function scheduleRecordingsCleanup(queue: JobQueue, db: Database, clock: Clock, delayMs = HOUR): Promise<void> {
  const runAt = new Date(clock.now().getTime() + delayMs);
  await queue.enqueue(db, RECORDINGS_CLEANUP_QUEUE, {}, { singletonKey: runAt.toISOString().slice(0, 13), runAt });
}
