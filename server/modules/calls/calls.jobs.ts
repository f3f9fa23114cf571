import type { MessagingDeps } from '@server/modules/messaging/messaging.deps';
import { CALL_EVENT_QUEUE, processCallEvent, TEXT_BACK_QUEUE } from './call-events.service';
import { sendTextBack, textBackFailureConsumer } from './text-back.service';
import { runSimulatorJob, SIMULATOR_QUEUE, type SimulatorJob } from './call-simulator.service';

/** The calls module's background work: provider call events, the delayed text-back, text-back failures and the test phone's calls. */
export function registerCallJobs(deps: MessagingDeps): void {
  deps.queue.register<{ eventId: string }>(
    CALL_EVENT_QUEUE,
    (job) => processCallEvent(deps, job.payload.eventId, { lastAttempt: job.attempts >= job.maxAttempts }),
    { retryDelayMs: (attempt) => Math.min(500 * 2 ** (attempt - 1), 60_000) },
  );
  deps.queue.register<{ callId: string }>(TEXT_BACK_QUEUE, (job) => sendTextBack(deps, job), {
    retryDelayMs: (attempt) => Math.min(2_000 * 2 ** (attempt - 1), 5 * 60_000),
  });
  // The test phone's calls: the ring timing out (or a decline moving it to now), a silent live caller cut off.
  deps.queue.register<SimulatorJob>(SIMULATOR_QUEUE, (job) => runSimulatorJob(deps, job.payload));
  deps.events.subscribe('calls.text-back-failures', textBackFailureConsumer(deps));
}
