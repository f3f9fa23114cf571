import { type JobQueue, PermanentJobError } from '@server/platform/jobs/job-queue';
import type { AppServices } from '@server/platform/services';
import { CALLER_FACTS_QUEUE, type CallerFactsJob, runCallerFacts } from './caller-facts';

/** Intake's background work: the facts in a caller's words fill their lead (caller-facts.ts). */
export function registerIntakeJobs(queue: JobQueue, services: AppServices): void {
  queue.register<CallerFactsJob>(CALLER_FACTS_QUEUE, async (job) => {
    const payload = job.payload as Partial<{ source: string; callId: unknown; agentCallId: unknown }> | null;
    if (payload?.source === 'voicemail' && typeof payload.callId === 'string') return runCallerFacts(services, { source: 'voicemail', callId: payload.callId });
    if (payload?.source === 'ai_call' && typeof payload.agentCallId === 'string') return runCallerFacts(services, { source: 'ai_call', agentCallId: payload.agentCallId });
    throw new PermanentJobError(`${CALLER_FACTS_QUEUE} needs a voicemail's callId or an AI call's agentCallId`);
  });
}
