import { and, asc, inArray, isNull } from 'drizzle-orm';
import { type DomainEvent, domainEventSchemas, isDomainEventType } from '@contracts/events';
import type { Database, Tx } from '@server/platform/db/database';
import { domainEvents } from '@server/platform/db/schema';
import type { JobQueue } from '@server/platform/jobs/job-queue';
import type { Clock } from '@server/platform/lib/clock';
import type { Logger } from '@server/platform/lib/logger';

export const DISPATCH_QUEUE = 'events.dispatch';

/** An event as consumers receive it: what happened, to which company, when, and its place in the log. */
export interface RecordedEvent {
  seq: number;
  companyId: string;
  occurredAt: Date;
  event: DomainEvent;
}

/**
 * A consumer of every event. Delivery is at least once (a failed consumer makes the whole dispatch retry), so a
 * consumer is idempotent and quick: one that does real work (texts, HTTP calls) enqueues its own job.
 */
export type EventConsumer = (recorded: RecordedEvent) => Promise<void> | void;

/**
 * The events of one transaction: services add them while it runs; they are written, with the one job that fans them
 * out, just before it commits — so an event exists exactly when the change that caused it does.
 */
export class EventBatch {
  private readonly pending: Array<{ companyId: string; event: DomainEvent }> = [];

  add(companyId: string, event: DomainEvent): void {
    this.pending.push({ companyId, event });
  }

  get size(): number {
    return this.pending.length;
  }

  /** Writes the collected events and their dispatch job in `tx`. */
  async write(tx: Tx, queue: JobQueue, now: Date): Promise<void> {
    if (this.pending.length === 0) return;
    const rows = await tx
      .insert(domainEvents)
      .values(this.pending.map(({ companyId, event }) => ({ companyId, type: event.type, data: event.data, occurredAt: now })))
      .returning({ seq: domainEvents.seq });
    const companies = new Set(this.pending.map((p) => p.companyId));
    const companyId = companies.size === 1 ? [...companies][0]! : null;
    await queue.enqueue(tx, DISPATCH_QUEUE, { seqs: rows.map((r) => r.seq) }, { maxAttempts: 10, companyId });
    this.pending.length = 0;
  }
}

export interface EventDeps {
  db: Database;
  queue: JobQueue;
  clock: Clock;
}

/**
 * Runs `work` in one transaction together with the events it emits, then wakes the job queue so they fan out at
 * once. The way every service changes data that others react to.
 */
export async function transactionWithEvents<T>(deps: EventDeps, work: (tx: Tx, events: EventBatch) => Promise<T>): Promise<T> {
  const events = new EventBatch();
  const result = await deps.db.transaction(async (tx) => {
    const value = await work(tx, events);
    await events.write(tx, deps.queue, deps.clock.now());
    return value;
  });
  deps.queue.wake();
  return result;
}

/**
 * Fans recorded events out to their consumers (live screens today; flow triggers and outgoing webhooks later).
 * Runs as the `events.dispatch` job, so it inherits the queue's guarantees: claimed by one worker of one instance,
 * retried with backoff, picked up again after a crash. An event already marked dispatched is not sent again.
 */
export class EventDispatcher {
  private readonly consumers = new Map<string, EventConsumer>();

  constructor(private readonly deps: EventDeps & { logger: Logger }) {
    deps.queue.register<{ seqs: number[] }>(DISPATCH_QUEUE, (job) => this.dispatch(job.payload.seqs), {
      retryDelayMs: (attempt) => Math.min(1_000 * 2 ** (attempt - 1), 5 * 60_000),
    });
  }

  subscribe(name: string, consumer: EventConsumer): void {
    if (this.consumers.has(name)) throw new Error(`event consumer "${name}" is already subscribed`);
    this.consumers.set(name, consumer);
  }

  async dispatch(seqs: number[]): Promise<void> {
    if (seqs.length === 0) return;
    const rows = await this.deps.db
      .select()
      .from(domainEvents)
      .where(and(inArray(domainEvents.seq, seqs), isNull(domainEvents.dispatchedAt)))
      .orderBy(asc(domainEvents.seq));
    for (const row of rows) {
      const recorded = parseRecorded(row);
      if (!recorded) {
        this.deps.logger.error({ seq: row.seq, type: row.type }, 'domain event with an unknown type or payload skipped');
        continue;
      }
      for (const consumer of this.consumers.values()) await consumer(recorded);
    }
    if (rows.length > 0) {
      await this.deps.db
        .update(domainEvents)
        .set({ dispatchedAt: this.deps.clock.now() })
        .where(inArray(domainEvents.seq, rows.map((r) => r.seq)));
    }
  }
}

/** Storage is a boundary too: an event is handed on only when its type and payload match the catalogue. */
function parseRecorded(row: typeof domainEvents.$inferSelect): RecordedEvent | null {
  if (!isDomainEventType(row.type)) return null;
  const parsed = domainEventSchemas[row.type].safeParse(row.data);
  if (!parsed.success) return null;
  return { seq: row.seq, companyId: row.companyId, occurredAt: row.occurredAt, event: { type: row.type, data: parsed.data } as DomainEvent };
}
