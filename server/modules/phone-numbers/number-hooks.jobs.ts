import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '@server/platform/db/database';
import { phoneNumbers } from '@server/platform/db/schema';
import type { JobQueue } from '@server/platform/jobs/job-queue';
import type { AppServices } from '@server/platform/services';

export const NUMBER_HOOKS_QUEUE = 'phone.number_hooks';
/** 1: texts only (before issue 12); 2: texts, calls and the calls' status callback. */
export const NUMBER_HOOKS_VERSION = 2;
const BATCH = 20;

/** Our webhooks for a Twilio number: texts, calls and the calls' status reports (texts report status per message). */
export function numberHooks(publicUrl: string, e164: string) {
  return {
    e164,
    smsUrl: `${publicUrl}/webhooks/twilio/sms`,
    voiceUrl: `${publicUrl}/webhooks/twilio/voice`,
    voiceStatusCallbackUrl: `${publicUrl}/webhooks/twilio/voice/status`,
  };
}

/**
 * Re-points Twilio numbers connected before the current webhooks (numbers bought before calls existed had no
 * VoiceUrl, so no call would ever reach LeadLoop): a few at a time, each marked once done, the job re-queuing
 * itself while any remain. A failure (Twilio unreachable, a number released on Twilio's side) retries with backoff.
 */
export function registerPhoneNumberJobs(queue: JobQueue, deps: Pick<AppServices, 'db' | 'provisioning' | 'publicUrl' | 'logger'>): void {
  queue.register(NUMBER_HOOKS_QUEUE, async () => {
    if (!deps.provisioning) return;
    const stale = await deps.db
      .select()
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.provider, 'twilio'), eq(phoneNumbers.status, 'active'), isNotNull(phoneNumbers.providerSid), lt(phoneNumbers.hooksVersion, NUMBER_HOOKS_VERSION)))
      .limit(BATCH);
    for (const number of stale) {
      await deps.provisioning.configure({ ...numberHooks(deps.publicUrl, number.e164), sid: number.providerSid! });
      await deps.db.update(phoneNumbers).set({ hooksVersion: NUMBER_HOOKS_VERSION }).where(eq(phoneNumbers.id, number.id));
      deps.logger.info({ e164: number.e164 }, 'Twilio number re-pointed at the current webhooks (texts and calls)');
    }
    if (stale.length === BATCH) await scheduleNumberHooks(queue, deps.db);
  });
}

/** Queues one run (a singleton: several processes starting together queue one between them). */
export async function scheduleNumberHooks(queue: JobQueue, db: Database): Promise<void> {
  await queue.enqueue(db, NUMBER_HOOKS_QUEUE, {}, { singletonKey: `v${NUMBER_HOOKS_VERSION}` });
}
