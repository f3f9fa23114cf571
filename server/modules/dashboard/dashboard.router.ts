import { z } from 'zod';
import { AVERAGE_JOB_VALUE_MAX_CENTS, AVERAGE_JOB_VALUE_MIN_CENTS, AVERAGE_JOB_VALUE_WORDS, DASHBOARD_PERIODS } from '@contracts/dashboard';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { dashboardSummary, setAverageJobValue } from './dashboard.service';

const averageJobValueCents = z
  .number({ error: AVERAGE_JOB_VALUE_WORDS.whole })
  .int(AVERAGE_JOB_VALUE_WORDS.whole)
  .min(AVERAGE_JOB_VALUE_MIN_CENTS, AVERAGE_JOB_VALUE_WORDS.min)
  .max(AVERAGE_JOB_VALUE_MAX_CENTS, AVERAGE_JOB_VALUE_WORDS.max)
  .nullable();

export const dashboardRouter = router({
  summary: protectedProcedure
    .input(z.object({ period: z.enum(DASHBOARD_PERIODS, { error: `Choose a period: ${DASHBOARD_PERIODS.join(', ')}.` }).default('30d') }))
    .query(({ ctx, input }) => dashboardSummary(companyScope(ctx), input)),
  /** The recovered-revenue estimate's average job value (null clears it). */
  setAverageJobValue: protectedProcedure
    .input(z.object({ averageJobValueCents }))
    .mutation(({ ctx, input }) => setAverageJobValue(companyScope(ctx), input)),
});
