import { type JobQueue, PermanentJobError } from '@server/platform/jobs/job-queue';
import type { AppServices } from '@server/platform/services';
import { AI_TURN_QUEUE, runAiTurn } from './ai-turn.service';

/** The assistant's turns: one `ai.turn` job per thread, after the reply delay (ai-turn.service.ts). */
export function registerAiJobs(queue: JobQueue, services: AppServices): void {
  queue.register<{ conversationId: string }>(AI_TURN_QUEUE, async (job) => {
    if (typeof job.payload?.conversationId !== 'string') throw new PermanentJobError('ai.turn needs a conversationId');
    await runAiTurn(services, job);
  });
}
