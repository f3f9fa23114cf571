import type { FastifyInstance, FastifyReply } from 'fastify';
import { twilioMessagingResponse } from '@server/adapters/telephony/twilio-library';
import { registerTwilioWebhookScope, type TwilioWebhookOptions } from '@server/adapters/telephony/twilio-webhook-scope';
import type { AppServices } from '@server/platform/services';
import { recordInboundEvent } from './provider-events.service';

/**
 * Twilio's texts and delivery reports. A signed request is stored and queued (idempotent on MessageSid) and
 * answered at once; everything else happens in the job. (The calls' webhooks: calls/voice.webhooks.ts.)
 */
export function registerTwilioWebhooks(app: FastifyInstance, options: TwilioWebhookOptions & { services: AppServices }) {
  return registerTwilioWebhookScope(app, options, (scope, verified) => {
    // Nothing to say back: an empty messaging response (twilio.twiml.MessagingResponse, loaded on the first text).
    let empty: string | undefined;
    const twiml = (reply: FastifyReply) =>
      reply
        .code(200)
        .type('text/xml')
        .header('Cache-Control', 'no-store')
        .send((empty ??= new (twilioMessagingResponse())().toString()));

    scope.post('/webhooks/twilio/sms', async (request, reply) => {
      const params = verified(request, reply);
      if (!params) return reply;
      if (!params.MessageSid || !params.From || !params.To) return reply.code(400).type('text/plain').send('MessageSid, From and To are required');
      await recordInboundEvent(options.services, { provider: 'twilio', kind: 'sms', eventKey: params.MessageSid, payload: params });
      return twiml(reply);
    });

    scope.post('/webhooks/twilio/status', async (request, reply) => {
      const params = verified(request, reply);
      if (!params) return reply;
      if (!params.MessageSid || !params.MessageStatus) return reply.code(400).type('text/plain').send('MessageSid and MessageStatus are required');
      await recordInboundEvent(options.services, { provider: 'twilio', kind: 'status', eventKey: `${params.MessageSid}:${params.MessageStatus}`, payload: params });
      return reply.code(204).send();
    });
  });
}
