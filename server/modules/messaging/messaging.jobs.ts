import type { JobQueue } from '@server/platform/jobs/job-queue';
import type { AppServices } from '@server/platform/services';
import { DELIVER_QUEUE, deliverMessage } from './outbound.service';

/** The outbound pipeline's deliveries: one job per text, retried with backoff (decision 0010). */
export function registerMessagingJobs(queue: JobQueue, services: AppServices): void {
  queue.register<{ messageId: string }>(
    DELIVER_QUEUE,
    (job) => deliverMessage(services, job.payload.messageId, { lastAttempt: job.attempts >= job.maxAttempts }),
    { retryDelayMs: (attempt) => Math.min(5_000 * 2 ** (attempt - 1), 30 * 60_000) },
  );
}
