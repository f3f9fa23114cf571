import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { storableText, storableValue } from '@contracts/text';
import { inboundEvents } from '@server/platform/db/schema';
import type { MessagingDeps } from '@server/modules/messaging/messaging.deps';
import { applyDeliveryStatus, StatusForUnknownMessage } from '@server/modules/messaging/outbound.service';
import { receiveSms } from '@server/modules/intake/sms.channel';

export const INBOUND_QUEUE = 'sms.inbound';

/** What a provider event is: a text or a delivery report, or one of a call's events (the calls module). */
type InboundEventKind = (typeof inboundEvents.$inferInsert)['kind'];

export interface InboundEventInput<Kind extends InboundEventKind = 'sms' | 'status'> {
  provider: 'simulator' | 'twilio';
  kind: Kind;
  eventKey: string;
  payload: Record<string, string>;
  /** Process no earlier than this (the simulator's delivery delay). */
  runAt?: Date;
}

/**
 * Step one of every provider event: store it and queue its processing in one transaction, nothing else, so a
 * webhook is answered in milliseconds. Redelivery of the same event (same MessageSid) is a no-op.
 */
export async function recordInboundEvent<Kind extends InboundEventKind>(
  deps: Pick<MessagingDeps, 'db' | 'clock' | 'queue'>,
  input: InboundEventInput<Kind>,
  /** The queue that processes it: texts and delivery reports by default; calls pass theirs. */
  queue: string = INBOUND_QUEUE,
): Promise<{ duplicate: boolean }> {
  const now = deps.clock.now();
  const duplicate = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inboundEvents)
      .values({ provider: input.provider, kind: input.kind, eventKey: storableText(input.eventKey), payload: storableValue(input.payload), createdAt: now })
      .onConflictDoNothing()
      .returning({ id: inboundEvents.id });
    if (!row) return true;
    await deps.queue.enqueue(tx, queue, { eventId: row.id }, { runAt: input.runAt ?? now, maxAttempts: 8 });
    return false;
  });
  if (!duplicate) deps.queue.wake();
  return { duplicate };
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
export async function processInboundEvent(deps: MessagingDeps, eventId: string, options: { lastAttempt?: boolean } = {}): Promise<void> {
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
