import type { JobQueue } from '@server/platform/jobs/job-queue';
import type { AppServices } from '@server/platform/services';
import { INBOUND_QUEUE, processInboundEvent } from './provider-events.service';

/** Texts and delivery reports from the carrier (or the simulator), each processed once from its stored event. */
export function registerTelephonyJobs(queue: JobQueue, services: AppServices): void {
  queue.register<{ eventId: string }>(
    INBOUND_QUEUE,
    (job) => processInboundEvent(services, job.payload.eventId, { lastAttempt: job.attempts >= job.maxAttempts }),
    { retryDelayMs: (attempt) => Math.min(500 * 2 ** (attempt - 1), 60_000) },
  );
}
