import { z } from 'zod';
import { MESSAGE_STATUSES } from '@contracts/message';
import { messageLog } from './message-log.service';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { id, paging } from '@server/platform/lib/common.schema';
import { listDeadLetters, retryDeadLetter } from './dead-letters.service';
import { listAuditLog } from './audit-log.service';

export const logsRouter = router({
  messages: protectedProcedure
    .input(
      z.object({
        status: z.array(z.enum(MESSAGE_STATUSES)).max(MESSAGE_STATUSES.length).optional(),
        direction: z.enum(['inbound', 'outbound']).optional(),
        search: z.string().trim().max(100).optional(),
        from: z.number().int().nonnegative().optional(),
        to: z.number().int().nonnegative().optional(),
        ...paging,
      }),
    )
    .query(({ ctx, input }) => messageLog(companyScope(ctx), input)),
  audit: protectedProcedure
    .input(z.object({ cursor: z.string().max(100).optional(), limit: z.number().int().min(1).max(100).default(50) }))
    .query(({ ctx, input }) => listAuditLog(companyScope(ctx), input)),
  deadLetters: protectedProcedure.input(z.object(paging)).query(({ ctx, input }) => listDeadLetters(companyScope(ctx), input)),
  retryJob: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => retryDeadLetter(companyScope(ctx), ctx.services.queue, input.id)),
});
