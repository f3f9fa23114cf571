import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '@server/platform/services';
import { API_PREFIX, type ApiRoute, registerApiRoutes } from './api.routes';
import { CORE_ROUTES } from './api.handlers';
import { buildOpenApiDocument } from './openapi';

/** The reference page's own policy: its scripts and styles from this app only, no inline script, nothing framed. */
export const API_DOCS_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>LeadLoop API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/reference.js"></script>
</body>
</html>
`;

/** Starts Swagger UI on the document; an external file, so the page needs no inline script. */
const REFERENCE_SCRIPT = `window.addEventListener('load', function () {
  window.SwaggerUIBundle({ url: '${API_PREFIX}/openapi.json', dom_id: '#reference', deepLinking: true, tryItOutEnabled: false, persistAuthorization: false });
});
`;

/** swagger-ui-dist's files, read from node_modules when first asked for (no CDN). */
function swaggerFile(name: 'swagger-ui.css' | 'swagger-ui-bundle.js'): () => Buffer {
  let cached: Buffer | null = null;
  return () => {
    cached ??= readFileSync(join(dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')), name));
    return cached;
  };
}

export interface PublicApiRegistration {
  services: AppServices;
  /** Routes of other modules (e.g. the webhook endpoints), added to the API and its document as they are. */
  routes?: readonly ApiRoute[];
}

/**
 * The public REST API (issue 25, decision 0042): `/api/v1/*` (api.routes.ts), its OpenAPI 3.1 document at
 * `/api/v1/openapi.json`, generated once from the routes' zod schemas, and a readable reference at `/api/docs`
 * (Swagger UI served from the app).
 */
export async function registerPublicApi(http: FastifyInstance, options: PublicApiRegistration): Promise<void> {
  const routes = [...CORE_ROUTES, ...(options.routes ?? [])];
  const document = JSON.stringify(buildOpenApiDocument(routes));
  await registerApiRoutes(http, { services: options.services, routes });
  http.get(`${API_PREFIX}/openapi.json`, async (_request, reply) =>
    reply.type('application/json').header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*').send(document),
  );
  const css = swaggerFile('swagger-ui.css');
  const bundle = swaggerFile('swagger-ui-bundle.js');
  http.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').header('content-security-policy', API_DOCS_CSP).header('cache-control', 'no-cache').send(DOCS_PAGE));
  http.get('/api/docs/reference.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(REFERENCE_SCRIPT));
  http.get('/api/docs/swagger-ui.css', async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=86400').send(css()));
  http.get('/api/docs/swagger-ui-bundle.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=86400').send(bundle()));
}
