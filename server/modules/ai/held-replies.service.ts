import { and, asc, desc, eq } from 'drizzle-orm';
import type { Tx } from '@server/platform/db/database';
import { aiDrafts, type companies, conversations, leads, priceItems } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { type EventBatch, transactionWithEvents } from '@server/platform/events/domain-events';
import { AppError, invalidField, notFound } from '@server/platform/errors/app-error';
import type { AppServices } from '@server/platform/services';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import { queueOutbound } from '@server/modules/messaging/outbound.service';
import { markApprovalAlertsRead } from '@server/modules/notifications/notifications.service';
import { ALERT_SMS_QUEUE } from '@server/modules/notifications/notify.service';
import { quotesOf } from './ai-policy';

/**
 * Approval mode: the replies the assistant holds (a quote, a promised time, words outside the business's facts)
 * until staff approve, edit or reject them in the thread — or the owner texts "YES <code>" from the alert phone.
 */

async function scopedDraft(scope: CompanyScope, id: string) {
  const [draft] = await scope.db.select().from(aiDrafts).where(and(eq(aiDrafts.id, id), eq(aiDrafts.companyId, scope.companyId))).limit(1);
  if (!draft) throw notFound('Held reply');
  return draft;
}

/** The thread's held replies, oldest first (the thread shows them with Approve / Edit / Reject). */
export async function listDrafts(scope: CompanyScope, conversationId: string) {
  const [conversation] = await scope.db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.id, conversationId), eq(conversations.companyId, scope.companyId))).limit(1);
  if (!conversation) throw notFound('Conversation');
  const rows = await scope.db.select().from(aiDrafts).where(and(eq(aiDrafts.conversationId, conversationId), eq(aiDrafts.status, 'pending'))).orderBy(asc(aiDrafts.createdAt));
  return rows.map((d) => ({ id: d.id, body: d.body, why: d.why, createdAt: d.createdAt.getTime() }));
}

/**
 * Sends a held reply — as the assistant wrote it, or as staff edited it (then it is the team's text) — through the
 * one outbound pipeline (an opt-out since then still blocks it), or rejects it. Once: a decided draft is refused.
 */
export async function decideDraft(scope: CompanyScope, messaging: AppServices, input: { id: string; decision: 'approve' | 'reject'; body?: string | undefined }) {
  const draft = await scopedDraft(scope, input.id);
  return transactionWithEvents(messaging, async (tx, events) => {
    const [locked] = await tx.select().from(aiDrafts).where(eq(aiDrafts.id, draft.id)).for('update').limit(1);
    if (!locked || locked.status !== 'pending') throw new AppError('CONFLICT', 'Someone already decided this reply.');
    if (input.decision === 'reject') {
      await tx.update(aiDrafts).set({ status: 'rejected', decidedByUserId: scope.userId, decidedAt: scope.now }).where(eq(aiDrafts.id, draft.id));
      if (draft.code) await markApprovalAlertsRead(tx, events, { companyId: draft.companyId, code: draft.code, now: scope.now });
      await writeUserAudit(tx, scope, { action: 'ai.draft_rejected', targetType: 'conversation', targetId: draft.conversationId });
      events.add(scope.companyId, { type: 'conversation.updated', data: { conversationId: draft.conversationId, fields: ['drafts'] } });
      return { id: draft.id, status: 'rejected' as const, messageId: null };
    }
    const edited = input.body !== undefined && input.body.trim() !== draft.body;
    const body = edited ? input.body!.trim() : draft.body;
    if (!body) throw invalidField('body', 'The reply is empty.');
    const message = await sendHeldReply(tx, messaging, events, draft, { body, edited, userId: scope.userId, now: scope.now });
    await writeUserAudit(tx, scope, { action: edited ? 'ai.draft_edited_and_sent' : 'ai.draft_approved', targetType: 'conversation', targetId: draft.conversationId });
    return { id: draft.id, status: 'sent' as const, messageId: message.id, blocked: message.status === 'blocked' ? message.errorMessage : null };
  });
}

