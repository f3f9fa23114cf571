import SwaggerParser from '@apidevtools/swagger-parser';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { contacts, conversations, leads } from '@server/platform/db/schema';
import { setUpTestApp } from '@server/testing/test-app';
import { apiServer, call, companyWithKey } from '@server/testing/public-api';
import { API_PREFIX } from './api.routes';
import { CORE_ROUTES } from './api.handlers';
import { WEBHOOK_API_ROUTES } from '@server/modules/webhooks/webhooks.api';
import { callerFor } from '@server/testing/test-app';
import { problemSchema } from './api.schemas';
import { API_DOCS_CSP } from './public-api.routes';

/**
 * The OpenAPI document (issue 25): served at /api/v1/openapi.json, valid OpenAPI 3.1 by swagger-parser, and true —
 * every operation it documents, called with a valid key and the inputs below, answers one of its documented
 * statuses with a body that fits the documented schema. The reference page serves Swagger UI from the app.
 */
const t = setUpTestApp();

/** What the test reads of the document. */
interface Operation {
  operationId?: string;
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
interface Document {
  openapi: string;
  paths?: Record<string, Partial<Record<'get' | 'post' | 'patch' | 'delete', Operation>>>;
}

beforeEach(() => {
  t.deps.clock.set(Date.parse('2026-11-23T18:00:00Z'));
});

/** A valid request body for each operation that takes one. */
const BODIES: Record<string, unknown> = {
  createLead: { phone: '+14155550155', name: 'Ana Gomez', message: 'AC not cooling' },
  updateLead: { status: 'qualified' },
  sendMessage: { body: 'On our way.' },
  createWebhookEndpoint: { url: 'https://crm.example.com/leadloop', events: ['lead.created'] },
  updateWebhookEndpoint: { description: 'Our CRM' },
};

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1, and every documented route answers as documented', async () => {
    const s = await companyWithKey(t.deps);
    const http = await apiServer(t.deps);
    const served = await http.inject({ method: 'GET', url: `${API_PREFIX}/openapi.json` });
    expect(served.statusCode).toBe(200);
    const document = JSON.parse(served.body) as Document;
    expect(document.openapi).toBe('3.1.0');
    await SwaggerParser.validate(structuredClone(document) as never);

    const [lead] = await t.deps.db.select().from(leads).where(eq(leads.companyId, s.companyId));
    const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.companyId, s.companyId));
    const [conversation] = await t.deps.db.select().from(conversations).where(eq(conversations.companyId, s.companyId));
    const endpoint = await callerFor(t.deps, { authToken: s.token }).webhooks.endpoints.create({ url: 'https://hooks.example.com/in', events: ['message.received'] });
    const ids: Record<string, string> = { '/leads/{id}': lead!.id, '/contacts/{id}': contact!.id, '/conversations/{id}': conversation!.id, '/conversations/{id}/messages': conversation!.id, '/webhook_endpoints/{id}': endpoint.endpoint.id };

    const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      (['get', 'post', 'patch', 'delete'] as const).filter((method) => item?.[method]).map((method) => ({ path, method, operation: item![method]! })),
    );
    const ROUTES = [...CORE_ROUTES, ...WEBHOOK_API_ROUTES];
    expect(operations.map((o) => o.operation.operationId).sort()).toEqual(ROUTES.map((r) => r.operationId).sort());
    for (const { path, method, operation } of operations) {
      const route = ROUTES.find((r) => r.operationId === operation.operationId)!;
      const url = `${API_PREFIX}${path.replace('{id}', ids[path] ?? '')}`;
      const body = BODIES[operation.operationId!];
      expect(Boolean(operation.requestBody), operation.operationId).toBe(body !== undefined);
      const response = await call(http, s.key, method.toUpperCase() as 'GET', url, body);
      const documented = Object.keys(operation.responses ?? {});
      expect(documented, `${operation.operationId} answered ${response.statusCode}: ${response.body}`).toContain(String(response.statusCode));
      expect(response.statusCode, `${operation.operationId}: ${response.body}`).toBeLessThan(300);
      const content = operation.responses![String(response.statusCode)]!.content!;
      expect(Object.keys(content)).toContain(String(response.headers['content-type']).split(';')[0]);
      const schema = route.responses[response.statusCode]!.schema;
      const parsed = schema.safeParse(JSON.parse(response.body));
      expect(parsed.success, `${operation.operationId}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(response.headers['ratelimit-limit']).toBeDefined();

      // The same operation without a key: a documented 401 problem.
      const refused = await call(http, null, method.toUpperCase() as 'GET', url, body);
      expect(refused.statusCode).toBe(401);
      expect(documented).toContain('401');
      expect(problemSchema.safeParse(JSON.parse(refused.body)).success).toBe(true);
    }
  });

  it('is read in /api/docs: Swagger UI from the app (no CDN), under a tight policy', async () => {
    const http = await apiServer(t.deps);
    const page = await http.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(API_DOCS_CSP);
    expect(API_DOCS_CSP).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
    for (const src of [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)) {
      const asset = await http.inject({ method: 'GET', url: src });
      expect(asset.statusCode, src).toBe(200);
      expect(asset.body.length, src).toBeGreaterThan(10);
    }
    const script = await http.inject({ method: 'GET', url: '/api/docs/reference.js' });
    expect(script.body).toContain(`${API_PREFIX}/openapi.json`);
  });
});
