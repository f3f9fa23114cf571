import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { API_KEY_SCOPE_WORDS } from '@contracts/api-keys';
import { API_PREFIX, type ApiRoute } from './api.routes';
import { problemSchema } from './api.schemas';

/** The API's version in the document; the path carries the major (docs/api.md says what changes it). */
export const API_VERSION = '1.0.0';

const rateHeaders = {
  'RateLimit-Limit': { description: 'Requests this key may make per minute', schema: { type: 'integer' as const } },
  'RateLimit-Remaining': { description: 'Requests left in this minute', schema: { type: 'integer' as const } },
  'RateLimit-Reset': { description: 'Seconds until the minute starts over', schema: { type: 'integer' as const } },
};

const problem = (description: string, extraHeaders: Record<string, { description: string; schema: { type: 'integer' | 'string' } }> = {}) => ({
  description,
  headers: { ...rateHeaders, ...extraHeaders },
  content: { 'application/problem+json': { schema: problemSchema } },
});

function operation(route: ApiRoute): ZodOpenApiOperationObject {
  const problems: Record<string, string> = {
    401: 'No key, an unknown key or a revoked one',
    403: `The key lacks the scope \`${route.scope}\``,
    429: 'Over the key’s per-minute limit (see Retry-After)',
    ...(route.params || route.query || route.body ? { 400: 'The request does not fit: each refused field is named in `errors`' } : {}),
    ...(route.params ? { 404: 'No such resource in your company' } : {}),
    ...route.problems,
  };
  const responses: ZodOpenApiOperationObject['responses'] = {};
  for (const [code, ok] of Object.entries(route.responses)) {
    const status = code as `${2}${string}`;
    responses[status] = { description: ok.description, headers: rateHeaders, content: { 'application/json': { schema: ok.schema } } };
  }
  for (const [code, description] of Object.entries(problems)) {
    const status = code as `${4}${string}`;
    responses[status] = problem(`${STATUS_CODES[Number(status)] ?? 'Error'}: ${description}`, status === '429' ? { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } : {});
  }
  const idempotent = route.method === 'POST';
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    description: [route.description, `Scope: \`${route.scope}\` (${API_KEY_SCOPE_WORDS[route.scope]}).`].filter(Boolean).join('\n\n'),
    security: [{ apiKey: [] }],
    ...(route.params || route.query || idempotent
      ? {
          requestParams: {
            ...(route.params ? { path: route.params as z.ZodObject } : {}),
            ...(route.query ? { query: route.query as z.ZodObject } : {}),
            ...(idempotent
              ? {
                  header: z.object({
                    'Idempotency-Key': z
                      .string()
                      .max(255)
                      .optional()
                      .meta({ description: 'Any unique string (a UUID): a retry with the same key and body within 24 hours answers the first answer again (with `Idempotency-Replayed: true`); the same key with another body answers 422.' }),
                  }),
                }
              : {}),
          },
        }
      : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the routes, generated from their zod schemas. */
export function buildOpenApiDocument(routes: readonly ApiRoute[]) {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    paths[route.path] = { ...paths[route.path], [method]: operation(route) };
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'LeadLoop API',
        version: API_VERSION,
        description:
          'Read and create leads, read clients and conversations, send texts. Authenticate with an API key from Settings → API keys: `Authorization: Bearer ll_live_…`. Lists answer `{ "data": [...], "next_cursor": "…" | null }`; every error is an RFC 9457 problem (`application/problem+json`). Versioning: see docs/api.md — v1 only grows (new fields, new routes); anything that would break a client comes as /api/v2.',
      },
      // Relative: the document is right wherever the app is served.
      servers: [{ url: API_PREFIX }],
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: ll_live_<prefix>_<secret>' } } },
      paths,
    },
    {},
  );
}
