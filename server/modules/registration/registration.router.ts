import { saveDraftInput } from '@contracts/registration.schema';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { checkWebsite, getRegistration, registrationSummary, saveDraft, submitRegistration, websiteProbeFor } from './registration.service';

/**
 * Settings → Phone → Texting registration (A2P 10DLC): the wizard's draft and checklist, the website check, the
 * submission, and the summary the dashboard and Settings → Phone warn from. Every procedure is the caller's company's
 * own registration: none takes an id.
 */
export const registrationRouter = router({
  get: protectedProcedure.query(({ ctx }) => getRegistration(companyScope(ctx), ctx.services)),
  summary: protectedProcedure.query(({ ctx }) => registrationSummary(companyScope(ctx), ctx.services)),
  saveDraft: protectedProcedure.input(saveDraftInput).mutation(({ ctx, input }) => saveDraft(companyScope(ctx), ctx.services, input)),
  checkWebsite: protectedProcedure.mutation(({ ctx }) => checkWebsite(companyScope(ctx), ctx.services, websiteProbeFor(ctx.services))),
  submit: protectedProcedure.mutation(({ ctx }) => submitRegistration(companyScope(ctx), ctx.services, websiteProbeFor(ctx.services))),
});
