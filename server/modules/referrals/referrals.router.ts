import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { myReferrals } from './referrals.service';

/** /referral-thank-you: the caller's own link and the businesses that joined with it. Takes no id. */
export const referralsRouter = router({
  mine: protectedProcedure.query(({ ctx }) => myReferrals(companyScope(ctx), ctx.services.publicUrl)),
});
