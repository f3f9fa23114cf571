import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { storableText, storableValue } from '@contracts/text';
import { GroupCommit } from '@server/platform/db/group-commit';
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

type RecordDeps = Pick<MessagingDeps, 'db' | 'clock' | 'queue'>;
interface PendingEvent {
  deps: RecordDeps;
  input: InboundEventInput<InboundEventKind>;
  queue: string;
  at: Date;
}

/** One group per database: the webhooks of one process that arrive together are stored in one transaction. */
const groups = new WeakMap<object, GroupCommit<PendingEvent, { duplicate: boolean }>>();

function groupFor(deps: RecordDeps): GroupCommit<PendingEvent, { duplicate: boolean }> {
  let group = groups.get(deps.db);
  if (!group) {
    group = new GroupCommit((events) => storeEvents(deps.db, events));
    groups.set(deps.db, group);
  }
  return group;
}

const keyOf = (provider: string, kind: string, eventKey: string) => `${provider}\u0000${kind}\u0000${eventKey}`;

/** Stores a batch of events and queues each new one, in one transaction; a redelivered event is a duplicate. */
async function storeEvents(db: RecordDeps['db'], events: readonly PendingEvent[]): Promise<{ duplicate: boolean }[]> {
  const results = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(inboundEvents)
      .values(
        events.map(({ input, at }) => ({
          provider: input.provider,
          kind: input.kind,
          eventKey: storableText(input.eventKey),
          payload: storableValue(input.payload),
          createdAt: at,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: inboundEvents.id, provider: inboundEvents.provider, kind: inboundEvents.kind, eventKey: inboundEvents.eventKey });
    const inserted = new Map(rows.map((row) => [keyOf(row.provider, row.kind, row.eventKey), row.id]));
    // The same event twice in one batch: the first is stored, the second is its redelivery.
    const ids = events.map(({ input }) => {
      const key = keyOf(input.provider, input.kind, storableText(input.eventKey));
      const id = inserted.get(key);
      inserted.delete(key);
      return id;
    });
    const jobsToAdd = events.flatMap((event, i) => {
      const id = ids[i];
      return id ? [{ queue: event.queue, payload: { eventId: id }, options: { runAt: event.input.runAt ?? event.at, maxAttempts: 8 } }] : [];
    });
    await events[0]?.deps.queue.enqueueMany(tx, jobsToAdd);
    return ids.map((id) => ({ duplicate: !id }));
  });
  for (const queue of new Set(events.filter((_, i) => !results[i]?.duplicate).map((event) => event.deps.queue))) queue.wake();
  return results;
}

/**
 * Step one of every provider event: store it and queue its processing in one transaction, nothing else, so a
 * webhook is answered in milliseconds. Redelivery of the same event (same MessageSid) is a no-op. Events arriving
 * together are stored together (group commit, docs/decisions/0028); each caller still waits for its own commit.
 */
export function recordInboundEvent<Kind extends InboundEventKind>(
  deps: RecordDeps,
  input: InboundEventInput<Kind>,
  /** The queue that processes it: texts and delivery reports by default; calls pass theirs. */
  queue: string = INBOUND_QUEUE,
): Promise<{ duplicate: boolean }> {
  return groupFor(deps).submit({ deps, input, queue, at: deps.clock.now() });
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
