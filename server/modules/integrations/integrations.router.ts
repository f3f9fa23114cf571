import { desc, eq } from 'drizzle-orm';
import { integrationSyncLog } from '@server/platform/db/schema';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { completeConnect, disconnect, listIntegrations, setCalendars, startConnect, syncNow } from './connect.service';
import { calendarsInput, completeInput, providerInput, syncLogInput } from './integrations.schema';

/** /external-integrations and the OAuth callback pages (decision 0055). Connecting speaks for the company: admins. */
export const integrationsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listIntegrations(companyScope(ctx), ctx.services)),
  connect: protectedProcedure.input(providerInput).mutation(({ ctx, input }) => startConnect(companyScope(ctx), ctx.services, ctx.auth.sessionId, input.provider)),
  complete: protectedProcedure.input(completeInput).mutation(({ ctx, input }) => completeConnect(companyScope(ctx), ctx.services, ctx.auth.sessionId, input)),
  disconnect: protectedProcedure.input(providerInput).mutation(({ ctx, input }) => disconnect(companyScope(ctx), ctx.services, input.provider)),
  setCalendars: protectedProcedure.input(calendarsInput).mutation(({ ctx, input }) => setCalendars(companyScope(ctx), ctx.services, input)),
  syncNow: protectedProcedure.input(providerInput).mutation(({ ctx, input }) => syncNow(companyScope(ctx), ctx.services, input.provider)),
  /** The sync log (/logs): newest first. */
  syncLog: protectedProcedure.input(syncLogInput).query(async ({ ctx, input }) => {
    const rows = await ctx.services.db.select().from(integrationSyncLog).where(eq(integrationSyncLog.companyId, ctx.companyId)).orderBy(desc(integrationSyncLog.createdAt)).limit(input.limit);
    return rows.map((row) => ({ id: row.id, provider: row.provider, direction: row.direction, status: row.status, summary: row.summary, at: row.createdAt.getTime() }));
  }),
});
