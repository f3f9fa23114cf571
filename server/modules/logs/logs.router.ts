import { z } from 'zod';
import { AI_TURN_ACTIONS } from '@contracts/ai';
import { FLOW_RUN_STATUSES } from '@contracts/flows';
import { MESSAGE_STATUSES } from '@contracts/message';
import { messageLog } from './message-log.service';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { id, paging } from '@server/platform/lib/common.schema';
import { listDeadLetters, retryDeadLetter } from './dead-letters.service';
import { listAuditLog } from './audit-log.service';
import { exportAiDecisionsCsv, exportAuditCsv, exportFlowRunsCsv, exportMessagesCsv } from './logs-export.service';

/** Epoch ms, from included, to excluded. */
const dates = { from: z.number().int().nonnegative().optional(), to: z.number().int().nonnegative().optional() };

const messageFilters = {
  status: z.array(z.enum(MESSAGE_STATUSES)).max(MESSAGE_STATUSES.length).optional(),
  direction: z.enum(['inbound', 'outbound']).optional(),
  search: z.string().trim().max(100).optional(),
  ...dates,
};

const auditFilters = { actorKind: z.enum(['user', 'support', 'system']).optional(), ...dates };

/**
 * /logs: the message log, the audit log and the failed background work, and each log as CSV in the company's time
 * zone (flow runs, AI decisions and webhook deliveries are listed by their own modules; their exports are here
 * or beside them).
 */
export const logsRouter = router({
  messages: protectedProcedure.input(z.object({ ...messageFilters, ...paging })).query(({ ctx, input }) => messageLog(companyScope(ctx), input)),
  audit: protectedProcedure
    .input(z.object({ ...auditFilters, cursor: z.string().max(100).optional(), limit: z.number().int().min(1).max(100).default(50) }))
    .query(({ ctx, input }) => listAuditLog(companyScope(ctx), input)),
  deadLetters: protectedProcedure.input(z.object(paging)).query(({ ctx, input }) => listDeadLetters(companyScope(ctx), input)),
  retryJob: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => retryDeadLetter(companyScope(ctx), ctx.services.queue, input.id)),
  /** Each log as a CSV file: the rows the screen's filters select, times in the company's zone. */
  exportCsv: router({
    messages: protectedProcedure.input(z.object(messageFilters)).query(({ ctx, input }) => exportMessagesCsv(companyScope(ctx), input)),
    audit: protectedProcedure.input(z.object(auditFilters)).query(({ ctx, input }) => exportAuditCsv(companyScope(ctx), input)),
    aiDecisions: protectedProcedure
      .input(z.object({ action: z.enum(AI_TURN_ACTIONS).optional(), from: z.number().int().nonnegative().optional() }))
      .query(({ ctx, input }) => exportAiDecisionsCsv(companyScope(ctx), input)),
    flowRuns: protectedProcedure
      .input(z.object({ status: z.enum(FLOW_RUN_STATUSES).optional(), flowId: id.optional(), search: z.string().trim().max(100).optional() }))
      .query(({ ctx, input }) => exportFlowRunsCsv(companyScope(ctx), input)),
  }),
});
