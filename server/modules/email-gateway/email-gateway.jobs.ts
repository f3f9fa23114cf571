import type { JobQueue } from '@server/platform/jobs/job-queue';
import type { AppServices } from '@server/platform/services';
import { INBOUND_EMAIL_QUEUE, processInboundEmail } from './email-gateway.service';

/** The email gateway's received emails: read, turned into leads, texted back. */
export function registerEmailGatewayJobs(queue: JobQueue, services: AppServices): void {
  queue.register<{ emailId: string }>(INBOUND_EMAIL_QUEUE, (job) => processInboundEmail(services, job.payload.emailId));
}
