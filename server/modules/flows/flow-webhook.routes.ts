import type { FastifyInstance } from 'fastify';
import type { AppServices } from '@server/platform/services';
import { receiveFlowWebhook } from './flow-webhook';

/** Bytes a flow webhook's body may have (a person and a note). */
const BODY_LIMIT = 64 * 1024;

/**
 * `POST /hooks/flows/:flowId`: another tool starts a flow (flow-webhook.ts). The body is read as the exact bytes
 * sent (the signature covers them), then verified and parsed; answers are JSON, problems as RFC 9457.
 */
export async function registerFlowWebhookRoutes(http: FastifyInstance, options: { services: AppServices }): Promise<void> {
  await http.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { flowId: string } }>('/hooks/flows/:flowId', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const answer = await receiveFlowWebhook(options.services, { flowId: request.params.flowId, headers: request.headers, rawBody: typeof request.body === 'string' ? request.body : '' });
      return reply
        .code(answer.status)
        .type(answer.status >= 400 ? 'application/problem+json' : 'application/json')
        .header('cache-control', 'no-store')
        .send(answer.body);
    });
  });
}
