import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { createSimulatorProvider, type SimulatedBehavior } from '@server/adapters/telephony/simulator';
import type { TelephonyProvider } from '@server/adapters/telephony/telephony.port';
import type { Database } from '@server/platform/db/database';
import { simulatorDevices } from '@server/platform/db/schema';
import { type JobQueue, PermanentJobError } from '@server/platform/jobs/job-queue';
import { SECOND, type Clock } from '@server/platform/lib/clock';
import type { Logger } from '@server/platform/lib/logger';
import { EventDispatcher } from '@server/platform/events/domain-events';
import type { EventBus } from '@server/platform/realtime/event-bus';
import { liveUpdatesConsumer } from '@server/platform/realtime/live-updates';
import { INBOUND_QUEUE, processInboundEvent, recordInboundEvent } from './provider-events.service';
import type { MessagingDeps } from '@server/modules/messaging/messaging.deps';
import { ALERT_SMS_QUEUE, NOTIFY_QUEUE, sendNotification } from '@server/modules/notifications/notify.service';
import { PUSH_QUEUE, type PushConfig, sendPush } from '@server/modules/notifications/push.service';
import { DELIVER_QUEUE, deliverMessage } from '@server/modules/messaging/outbound.service';
import { activeNumberOf } from '@server/modules/phone-numbers/active-number';
import { registerCallJobs } from '@server/modules/calls/calls.jobs';
import { registerAiJobs } from '@server/modules/ai/ai-engine';
import type { AiPort } from '@server/adapters/ai/ai.port';
import { createBuiltinAssistant } from '@server/adapters/ai/builtin/builtin-assistant';
import { INBOUND_EMAIL_QUEUE, processInboundEmail } from '@server/modules/email-gateway/email-gateway.service';

export interface MessagingOptions {
  db: Database;
  clock: Clock;
  queue: JobQueue;
  bus: EventBus;
  logger: Logger;
  publicUrl: string;
  twilio: TelephonyProvider | null;
  numberPacingMs?: number;
  simulatorDeliveryDelayMs?: number;
  twilioAnswersKeywords?: boolean;
  push?: PushConfig | null;
  /** The AI port (default: the built-in assistant). */
  ai?: AiPort;
}

const alertPayload = z.object({ companyId: z.uuid(), to: z.string().min(2), body: z.string().min(1) });

/**
 * Builds the messaging pipeline and the domain-event fan-out (the simulator wired to report back through the same inbound path as Twilio's
 * callbacks) and registers its jobs: inbound events, deliveries, owner alerts and calls (missed-call text-back).
 */
export function createMessaging(options: MessagingOptions): MessagingDeps {
  const events = new EventDispatcher({ db: options.db, queue: options.queue, clock: options.clock, logger: options.logger });
  events.subscribe('live-updates', liveUpdatesConsumer(options.bus));
  const deps: MessagingDeps = {
    events,
    push: options.push ?? null,
    db: options.db,
    clock: options.clock,
    queue: options.queue,
    bus: options.bus,
    logger: options.logger,
    publicUrl: options.publicUrl,
    numberPacingMs: options.numberPacingMs ?? 1 * SECOND,
    twilioAnswersKeywords: options.twilioAnswersKeywords ?? true,
    ai: options.ai ?? createBuiltinAssistant(),
    providers: {
      twilio: options.twilio,
      simulator: createSimulatorProvider({
        deliveryDelayMs: options.simulatorDeliveryDelayMs ?? 1 * SECOND,
        async behaviorFor(companyId, to): Promise<SimulatedBehavior> {
          const [device] = await options.db
            .select({ behavior: simulatorDevices.behavior })
            .from(simulatorDevices)
            .where(and(eq(simulatorDevices.companyId, companyId), eq(simulatorDevices.e164, to)))
            .limit(1);
          return device?.behavior ?? 'deliver';
        },
        async reportStatus({ providerMessageId, status, errorCode, delayMs }) {
          await recordInboundEvent(deps, {
            provider: 'simulator',
            kind: 'status',
            eventKey: `${providerMessageId}:${status}`,
            payload: { MessageSid: providerMessageId, MessageStatus: status, ...(errorCode ? { ErrorCode: errorCode } : {}) },
            runAt: new Date(options.clock.now().getTime() + delayMs),
          });
        },
      }),
    },
  };

  options.queue.register<{ eventId: string }>(
    INBOUND_QUEUE,
    (job) => processInboundEvent(deps, job.payload.eventId, { lastAttempt: job.attempts >= job.maxAttempts }),
    { retryDelayMs: (attempt) => Math.min(500 * 2 ** (attempt - 1), 60_000) },
  );
  options.queue.register<{ messageId: string }>(
    DELIVER_QUEUE,
    (job) => deliverMessage(deps, job.payload.messageId, { lastAttempt: job.attempts >= job.maxAttempts }),
    { retryDelayMs: (attempt) => Math.min(5_000 * 2 ** (attempt - 1), 30 * 60_000) },
  );
  registerCallJobs(deps);
  registerAiJobs(deps);
  // The email gateway's received emails: read, turned into leads, texted back.
  options.queue.register<{ emailId: string }>(INBOUND_EMAIL_QUEUE, (job) => processInboundEmail(deps, job.payload.emailId));
  options.queue.register<unknown>(NOTIFY_QUEUE, (job) => sendNotification(deps, job.payload));
  options.queue.register<unknown>(PUSH_QUEUE, (job) => sendPush(deps, deps.push, job.payload));
  options.queue.register<unknown>(ALERT_SMS_QUEUE, async (job) => {
    const parsed = alertPayload.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError(`invalid alert payload: ${parsed.error.message}`);
    const number = await activeNumberOf(options.db, parsed.data.companyId);
    if (!number) return; // no business number yet: the in-app and email notifications still went out
    const provider = deps.providers[number.provider];
    if (!provider) return;
    await provider.sendSms({
      companyId: parsed.data.companyId,
      messageId: job.id,
      from: number.e164,
      to: parsed.data.to,
      body: parsed.data.body,
      mediaUrls: [],
      statusCallbackUrl: null,
      createdAt: options.clock.now(),
      untracked: true,
    });
  });
  return deps;
}
