import { type JobQueue, PermanentJobError } from '@server/platform/jobs/job-queue';
import type { AppServices } from '@server/platform/services';
import { REMINDER_QUEUE, type ReminderPayload, sendReminder } from './appointment-texts';

/** Scheduling in the background: each booking's reminders (`scheduling.reminder`). */
export function registerSchedulingJobs(queue: JobQueue, services: AppServices): void {
  queue.register<ReminderPayload>(REMINDER_QUEUE, async (job) => {
    if (typeof job.payload?.appointmentId !== 'string' || typeof job.payload.startsAt !== 'number') throw new PermanentJobError('scheduling.reminder needs an appointmentId and a startsAt');
    await sendReminder(services, job);
  });
}
