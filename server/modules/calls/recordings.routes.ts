import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_RECORDING_BYTES, MAX_RECORDING_SECONDS, RECORDING_LIMIT_WORDS, RECORDING_PURPOSES } from '@contracts/recording';
import { storableText } from '@contracts/text';
import type { RecordingSource } from '@server/adapters/telephony/twilio';
import { AppError, HTTP_STATUS } from '@server/platform/errors/app-error';
import { id } from '@server/platform/lib/common.schema';
import type { AppDeps } from '@server/platform/trpc/context';
import type { CompanyScope } from '@server/platform/trpc/scope';
import { parseAuthorizationHeader, resolveSession } from '@server/modules/auth/session.service';
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

type Problem = { status: number; error: string; field?: string };
const send = (reply: FastifyReply, problem: Problem) =>
  reply
    .code(problem.status)
    .type('application/json')
    .header('Cache-Control', 'no-store')
    .send({ error: problem.error, ...(problem.field ? { field: problem.field } : {}) });

/** A service's refusal in HTTP terms (the routers of tRPC do the same through toTRPCError). */
function fromAppError(error: unknown): Problem | null {
  return error instanceof AppError ? { status: HTTP_STATUS[error.code], error: error.message, ...(error.field ? { field: error.field } : {}) } : null;
}

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
  options: { deps: AppDeps; twilio: { authToken: string; recordings: RecordingSource } | null },
) {
  const { deps } = options;
  return app.register(async (scope) => {
    // Any body is read as bytes here (at most 5 MB); the service decides what is audio.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_RECORDING_BYTES }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: { code?: string; statusCode?: number }, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(reply, { status: 413, error: `The file is too large: upload ${RECORDING_LIMIT_WORDS}.`, field: 'file' });
      const problem = fromAppError(error);
      if (problem) return send(reply, problem);
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error, requestId: request.id }, 'recording request failed');
      return send(reply, status === 500 ? { status, error: 'Internal error' } : { status, error: 'Bad request' });
    });

    /** The caller's company scope, or a 401 answered (exactly "no valid session", as in tRPC). */
    const authenticate = async (request: FastifyRequest, reply: FastifyReply): Promise<CompanyScope | null> => {
      const token = parseAuthorizationHeader(request.headers.authorization);
      const now = deps.clock.now();
      const auth = token ? await resolveSession(deps.db, token, now, deps.sessions) : null;
      if (!auth) {
        void send(reply, { status: 401, error: token ? 'Your session has ended. Please sign in again.' : 'Please sign in.' });
        return null;
      }
      return { db: deps.db, companyId: auth.company.id, userId: auth.user.id, now, ip: request.ip ?? null };
    };
    const notFound = (reply: FastifyReply, what: string) => send(reply, { status: 404, error: `${what} not found` });

    scope.post('/api/recordings', async (request, reply) => {
      const company = await authenticate(request, reply);
      if (!company) return reply;
      const query = uploadQuery.safeParse(request.query);
      if (!query.success) return send(reply, { status: 400, error: query.error.issues.map((i) => i.message).join('; ') });
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
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
      const audio = await recordingAudio(deps.db, company.companyId, params.data.id);
      return sendAudio(reply, audio.contentType, audio.bytes, audio.bytes.length);
    });

    scope.get('/api/calls/:id/recording', async (request, reply) => {
      const company = await authenticate(request, reply);
      if (!company) return reply;
      const params = idParams.safeParse(request.params);
      if (!params.success) return notFound(reply, 'Call');
      const source = await callAudioSource(deps.db, company.companyId, params.data.id);
      if (source.kind === 'stored') {
        const audio = await recordingAudio(deps.db, company.companyId, source.recordingId);
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
        const audio = await greetingAudio(deps.db, params.data.id);
        if (!audio) return notFound(reply, 'Greeting');
        return sendAudio(reply, audio.contentType, audio.bytes, audio.bytes.length);
      });
    }
  });
}
