import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { MAX_RECORDING_BYTES, MAX_RECORDING_SECONDS, RECORDING_LIMIT_WORDS, RECORDING_PURPOSES } from '@contracts/recording';
import { storableText } from '@contracts/text';
import type { RecordingSource } from '@server/adapters/telephony/twilio';
import { bodyBytes, registerAuthenticatedRoutes, sendProblem as send } from '@server/platform/http/authenticated-routes';
import { id } from '@server/platform/lib/common.schema';
import type { AppServices } from '@server/platform/services';
import { callAudioSource, greetingAudio, isGreetingSignature, recordingAudio, saveRecording } from './recordings.service';

const uploadQuery = z.object({
  purpose: z.enum(RECORDING_PURPOSES, { error: 'purpose must be greeting or voicemail' }),
  seconds: z.coerce
    .number({ error: 'seconds must be a number' })
    .int('seconds must be whole seconds')
    .min(1, 'The recording is shorter than a second')
    .max(MAX_RECORDING_SECONDS, `A recording can be at most ${MAX_RECORDING_SECONDS} seconds`),
  name: z.string().trim().max(200, 'The file name is too long').optional(),
});
const idParams = z.object({ id });
const greetingParams = z.object({ id, signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

function sendAudio(reply: FastifyReply, contentType: string, body: Buffer | Readable, sizeBytes: number | null) {
  void reply.code(200).type(contentType).header('Cache-Control', 'private, no-store').header('X-Content-Type-Options', 'nosniff');
  if (sizeBytes !== null) void reply.header('Content-Length', String(sizeBytes));
  return reply.send(body);
}

/**
 * Audio over plain HTTP (bytes do not fit tRPC's JSON), authenticated like tRPC: `Authorization: Bearer <token>`,
 * the same session check, every lookup scoped to the session's company (another company's id is 404, like an
 * unknown one). The browser fetches with the header and plays a blob, since an `<audio src>` cannot send one.
 *
 * - `POST /api/recordings?purpose=greeting|voicemail&seconds=N&name=…` with the audio as the body (≤ 5 MB)
 * - `GET /api/recordings/:id` — one of the company's recordings (the greeting's "Play")
 * - `GET /api/calls/:id/recording` — a call's voicemail: the test phone's stored audio, or Twilio's recording
 *   fetched with the account's credentials
 * - `GET /api/greetings/:id/:signature` — the uploaded greeting for Twilio's `<Play>` (signed, no session)
 */
export function registerRecordingRoutes(
  app: FastifyInstance,
  options: { services: AppServices; twilio: { authToken: string; recordings: RecordingSource } | null },
) {
  const { services } = options;
  const limits = { bodyLimit: MAX_RECORDING_BYTES, tooLarge: `The file is too large: upload ${RECORDING_LIMIT_WORDS}.`, logLabel: 'recording request' };
  return registerAuthenticatedRoutes(app, { services, ...limits }, (scope, authenticate) => {
    const notFound = (reply: FastifyReply, what: string) => send(reply, { status: 404, error: `${what} not found` });

    scope.post('/api/recordings', async (request, reply) => {
      const company = await authenticate(request, reply);
      if (!company) return reply;
      const query = uploadQuery.safeParse(request.query);
      if (!query.success) return send(reply, { status: 400, error: query.error.issues.map((i) => i.message).join('; ') });
      const body = bodyBytes(request);
      const saved = await saveRecording(company, {
        purpose: query.data.purpose,
        declaredType: request.headers['content-type'],
        bytes: body,
        seconds: query.data.seconds,
        fileName: query.data.name ? storableText(query.data.name) : null,
      });
      return reply.code(201).header('Cache-Control', 'no-store').send(saved);
    });

    scope.get('/api/recordings/:id', async (request, reply) => {
      const company = await authenticate(request, reply);
      if (!company) return reply;
      const params = idParams.safeParse(request.params);
      if (!params.success) return notFound(reply, 'Recording');
      const audio = await recordingAudio(services.db, company.companyId, params.data.id);
      return sendAudio(reply, audio.contentType, audio.bytes, audio.bytes.length);
    });

    scope.get('/api/calls/:id/recording', async (request, reply) => {
      const company = await authenticate(request, reply);
      if (!company) return reply;
      const params = idParams.safeParse(request.params);
      if (!params.success) return notFound(reply, 'Call');
      const source = await callAudioSource(services.db, company.companyId, params.data.id);
      if (source.kind === 'stored') {
        const audio = await recordingAudio(services.db, company.companyId, source.recordingId);
        return sendAudio(reply, audio.contentType, audio.bytes, audio.bytes.length);
      }
      if (!options.twilio) return send(reply, { status: 503, error: 'Twilio is not configured on this server, so its recordings cannot be played.' });
      let recording: Awaited<ReturnType<RecordingSource['open']>>;
      try {
        recording = await options.twilio.recordings.open(source.recordingSid);
      } catch (error) {
        request.log.warn({ err: error, callId: params.data.id }, 'Twilio recording could not be fetched');
        return send(reply, { status: 502, error: 'Twilio did not hand over this recording. Try again in a moment.' });
      }
      if (!recording) return notFound(reply, 'Voicemail recording');
      return sendAudio(reply, recording.contentType, Readable.fromWeb(recording.body as NodeReadableStream<Uint8Array>), recording.sizeBytes);
    });

    if (options.twilio) {
      const key = options.twilio.authToken;
      scope.get('/api/greetings/:id/:signature', async (request, reply) => {
        const params = greetingParams.safeParse(request.params);
        if (!params.success || !isGreetingSignature(key, params.data.id, params.data.signature)) return notFound(reply, 'Greeting');
        const audio = await greetingAudio(services.db, params.data.id);
        if (!audio) return notFound(reply, 'Greeting');
        return sendAudio(reply, audio.contentType, audio.bytes, audio.bytes.length);
      });
    }
  });
}
