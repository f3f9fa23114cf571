import { type JobQueue, PermanentJobError } from '@server/platform/jobs/job-queue';
import type { AppServices } from '@server/platform/services';
import { checkReply, REVIEW_REMINDER_QUEUE, REVIEW_REPLY_QUEUE, REVIEW_SEND_QUEUE, reviewOnWonConsumer, reviewRepliesConsumer, runSendJob, sendReminder } from './review-texts';

/**
 * Review requests in the background: the send when one is due (`reviews.send`), the one reminder
 * (`reviews.reminder`), the reading of a reply (`reviews.reply`), and two event consumers — a lead marked won queues
 * its request, a text from someone recently asked is read for an unhappy customer.
 */
export function registerReviewJobs(queue: JobQueue, services: AppServices): void {
  queue.register<{ requestId: string }>(REVIEW_SEND_QUEUE, async (job) => {
    if (typeof job.payload?.requestId !== 'string') throw new PermanentJobError('reviews.send needs a requestId');
    await runSendJob(services, job.payload.requestId);
  });
  queue.register<{ requestId: string }>(REVIEW_REMINDER_QUEUE, async (job) => {
    if (typeof job.payload?.requestId !== 'string') throw new PermanentJobError('reviews.reminder needs a requestId');
    await sendReminder(services, job.payload.requestId);
  });
  queue.register<{ requestId: string; messageId: string }>(REVIEW_REPLY_QUEUE, async (job) => {
    if (typeof job.payload?.requestId !== 'string' || typeof job.payload.messageId !== 'string') throw new PermanentJobError('reviews.reply needs a requestId and a messageId');
    await checkReply(services, job.payload);
  });
  services.events.subscribe('reviews.won', reviewOnWonConsumer(services));
  services.events.subscribe('reviews.replies', reviewRepliesConsumer(services));
}
