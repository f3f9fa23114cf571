import { z } from 'zod';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { DASHBOARD_PERIODS, dashboardSummary } from './dashboard.service';

export const dashboardRouter = router({
  summary: protectedProcedure
    .input(z.object({ days: z.union(DASHBOARD_PERIODS.map((d) => z.literal(d)) as [z.ZodLiteral<7>, z.ZodLiteral<30>, z.ZodLiteral<90>]).default(30) }))
    .query(({ ctx, input }) => dashboardSummary(companyScope(ctx), input)),
});
