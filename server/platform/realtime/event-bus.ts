import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from '@server/platform/lib/logger';

/** What the browser is told about, so it can refetch: small events, never message contents. */
export type CompanyEvent =
  | { type: 'message'; conversationId: string; messageId: string }
  | { type: 'conversation'; conversationId: string }
  | { type: 'lead'; leadId: string }
  | { type: 'contact'; contactId: string }
  | { type: 'notification'; userId: string }
  | { type: 'call'; callId: string }
  /** A call the AI assistant answered (AI call answering → History). */
  | { type: 'ai_call'; aiCallId: string };

/**
 * Notices between the server instances themselves, never sent to a browser: a user's sessions must be read again
 * (a role changed, a member removed), so every instance's session cache drops them at once (docs/decisions/0041-users-and-roles.md).
 */
export type SystemEvent = { type: 'sessions.changed'; companyId: string; userId: string | null };

export interface EventBus {
  publish(companyId: string, event: CompanyEvent): void;
  /** To every instance's `subscribeSystem` listeners (this one's included). */
  publishSystem(event: SystemEvent): void;
  subscribeSystem(listener: (event: SystemEvent) => void): () => void;
  /** Returns the unsubscribe function. */
  subscribe(companyId: string, listener: (event: CompanyEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'leadloop_events';
/** The emitter's key for system events: company ids are UUIDs, so it can never be one. */
const SYSTEM = 'system';

/**
 * In-process by default (PGlite is one process). With a Postgres server, events also travel through
 * LISTEN/NOTIFY so every instance behind the load balancer hears them.
 */
export function createEventBus(options: { postgresUrl?: string | undefined; logger: Logger }): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const local = (companyId: string, event: CompanyEvent) => emitter.emit(companyId, event);
  const localSystem = (event: SystemEvent) => emitter.emit(SYSTEM, event);
  const subscribeSystem = (listener: (event: SystemEvent) => void) => {
    emitter.on(SYSTEM, listener);
    return () => emitter.off(SYSTEM, listener);
  };

  if (!options.postgresUrl) {
    return {
      publish: local,
      publishSystem: localSystem,
      subscribeSystem,
      subscribe(companyId, listener) {
        emitter.on(companyId, listener);
        return () => emitter.off(companyId, listener);
      },
      async close() {
        emitter.removeAllListeners();
      },
    };
  }

  // The LISTEN connection: when it breaks (the server restarted, a network blip, an idle timeout) it is opened
  // again with backoff (0.5 s doubling to 30 s); events published meanwhile by other instances are missed by this
  // one's live screens, which refetch when they reconnect to it. A broken connection must never crash the process.
  const publisher = new pg.Pool({ connectionString: options.postgresUrl, max: 2 });
  publisher.on('error', (error) => options.logger.warn({ err: error }, 'event bus: an idle NOTIFY connection broke'));
  let listener: pg.Client | null = null;
  let closing = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | null = null;
  const onNotification = (message: pg.Notification) => {
    if (!message.payload) return;
    try {
      const parsed = JSON.parse(message.payload) as { companyId: string; event: CompanyEvent } | { system: SystemEvent };
      if ('system' in parsed) localSystem(parsed.system);
      else local(parsed.companyId, parsed.event);
    } catch {
      // Not ours.
    }
  };
  const reconnectLater = () => {
    if (closing || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryMs);
    retryTimer.unref?.();
    retryMs = Math.min(retryMs * 2, 30_000);
  };
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: options.postgresUrl });
    listener = client;
    let broken = false;
    const lost = (error?: unknown) => {
      if (broken || closing) return;
      broken = true;
      options.logger.warn({ err: error }, 'event bus: the LISTEN connection broke; reconnecting');
      client.end().catch(() => undefined);
      reconnectLater();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', onNotification);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      retryMs = 500;
    } catch (error) {
      if (!closing) options.logger.error({ err: error }, 'event bus: LISTEN failed; live updates stay on this instance until it succeeds');
      lost(error);
    }
  };
  const ready = connect();
  return {
    publish(companyId, event) {
      publisher.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ companyId, event })]).catch((error: unknown) => {
        options.logger.warn({ err: error }, 'event bus: NOTIFY failed; delivering locally');
        local(companyId, event);
      });
    },
    publishSystem(event) {
      publisher.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ system: event })]).catch((error: unknown) => {
        // This instance still hears it; the others read the sessions again when their cached copy ends (5 s).
        options.logger.warn({ err: error }, 'event bus: NOTIFY failed; delivering the system event locally');
        localSystem(event);
      });
    },
    subscribeSystem,
    subscribe(companyId, callback) {
      emitter.on(companyId, callback);
      return () => emitter.off(companyId, callback);
    },
    async close() {
      await ready;
      closing = true;
      if (retryTimer) clearTimeout(retryTimer);
      emitter.removeAllListeners();
      await listener?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}
