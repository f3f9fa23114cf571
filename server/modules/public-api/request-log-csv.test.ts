import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequests, companies } from '@server/platform/db/schema';
import { callerFor, setUpTestApp } from '@server/testing/test-app';
import { apiServer, call, companyWithKey } from '@server/testing/public-api';

/** /logs → API requests as CSV (issue 25 item 5): in the company's time zone, with the list's filter, only the company's own. */
const t = setUpTestApp();

beforeEach(() => {
  t.deps.clock.set(Date.parse('2026-11-23T18:00:00Z')); // 10:00 in Los Angeles
});

describe('the API request log as CSV', () => {
  it('lists each request with its key, route, status and time in the company’s zone', async () => {
    const s = await companyWithKey(t.deps);
    await t.deps.db.update(companies).set({ timezone: 'America/Los_Angeles' }).where(eq(companies.id, s.companyId));
    const other = await companyWithKey(t.deps, { phone: '+14155550166' });
    const http = await apiServer(t.deps);
    await call(http, s.key, 'GET', '/api/v1/leads');
    await call(http, s.key, 'GET', '/api/v1/leads/not-a-uuid');
    await call(http, other.key, 'GET', '/api/v1/contacts');
    // The log is written after each answer: wait until all three lines are in.
    await vi.waitFor(async () => expect(await t.deps.db.select().from(apiRequests)).toHaveLength(3));
    const owner = callerFor(t.deps, { authToken: s.token });
    const all = await owner.publicApi.exportRequestsCsv({});
    const lines = all.csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Time (America/Los_Angeles),Key,Method,Route,Status,Time taken (ms),IP,Request id');
    expect(all.count).toBe(2);
    expect(lines.slice(1).every((line) => line.startsWith('2026-11-23 10:00:00 PST,Zapier'))).toBe(true);
    expect(all.csv).toContain('/api/v1/leads/:id');
    expect(all.csv).not.toContain('/api/v1/contacts');
    const refused = await owner.publicApi.exportRequestsCsv({ outcome: 'client_error' });
    expect(refused.count).toBe(1);
    expect(refused.filename).toBe('leadloop-api-requests-2026-11-23.csv');
  });
});
