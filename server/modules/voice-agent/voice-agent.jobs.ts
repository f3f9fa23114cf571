import { type JobQueue, PermanentJobError } from '@server/platform/jobs/job-queue';
import type { AppServices } from '@server/platform/services';
import { runAfterCall } from './after-call.service';
import { AFTER_CALL_QUEUE } from './voice-agent.queues';

/** AI call answering: the after-call work of each call (after-call.service.ts). */
export function registerVoiceAgentJobs(queue: JobQueue, services: AppServices): void {
  queue.register<{ agentCallId: string }>(AFTER_CALL_QUEUE, async (job) => {
    if (typeof job.payload?.agentCallId !== 'string') throw new PermanentJobError('voice_agent.after_call needs an agentCallId');
    await runAfterCall(services, job.payload.agentCallId);
  });
}
