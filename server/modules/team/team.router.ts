import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { listTeam } from './team.service';

/** The company's people, for assigning threads and leads. */
export const teamRouter = router({
  members: protectedProcedure.query(({ ctx }) => listTeam(companyScope(ctx))),
});
