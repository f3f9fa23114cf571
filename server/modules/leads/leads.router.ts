import { z } from 'zod';
import { LEAD_SOURCES, LEAD_STATUSES } from '@contracts/lead';
import { bulkUpdateLeads, createManualLead, exportLeadsCsv, getLead, listLeads, updateLead } from './leads.service';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { id, optionalEmail, optionalText, paging, usCaPhone } from '@server/platform/lib/common.schema';

const filters = {
  status: z.array(z.enum(LEAD_STATUSES)).max(LEAD_STATUSES.length).optional(),
  source: z.array(z.enum(LEAD_SOURCES)).max(LEAD_SOURCES.length).optional(),
  assigned: z.union([z.literal('me'), z.literal('unassigned'), id]).optional(),
  from: z.number().int().nonnegative().optional(),
  to: z.number().int().nonnegative().optional(),
  search: z.string().trim().max(100).optional(),
};

const valueCents = z.number().int().min(0, 'Value cannot be negative').max(100_000_000_00, 'Value is too large').nullable();

export const leadsRouter = router({
  list: protectedProcedure.input(z.object({ ...filters, ...paging })).query(({ ctx, input }) => listLeads(companyScope(ctx), input)),

  get: protectedProcedure.input(z.object({ id })).query(({ ctx, input }) => getLead(companyScope(ctx), input.id)),

  create: protectedProcedure
    .input(
      z.object({
        firstName: z.string().trim().min(1, 'First name is required').max(100),
        lastName: optionalText('Last name', 100),
        phone: usCaPhone,
        email: optionalEmail,
        summary: optionalText('What they need', 2000),
        consentConfirmed: z.boolean().default(false),
      }),
    )
    .mutation(({ ctx, input }) =>
      createManualLead(companyScope(ctx), ctx.services, { ...input, email: input.email ?? null }),
    ),

  update: protectedProcedure
    .input(
      z.object({
        id,
        status: z.enum(LEAD_STATUSES).optional(),
        valueCents: valueCents.optional(),
        assignedUserId: id.nullable().optional(),
        summary: optionalText('Summary', 2000).optional(),
      }),
    )
    .mutation(({ ctx, input }) => {
      const { id: leadId, ...changes } = input;
      return updateLead(companyScope(ctx), ctx.services, leadId, changes);
    }),

  bulkUpdate: protectedProcedure
    .input(
      z
        .object({ ids: z.array(id).min(1, 'Select at least one lead').max(500), status: z.enum(LEAD_STATUSES).optional(), assignedUserId: id.nullable().optional() })
        .refine((v) => v.status !== undefined || v.assignedUserId !== undefined, { message: 'Choose a status or an assignee', path: ['status'] }),
    )
    .mutation(({ ctx, input }) => {
      const { ids, ...changes } = input;
      return bulkUpdateLeads(companyScope(ctx), ctx.services, ids, changes);
    }),

  exportCsv: protectedProcedure.input(z.object(filters)).query(({ ctx, input }) => exportLeadsCsv(companyScope(ctx), input)),
});
