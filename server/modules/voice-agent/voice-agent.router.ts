import { companyScope } from '@server/platform/trpc/scope';
import { protectedProcedure, router } from '@server/platform/trpc/trpc';
import { aiCallIdInput, listAiCallsInput, saveAgentInput, saveBasicInput, saveFollowUpsInput } from './voice-agent.schema';
import { getVoiceAgentSettings, saveAgent, saveBasic, saveFollowUps } from './voice-agent-settings.service';
import { getAiCall, listAiCalls } from './history.service';

/**
 * AI call answering (/ai-call-answering/*): the settings of the basic, agent and sms-followup tabs (read together,
 * saved per tab with the version read), and the history of the calls the assistant took, each with its transcript.
 */
export const voiceAgentRouter = router({
  settings: router({
    get: protectedProcedure.query(({ ctx }) => getVoiceAgentSettings(companyScope(ctx), ctx.services)),
    saveBasic: protectedProcedure.input(saveBasicInput).mutation(({ ctx, input }) => saveBasic(companyScope(ctx), ctx.services, input)),
    saveAgent: protectedProcedure.input(saveAgentInput).mutation(({ ctx, input }) => saveAgent(companyScope(ctx), ctx.services, input)),
    saveFollowUps: protectedProcedure.input(saveFollowUpsInput).mutation(({ ctx, input }) => saveFollowUps(companyScope(ctx), ctx.services, input)),
  }),
  calls: router({
    list: protectedProcedure.input(listAiCallsInput).query(({ ctx, input }) => listAiCalls(companyScope(ctx), input)),
    get: protectedProcedure.input(aiCallIdInput).query(({ ctx, input }) => getAiCall(companyScope(ctx), input.id)),
  }),
});
