import { z } from 'zod';
import { MESSAGE_STATUSES } from '../db/schema';
import { messageLog } from '../services/message-log.service';
import { listTeam } from '../services/team.service';
import { companyScope } from '../trpc/scope';
import { protectedProcedure, router } from '../trpc/trpc';
import { paging } from './common.schema';

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
});

/** The company's people, for assigning threads and leads. */
export const teamRouter = router({
  members: protectedProcedure.query(({ ctx }) => listTeam(companyScope(ctx))),
});
