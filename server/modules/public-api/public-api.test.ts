import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKeys, apiRequests, consentEvents, contacts, conversations, leads, messages, users } from '@server/platform/db/schema';
import { queryRows } from '@server/platform/db/database';
import { sha256Hex } from '@server/platform/lib/crypto';
import { MINUTE } from '@server/platform/lib/clock';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { callerFor, setUpTestApp } from '@server/testing/test-app';
import { textTheBusiness } from '@server/testing/business';
import { apiServer, call, companyWithKey } from '@server/testing/public-api';

/**
 * Issue 25 items 2 and 3 over HTTP (Fastify's inject): keys stored hashed, scoped, revocable at once, rate limited
 * with RateLimit-* headers and 429; idempotent POSTs; cursor pages; a lead taken in through intake with its consent
 * record; a text refused for an opted-out client; another company's ids answer 404 on every route; every request
 * logged.
 */
const t = setUpTestApp();

beforeEach(() => {
  t.deps.clock.set(Date.parse('2026-11-23T18:00:00Z'));
});

const json = (response: { body: string }) => JSON.parse(response.body) as Record<string, unknown> & { data?: Array<Record<string, unknown>>; next_cursor?: string | null };

function expectProblem(response: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
  const body = json(response);
  expect(body).toMatchObject({ type: 'about:blank', status, code });
  expect(typeof body.title).toBe('string');
  expect(typeof body.detail).toBe('string');
  expect(response.body).not.toMatch(/at .*\.ts:\d+|stack/i);
  return body;
}

