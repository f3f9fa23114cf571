import { type JobQueue, PermanentJobError } from '@server/platform/jobs/job-queue';
import type { AppServices } from '@server/platform/services';
import { FLOW_STEP_QUEUE, runFlowStep, type StepPayload } from './flow-runtime';
import { checkNoReply, NO_REPLY_QUEUE, noReplyConsumer } from './follow-ups.service';
import { stopRunsConsumer, wakeAiStepsConsumer } from './flow-runs-lifecycle';
import { flowTriggersConsumer } from './triggers';

/**
 * Automations in the background: each run's steps (`flows.step`), the no-reply check that starts the follow-ups
 * (`flows.no_reply`), and four event consumers — one schedules that check after each text the business sends, one
 * ends runs as soon as a reply, an opt-out, a person or a closed lead says so, one starts the custom flows whose
 * trigger an event matches, one wakes an AI step when its lead or thread changes.
 */
export function registerFlowJobs(queue: JobQueue, services: AppServices): void {
  queue.register<StepPayload>(FLOW_STEP_QUEUE, async (job) => {
    if (typeof job.payload?.runId !== 'string' || typeof job.payload.stepId !== 'string') throw new PermanentJobError('flows.step needs a runId and a stepId');
    await runFlowStep(services, job);
  });
  queue.register<{ messageId: string }>(NO_REPLY_QUEUE, async (job) => {
    if (typeof job.payload?.messageId !== 'string') throw new PermanentJobError('flows.no_reply needs a messageId');
    await checkNoReply(services, job);
  });
  services.events.subscribe('flows.no-reply', noReplyConsumer(services));
  services.events.subscribe('flows.stop-runs', stopRunsConsumer(services));
  services.events.subscribe('flows.triggers', flowTriggersConsumer(services));
  services.events.subscribe('flows.wake-ai-steps', wakeAiStepsConsumer(services));
}
