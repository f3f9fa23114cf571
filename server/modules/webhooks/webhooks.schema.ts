import { z } from 'zod';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '@contracts/webhooks';
import { id } from '@server/platform/lib/common.schema';

/**
 * The inputs of the webhook-endpoint service, shared by the tRPC procedures and the public REST API's
 * `/api/v1/webhook_endpoints` routes (issue 25 item 3): one set of rules and messages for both.
 */

const url = z
  .string({ error: 'url is required: the https:// address of your system that receives the events' })
  .trim()
  .min(1, 'url is required: the https:// address of your system that receives the events')
  .max(2000, 'url is at most 2000 characters')
  .refine((value) => URL.canParse(value), 'url is not a web address (it starts with https://)');

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `events: each is one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .min(1, 'events: pick at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((list) => [...new Set(list)]);

const description = z
  .string()
  .trim()
  .max(200, 'description is at most 200 characters')
  .nullish()
  .transform((value) => (value ? value : null));

export const createWebhookEndpointInput = z.object({ url, description, events, enabled: z.boolean().default(true) });
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointInput>;

export const updateWebhookEndpointInput = z.object({
  id,
  url: url.optional(),
  description: description.optional(),
  events: events.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointInput = z.input<typeof updateWebhookEndpointInput>;

export const webhookEndpointIdInput = z.object({ id });

export const listWebhookDeliveriesInput = z.object({
  endpointId: id.optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  eventType: z.string().trim().max(60).optional(),
  /** Epoch ms, from included, to excluded. */
  from: z.number().int().nonnegative().optional(),
  to: z.number().int().nonnegative().optional(),
  cursor: z.string().max(100).optional(),
  limit: z.number().int().min(1).max(100).default(30),
});
export type ListWebhookDeliveriesInput = z.input<typeof listWebhookDeliveriesInput>;

export const webhookDeliveriesCsvInput = listWebhookDeliveriesInput.omit({ cursor: true, limit: true });

export const webhookDeliveryIdInput = z.object({ id });
