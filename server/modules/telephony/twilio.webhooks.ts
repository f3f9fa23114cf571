import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { storableValue } from '@contracts/text';
import { validateTwilioSignature } from '@server/adapters/telephony/twilio';
import type { Logger } from '@server/platform/lib/logger';
import { recordInboundEvent } from './provider-events.service';
import type { MessagingDeps } from '@server/modules/messaging/messaging.deps';
import { answerDialResult, answerIncomingCall, answerRecorded, storeEvent } from '@server/modules/calls/voice.service';
import { signedGreetingUrl } from '@server/modules/calls/recordings.service';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * Twilio's webhooks (form-encoded). Each request's X-Twilio-Signature is checked against PUBLIC_URL + path; an
 * invalid one answers 403 and stores nothing. A valid one is stored and queued (idempotent on MessageSid) and
 * answered at once; everything else happens in the job.
 */
export function registerTwilioWebhooks(app: FastifyInstance, options: { messaging: MessagingDeps; authToken: string; publicUrl: string; logger: Logger }) {
  return app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    const verified = (request: FastifyRequest, reply: FastifyReply): Record<string, string> | null => {
      const params = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, string>;
      const signature = request.headers['x-twilio-signature'];
      const url = `${options.publicUrl}${request.url}`;
      if (!validateTwilioSignature(options.authToken, url, params, typeof signature === 'string' ? signature : undefined)) {
        options.logger.warn({ path: request.url.split('?')[0] }, 'Twilio webhook with an invalid signature refused');
        void reply.code(403).type('text/plain').send('Invalid signature');
        return null;
      }
      // Signed as sent; stored as PostgreSQL can keep it (a NUL in a Body would otherwise fail the insert).
      return storableValue(params);
    };
    const twiml = (reply: FastifyReply) => reply.code(200).type('text/xml').header('Cache-Control', 'no-store').send(EMPTY_TWIML);

    scope.post('/webhooks/twilio/sms', async (request, reply) => {
      const params = verified(request, reply);
      if (!params) return reply;
      if (!params.MessageSid || !params.From || !params.To) return reply.code(400).type('text/plain').send('MessageSid, From and To are required');
      await recordInboundEvent(options.messaging, { provider: 'twilio', kind: 'sms', eventKey: params.MessageSid, payload: params });
      return twiml(reply);
    });

    scope.post('/webhooks/twilio/status', async (request, reply) => {
      const params = verified(request, reply);
      if (!params) return reply;
      if (!params.MessageSid || !params.MessageStatus) return reply.code(400).type('text/plain').send('MessageSid and MessageStatus are required');
      await recordInboundEvent(options.messaging, { provider: 'twilio', kind: 'status', eventKey: `${params.MessageSid}:${params.MessageStatus}`, payload: params });
      return reply.code(204).send();
    });

    // Calls (decision 0022): the first webhook and the Dial's and Record's actions answer TwiML; the status,
    // recording and transcription callbacks are stored and queued (idempotent on their keys) and answered 204.
    // An uploaded greeting is played from a signed address (Twilio fetches it without our session).
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
      return voiceXml(reply, (await answerIncomingCall(options.messaging, { provider: 'twilio', params, greetingUrl })).twiml);
    });
    scope.post('/webhooks/twilio/voice/dial', async (request, reply) => {
      const params = verified(request, reply);
      if (!params || !needsCall(params, reply)) return reply;
      return voiceXml(reply, (await answerDialResult(options.messaging, { provider: 'twilio', params, greetingUrl })).twiml);
    });
    scope.post('/webhooks/twilio/voice/recorded', async (request, reply) => {
      const params = verified(request, reply);
      if (!params || !needsCall(params, reply)) return reply;
      return voiceXml(reply, (await answerRecorded(options.messaging, { provider: 'twilio', params })).twiml);
    });
    const callback = (path: string, kind: 'call_status' | 'recording' | 'transcription') =>
      scope.post(path, async (request, reply) => {
        const params = verified(request, reply);
        if (!params || !needsCall(params, reply)) return reply;
        const stored = await storeEvent(options.messaging, kind, { provider: 'twilio', params });
        if (stored.invalid) return reply.code(400).type('text/plain').send('The callback is missing its status or id');
        return reply.code(204).send();
      });
    callback('/webhooks/twilio/voice/status', 'call_status');
    callback('/webhooks/twilio/voice/recording', 'recording');
    callback('/webhooks/twilio/voice/transcription', 'transcription');
  });
}
