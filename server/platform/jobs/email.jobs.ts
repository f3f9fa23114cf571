import { z } from 'zod';
import type { Mailer } from '@server/adapters/email/email.port';
import { type JobQueue, PermanentJobError } from './job-queue';

export const EMAIL_QUEUE = 'email.send';

export const emailJobPayload = z.object({
  to: z.email(),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string(),
});
export type EmailJobPayload = z.infer<typeof emailJobPayload>;

/**
 * Email leaves through the queue so a slow or down mail server never slows a request. The row is deleted once
 * sent: its payload holds a sign-in code in clear text.
 */
export function registerEmailJobs(queue: JobQueue, mailer: Mailer): void {
  queue.register<unknown>(
    EMAIL_QUEUE,
    async (job) => {
      const parsed = emailJobPayload.safeParse(job.payload);
      if (!parsed.success) throw new PermanentJobError(`invalid email job payload: ${parsed.error.message}`);
      await mailer.send(parsed.data);
    },
    { deleteOnComplete: true, retryDelayMs: (attempt) => Math.min(2_000 * 3 ** (attempt - 1), 10 * 60_000) },
  );
}
