import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { inboundEvents } from '@server/platform/db/schema';
import type { AppServices } from '@server/platform/services';
import { type InboundEventInput, type RecordDeps, recordProviderEvent } from '@server/platform/events/provider-events';
import { applyDeliveryStatus, StatusForUnknownMessage } from '@server/modules/messaging/outbound.service';
import { receiveSms } from '@server/modules/intake/sms.channel';

export const INBOUND_QUEUE = 'sms.inbound';

/**
 * Step one of a text or a delivery report from the carrier (or the simulator): stored and queued on `sms.inbound`
 * in one transaction, answered at once; a redelivery is a no-op.
 */
export function recordInboundEvent(deps: RecordDeps, input: InboundEventInput<'sms' | 'status'>): Promise<{ duplicate: boolean }> {
  return recordProviderEvent(deps, input, INBOUND_QUEUE);
}

const smsPayload = z.object({
  MessageSid: z.string().min(1),
  From: z.string().min(1),
  To: z.string().min(1),
  Body: z.string().default(''),
  NumMedia: z.coerce.number().int().min(0).default(0),
});
const statusPayload = z.object({
  MessageSid: z.string().min(1),
  MessageStatus: z.string().min(1),
  ErrorCode: z.string().optional(),
  ErrorMessage: z.string().optional(),
});

/** The `sms.inbound` job: an inbound text or a delivery report, processed exactly once. */
export async function processInboundEvent(deps: AppServices, eventId: string, options: { lastAttempt?: boolean } = {}): Promise<void> {
  const [event] = await deps.db.select().from(inboundEvents).where(eq(inboundEvents.id, eventId)).limit(1);
  if (!event || event.processedAt) return;
  if (event.kind === 'sms') {
    const payload = smsPayload.parse(event.payload);
    const media = Array.from({ length: payload.NumMedia }, (_, i) => event.payload[`MediaUrl${i}`]).filter((url): url is string => Boolean(url));
    await receiveSms(deps, { eventId, provider: event.provider, providerMessageId: payload.MessageSid, from: payload.From, to: payload.To, body: payload.Body, media });
    return;
  }
  const payload = statusPayload.parse(event.payload);
  try {
    await applyDeliveryStatus(deps, {
      provider: event.provider,
      providerMessageId: payload.MessageSid,
      status: payload.MessageStatus,
      errorCode: payload.ErrorCode ?? null,
      errorMessage: payload.ErrorMessage ?? null,
    });
  } catch (error) {
    // The report can arrive before we recorded the send; the job retries. After the last try, drop it.
    if (!(error instanceof StatusForUnknownMessage) || !options.lastAttempt) throw error;
    deps.logger.warn({ eventId, messageSid: payload.MessageSid }, 'delivery report for an unknown message dropped');
  }
  await deps.db.update(inboundEvents).set({ processedAt: deps.clock.now() }).where(eq(inboundEvents.id, eventId));
}
