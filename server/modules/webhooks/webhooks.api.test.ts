import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { beforeEach, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '@server/platform/db/schema';
import { setUpTestApp } from '@server/testing/test-app';
import { apiServer, call, companyWithKey } from '@server/testing/public-api';

/** `/api/v1/webhook_endpoints` (issue 25 item 3): the same rules as /integrations, behind an API key's "manage webhooks" scope. */
const t = setUpTestApp();

beforeEach(() => {
  t.deps.clock.set(Date.parse('2026-11-23T18:00:00Z'));
});

describe('webhook endpoints over the public API', () => {
  it('adds an endpoint with its secret shown once (sealed in the database), lists, changes and deletes it', async () => {
    const s = await companyWithKey(t.deps);
    const http = await apiServer(t.deps);
    const made = await call(http, s.key, 'POST', '/api/v1/webhook_endpoints', { url: 'https://crm.example.com/in', events: ['lead.created', 'message.received'], description: 'Our CRM' });
    expect(made.statusCode).toBe(201);
    const created = JSON.parse(made.body) as { id: string; secret: string; secret_hint: string; events: string[] };
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.secret.startsWith(created.secret_hint.replace('…', ''))).toBe(true);
    // The secret signs: the reference library accepts it.
    expect(() => new Webhook(created.secret)).not.toThrow();
    const [row] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.secret.replace('whsec_', ''));

    const listed = JSON.parse((await call(http, s.key, 'GET', '/api/v1/webhook_endpoints')).body) as { data: Array<{ id: string; secret?: string }>; next_cursor: null };
    expect(listed.data.map((e) => e.id)).toEqual([created.id]);
    expect(listed.data[0]!.secret).toBeUndefined();
    const changed = await call(http, s.key, 'PATCH', `/api/v1/webhook_endpoints/${created.id}`, { enabled: false });
    expect(JSON.parse(changed.body)).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    expect((await call(http, s.key, 'DELETE', `/api/v1/webhook_endpoints/${created.id}`)).statusCode).toBe(200);
    expect((await call(http, s.key, 'GET', `/api/v1/webhook_endpoints/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses a private address with the reason, a key without the scope, and another company’s endpoint', async () => {
    const a = await companyWithKey(t.deps);
    const b = await companyWithKey(t.deps, { scopes: ['leads:read'], phone: '+14155550177' });
    const http = await apiServer(t.deps);
    const refused = await call(http, a.key, 'POST', '/api/v1/webhook_endpoints', { url: 'http://169.254.169.254/latest', events: ['lead.created'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatch(/url/);
    expect((await call(http, b.key, 'GET', '/api/v1/webhook_endpoints')).statusCode).toBe(403);
    const mine = JSON.parse((await call(http, a.key, 'POST', '/api/v1/webhook_endpoints', { url: 'https://crm.example.com/in', events: ['lead.created'] })).body) as { id: string };
    const other = await companyWithKey(t.deps, { phone: '+14155550188' });
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const answer = await call(http, other.key, method, `/api/v1/webhook_endpoints/${mine.id}`, method === 'PATCH' ? { enabled: false } : undefined);
      expect(answer.statusCode, method).toBe(404);
    }
    expect((await call(http, a.key, 'GET', `/api/v1/webhook_endpoints/${mine.id}`)).statusCode).toBe(200);
  });
});
