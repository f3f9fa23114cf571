import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import {
  createWebhookEndpointInput,
  listWebhookDeliveriesInput,
  updateWebhookEndpointInput,
  webhookDeliveriesCsvInput,
  webhookDeliveryIdInput,
  webhookEndpointIdInput,
} from './webhooks.schema';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  exportWebhookDeliveriesCsv,
  getWebhookDelivery,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rollWebhookSecret,
  sendTestWebhook,
  updateWebhookEndpoint,
} from './webhooks.service';

/** Changing where the company's data goes is for the owner and admins (decision 0043; the role table says so). */

/** Outgoing webhooks (/integrations): endpoints, test sends, the delivery log and resends. */
export const webhooksRouter = router({
  endpoints: router({
    list: protectedProcedure.query(({ ctx }) => listWebhookEndpoints(companyScope(ctx))),
    get: protectedProcedure.input(webhookEndpointIdInput).query(({ ctx, input }) => getWebhookEndpoint(companyScope(ctx), input.id)),
    create: protectedProcedure.input(createWebhookEndpointInput).mutation(({ ctx, input }) => createWebhookEndpoint(companyScope(ctx), ctx.services, input)),
    update: protectedProcedure.input(updateWebhookEndpointInput).mutation(({ ctx, input }) => updateWebhookEndpoint(companyScope(ctx), ctx.services, input)),
    delete: protectedProcedure.input(webhookEndpointIdInput).mutation(({ ctx, input }) => deleteWebhookEndpoint(companyScope(ctx), input.id)),
    rollSecret: protectedProcedure.input(webhookEndpointIdInput).mutation(({ ctx, input }) => rollWebhookSecret(companyScope(ctx), ctx.services, input.id)),
    sendTest: protectedProcedure.input(webhookEndpointIdInput).mutation(({ ctx, input }) => sendTestWebhook(companyScope(ctx), ctx.services, input.id)),
  }),
  deliveries: router({
    list: protectedProcedure.input(listWebhookDeliveriesInput).query(({ ctx, input }) => listWebhookDeliveries(companyScope(ctx), input)),
    get: protectedProcedure.input(webhookDeliveryIdInput).query(({ ctx, input }) => getWebhookDelivery(companyScope(ctx), input.id)),
    exportCsv: protectedProcedure.input(webhookDeliveriesCsvInput).query(({ ctx, input }) => exportWebhookDeliveriesCsv(companyScope(ctx), input)),
    resend: protectedProcedure.input(webhookDeliveryIdInput).mutation(({ ctx, input }) => resendWebhookDelivery(companyScope(ctx), ctx.services, input.id)),
  }),
});
