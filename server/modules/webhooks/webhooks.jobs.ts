import type { JobQueue } from '@server/platform/jobs/job-queue';
import type { AppServices } from '@server/platform/services';
import { DELIVER_QUEUE, type DeliverPayload, deliverWebhook, webhookEventsConsumer } from './webhook-delivery';

/** Outgoing webhooks: the fan-out of domain events into deliveries, and each delivery's attempts. */
export function registerWebhookJobs(queue: JobQueue, services: AppServices): void {
  queue.register<DeliverPayload>(DELIVER_QUEUE, (job) => deliverWebhook(services, job), { leaseMs: 2 * 60_000 });
  services.events.subscribe('webhooks.deliveries', webhookEventsConsumer(services));
}
