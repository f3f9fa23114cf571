import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { storableText } from '@contracts/text';
import { bodyBytes, registerAuthenticatedRoutes, sendProblem } from '@server/platform/http/authenticated-routes';
import type { AppServices } from '@server/platform/services';
import { DEFAULT_PDF_LIMITS } from './pdf-lines';
import { importPriceList } from './price-book.service';

const importQuery = z.object({ name: z.string().trim().min(1).max(200, 'The file name is too long').default('price-list.pdf') });

/**
 * `POST /api/price-book/import?name=…` with the PDF as the body (bytes do not fit tRPC's JSON; ≤ 10 MB, 30 pages):
 * authenticated like tRPC, scoped to the session's company. The file is read on the server (never stored); what
 * it proposes lands in the price book as "proposed" for review — the assistant quotes approved items only. The
 * app's assistant proposes the items when it is a configured model, the importer's rules otherwise (or when it fails).
 */
export function registerPriceBookRoutes(app: FastifyInstance, options: { services: AppServices }) {
  const { services } = options;
  const tooLarge = `The file is too large: upload a PDF of at most ${DEFAULT_PDF_LIMITS.maxBytes / 1024 / 1024} MB.`;
  return registerAuthenticatedRoutes(app, { services, bodyLimit: DEFAULT_PDF_LIMITS.maxBytes, tooLarge, logLabel: 'price list import' }, (scope, authenticate) => {
    scope.post('/api/price-book/import', async (request, reply) => {
      const company = await authenticate(request, reply);
      if (!company) return reply;
      const query = importQuery.safeParse(request.query);
      if (!query.success) return sendProblem(reply, { status: 400, error: query.error.issues.map((i) => i.message).join('; ') });
      const result = await importPriceList(company, { bytes: new Uint8Array(bodyBytes(request)), name: storableText(query.data.name) }, services.ai);
      return reply.code(201).header('Cache-Control', 'no-store').send(result);
    });
  });
}
