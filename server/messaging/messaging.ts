import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { createSimulatorProvider, type SimulatedBehavior } from '../adapters/telephony/simulator';
import type { TelephonyProvider } from '../adapters/telephony/telephony.port';
import type { Database } from '../db/database';
import { simulatorDevices } from '../db/schema';
import { type JobQueue, PermanentJobError } from '../jobs/job-queue';
import { SECOND, type Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import type { EventBus } from '../realtime/event-bus';
import { INBOUND_QUEUE, processInboundEvent, recordInboundEvent } from './inbound.service';
import type { MessagingDeps } from './messaging.deps';
import { ALERT_SMS_QUEUE } from './notifications.service';
import { DELIVER_QUEUE, deliverMessage } from './outbound.service';
import { activeNumberOf } from './phone.service';

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
}

const alertPayload = z.object({ companyId: z.uuid(), to: z.string().min(2), body: z.string().min(1) });

/**
 * Builds the messaging pipeline (the simulator wired to report back through the same inbound path as Twilio's
 * callbacks) and registers its jobs: inbound events, deliveries and owner alerts.
 */
export function createMessaging(options: MessagingOptions): MessagingDeps {
  const deps: MessagingDeps = {
    db: options.db,
    clock: options.clock,
    queue: options.queue,
    bus: options.bus,
    logger: options.logger,
    publicUrl: options.publicUrl,
    numberPacingMs: options.numberPacingMs ?? 1 * SECOND,
    twilioAnswersKeywords: options.twilioAnswersKeywords ?? true,
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
