import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from '@server/platform/lib/logger';

/** What the browser is told about, so it can refetch: small events, never message contents. */
export type CompanyEvent =
  | { type: 'message'; conversationId: string; messageId: string }
  | { type: 'conversation'; conversationId: string }
  | { type: 'lead'; leadId: string }
  | { type: 'contact'; contactId: string }
  | { type: 'notification'; userId: string };

export interface EventBus {
  publish(companyId: string, event: CompanyEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(companyId: string, listener: (event: CompanyEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'leadloop_events';

/**
 * In-process by default (PGlite is one process). With a Postgres server, events also travel through
 * LISTEN/NOTIFY so every instance behind the load balancer hears them.
 */
export function createEventBus(options: { postgresUrl?: string | undefined; logger: Logger }): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const local = (companyId: string, event: CompanyEvent) => emitter.emit(companyId, event);

  if (!options.postgresUrl) {
    return {
      publish: local,
      subscribe(companyId, listener) {
        emitter.on(companyId, listener);
        return () => emitter.off(companyId, listener);
      },
      async close() {
        emitter.removeAllListeners();
      },
    };
  }

  const listener = new pg.Client({ connectionString: options.postgresUrl });
  const publisher = new pg.Pool({ connectionString: options.postgresUrl, max: 2 });
  const ready = listener
    .connect()
    .then(() => listener.query(`LISTEN ${CHANNEL}`))
    .catch((error: unknown) => options.logger.error({ err: error }, 'event bus: LISTEN failed; live updates stay on this instance'));
  listener.on('notification', (message) => {
    if (!message.payload) return;
    try {
      const { companyId, event } = JSON.parse(message.payload) as { companyId: string; event: CompanyEvent };
      local(companyId, event);
    } catch {
      // Not ours.
    }
  });
  return {
    publish(companyId, event) {
      publisher.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ companyId, event })]).catch((error: unknown) => {
        options.logger.warn({ err: error }, 'event bus: NOTIFY failed; delivering locally');
        local(companyId, event);
      });
    },
    subscribe(companyId, callback) {
      emitter.on(companyId, callback);
      return () => emitter.off(companyId, callback);
    },
    async close() {
      await ready;
      emitter.removeAllListeners();
      await listener.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}
