import { z } from 'zod';
import { MAX_TEXT_LENGTH, TEXT_TOO_LONG_MESSAGE } from '@contracts/merge-tags';
import type { CompanyEvent } from '@server/platform/realtime/event-bus';
import {
  deleteTemplate,
  getConversation,
  INBOX_FILTERS,
  listConversations,
  listTemplates,
  saveTemplate,
  sendStaffMessage,
  startConversation,
  unreadConversations,
  updateConversation,
} from './conversations.service';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { id } from '@server/platform/lib/common.schema';

const messageBody = z.string().trim().min(1, 'Write a message first').max(MAX_TEXT_LENGTH, TEXT_TOO_LONG_MESSAGE);

export const conversationsRouter = router({
  list: protectedProcedure
    .input(
      z.object({
        filter: z.enum(INBOX_FILTERS).default('all'),
        search: z.string().trim().max(100).optional(),
        cursor: z.string().max(100).optional(),
        limit: z.number().int().min(1).max(100).default(50),
      }),
    )
    .query(({ ctx, input }) => listConversations(companyScope(ctx), input)),

  get: protectedProcedure.input(z.object({ id })).query(({ ctx, input }) => getConversation(companyScope(ctx), input.id)),

  send: protectedProcedure
    .input(z.object({ conversationId: id, body: messageBody }))
    .mutation(({ ctx, input }) => sendStaffMessage(companyScope(ctx), ctx.services, input)),

  /** "Text this client": opens (or finds) the client's thread on the business number. */
  start: protectedProcedure
    .input(z.object({ contactId: id }))
    .mutation(({ ctx, input }) => startConversation(companyScope(ctx), ctx.services, input.contactId)),

  markRead: protectedProcedure
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => updateConversation(companyScope(ctx), ctx.services, input.id, { unreadCount: 0 })),

  setMode: protectedProcedure
    .input(z.object({ id, mode: z.enum(['ai', 'human']) }))
    .mutation(({ ctx, input }) => updateConversation(companyScope(ctx), ctx.services, input.id, { mode: input.mode })),

  assign: protectedProcedure
    .input(z.object({ id, userId: id.nullable() }))
    .mutation(({ ctx, input }) => updateConversation(companyScope(ctx), ctx.services, input.id, { assignedUserId: input.userId })),

  setStatus: protectedProcedure
    .input(z.object({ id, status: z.enum(['open', 'closed']) }))
    .mutation(({ ctx, input }) => updateConversation(companyScope(ctx), ctx.services, input.id, { status: input.status })),

  unreadCount: protectedProcedure.query(async ({ ctx }) => ({ conversations: await unreadConversations(companyScope(ctx)) })),

  /** What changed in the caller's company (new texts, statuses, leads…), pushed over Server-Sent Events. */
  events: protectedProcedure.subscription(async function* ({ ctx, signal }) {
    const pending: CompanyEvent[] = [];
    let wake: (() => void) | null = null;
    const unsubscribe = ctx.services.bus.subscribe(ctx.companyId, (event) => {
      pending.push(event);
      wake?.();
    });
    signal?.addEventListener('abort', () => wake?.(), { once: true });
    try {
      while (!signal?.aborted) {
        while (pending.length > 0) yield pending.shift()!;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
      }
    } finally {
      unsubscribe();
    }
  }),

  templates: router({
    list: protectedProcedure.query(({ ctx }) => listTemplates(companyScope(ctx))),
    save: protectedProcedure
      .input(z.object({ id: id.optional(), name: z.string().trim().min(1, 'Name the template').max(80), body: messageBody }))
      .mutation(({ ctx, input }) => saveTemplate(companyScope(ctx), input)),
    remove: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => deleteTemplate(companyScope(ctx), input.id)),
  }),
});
