import { z } from 'zod';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { reviewSettingsInput, requestListInput, requestReviewInput, statsInput } from './reviews.schema';
import { getReviewSettings, listReviewRequests, requestReview, requestReviewList, reviewStats, setReviewSettings } from './reviews.service';

/** Review requests: settings, asking by hand (a lead, a client, a pasted list), the list and the stats. */
export const reviewsRouter = router({
  settings: router({
    get: protectedProcedure.query(({ ctx }) => getReviewSettings(companyScope(ctx))),
    set: protectedProcedure.input(reviewSettingsInput).mutation(({ ctx, input }) => setReviewSettings(companyScope(ctx), input)),
  }),
  request: protectedProcedure.input(requestReviewInput).mutation(({ ctx, input }) => requestReview(companyScope(ctx), ctx.services, input)),
  requestList: protectedProcedure.input(requestListInput).mutation(({ ctx, input }) => requestReviewList(companyScope(ctx), ctx.services, input.text)),
  list: protectedProcedure.input(z.object({ limit: z.number().int().min(1).max(200).default(50) }).default({ limit: 50 })).query(({ ctx, input }) => listReviewRequests(companyScope(ctx), input)),
  stats: protectedProcedure.input(statsInput).query(({ ctx, input }) => reviewStats(companyScope(ctx), input)),
});
