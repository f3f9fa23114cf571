import type { JobQueue } from './platform/jobs/job-queue';
import { registerEmailJobs } from './platform/jobs/email.jobs';
import { registerMaintenanceJobs, scheduleMaintenance } from './platform/jobs/maintenance.jobs';
import { liveUpdatesConsumer } from './platform/realtime/live-updates';
import type { AppServices } from './platform/services';
import { registerAiJobs } from './modules/ai/ai.jobs';
import { registerCallJobs, scheduleRecordingsCleanup } from './modules/calls/calls.jobs';
import { registerEmailGatewayJobs } from './modules/email-gateway/email-gateway.jobs';
import { registerFlowJobs } from './modules/flows/flows.jobs';
import { registerSchedulingJobs } from './modules/scheduling/scheduling.jobs';
import { registerReviewJobs } from './modules/reviews/reviews.jobs';
import { registerMessagingJobs } from './modules/messaging/messaging.jobs';
import { registerNotificationJobs } from './modules/notifications/notifications.jobs';
import { registerPhoneNumberJobs, scheduleNumberHooks } from './modules/phone-numbers/number-hooks.jobs';
import { registerTelephonyJobs } from './modules/telephony/telephony.jobs';
import { registerTestPhoneJobs } from './modules/test-phone/test-phone.jobs';
import { registerPublicApiJobs, schedulePublicApiCleanup } from './modules/public-api/public-api.jobs';
import { registerWebhookJobs } from './modules/webhooks/webhooks.jobs';
import { registerRegistrationJobs } from './modules/registration/registration.jobs';
import { registerVoiceAgentJobs } from './modules/voice-agent/voice-agent.jobs';
import { registerIntakeJobs } from './modules/intake/intake.jobs';
import { registerBillingJobs, scheduleBillingSweep } from './modules/billing/billing.jobs';
import { registerIntegrationJobs } from './modules/integrations/integrations.jobs';

type RegisterJobs = (queue: JobQueue, services: AppServices) => void;

/**
 * Everything that runs in the background, in one list: each module's jobs (and domain-event consumers) beside the
 * platform's. A new module adds its `register<Module>Jobs` here and nowhere else.
 */
export const APP_JOBS: readonly RegisterJobs[] = [
  (queue, services) => registerEmailJobs(queue, services.mailer),
  (queue, services) => registerMaintenanceJobs(queue, services.db, services.clock),
  // Live screens: every committed domain event becomes a small hint on the event bus (decision 0014).
  (_queue, services) => services.events.subscribe('live-updates', liveUpdatesConsumer(services.bus)),
  registerTelephonyJobs,
  registerMessagingJobs,
  registerNotificationJobs,
  registerCallJobs,
  registerTestPhoneJobs,
  registerAiJobs,
  registerEmailGatewayJobs,
  registerPhoneNumberJobs,
  registerFlowJobs,
  registerSchedulingJobs,
  registerReviewJobs,
  registerPublicApiJobs,
  registerWebhookJobs,
  registerRegistrationJobs,
  registerVoiceAgentJobs,
  registerIntakeJobs,
  registerBillingJobs,
  registerIntegrationJobs,
];

export function registerAppJobs(services: AppServices): void {
  for (const register of APP_JOBS) register(services.queue, services);
}

/**
 * The recurring jobs' first runs, queued at start-up (each run queues the next; singleton keys make several
 * instances queue one between them).
 */
export async function scheduleRecurringJobs(services: AppServices): Promise<void> {
  await scheduleMaintenance(services.queue, services.db, services.clock, 0);
  await scheduleRecordingsCleanup(services.queue, services.db, services.clock, 0);
  await schedulePublicApiCleanup(services.queue, services.db, services.clock, 0);
  await scheduleBillingSweep(services.queue, services.db, services.clock, 0);
  if (services.provisioning) await scheduleNumberHooks(services.queue, services.db);
}
