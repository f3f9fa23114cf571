import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths that belong to the server, never to the SPA's client-side router. */
const SERVER_PREFIXES = ['/trpc', '/api', '/webhooks', '/internal', '/healthz', '/uploads', '/files'];

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/**
 * The website widget's embed (`/widget.js`, built from embed/): its name is in companies' sites, so it is not hashed —
 * browsers keep it 5 minutes, then revalidate with its ETag. Loaded by other sites' pages: readable from any origin
 * (CORS `*`, Cross-Origin-Resource-Policy cross-origin). Decision 0031.
 */
export const WIDGET_SCRIPT_CACHE = 'public, max-age=300';

export interface SpaHandler {
  /** Answers a GET for a client-side route with index.html; false when the request is not one. */
  serveClientRoute(request: FastifyRequest, reply: FastifyReply): FastifyReply | false;
}

/**
 * Serves the built SPA from `distDir`: hashed files under /assets are cached for a year (and served from their
 * pre-compressed .br/.gz siblings when the client accepts them); index.html is never cached and answers every
 * client route.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<SpaHandler> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The web app is not built (${indexFile} is missing). Run: npm run build`);
  const assetsDir = join(distDir, 'assets');
  const widgetScript = join(distDir, 'widget.js');

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    preCompressed: true,
    index: false,
    // Build metadata (dist/.vite) and other dotfiles are not the app's to serve.
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders(reply, path) {
      if (path === widgetScript || path === `${widgetScript}.br` || path === `${widgetScript}.gz`) {
        reply.header('Cache-Control', WIDGET_SCRIPT_CACHE).header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
        return;
      }
      reply.header('Cache-Control', path.startsWith(assetsDir) ? IMMUTABLE_CACHE : 'no-cache');
    },
  });

  const sendIndex = (reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  // `/` without a query is the sign-in page of a first visit: its snapshot paints the form before the scripts
  // have run (scripts/prerender-sign-in.ts). With a query (?from=, ?ref=, ?adminAuth=) the screen may differ.
  const signInSnapshot = existsSync(join(distDir, 'sign-in.html'));
  app.get('/', (request, reply) =>
    signInSnapshot && !request.url.includes('?') ? reply.header('Cache-Control', 'no-cache').sendFile('sign-in.html') : sendIndex(reply),
  );

  return {
    serveClientRoute(request, reply) {
      const path = request.url.split('?')[0] ?? '/';
      const isServerPath = SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
      const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(path);
      if ((request.method === 'GET' || request.method === 'HEAD') && !isServerPath && !looksLikeFile) return sendIndex(reply);
      return false;
    },
  };
}
