import Fastify from 'fastify';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiIdempotencyKeys, conversations, messages } from '@server/platform/db/schema';
import { setUpTestApp } from '@server/testing/test-app';
import { call, companyWithKey } from '@server/testing/public-api';
import { defineRoute } from './api.routes';
import { sendMessageApi } from './api.service';
import { registerPublicApi } from './public-api.routes';

/**
 * The idempotency key, the request's effect and its answer are one transaction (decision 0042): a process that dies
 * after the effect and before the answer is stored leaves nothing behind, so the client's retry sends the text once.
 */
const t = setUpTestApp();

/** A send route that, like a process killed mid-request, fails after the text was queued — `crashes` times. */
async function serverThatCrashesAfterSending(crashes: number) {
  let left = crashes;
  const route = defineRoute({
    method: 'POST',
    path: '/crash-test/conversations/{id}/messages',
    operationId: 'crashTestSend',
    tag: 'Test',
    summary: 'Send, then fail before answering',
    scope: 'messages:send',
    params: z.object({ id: z.string().uuid() }),
    body: z.object({ body: z.string() }),
    responses: { 202: { description: 'queued', schema: z.unknown() } },
    handle: async ({ scope, services }, { params, body }) => {
      const message = await sendMessageApi(scope, services, params.id, body.body);
      if (left > 0) {
        left -= 1;
        throw new Error('the process died here');
      }
      return { status: 202, body: message };
    },
  });
  const http = Fastify({ logger: false });
  await registerPublicApi(http, { services: t.deps, routes: [route] });
  await http.ready();
  return http;
}

describe('idempotent POSTs are all-or-nothing', () => {
  it('a failure after the text was queued leaves no text and no claim; the retry sends it once and is then replayed', async () => {
    const s = await companyWithKey(t.deps);
    const http = await serverThatCrashesAfterSending(1);
    const [conversation] = await t.deps.db.select().from(conversations).where(eq(conversations.companyId, s.companyId));
    const url = `/api/v1/crash-test/conversations/${conversation!.id}/messages`;
    const headers = { 'idempotency-key': 'send-4471' };
    const outbound = () => t.deps.db.select().from(messages).where(and(eq(messages.conversationId, conversation!.id), eq(messages.direction, 'outbound')));
    const before = (await outbound()).length;

    const crashed = await call(http, s.key, 'POST', url, { body: 'We can come at 9 tomorrow.' }, headers);
    expect(crashed.statusCode).toBe(500);
    expect(await outbound()).toHaveLength(before);
    expect(await t.deps.db.select().from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.key, 'send-4471'))).toEqual([]);

    const retried = await call(http, s.key, 'POST', url, { body: 'We can come at 9 tomorrow.' }, headers);
    expect(retried.statusCode).toBe(202);
    expect(retried.headers['idempotency-replayed']).toBeUndefined();
    expect((await outbound()).filter((m) => m.body === 'We can come at 9 tomorrow.')).toHaveLength(1);

    const again = await call(http, s.key, 'POST', url, { body: 'We can come at 9 tomorrow.' }, headers);
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toBe(retried.body);
    expect((await outbound()).filter((m) => m.body === 'We can come at 9 tomorrow.')).toHaveLength(1);
  });

  it('two requests with one key at the same time: one sends, the other waits and replays its answer', async () => {
    const s = await companyWithKey(t.deps);
    const http = await serverThatCrashesAfterSending(0);
    const [conversation] = await t.deps.db.select().from(conversations).where(eq(conversations.companyId, s.companyId));
    const url = `/api/v1/conversations/${conversation!.id}/messages`;
    const headers = { 'idempotency-key': 'send-4472' };
    const [a, b] = await Promise.all([
      call(http, s.key, 'POST', url, { body: 'On our way.' }, headers),
      call(http, s.key, 'POST', url, { body: 'On our way.' }, headers),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect([a.headers['idempotency-replayed'], b.headers['idempotency-replayed']].filter(Boolean)).toEqual(['true']);
    expect(a.body).toBe(b.body);
    const sent = await t.deps.db.select().from(messages).where(and(eq(messages.conversationId, conversation!.id), eq(messages.body, 'On our way.')));
    expect(sent).toHaveLength(1);
  });
});
