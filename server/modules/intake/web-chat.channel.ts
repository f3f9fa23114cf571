import { and, asc, eq, gt, gte, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '@server/platform/db/database';
import { companies, contacts, conversations, messages, phoneNumbers, widgetVisitorTokens } from '@server/platform/db/schema';
import { lockKey } from '@server/platform/db/rate-limit';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import type { AppServices } from '@server/platform/services';
import { takeInquiry } from './intake.service';
import { hashVisitorToken } from './web.channel';

/**
 * The website chat after a submission: the visitor's panel reads the one conversation staff see and adds to it,
 * with the visitor token the submission answered (only its SHA-256 is stored; it expires after a day and the
 * embed keeps it for the tab's visit only). What the panel shows starts at the submission: whoever typed a number
 * into a website has not shown they hold that phone, so the texts from before stay private. Staff answer by text
 * as always; the panel shows those texts too, so a visitor who keeps the page open reads the reply there.
 */
export interface VisitorSession {
  tokenId: string;
  companyId: string;
  conversationId: string;
  contactId: string;
  since: Date;
}

/** The token's session when it is this company's, unexpired, and its conversation still exists. */
export async function visitorSession(db: DbOrTx, companyId: string, token: string, now: Date): Promise<VisitorSession | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({ id: widgetVisitorTokens.id, companyId: widgetVisitorTokens.companyId, conversationId: widgetVisitorTokens.conversationId, contactId: widgetVisitorTokens.contactId, createdAt: widgetVisitorTokens.createdAt, expiresAt: widgetVisitorTokens.expiresAt })
    .from(widgetVisitorTokens)
    .where(eq(widgetVisitorTokens.tokenHash, hashVisitorToken(token)))
    .limit(1);
  if (!row || row.companyId !== companyId || row.expiresAt.getTime() <= now.getTime()) return null;
  return { tokenId: row.id, companyId: row.companyId, conversationId: row.conversationId, contactId: row.contactId, since: row.createdAt };
}

export interface VisitorMessage {
  id: string;
  /** Orders messages and is the `after` cursor of the next read. */
  seq: number;
  from: 'visitor' | 'business';
  body: string;
  /** ms since epoch */
  at: number;
}

/** At most this many messages per read (the panel asks again with the last `seq`). */
export const VISITOR_THREAD_PAGE = 100;

/**
 * The panel's view of the thread since the submission, after `afterSeq`: everything the person sent (texts and
 * chat messages) and the business's texts that went out or are going out — not the ones LeadLoop refused to send
 * or that wait for a later hour. Photos show as a line, not as their addresses.
 */
export async function readVisitorThread(db: DbOrTx, session: VisitorSession, afterSeq: number): Promise<{ messages: VisitorMessage[]; optedOut: boolean }> {
  const rows = await db
    .select({ id: messages.id, seq: messages.seq, direction: messages.direction, body: messages.body, media: messages.media, createdAt: messages.createdAt })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, session.conversationId),
        eq(messages.companyId, session.companyId),
        gte(messages.createdAt, session.since),
        gt(messages.seq, afterSeq),
        or(eq(messages.direction, 'inbound'), inArray(messages.status, ['queued', 'sending', 'sent', 'delivered', 'failed'])),
      ),
    )
    .orderBy(asc(messages.seq))
    .limit(VISITOR_THREAD_PAGE);
  const [contact] = await db.select({ optedOutAt: contacts.optedOutAt }).from(contacts).where(eq(contacts.id, session.contactId)).limit(1);
  return {
    messages: rows.map((m) => ({
      id: m.id,
      seq: m.seq,
      from: m.direction === 'inbound' ? 'visitor' : 'business',
      body: m.body || (m.media.length ? '📎 Photo or file' : ''),
      at: m.createdAt.getTime(),
    })),
    optedOut: Boolean(contact?.optedOutAt),
  };
}

export type VisitorMessageOutcome = { outcome: 'stored' | 'duplicate'; message: VisitorMessage } | { outcome: 'ended' };

/**
 * A message the visitor typed in the panel: an inbound message of the conversation (provider `web_chat`) through the
 * one intake path — the open lead is joined, the team is told as for a text, compliance words apply (a STOP there
 * is honoured; a START is not, see compliance). `clientId` (the embed's id for the message) makes a resend after a
 * lost answer store nothing twice.
 */
export async function takeVisitorMessage(deps: AppServices, session: VisitorSession, input: { body: string; clientId: string }): Promise<VisitorMessageOutcome> {
  return transactionWithEvents(deps, async (tx, events): Promise<VisitorMessageOutcome> => {
    const [thread] = await tx
      .select({ conversation: conversations, number: phoneNumbers, company: companies })
      .from(conversations)
      .innerJoin(phoneNumbers, eq(phoneNumbers.id, conversations.phoneNumberId))
      .innerJoin(companies, eq(companies.id, conversations.companyId))
      .where(and(eq(conversations.id, session.conversationId), eq(conversations.companyId, session.companyId)))
      .limit(1);
    // The business number was released: the thread cannot go on (texts would come from a number no longer theirs).
    if (!thread || thread.number.status !== 'active') return { outcome: 'ended' };
    const providerMessageId = `${session.tokenId}:${input.clientId}`;
    await lockKey(tx, `inbound:${session.companyId}:${thread.conversation.peerPhone}`);
    const [already] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.provider, 'web_chat'), eq(messages.providerMessageId, providerMessageId)))
      .limit(1);
    if (already) return { outcome: 'duplicate', message: toVisitorMessage(already) };
    const result = await takeInquiry(tx, deps, events, {
      company: thread.company,
      source: 'chat_widget',
      person: { phone: thread.conversation.peerPhone },
      businessNumber: thread.number,
      message: { body: input.body, media: [], provider: 'web_chat', providerMessageId },
      lead: {},
    });
    if (!result.message) throw new Error('a website chat message was not recorded');
    return { outcome: 'stored', message: toVisitorMessage(result.message) };
  });
}

function toVisitorMessage(m: typeof messages.$inferSelect): VisitorMessage {
  return { id: m.id, seq: m.seq, from: m.direction === 'inbound' ? 'visitor' : 'business', body: m.body, at: m.createdAt.getTime() };
}
