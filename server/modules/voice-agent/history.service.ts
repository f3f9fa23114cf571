import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { contactDisplayName } from '@contracts/person';
import { calls, contacts, leads, voiceAgentCalls, voiceAgentTurns } from '@server/platform/db/schema';
import { afterCursor, keysetPage } from '@server/platform/db/keyset';
import { notFound } from '@server/platform/errors/app-error';
import { SECOND } from '@server/platform/lib/clock';
import type { CompanyScope } from '@server/platform/db/scope';
import type { ListAiCallsInput } from './voice-agent.schema';

/** The statuses of an assistant's call that are a call it took (not one the team answered first). */
const TAKEN = ['waiting', 'live', 'ended'] as const;

const selection = {
  call: voiceAgentCalls,
  contactFirstName: contacts.firstName,
  contactLastName: contacts.lastName,
  contactPhone: contacts.phone,
  leadStatus: leads.status,
  recordingSid: calls.recordingSid,
  recordingSeconds: calls.recordingSeconds,
  talkSeconds: calls.talkSeconds,
};
type Selected = {
  call: typeof voiceAgentCalls.$inferSelect;
  contactFirstName: string | null;
  contactLastName: string | null;
  contactPhone: string | null;
  leadStatus: string | null;
  recordingSid: string | null;
  recordingSeconds: number | null;
  talkSeconds: number | null;
};

function baseQuery(scope: Pick<CompanyScope, 'db'>) {
  return scope.db
    .select(selection)
    .from(voiceAgentCalls)
    .leftJoin(contacts, eq(contacts.id, voiceAgentCalls.contactId))
    .leftJoin(leads, eq(leads.id, voiceAgentCalls.leadId))
    .leftJoin(calls, eq(calls.id, voiceAgentCalls.callId));
}

/** An AI-answered call as /ai-call-answering/history lists it (times in epoch ms). */
function toView(row: Selected) {
  const c = row.call;
  const talk = c.connectedAt && c.endedAt ? Math.max(0, Math.round((c.endedAt.getTime() - c.connectedAt.getTime()) / SECOND)) : null;
  return {
    id: c.id,
    /** The call as the calls module keeps it (Missed calls → History, the client's timeline), once linked. */
    callId: c.callId,
    from: c.fromNumber,
    to: c.toNumber,
    answerMode: c.answerMode,
    status: c.status,
    startedAt: (c.connectedAt ?? c.createdAt).getTime(),
    endedAt: c.endedAt?.getTime() ?? null,
    /** Seconds the caller talked with the assistant (its session), or the call's talk time when that is all there is. */
    durationSeconds: talk ?? row.talkSeconds,
    outcome: c.outcome,
    endReason: c.endReason,
    summary: c.summary,
    transfer: c.transferTo ? { to: c.transferTo, status: c.transferStatus } : null,
    contact: c.contactId ? { id: c.contactId, name: contactDisplayName({ firstName: row.contactFirstName, lastName: row.contactLastName, phone: row.contactPhone }) } : null,
    conversationId: c.conversationId,
    lead: c.leadId && row.leadStatus ? { id: c.leadId, status: row.leadStatus } : null,
    followUp: { status: c.followUpStatus, skipReason: c.followUpSkipReason, messageId: c.followUpMessageId },
    recording: c.recordingOn
      ? {
          seconds: row.recordingSeconds ?? c.recordingSeconds,
          // Played through LeadLoop like a voicemail (the calls module's route, server/modules/calls/recordings.routes.ts).
          audioUrl: c.callId && row.recordingSid && row.recordingSeconds ? `/api/calls/${c.callId}/recording` : null,
        }
      : null,
  };
}
export type AiCallView = ReturnType<typeof toView>;

/** /ai-call-answering/history: the calls the assistant took, newest first, keyset-paged, by outcome. */
export async function listAiCalls(scope: Pick<CompanyScope, 'db' | 'companyId'>, input: ListAiCallsInput) {
  const where: SQL[] = [eq(voiceAgentCalls.companyId, scope.companyId), inArray(voiceAgentCalls.status, [...TAKEN])];
  if (input.outcome) where.push(eq(voiceAgentCalls.outcome, input.outcome));
  where.push(...afterCursor(input.cursor, voiceAgentCalls.createdAt, voiceAgentCalls.id));
  const rows = await baseQuery(scope)
    .where(and(...where))
    .orderBy(desc(voiceAgentCalls.createdAt), desc(voiceAgentCalls.id))
    .limit(input.limit + 1);
  const { page, nextCursor } = keysetPage(rows, input.limit, (row) => ({ at: row.call.createdAt.getTime(), id: row.call.id }));
  return { items: page.map(toView), nextCursor };
}

/**
 * One call with its transcript turn by turn (who spoke, when, what the caller heard of a reply they talked over, the
 * latency of each reply) and the answers it took. Another company's call is NOT_FOUND.
 */
export async function getAiCall(scope: Pick<CompanyScope, 'db' | 'companyId'>, id: string) {
  const [row] = await baseQuery(scope)
    .where(and(eq(voiceAgentCalls.id, id), eq(voiceAgentCalls.companyId, scope.companyId)))
    .limit(1);
  if (!row) throw notFound('Call');
  const turns = await scope.db
    .select()
    .from(voiceAgentTurns)
    .where(and(eq(voiceAgentTurns.agentCallId, id), eq(voiceAgentTurns.companyId, scope.companyId)))
    .orderBy(asc(voiceAgentTurns.seq));
  const questions = row.call.settings.questions;
  const latencies = turns.map((t) => t.latencyMs).filter((ms): ms is number => ms !== null).sort((a, b) => a - b);
  return {
    ...toView(row),
    answers: Object.entries(row.call.answers).map(([key, value]) => ({ key, question: questions?.find((q) => q.key === key)?.text ?? null, value })),
    aiSummary: row.call.aiSummary,
    lastError: row.call.lastError,
    turns: turns.map((t) => ({ seq: t.seq, speaker: t.speaker, kind: t.kind, text: t.text, heard: t.heard, interrupted: t.interrupted, latencyMs: t.latencyMs, at: t.at.getTime() })),
    latency: latencies.length ? { medianMs: latencies[Math.floor((latencies.length - 1) / 2)]!, maxMs: latencies[latencies.length - 1]! } : null,
  };
}
