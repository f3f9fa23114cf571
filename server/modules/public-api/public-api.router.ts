import { z } from 'zod';
import { API_KEY_SCOPES } from '@contracts/api-keys';
import { id } from '@server/platform/lib/common.schema';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';
import { API_REQUEST_OUTCOMES, exportApiRequestsCsv, listApiRequests } from './request-log.service';

/**
 * Settings → API keys (owner only, checked in the service) and /logs → API requests (owner and admins). Minimum
 * roles for the role table of issue 25: keys.list / keys.create / keys.revoke → owner; requests → admin.
 */
export const publicApiRouter = router({
  keys: router({
    list: protectedProcedure.query(({ ctx }) => listApiKeys(companyScope(ctx))),
    create: protectedProcedure
      .input(
        z.object({
          name: z.string().trim().min(1, 'Name the key (e.g. the tool it is for)').max(80, 'A key’s name is at most 80 characters'),
          scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, 'Choose at least one thing the key may do').max(API_KEY_SCOPES.length),
        }),
      )
      .mutation(({ ctx, input }) => createApiKey(companyScope(ctx), ctx.services, input)),
    revoke: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => revokeApiKey(companyScope(ctx), input.id)),
  }),
  requests: protectedProcedure
    .input(
      z.object({
        apiKeyId: id.optional(),
        outcome: z.enum(API_REQUEST_OUTCOMES).optional(),
        cursor: z.string().max(100).optional(),
        limit: z.number().int().min(1).max(100).default(50),
      }),
    )
    .query(({ ctx, input }) => listApiRequests(companyScope(ctx), input)),
  exportRequestsCsv: protectedProcedure
    .input(z.object({ apiKeyId: id.optional(), outcome: z.enum(API_REQUEST_OUTCOMES).optional() }))
    .query(({ ctx, input }) => exportApiRequestsCsv(companyScope(ctx), input)),
});
