import type { JobQueue } from '@server/platform/jobs/job-queue';
import type { AppServices } from '@server/platform/services';
import { runSimulatorJob, SIMULATOR_QUEUE, type SimulatorJob } from './call-simulator.service';

/** The test phone's calls: the ring timing out (or a decline moving it to now), a silent live caller cut off. */
export function registerTestPhoneJobs(queue: JobQueue, services: AppServices): void {
  queue.register<SimulatorJob>(SIMULATOR_QUEUE, (job) => runSimulatorJob(services, job.payload));
}
