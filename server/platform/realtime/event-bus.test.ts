import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '@server/platform/lib/logger';
import { createEventBus, type CompanyEvent } from './event-bus';

/**
 * Several instances on one Postgres server hear each other's live events through LISTEN/NOTIFY. Needs a server
 * (TEST_DATABASE_URL, as `scripts/with-postgres.sh npm run test:db` sets); skipped on the embedded database, where
 * the bus is in-process.
 */
const url = process.env.TEST_DATABASE_URL;
const buses: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
});

describe.skipIf(!url)('event bus on a Postgres server', () => {
  it('delivers an event published by one instance to another, and keeps doing so after its LISTEN connection is killed', async () => {
    const logger = createLogger('silent');
    const a = createEventBus({ postgresUrl: url, logger });
    const b = createEventBus({ postgresUrl: url, logger });
    buses.push(a, b);
    const heard: CompanyEvent[] = [];
    b.subscribe('company-1', (event) => heard.push(event));

    const first: CompanyEvent = { type: 'lead', leadId: 'lead-1' };
    await expect.poll(() => {
      a.publish('company-1', first);
      return heard.length > 0;
    }).toBe(true);

    // The server drops every LISTEN connection (a restart, a failover, an idle timeout): nobody crashes, and b
    // listens again by itself.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%' and pid <> pg_backend_pid()`);
    await admin.end();

    const second: CompanyEvent = { type: 'lead', leadId: 'lead-2' };
    await expect
      .poll(
        () => {
          a.publish('company-1', second);
          return heard.some((event) => event.type === 'lead' && event.leadId === 'lead-2');
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
  });
});
