import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { storableText } from '@contracts/text';
import { AppError, HTTP_STATUS } from '@server/platform/errors/app-error';
import type { AppDeps } from '@server/platform/trpc/context';
import { parseAuthorizationHeader, resolveSession } from '@server/modules/auth/session.service';
import { importPriceList } from './ai.service';
import { DEFAULT_PDF_LIMITS } from './price-import';

const importQuery = z.object({ name: z.string().trim().min(1).max(200, 'The file name is too long').default('price-list.pdf') });

const send = (reply: FastifyReply, status: number, body: Record<string, unknown>) => reply.code(status).type('application/json').header('Cache-Control', 'no-store').send(body);

/**
 * `POST /api/price-book/import?name=…` with the PDF as the body (bytes do not fit tRPC's JSON; ≤ 10 MB, 30 pages):
 * authenticated like tRPC, scoped to the session's company. The file is read on the server (never stored); what
 * it proposes lands in the price book as "proposed" for review — the assistant quotes approved items only. The
 * app's assistant proposes the items when it is a configured model, the importer's rules otherwise (or when it fails).
 */
export function registerPriceBookRoutes(app: FastifyInstance, options: { deps: AppDeps }) {
  const { deps } = options;
  return app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: DEFAULT_PDF_LIMITS.maxBytes }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: { code?: string; statusCode?: number }, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(reply, 413, { error: `The file is too large: upload a PDF of at most ${DEFAULT_PDF_LIMITS.maxBytes / 1024 / 1024} MB.`, field: 'file' });
      if (error instanceof AppError) return send(reply, HTTP_STATUS[error.code], { error: error.message, ...(error.field ? { field: error.field } : {}) });
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error, requestId: request.id }, 'price list import failed');
      return send(reply, status, { error: status === 500 ? 'Internal error' : 'Bad request' });
    });
    scope.post('/api/price-book/import', async (request, reply) => {
      const token = parseAuthorizationHeader(request.headers.authorization);
      const now = deps.clock.now();
      const auth = token ? await resolveSession(deps.db, token, now, deps.sessions) : null;
      if (!auth) return send(reply, 401, { error: token ? 'Your session has ended. Please sign in again.' : 'Please sign in.' });
      const query = importQuery.safeParse(request.query);
      if (!query.success) return send(reply, 400, { error: query.error.issues.map((i) => i.message).join('; ') });
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await importPriceList({ db: deps.db, companyId: auth.company.id, userId: auth.user.id, now, ip: request.ip ?? null }, { bytes: new Uint8Array(bytes), name: storableText(query.data.name) }, deps.messaging.ai);
      return reply.code(201).header('Cache-Control', 'no-store').send(result);
    });
  });
}