/**
 * Sends a held reply through the one outbound pipeline — as the assistant wrote it, or edited by staff (then it is
 * the team's text) — marks it sent, and lets the lead remember the quote it carried (which approved item it came
 * from). Whoever approved it: staff in the thread, or the owner by text.
 */
async function sendHeldReply(tx: Tx, deps: AppServices, events: EventBatch, draft: typeof aiDrafts.$inferSelect, input: { body: string; edited: boolean; userId: string | null; now: Date }) {
  const message = await queueOutbound(tx, deps, events, {
    companyId: draft.companyId,
    conversationId: draft.conversationId,
    body: input.body,
    author: input.edited ? 'user' : 'ai',
    authorUserId: input.userId,
    automated: !input.edited,
    isReply: true,
    dedupeKey: `ai-draft:${draft.id}`,
  });
  await tx.update(aiDrafts).set({ status: 'sent', body: input.body, decidedByUserId: input.userId, decidedAt: input.now, messageId: message.id }).where(eq(aiDrafts.id, draft.id));
  if (draft.code) await markApprovalAlertsRead(tx, events, { companyId: draft.companyId, code: draft.code, now: input.now });
  if (draft.quotedItemIds.length) {
    const [thread] = await tx.select({ contactId: conversations.contactId }).from(conversations).where(eq(conversations.id, draft.conversationId)).limit(1);
    const [lead] = thread ? await tx.select().from(leads).where(eq(leads.contactId, thread.contactId)).orderBy(desc(leads.createdAt)).limit(1) : [];
    const approved = await tx.select().from(priceItems).where(and(eq(priceItems.companyId, draft.companyId), eq(priceItems.status, 'approved')));
    const quotes = quotesOf(approved, draft.quotedItemIds, input.now);
    if (lead && quotes.length) await tx.update(leads).set({ aiQuotes: [...(lead.aiQuotes ?? []), ...quotes], updatedAt: input.now }).where(eq(leads.id, lead.id));
  }
  events.add(draft.companyId, { type: 'conversation.updated', data: { conversationId: draft.conversationId, fields: ['drafts'] } });
  return message;
}

const YES_CODE = /^\s*(?:yes|y|ok|send)\s+([A-Za-z0-9]{4})\s*[.!]?\s*$/i;

/**
 * An inbound text to the business number from the company's alert phone that says "YES <code>": the held reply
 * with that code is sent as the assistant wrote it (through the outbound pipeline, so an opt-out since still
 * blocks it), and the alert phone is told what happened. Returns false when the text is not such an approval (it is
 * then an ordinary inbound text). Runs in the inbound transaction.
 */
export async function approveByAlertReply(
  tx: Tx,
  deps: AppServices,
  events: EventBatch,
  input: { company: typeof companies.$inferSelect; from: string; body: string },
): Promise<boolean> {
  const match = YES_CODE.exec(input.body);
  if (!match || !input.company.alertPhone || input.company.alertPhone !== input.from) return false;
  const code = match[1]!.toUpperCase();
  const now = deps.clock.now();
  const [draft] = await tx
    .select()
    .from(aiDrafts)
    .where(and(eq(aiDrafts.companyId, input.company.id), eq(aiDrafts.code, code), eq(aiDrafts.status, 'pending')))
    .for('update')
    .limit(1);
  const tell = (body: string) => deps.queue.enqueue(tx, ALERT_SMS_QUEUE, { companyId: input.company.id, to: input.from, body }, { companyId: input.company.id });
  if (!draft) {
    await tell(`LeadLoop: no reply waits with the code ${code} (already sent, rejected, or mistyped). Open the thread in LeadLoop to check.`);
    return true;
  }
  const message = await sendHeldReply(tx, deps, events, draft, { body: draft.body, edited: false, userId: null, now });
  await tell(message.status === 'blocked' ? `LeadLoop: not sent — ${message.errorMessage ?? 'blocked'}` : `LeadLoop: sent (${code}).`);
  return true;
}
