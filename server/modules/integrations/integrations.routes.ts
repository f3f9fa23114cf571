import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { integrationConnections } from '@server/platform/db/schema';
import type { AppServices } from '@server/platform/services';
import { providerConfig } from './config';
import { CALENDAR_SYNC_QUEUE, channelConnection, PUSH_PATH } from './google-calendar';
import { JOBBER_JOB_QUEUE, jobberWebhookSchema, verifyJobberSignature } from './jobber';
import { takeThumbtackEvent, thumbtackAuthorized, thumbtackConnectionOf, thumbtackEventSchema, THUMBTACK_WEBHOOK_PATH } from './thumbtack';

const BODY_LIMIT = 256 * 1024;

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The providers' webhooks (decision 0055), each read as the exact bytes sent: Google Calendar's push notifications
 * (channel id + token), Jobber's (HMAC-SHA256 with the app's client secret), Thumbtack's (Basic auth per
 * connection). Each answers quickly: the work is queued, or (a Thumbtack lead) one short transaction.
 */
export async function registerIntegrationRoutes(http: FastifyInstance, options: { services: AppServices }): Promise<void> {
  const { services } = options;
  await http.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post(PUSH_PATH, async (request, reply) => {
      const channelId = header(request.headers['x-goog-channel-id']);
      const token = header(request.headers['x-goog-channel-token']);
      if (!channelId || !token) return reply.code(400).send({ error: 'Missing channel headers' });
      const connectionId = await channelConnection(services, channelId, token);
      if (!connectionId) return reply.code(404).send({ error: 'Unknown channel' });
      // "sync" only says the channel is open; anything else says the calendar changed.
      if (header(request.headers['x-goog-resource-state']) !== 'sync') {
        const [row] = await services.db.select({ companyId: integrationConnections.companyId }).from(integrationConnections).where(eq(integrationConnections.id, connectionId)).limit(1);
        await services.queue.enqueue(services.db, CALENDAR_SYNC_QUEUE, { connectionId }, { companyId: row?.companyId ?? null, singletonKey: `sync:${connectionId}` });
        services.queue.wake();
      }
      return reply.code(200).send({ ok: true });
    });

    scope.post('/webhooks/jobber', async (request, reply) => {
      const config = providerConfig(services, 'jobber');
      if (!config) return reply.code(404).send({ error: 'Jobber is not set up on this server' });
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!verifyJobberSignature(config.clientSecret, raw, header(request.headers['x-jobber-hmac-sha256']))) return reply.code(401).send({ error: 'Bad signature' });
      const parsed = jobberWebhookSchema.safeParse(parseJson(raw));
      if (!parsed.success) return reply.code(400).send({ error: 'Not a Jobber webhook' });
      const event = parsed.data.data.webHookEvent;
      const [connection] = await services.db
        .select()
        .from(integrationConnections)
        .where(and(eq(integrationConnections.provider, 'jobber'), eq(integrationConnections.externalAccountId, event.accountId)))
        .limit(1);
      // An account no company here is connected to (disconnected since): acknowledged, nothing to do.
      if (connection && connection.status === 'connected' && event.topic.startsWith('JOB_')) {
        await services.queue.enqueue(services.db, JOBBER_JOB_QUEUE, { connectionId: connection.id, jobId: event.itemId }, { companyId: connection.companyId, maxAttempts: 8, singletonKey: `jobber-job:${event.itemId}:${event.occurredAt ?? ''}` });
        services.queue.wake();
      }
      return reply.code(200).send({ ok: true });
    });

    scope.post<{ Params: { companyId: string } }>(`${THUMBTACK_WEBHOOK_PATH}/:companyId`, async (request, reply) => {
      const connection = await thumbtackConnectionOf(services, request.params.companyId);
      if (!connection || !thumbtackAuthorized(services, connection, header(request.headers.authorization))) return reply.code(401).send({ error: 'Not authorized' });
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const parsed = thumbtackEventSchema.safeParse(parseJson(raw));
      // Event types LeadLoop did not ask for are acknowledged and dropped.
      if (!parsed.success) return reply.code(200).send({ ok: true, taken: 'ignored' });
      const taken = await takeThumbtackEvent(services, connection, parsed.data);
      return reply.code(200).send({ ok: true, taken });
    });
  });
}
