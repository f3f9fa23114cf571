import { z } from 'zod';
import { AI_TURN_ACTIONS } from '@contracts/ai';
import { id } from '@server/platform/lib/common.schema';
import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { getAiSettings, updateAiSettings } from './ai-settings.service';
import { testChatInput, updateAiSettingsInput } from './ai.schema';
import { listTurns } from './decision-log.service';
import { decideDraft, listDrafts } from './held-replies.service';
import { listPriceItems, removePriceItems, savePriceItem } from './price-book/price-book.service';
import { testChat } from './test-chat.service';

const cents = z.number().int().min(0, 'A price cannot be negative').max(100_000_000, 'At most $1,000,000');

/** Settings → AI and its tabs, the test chat, held replies, the price book and the decision log. */
export const aiRouter = router({
  settings: router({
    get: protectedProcedure.query(({ ctx }) => getAiSettings(companyScope(ctx))),
    update: protectedProcedure.input(updateAiSettingsInput).mutation(({ ctx, input }) => updateAiSettings(companyScope(ctx), input)),
  }),
  /** Runs one turn against the saved settings with a sandbox conversation: nothing is stored or texted. */
  testChat: protectedProcedure
    .input(testChatInput)
    .mutation(({ ctx, input }) => testChat(companyScope(ctx), ctx.services, input)),
  drafts: router({
    list: protectedProcedure.input(z.object({ conversationId: id })).query(({ ctx, input }) => listDrafts(companyScope(ctx), input.conversationId)),
    decide: protectedProcedure
      .input(z.strictObject({ id, decision: z.enum(['approve', 'reject']), body: z.string().trim().min(1, 'The reply is empty').max(1600).optional() }))
      .mutation(({ ctx, input }) => decideDraft(companyScope(ctx), ctx.services, input)),
  }),
  priceBook: router({
    list: protectedProcedure.query(({ ctx }) => listPriceItems(companyScope(ctx))),
    save: protectedProcedure
      .input(z.strictObject({ id: id.optional(), name: z.string().trim().min(1, 'Name the item').max(120), minCents: cents, maxCents: cents, unit: z.string().trim().max(30), status: z.enum(['proposed', 'approved']) }))
      .mutation(({ ctx, input }) => savePriceItem(companyScope(ctx), input)),
    remove: protectedProcedure.input(z.object({ ids: z.array(id).min(1).max(2000) })).mutation(({ ctx, input }) => removePriceItems(companyScope(ctx), input.ids)),
  }),
  turns: protectedProcedure
    .input(
      z.object({
        before: z.number().int().positive().optional(),
        limit: z.number().int().min(1).max(100).default(50),
        action: z.enum(AI_TURN_ACTIONS).optional(),
        from: z.number().int().nonnegative().optional(),
      }),
    )
    .query(({ ctx, input }) => listTurns(companyScope(ctx), input)),
});
