import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerTwilioWebhookScope, type TwilioWebhookOptions } from '@server/adapters/telephony/twilio-webhook-scope';
import type { AppServices } from '@server/platform/services';
import { signedGreetingUrl } from './recordings.service';
import { answerDialResult, answerIncomingCall, answerRecorded, storeEvent } from './voice.service';

/**
 * Twilio's voice webhooks (decision 0022): the first webhook and the Dial's and Record's actions answer TwiML; the
 * status, recording and transcription callbacks are stored and queued (idempotent on their keys) and answered 204.
 * An uploaded greeting is played from a signed address (Twilio fetches it without our session).
 */
export function registerVoiceWebhooks(app: FastifyInstance, options: TwilioWebhookOptions & { services: AppServices }) {
  return registerTwilioWebhookScope(app, options, (scope, verified) => {
    const { services } = options;
    const greetingUrl = (recordingId: string) => signedGreetingUrl(options.publicUrl, options.authToken, recordingId);
    const voiceXml = (reply: FastifyReply, body: string) => reply.code(200).type('text/xml').header('Cache-Control', 'no-store').send(body);
    const needsCall = (params: Record<string, string>, reply: FastifyReply) => {
      if (params.CallSid) return true;
      void reply.code(400).type('text/plain').send('CallSid is required');
      return false;
    };
    scope.post('/webhooks/twilio/voice', async (request, reply) => {
      const params = verified(request, reply);
      if (!params) return reply;
      if (!params.CallSid || !params.To) return reply.code(400).type('text/plain').send('CallSid and To are required');
      return voiceXml(reply, (await answerIncomingCall(services, { provider: 'twilio', params, greetingUrl })).twiml);
    });
    scope.post('/webhooks/twilio/voice/dial', async (request, reply) => {
      const params = verified(request, reply);
      if (!params || !needsCall(params, reply)) return reply;
      return voiceXml(reply, (await answerDialResult(services, { provider: 'twilio', params, greetingUrl })).twiml);
    });
    scope.post('/webhooks/twilio/voice/recorded', async (request, reply) => {
      const params = verified(request, reply);
      if (!params || !needsCall(params, reply)) return reply;
      return voiceXml(reply, (await answerRecorded(services, { provider: 'twilio', params })).twiml);
    });
    const callback = (path: string, kind: 'call_status' | 'recording' | 'transcription') =>
      scope.post(path, async (request, reply) => {
        const params = verified(request, reply);
        if (!params || !needsCall(params, reply)) return reply;
        const stored = await storeEvent(services, kind, { provider: 'twilio', params });
        if (stored.invalid) return reply.code(400).type('text/plain').send('The callback is missing its status or id');
        return reply.code(204).send();
      });
    callback('/webhooks/twilio/voice/status', 'call_status');
    callback('/webhooks/twilio/voice/recording', 'recording');
    callback('/webhooks/twilio/voice/transcription', 'transcription');
  });
}
