import { z } from 'zod';
import { TIME_ZONE_VALUES } from '@contracts/company';
import { duplicateCandidates, getClient, listClients, mergeClients, setClientBlocked, updateClient } from './clients.service';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { id, optionalEmail, optionalText, paging, usCaPhone } from '@server/platform/lib/common.schema';

export const clientsRouter = router({
  list: protectedProcedure
    .input(z.object({ search: z.string().trim().max(100).optional(), optedOut: z.boolean().optional(), ...paging }))
    .query(({ ctx, input }) => listClients(companyScope(ctx), input)),

  get: protectedProcedure.input(z.object({ id })).query(({ ctx, input }) => getClient(companyScope(ctx), input.id)),

  update: protectedProcedure
    .input(
      z.object({
        id,
        firstName: optionalText('First name', 100).optional(),
        lastName: optionalText('Last name', 100).optional(),
        email: optionalEmail,
        addressLine1: optionalText('Street address', 200).optional(),
        city: optionalText('City', 100).optional(),
        region: optionalText('State or province', 2).optional(),
        postalCode: optionalText('Postal code', 10).optional(),
        timezone: z.enum(TIME_ZONE_VALUES).nullable().optional(),
        notes: optionalText('Notes', 5000).optional(),
        tags: z.array(z.string().trim().min(1).max(40)).max(30).optional(),
        /** Only for a client without a number (a lead email gave none). */
        phone: usCaPhone.optional(),
      }),
    )
    .mutation(({ ctx, input }) => {
      const { id: clientId, ...changes } = input;
      return updateClient(companyScope(ctx), ctx.services, clientId, changes);
    }),

  setBlocked: protectedProcedure
    .input(z.object({ id, blocked: z.boolean() }))
    .mutation(({ ctx, input }) => setClientBlocked(companyScope(ctx), ctx.services, input.id, input.blocked)),

  duplicates: protectedProcedure.input(z.object({ id })).query(({ ctx, input }) => duplicateCandidates(companyScope(ctx), input.id)),

  merge: protectedProcedure
    .input(z.object({ keepId: id, mergeId: id }))
    .mutation(({ ctx, input }) => mergeClients(companyScope(ctx), ctx.services, input.keepId, input.mergeId)),
});
