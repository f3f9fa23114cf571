import type { FastifyError, FastifyInstance } from 'fastify';

/** What a client may read for the 4xx errors Fastify raises itself: fixed words, never the parser's message. */
const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Empty JSON body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Invalid JSON body',
};

/**
 * The last word on every error outside tRPC (webhooks, static files, the public API later): a 500 answers
 * `{"error":"Internal error","requestId":…}` and nothing else — the detail (SQL, stack, payload) goes to the log
 * with the same request id; a client error answers a fixed sentence. In every mode.
 */
export function registerErrorHandler(http: FastifyInstance): void {
  http.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error, requestId: request.id }, 'request failed');
      return reply.code(500).type('application/json').header('Cache-Control', 'no-store').send({ error: 'Internal error', requestId: request.id });
    }
    const known = (error.code && CLIENT_ERRORS[error.code]) ?? (error instanceof SyntaxError ? 'Invalid JSON body' : null);
    return reply
      .code(status)
      .type('application/json')
      .header('Cache-Control', 'no-store')
      .send({ error: known ?? 'Bad request', requestId: request.id });
  });
}
