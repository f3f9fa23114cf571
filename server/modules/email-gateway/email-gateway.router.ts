import { z } from 'zod';
import { id } from '@server/platform/lib/common.schema';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import type { Context } from '@server/platform/trpc/context';
import { DEFAULT_EMAIL_GATEWAY, getGateway, getInboundEmail, listInboundEmails, rotateGateway } from './email-gateway.service';

const configOf = (ctx: Context) => ctx.services.emailGateway ?? { ...DEFAULT_EMAIL_GATEWAY, smtp: false, webhook: false };

const listInput = z.object({ cursor: z.string().max(200).optional(), limit: z.number().int().min(1).max(100).default(25) });

/** /email-gateway: the company's forwarding address and the emails it received. */
export const emailGatewayRouter = router({
  get: protectedProcedure.query(({ ctx }) => getGateway(companyScope(ctx), configOf(ctx))),
  rotate: protectedProcedure.mutation(({ ctx }) => rotateGateway(companyScope(ctx), configOf(ctx))),
  emails: router({
    list: protectedProcedure.input(listInput).query(({ ctx, input }) => listInboundEmails(companyScope(ctx), input)),
    get: protectedProcedure.input(z.object({ id })).query(({ ctx, input }) => getInboundEmail(companyScope(ctx), input.id)),
  }),
});
