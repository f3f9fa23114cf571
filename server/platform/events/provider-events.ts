import { storableText, storableValue } from '@contracts/text';
import { GroupCommit } from '@server/platform/db/group-commit';
import type { Database } from '@server/platform/db/database';
import { inboundEvents } from '@server/platform/db/schema';
import type { JobQueue } from '@server/platform/jobs/job-queue';
import type { Clock } from '@server/platform/lib/clock';

/**
 * Provider events (a carrier's webhook: a text, a delivery report, a call's step): stored before anything else,
 * with the job that processes them, in one transaction. The module that owns a kind processes it on its queue.
 */
/** What a provider event is: a text or a delivery report, or one of a call's events (the calls module). */
export type InboundEventKind = (typeof inboundEvents.$inferInsert)['kind'];

export interface InboundEventInput<Kind extends InboundEventKind> {
  provider: 'simulator' | 'twilio';
  kind: Kind;
  eventKey: string;
  payload: Record<string, string>;
  /** Process no earlier than this (the simulator's delivery delay). */
  runAt?: Date;
}

export interface RecordDeps {
  db: Database;
  clock: Clock;
  queue: JobQueue;
}
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
export function recordProviderEvent<Kind extends InboundEventKind>(
  deps: RecordDeps,
  input: InboundEventInput<Kind>,
  /** The queue that processes it (its module's). */
  queue: string,
): Promise<{ duplicate: boolean }> {
  return groupFor(deps).submit({ deps, input, queue, at: deps.clock.now() });
}
