import { getCompanySettings, updateCompanyAddress, updateCompanyProfile } from './company.service';
import { companyScope as scope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { updateAddressInput, updateCompanyInput } from './company.schema';

/** Settings → company and address. Always the caller's own company: no procedure takes a company id. */
export const companyRouter = router({
  get: protectedProcedure.query(({ ctx }) => getCompanySettings(scope(ctx))),
  update: protectedProcedure.input(updateCompanyInput).mutation(({ ctx, input }) => updateCompanyProfile(scope(ctx), input)),
  updateAddress: protectedProcedure.input(updateAddressInput).mutation(({ ctx, input }) => updateCompanyAddress(scope(ctx), input)),
});
