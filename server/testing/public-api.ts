import Fastify from 'fastify';
import { API_KEY_SCOPES, type ApiKeyScope } from '@contracts/api-keys';
import type { TestDeps } from './test-app';
import { callerFor } from './test-app';
import { businessWithNumber, type TestBusiness, textTheBusiness } from './business';
import { registerPublicApi } from '@server/modules/public-api/public-api.routes';
import { WEBHOOK_API_ROUTES } from '@server/modules/webhooks/webhooks.api';

/** The public API over Fastify's inject, as the server mounts it. */
export async function apiServer(deps: TestDeps) {
  const http = Fastify({ logger: false });
  await registerPublicApi(http, { services: deps, routes: WEBHOOK_API_ROUTES });
  await http.ready();
  return http;
}

export type ApiServer = Awaited<ReturnType<typeof apiServer>>;

/** A company with a business number, a lead that texted in (client, conversation) and an API key. */
export async function companyWithKey(deps: TestDeps, options: { scopes?: ApiKeyScope[]; phone?: string } = {}) {
  const s: TestBusiness = await businessWithNumber(deps);
  const phone = options.phone ?? '+14155550100';
  await textTheBusiness(s, phone, 'Hi, my water heater is leaking');
  const made = await callerFor(deps, { authToken: s.token }).publicApi.keys.create({ name: 'Zapier', scopes: options.scopes ?? [...API_KEY_SCOPES] });
  return { ...s, key: made.key, keyId: made.apiKey.id, phone };
}

export function call(http: ApiServer, key: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) {
  return http.inject({
    method,
    url,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}
