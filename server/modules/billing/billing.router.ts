import { changePlanInput } from '@contracts/billing';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { cancelPlan, changePlan, listInvoices, openPortal, subscriptionOverview } from './billing.service';

/**
 * Settings → Subscription. Every procedure is the caller's company's own subscription (none takes an id); changing
 * it, the card and the invoices are the owner's (server/platform/trpc/roles.ts).
 */
export const billingRouter = router({
  get: protectedProcedure.query(({ ctx }) => subscriptionOverview(companyScope(ctx), ctx.services)),
  invoices: protectedProcedure.query(({ ctx }) => listInvoices(companyScope(ctx), ctx.services)),
  changePlan: protectedProcedure.input(changePlanInput).mutation(({ ctx, input }) => changePlan(companyScope(ctx), ctx.services, input)),
  cancel: protectedProcedure.mutation(({ ctx }) => cancelPlan(companyScope(ctx), ctx.services)),
  portal: protectedProcedure.mutation(({ ctx }) => openPortal(companyScope(ctx), ctx.services)),
});
