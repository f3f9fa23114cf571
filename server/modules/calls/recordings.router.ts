import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { greetingOf, removeGreeting } from './recordings.service';

/**
 * Missed calls → Voicemail: the uploaded greeting's details and its removal. The audio itself goes over plain HTTP
 * (`POST /api/recordings`, `GET /api/recordings/:id`; recordings.routes.ts): bytes do not fit tRPC's JSON.
 */
export const recordingsRouter = router({
  greeting: protectedProcedure.query(({ ctx }) => greetingOf(ctx.services.db, ctx.companyId)),
  removeGreeting: protectedProcedure.mutation(async ({ ctx }) => {
    await removeGreeting(companyScope(ctx));
    return { removed: true };
  }),
});
