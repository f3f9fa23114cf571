import type { FastifyInstance } from 'fastify';
import { WebhookSignatureError } from '@server/adapters/billing/billing.port';
import type { AppServices } from '@server/platform/services';
import { receiveStripeEvent } from './billing.service';

/** Stripe's events are small; anything bigger is not from Stripe. */
const BODY_LIMIT = 512 * 1024;

/**
 * `POST /webhooks/stripe` (when Stripe is configured): the body is read as the exact bytes Stripe sent, verified
 * with `stripe.webhooks.constructEvent` against STRIPE_WEBHOOK_SECRET, then applied once per event id
 * (billing.service.ts). A bad signature is 400; an event we could not apply is 500, so Stripe retries it; a
 * replay is 200 and changes nothing.
 */
export async function registerStripeWebhook(http: FastifyInstance, options: { services: AppServices }): Promise<void> {
  const { services } = options;
  const billing = services.billing;
  if (billing.kind !== 'stripe') return;
  await http.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post('/webhooks/stripe', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      let event;
      try {
        event = await billing.verifyEvent(raw, typeof header === 'string' ? header : undefined);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ reason: error.message }, 'a Stripe webhook failed its signature check');
          return reply.code(400).send({ error: 'The Stripe-Signature header does not match this body and STRIPE_WEBHOOK_SECRET.' });
        }
        throw error;
      }
      const result = await receiveStripeEvent(services, event);
      request.log.info({ eventId: event.id, type: event.type, ...result }, 'Stripe event');
      return reply.code(200).send({ received: true, replay: result.replay, outcome: result.outcome });
    });
  });
}
