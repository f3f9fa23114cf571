import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '@contracts/webhooks';
import { defineRoute, type ApiRoute } from '@server/modules/public-api/api.routes';
import { idParams } from '@server/modules/public-api/api.schemas';
import { createWebhookEndpoint, deleteWebhookEndpoint, getWebhookEndpoint, listWebhookEndpoints, updateWebhookEndpoint, type WebhookEndpointView } from './webhooks.service';
import { createWebhookEndpointInput, updateWebhookEndpointInput } from './webhooks.schema';

/**
 * `/api/v1/webhook_endpoints` (issue 25 item 3): another tool manages its own subscriptions with an API key that has
 * the "manage webhooks" scope. The same service and zod rules as /integrations (the SSRF guard at save, the secret
 * shown once and stored sealed, the per-company limit); the public API adds the key's company, scope, rate limit,
 * idempotency, problems and the request log. Objects in snake_case like the rest of the API.
 */
const at = (description: string) => z.iso.datetime().meta({ description, example: '2026-11-23T18:00:00.000Z' });

const endpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string().meta({ description: 'Where the events are POSTed, signed per Standard Webhooks.' }),
    description: z.string().nullable(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable().meta({ description: '`manual`, or `failing` when LeadLoop paused it after a day of failed deliveries.' }),
    secret_hint: z.string().meta({ description: 'The start of the signing secret, to tell secrets apart.' }),
    failing_since: at('When deliveries started failing without a success since').nullable(),
    created_at: at('When it was added'),
    updated_at: at('When it last changed'),
  })
  .meta({ id: 'WebhookEndpoint' });

const createdSchema = endpointSchema
  .extend({ secret: z.string().meta({ description: 'The signing secret (`whsec_…`): shown only in this answer. Verify each delivery with it.' }) })
  .meta({ id: 'WebhookEndpointCreated' });

const listSchema = z.object({ data: z.array(endpointSchema), next_cursor: z.null().meta({ description: 'Always null: a company has at most 20 endpoints.' }) }).meta({ id: 'WebhookEndpointList' });

const createBody = z.strictObject(createWebhookEndpointInput.shape).meta({ description: 'The address, the events (at least one) and whether it starts enabled (default true).' });
const updateBody = z.strictObject(updateWebhookEndpointInput.omit({ id: true }).shape).meta({ description: 'Only the fields to change.' });

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function publicEndpoint(view: WebhookEndpointView) {
  return {
    id: view.id,
    url: view.url,
    description: view.description,
    events: view.events,
    enabled: view.enabled,
    disabled_reason: view.disabledReason,
    secret_hint: view.secretHint,
    failing_since: iso(view.failingSince),
    created_at: iso(view.createdAt)!,
    updated_at: iso(view.updatedAt)!,
  };
}

export const WEBHOOK_API_ROUTES: readonly ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/webhook_endpoints',
    operationId: 'listWebhookEndpoints',
    tag: 'Webhook endpoints',
    summary: 'List webhook endpoints',
    scope: 'webhooks:manage',
    responses: { 200: { description: 'Every endpoint of the company, oldest first', schema: listSchema } },
    handle: async ({ scope }) => ({ status: 200, body: { data: (await listWebhookEndpoints(scope)).map(publicEndpoint), next_cursor: null } }),
  }),
  defineRoute({
    method: 'POST',
    path: '/webhook_endpoints',
    operationId: 'createWebhookEndpoint',
    tag: 'Webhook endpoints',
    summary: 'Add a webhook endpoint',
    description: 'The answer carries the signing secret once. An address on a private, loopback, link-local or metadata network is refused (400) with the reason. Send `Idempotency-Key` to retry safely.',
    scope: 'webhooks:manage',
    body: createBody,
    responses: { 201: { description: 'The endpoint, with its signing secret (shown only now)', schema: createdSchema } },
    problems: { 409: 'The company already has 20 endpoints, or a request with this Idempotency-Key is still being answered', 412: 'The server has no key to seal secrets with', 422: 'The Idempotency-Key was used with another request' },
    handle: async ({ scope, services }, { body }) => {
      const { endpoint, secret } = await createWebhookEndpoint(scope, services, body);
      return { status: 201, body: { ...publicEndpoint(endpoint), secret } };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/webhook_endpoints/{id}',
    operationId: 'getWebhookEndpoint',
    tag: 'Webhook endpoints',
    summary: 'Get a webhook endpoint',
    scope: 'webhooks:manage',
    params: idParams,
    responses: { 200: { description: 'The endpoint', schema: endpointSchema } },
    handle: async ({ scope }, { params }) => ({ status: 200, body: publicEndpoint(await getWebhookEndpoint(scope, params.id)) }),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/webhook_endpoints/{id}',
    operationId: 'updateWebhookEndpoint',
    tag: 'Webhook endpoints',
    summary: 'Change a webhook endpoint',
    description: 'Change its address, description, events, or turn it on or off (turning a paused endpoint on starts its deliveries again).',
    scope: 'webhooks:manage',
    params: idParams,
    body: updateBody,
    responses: { 200: { description: 'The endpoint as changed', schema: endpointSchema } },
    handle: async ({ scope, services }, { params, body }) => ({ status: 200, body: publicEndpoint(await updateWebhookEndpoint(scope, services, { ...body, id: params.id })) }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/webhook_endpoints/{id}',
    operationId: 'deleteWebhookEndpoint',
    tag: 'Webhook endpoints',
    summary: 'Delete a webhook endpoint',
    scope: 'webhooks:manage',
    params: idParams,
    responses: { 200: { description: 'The id of the endpoint deleted', schema: z.object({ id: z.uuid() }).meta({ id: 'Deleted' }) } },
    handle: async ({ scope }, { params }) => ({ status: 200, body: await deleteWebhookEndpoint(scope, params.id) }),
  }),
];