describe('API keys', () => {
  it('shows the key once and stores only its hash: the plaintext is nowhere in the database', async () => {
    const s = await companyWithKey(t.deps);
    expect(s.key).toMatch(/^ll_live_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.deps.db.select().from(apiKeys).where(eq(apiKeys.id, s.keyId));
    expect(row!.secretHash).toBe(sha256Hex(s.key));
    expect(s.key.startsWith(`${row!.prefix}_`)).toBe(true);
    const http = await apiServer(t.deps);
    expect((await call(http, s.key, 'GET', '/api/v1/leads')).statusCode).toBe(200);
    const secret = s.key.split('_').slice(3).join('_');
    const tables = await queryRows<{ table_name: string }>(t.deps.db, sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
    expect(tables.length).toBeGreaterThan(20);
    for (const { table_name } of tables) {
      const [dump] = await queryRows<{ dump: string }>(t.deps.db, sql.raw(`select coalesce(string_agg(t::text, ' '), '') as dump from "${table_name}" t`));
      expect(dump?.dump ?? '', table_name).not.toContain(secret);
      expect(dump?.dump ?? '', table_name).not.toContain(s.key);
    }
    // The list shows the prefix and the scopes, never the key.
    const listed = await callerFor(t.deps, { authToken: s.token }).publicApi.keys.list();
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(listed[0]).toMatchObject({ name: 'Zapier', prefix: row!.prefix, revokedAt: null });
  });

  it('records when and from where a key was last used', async () => {
    const s = await companyWithKey(t.deps);
    const http = await apiServer(t.deps);
    await http.inject({ method: 'GET', url: '/api/v1/leads', headers: { authorization: `Bearer ${s.key}` }, remoteAddress: '203.0.113.9' });
    const [listed] = await callerFor(t.deps, { authToken: s.token }).publicApi.keys.list();
    expect(listed!.lastUsedAt).toBe(t.deps.clock.now().getTime());
    expect(listed!.lastUsedIp).toBe('203.0.113.9');
  });

  it('is managed by the owner only', async () => {
    const s = await companyWithKey(t.deps);
    await t.deps.db.update(users).set({ role: 'admin' }).where(eq(users.companyId, s.companyId));
    const caller = callerFor(t.deps, { authToken: s.token });
    expect((await trpcErrorOf(caller.publicApi.keys.create({ name: 'x', scopes: ['leads:read'] }))).code).toBe('FORBIDDEN');
    expect((await trpcErrorOf(caller.publicApi.keys.list())).code).toBe('FORBIDDEN');
    expect((await trpcErrorOf(caller.publicApi.keys.revoke({ id: s.keyId }))).code).toBe('FORBIDDEN');
  });

  it('a revoked key answers 401 at once; another company cannot revoke it', async () => {
    const s = await companyWithKey(t.deps);
    const other = await companyWithKey(t.deps, { phone: '+14155550111' });
    const http = await apiServer(t.deps);
    expect((await trpcErrorOf(callerFor(t.deps, { authToken: other.token }).publicApi.keys.revoke({ id: s.keyId }))).code).toBe('NOT_FOUND');
    expect((await call(http, s.key, 'GET', '/api/v1/leads')).statusCode).toBe(200);
    await callerFor(t.deps, { authToken: s.token }).publicApi.keys.revoke({ id: s.keyId });
    const refused = await call(http, s.key, 'GET', '/api/v1/leads');
    expectProblem(refused, 401, 'unauthorized');
    expect(json(refused).detail).toMatch(/revoked/);
  });

  it('no key or an unknown key is a 401 problem', async () => {
    const http = await apiServer(t.deps);
    expectProblem(await call(http, null, 'GET', '/api/v1/leads'), 401, 'unauthorized');
    expectProblem(await call(http, 'll_live_00000000_nope', 'GET', '/api/v1/leads'), 401, 'unauthorized');
  });

  it('enforces scopes with a 403 problem', async () => {
    const s = await companyWithKey(t.deps, { scopes: ['leads:read'] });
    const http = await apiServer(t.deps);
    expect((await call(http, s.key, 'GET', '/api/v1/leads')).statusCode).toBe(200);
    const body = expectProblem(await call(http, s.key, 'POST', '/api/v1/leads', { phone: '+14155550123' }), 403, 'insufficient_scope');
    expect(body.required_scope).toBe('leads:write');
    const [conversation] = await t.deps.db.select().from(conversations).where(eq(conversations.companyId, s.companyId));
    expectProblem(await call(http, s.key, 'POST', `/api/v1/conversations/${conversation!.id}/messages`, { body: 'hi' }), 403, 'insufficient_scope');
  });

  it('answers RateLimit-* headers and 429 with Retry-After past the per-minute limit, counted in the database', async () => {
    const s = await companyWithKey(t.deps);
    await t.deps.db.update(apiKeys).set({ rateLimitPerMinute: 3 }).where(eq(apiKeys.id, s.keyId));
    const http = await apiServer(t.deps);
    t.deps.clock.set(Date.parse('2026-11-23T18:00:15Z'));
    const first = await call(http, s.key, 'GET', '/api/v1/leads');
    expect(first.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '2', 'ratelimit-reset': '45' });
    // A second server (another instance) shares the count.
    const second = await apiServer(t.deps);
    expect((await call(second, s.key, 'GET', '/api/v1/leads')).headers['ratelimit-remaining']).toBe('1');
    expect((await call(http, s.key, 'GET', '/api/v1/leads')).headers['ratelimit-remaining']).toBe('0');
    const refused = await call(second, s.key, 'GET', '/api/v1/leads');
    expectProblem(refused, 429, 'rate_limited');
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    t.deps.clock.advance(1 * MINUTE);
    expect((await call(http, s.key, 'GET', '/api/v1/leads')).statusCode).toBe(200);
  });
});

describe('creating a lead', () => {
  it('goes through intake: a new client, a lead from the API, the team told, a consent record saying how', async () => {
    const s = await companyWithKey(t.deps);
    const http = await apiServer(t.deps);
    const created = await call(http, s.key, 'POST', '/api/v1/leads', { phone: '(415) 555-0177', name: 'Sam Rivera Jones', email: 'sam@example.test', message: 'Furnace out' });
    expect(created.statusCode).toBe(201);
    const lead = json(created);
    expect(lead).toMatchObject({ status: 'new', source: 'api', summary: 'Furnace out', contact: { first_name: 'Sam', last_name: 'Rivera Jones', phone: '+14155550177', email: 'sam@example.test', opted_out: false } });
    expect(lead.conversation_id).toEqual(expect.any(String));
    const [contact] = await t.deps.db.select().from(contacts).where(and(eq(contacts.companyId, s.companyId), eq(contacts.phone, '+14155550177')));
    const consent = await t.deps.db.select().from(consentEvents).where(eq(consentEvents.contactId, contact!.id));
    expect(consent).toEqual([expect.objectContaining({ kind: 'implied', method: 'api', text: expect.stringContaining('Zapier') })]);
    // Posting the same person again inside 24 hours joins their lead (200), as every channel does.
    const again = await call(http, s.key, 'POST', '/api/v1/leads', { phone: '+14155550177', source: 'form' });
    expect(again.statusCode).toBe(200);
    expect(json(again).id).toBe(lead.id);
  });

  it('keeps the consent the tool sends as an opt-in', async () => {
    const s = await companyWithKey(t.deps);
    const http = await apiServer(t.deps);
    const created = await call(http, s.key, 'POST', '/api/v1/leads', { phone: '+14155550178', consent: { text: 'I agree to receive texts', source_url: 'https://example.test/form', ip: '198.51.100.4' } });
    expect(created.statusCode).toBe(201);
    const contactId = (json(created).contact as { id: string }).id;
    const consent = await t.deps.db.select().from(consentEvents).where(eq(consentEvents.contactId, contactId));
    expect(consent).toEqual([expect.objectContaining({ kind: 'opt_in', method: 'api', text: 'I agree to receive texts', sourceUrl: 'https://example.test/form', ip: '198.51.100.4' })]);
  });

  it('refuses a bad body with a problem naming each field', async () => {
    const s = await companyWithKey(t.deps);
    const http = await apiServer(t.deps);
    const body = expectProblem(await call(http, s.key, 'POST', '/api/v1/leads', { phone: '12', email: 'nope', extra: 1 }), 400, 'validation_failed');
    const pointers = (body.errors as Array<{ pointer: string }>).map((e) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['#/phone', '#/email']));
    expectProblem(await http.inject({ method: 'POST', url: '/api/v1/leads', headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' }, payload: '{nope' }), 400, 'invalid_request');
  });

  it('replays the first answer for the same Idempotency-Key, and refuses the key with another body (422)', async () => {
    const s = await companyWithKey(t.deps);
    const http = await apiServer(t.deps);
    const headers = { 'idempotency-key': 'order-7781' };
    const first = await call(http, s.key, 'POST', '/api/v1/leads', { phone: '+14155550190', message: 'Roof leak' }, headers);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    t.deps.clock.advance(5 * MINUTE);
    const replay = await call(http, s.key, 'POST', '/api/v1/leads', { phone: '+14155550190', message: 'Roof leak' }, headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect(await t.deps.db.select().from(leads).where(eq(leads.companyId, s.companyId))).toHaveLength(2);
    expectProblem(await call(http, s.key, 'POST', '/api/v1/leads', { phone: '+14155550191' }, headers), 422, 'idempotency_key_reused');
    // Another key of the same company has keys of its own.
    const other = await callerFor(t.deps, { authToken: s.token }).publicApi.keys.create({ name: 'CRM', scopes: ['leads:write'] });
    expect((await call(http, other.key, 'POST', '/api/v1/leads', { phone: '+14155550191' }, headers)).statusCode).toBe(201);
    // After 24 hours the key is free again.
    t.deps.clock.advance(24 * 60 * MINUTE);
    const later = await call(http, s.key, 'POST', '/api/v1/leads', { phone: '+14155550192' }, headers);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotency-replayed']).toBeUndefined();
  });
});

describe('lists', () => {
  it('pages with limit and an opaque cursor in a stable order, and filters', async () => {
    const s = await companyWithKey(t.deps);
    const http = await apiServer(t.deps);
    for (let i = 0; i < 5; i += 1) {
      t.deps.clock.advance(MINUTE);
      expect((await call(http, s.key, 'POST', '/api/v1/leads', { phone: `+1415555020${i}`, source: i % 2 ? 'form' : 'api' })).statusCode).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null | undefined = null;
    let pages = 0;
    do {
      const response = await call(http, s.key, 'GET', `/api/v1/leads?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(response.statusCode).toBe(200);
      const body = json(response);
      seen.push(...body.data!.map((lead) => String(lead.id)));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    const all = json(await call(http, s.key, 'GET', '/api/v1/leads?limit=100'));
    expect(all.data!.map((lead) => lead.id)).toEqual(seen);
    expect(all.next_cursor).toBeNull();

    const forms = json(await call(http, s.key, 'GET', '/api/v1/leads?source=form'));
    expect(forms.data!.map((lead) => lead.source)).toEqual(['form', 'form']);
    const smsOrForm = json(await call(http, s.key, 'GET', '/api/v1/leads?source=sms,form'));
    expect(smsOrForm.data).toHaveLength(3);
    const recent = json(await call(http, s.key, 'GET', `/api/v1/leads?created_after=${encodeURIComponent(new Date(t.deps.clock.now().getTime() - 2 * MINUTE + 1).toISOString())}`));
    expect(recent.data).toHaveLength(2);
    const earlier = json(await call(http, s.key, 'GET', `/api/v1/leads?created_before=${encodeURIComponent(new Date(t.deps.clock.now().getTime() - 3 * MINUTE).toISOString())}`));
    expect(earlier.data).toHaveLength(2);
    const statuses = json(await call(http, s.key, 'GET', '/api/v1/leads?status=won'));
    expect(statuses.data).toEqual([]);

    const bad = expectProblem(await call(http, s.key, 'GET', '/api/v1/leads?cursor=bm9wZQ&limit=500&status=maybe'), 400, 'validation_failed');
    expect((bad.errors as Array<{ parameter: string }>).map((e) => e.parameter).sort()).toEqual(['cursor', 'limit', 'status']);
  });
});

describe('changing a lead’s status', () => {
  it('goes through the lead service (its audit line names the change)', async () => {
    const s = await companyWithKey(t.deps);
    const http = await apiServer(t.deps);
    const [lead] = await t.deps.db.select().from(leads).where(eq(leads.companyId, s.companyId));
    const changed = await call(http, s.key, 'PATCH', `/api/v1/leads/${lead!.id}`, { status: 'qualified' });
    expect(changed.statusCode).toBe(200);
    expect(json(changed).status).toBe('qualified');
    const [after] = await t.deps.db.select().from(leads).where(eq(leads.id, lead!.id));
    expect(after!.status).toBe('qualified');
    expectProblem(await call(http, s.key, 'PATCH', `/api/v1/leads/${lead!.id}`, { status: 'done' }), 400, 'validation_failed');
  });
});

describe('sending a text', () => {
  it('queues it through the outbound pipeline, and refuses an opted-out client with a problem', async () => {
    const s = await companyWithKey(t.deps);
    const http = await apiServer(t.deps);
    const [conversation] = await t.deps.db.select().from(conversations).where(eq(conversations.companyId, s.companyId));
    const sent = await call(http, s.key, 'POST', `/api/v1/conversations/${conversation!.id}/messages`, { body: 'We can come at 9 tomorrow.' });
    expect(sent.statusCode).toBe(202);
    expect(json(sent)).toMatchObject({ direction: 'outbound', author: 'user', body: 'We can come at 9 tomorrow.', status: 'queued' });
    await t.deps.queue.drain();
    const listed = json(await call(http, s.key, 'GET', `/api/v1/conversations/${conversation!.id}/messages`));
    expect(listed.data!.find((m) => m.id === json(sent).id)).toMatchObject({ body: 'We can come at 9 tomorrow.', status: expect.stringMatching(/sent|delivered/) });

    await textTheBusiness(s, s.phone, 'STOP');
    const refused = await call(http, s.key, 'POST', `/api/v1/conversations/${conversation!.id}/messages`, { body: 'Still there?' });
    const problem = expectProblem(refused, 409, 'recipient_opted_out');
    expect(problem.detail).toMatch(/opted out/);
    const [held] = await t.deps.db.select().from(messages).where(eq(messages.id, String(problem.message_id)));
    expect(held).toMatchObject({ status: 'blocked', errorCode: 'opted_out' });
  });
});

describe('company scope', () => {
  it('another company’s ids answer 404 on every route, and its rows are in no list', async () => {
    const mine = await companyWithKey(t.deps);
    const theirs = await companyWithKey(t.deps, { phone: '+14155550122' });
    const http = await apiServer(t.deps);
    const [lead] = await t.deps.db.select().from(leads).where(eq(leads.companyId, theirs.companyId));
    const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.companyId, theirs.companyId));
    const [conversation] = await t.deps.db.select().from(conversations).where(eq(conversations.companyId, theirs.companyId));
    const routes: Array<[method: 'GET' | 'PATCH' | 'POST', url: string, body?: unknown]> = [
      ['GET', `/api/v1/leads/${lead!.id}`],
      ['PATCH', `/api/v1/leads/${lead!.id}`, { status: 'won' }],
      ['GET', `/api/v1/contacts/${contact!.id}`],
      ['GET', `/api/v1/conversations/${conversation!.id}`],
      ['GET', `/api/v1/conversations/${conversation!.id}/messages`],
      ['POST', `/api/v1/conversations/${conversation!.id}/messages`, { body: 'hello' }],
    ];
    for (const [method, url, body] of routes) expectProblem(await call(http, mine.key, method, url, body), 404, 'not_found');
    const [unchanged] = await t.deps.db.select().from(leads).where(eq(leads.id, lead!.id));
    expect(unchanged!.status).not.toBe('won');
    expect(await t.deps.db.select().from(messages).where(and(eq(messages.conversationId, conversation!.id), eq(messages.direction, 'outbound')))).toHaveLength(0);

    const lists = ['/api/v1/leads', '/api/v1/contacts', '/api/v1/conversations', `/api/v1/contacts?phone=${encodeURIComponent(theirs.phone)}`, `/api/v1/conversations?contact_id=${contact!.id}`];
    for (const url of lists) {
      const ids = json(await call(http, mine.key, 'GET', url)).data!.map((row) => row.id);
      expect(ids, url).not.toContain(lead!.id);
      expect(ids, url).not.toContain(contact!.id);
      expect(ids, url).not.toContain(conversation!.id);
    }
    // An unknown route is a problem too.
    expectProblem(await call(http, mine.key, 'GET', '/api/v1/nothing-here'), 404, 'not_found');
  });
});

describe('the request log', () => {
  it('records key, route, status and latency for each request, read in /logs by the company only', async () => {
    const s = await companyWithKey(t.deps);
    const other = await companyWithKey(t.deps, { phone: '+14155550133' });
    const http = await apiServer(t.deps);
    await call(http, s.key, 'GET', '/api/v1/leads');
    await call(http, s.key, 'GET', '/api/v1/leads/00000000-0000-4000-8000-000000000000');
    await call(http, null, 'GET', '/api/v1/leads');
    // The log is written after each answer (the caller never waits for it): read it once both lines are in.
    const logged = () => t.deps.db.select().from(apiRequests).where(eq(apiRequests.companyId, s.companyId));
    await vi.waitFor(async () => expect(await logged()).toHaveLength(2));
    const rows = await logged();
    expect(rows.map((r) => [r.method, r.route, r.status]).sort()).toEqual([
      ['GET', '/api/v1/leads', 200],
      ['GET', '/api/v1/leads/:id', 404],
    ]);
    expect(rows.every((r) => r.latencyMs >= 0 && r.keyPrefix.startsWith('ll_live_'))).toBe(true);
    const listed = await callerFor(t.deps, { authToken: s.token }).publicApi.requests({});
    expect(listed.items).toHaveLength(2);
    expect(listed.items[0]!.key).toMatch(/^Zapier \(ll_live_/);
    expect((await callerFor(t.deps, { authToken: other.token }).publicApi.requests({})).items).toHaveLength(0);
    expect((await callerFor(t.deps, { authToken: s.token }).publicApi.requests({ outcome: 'client_error' })).items.map((i) => i.status)).toEqual([404]);
  });
});
