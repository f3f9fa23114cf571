import { z } from 'zod';
import { alertTexts } from '@server/platform/db/schema';
import { type JobQueue, PermanentJobError } from '@server/platform/jobs/job-queue';
import type { AppServices } from '@server/platform/services';
import { activeNumberOf } from '@server/modules/phone-numbers/active-number';
import { ALERT_SMS_QUEUE, NOTIFY_QUEUE, sendNotification } from './notify.service';
import { PUSH_QUEUE, sendPush } from './push.service';

const alertPayload = z.object({ companyId: z.uuid(), to: z.string().min(2), body: z.string().min(1) });

/** Notifications: the notify fan-out (in-app, email, push, the alert text), Web Push sends and the owner's alert texts. */
export function registerNotificationJobs(queue: JobQueue, services: AppServices): void {
  queue.register<unknown>(NOTIFY_QUEUE, (job) => sendNotification(services, job.payload));
  queue.register<unknown>(PUSH_QUEUE, (job) => sendPush(services, services.push, job.payload));
  // The alert text goes from the business number to the owner's phone, outside the conversation pipeline.
  queue.register<unknown>(ALERT_SMS_QUEUE, async (job) => {
    const parsed = alertPayload.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError(`invalid alert payload: ${parsed.error.message}`);
    const number = await activeNumberOf(services.db, parsed.data.companyId);
    if (!number) return; // no business number yet: the in-app and email notifications still went out
    const provider = services.providers[number.provider];
    if (!provider) return;
    const { providerMessageId } = await provider.sendSms({
      companyId: parsed.data.companyId,
      messageId: job.id,
      from: number.e164,
      to: parsed.data.to,
      body: parsed.data.body,
      mediaUrls: [],
      statusCallbackUrl: null,
      createdAt: services.clock.now(),
      untracked: true,
    });
    // Kept for the alert phone's side of things (the test phone shows it); a retried job stores it once.
    await services.db
      .insert(alertTexts)
      .values({ companyId: parsed.data.companyId, direction: 'outbound', phone: parsed.data.to, body: parsed.data.body, provider: number.provider, providerMessageId, createdAt: services.clock.now() })
      .onConflictDoNothing();
  });
}
