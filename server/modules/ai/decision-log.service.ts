import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { AiTurnAction } from '@contracts/ai';
import { contactDisplayName } from '@contracts/person';
import { aiTurns, contacts, conversations } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';

/** The AI decision log (/logs → AI decisions): every turn, newest first, paged by time. */
export async function listTurns(scope: CompanyScope, input: { before?: number | undefined; limit: number; action?: AiTurnAction | undefined; from?: number | undefined }) {
  const rows = await scope.db
    .select({ turn: aiTurns, contact: contacts })
    .from(aiTurns)
    .innerJoin(conversations, eq(conversations.id, aiTurns.conversationId))
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(
      and(
        eq(aiTurns.companyId, scope.companyId),
        input.before ? lt(aiTurns.createdAt, new Date(input.before)) : undefined,
        input.action ? eq(aiTurns.action, input.action) : undefined,
        input.from !== undefined ? gte(aiTurns.createdAt, new Date(input.from)) : undefined,
      ),
    )
    .orderBy(desc(aiTurns.createdAt))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    items: page.map(({ turn, contact }) => ({
      id: turn.id,
      conversationId: turn.conversationId,
      leadId: turn.leadId,
      contact: { id: contact.id, name: contactDisplayName(contact) },
      action: turn.action,
      newMessages: turn.input.newMessages,
      answersBefore: turn.input.answersBefore,
      reply: typeof turn.decision?.reply === 'string' ? turn.decision.reply : null,
      answers: (turn.decision?.answers as Record<string, string> | undefined) ?? {},
      reasons: turn.reasons,
      model: turn.model,
      fallback: turn.fallback,
      latencyMs: turn.latencyMs,
      tokens: turn.promptTokens === null ? null : { prompt: turn.promptTokens, completion: turn.completionTokens ?? 0 },
      createdAt: turn.createdAt.getTime(),
    })),
    nextBefore: rows.length > input.limit ? page[page.length - 1]!.turn.createdAt.getTime() : null,
  };
}
