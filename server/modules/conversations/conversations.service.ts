import { and, asc, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { channelOf } from '@contracts/message';
import { recipientZones } from '@contracts/send-window';
import type { DbOrTx } from '@server/platform/db/database';
import { aiDrafts, companies, consentEvents, contacts, conversations, leads, messages, messageTemplates, phoneNumbers, users } from '@server/platform/db/schema';
import { afterCursor, keysetPage } from '@server/platform/db/keyset';
import { contactFullName, searchWhere } from '@server/platform/db/search';
import { AppError, notFound } from '@server/platform/errors/app-error';
import { MAX_TEXT_LENGTH } from '@contracts/merge-tags';
import { assertKnownMergeTags, renderMergeTags } from '@server/modules/messaging/merge-tags';
import type { AppServices } from '@server/platform/services';
import { contactDisplayName } from '@contracts/person';
import { type EventDeps, transactionWithEvents } from '@server/platform/events/domain-events';
import { queueOutbound, scheduledNote } from '@server/modules/messaging/outbound.service';
import type { CompanyScope } from '@server/platform/db/scope';
import { assertTeamMember } from '@server/modules/team/team.service';
import { activeNumberOf } from '@server/modules/phone-numbers/active-number';
import { contactSummary } from '@server/modules/contacts/contact-summary';

export const INBOX_FILTERS = ['all', 'needs_human', 'ai', 'mine', 'unread', 'closed'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

/** A conversation of the caller's company, or NOT_FOUND (whether absent or another company's). */
async function scopedConversation(executor: DbOrTx, companyId: string, id: string) {
  const [row] = await executor
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Conversation');
  return row;
}

/** A conversation of the caller's company with its contact, business number and company, or NOT_FOUND. */
async function scopedThread(executor: DbOrTx, companyId: string, id: string) {
  const [row] = await executor
    .select({ conversation: conversations, contact: contacts, number: phoneNumbers, company: { name: companies.name, timezone: companies.timezone } })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .innerJoin(phoneNumbers, eq(phoneNumbers.id, conversations.phoneNumberId))
    .innerJoin(companies, eq(companies.id, conversations.companyId))
    .where(and(eq(conversations.id, id), eq(conversations.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Conversation');
  return row;
}

/** The inbox: newest activity first, keyset-paginated, filtered as the tabs of the thread list. */
export async function listConversations(
  scope: CompanyScope,
  input: { filter: InboxFilter; search?: string | undefined; cursor?: string | undefined; limit: number },
) {
  const where: SQL[] = [eq(conversations.companyId, scope.companyId)];
  if (input.filter === 'needs_human') where.push(eq(conversations.mode, 'human'), eq(conversations.status, 'open'));
  if (input.filter === 'ai') where.push(eq(conversations.mode, 'ai'), eq(conversations.status, 'open'));
  if (input.filter === 'mine') where.push(eq(conversations.assignedUserId, scope.userId));
  if (input.filter === 'unread') where.push(gt(conversations.unreadCount, 0));
  if (input.filter === 'closed') where.push(eq(conversations.status, 'closed'));
  if (input.search) {
    // Any message of the thread counts, not only the last one: a website visitor's question is found after the reply.
    const anyMessage = (like: string) => sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id} and m.body ilike ${like})`;
    where.push(searchWhere(input.search, { text: [contactFullName, conversations.lastMessagePreview], phone: [contacts.phone], also: anyMessage }));
  }
  where.push(...afterCursor(input.cursor, conversations.lastMessageAt, conversations.id));
  const rows = await scope.db
    .select({
      conversation: conversations,
      contact: contacts,
      // Replies the assistant holds for approval here (approval mode): the list says "Waiting for approval".
      heldReplies: sql<number>`(select count(*)::int from ${aiDrafts} where ${aiDrafts.conversationId} = ${conversations.id} and ${aiDrafts.status} = 'pending')`,
    })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(and(...where))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(input.limit + 1);
  const { page, nextCursor } = keysetPage(rows, input.limit, ({ conversation }) => ({ at: conversation.lastMessageAt?.getTime() ?? 0, id: conversation.id }));
  return {
    items: page.map(({ conversation, contact, heldReplies }) => ({
      id: conversation.id,
      heldReplies,
      contact: contactSummary(contact),
      preview: conversation.lastMessagePreview ?? '',
      lastMessageAt: conversation.lastMessageAt?.getTime() ?? conversation.createdAt.getTime(),
      unreadCount: conversation.unreadCount,
      mode: conversation.mode,
      status: conversation.status,
      assignedUserId: conversation.assignedUserId,
    })),
    nextCursor,
  };
}

/** One thread: the conversation, its contact, the latest lead, and its last 300 messages oldest first. */
export async function getConversation(scope: CompanyScope, id: string) {
  const { conversation, contact, number, company } = await scopedThread(scope.db, scope.companyId, id);
  const [lead] = await scope.db.select().from(leads).where(eq(leads.contactId, contact.id)).orderBy(desc(leads.createdAt)).limit(1);
  const recent = await scope.db
    .select({ message: messages, authorFirstName: users.firstName })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorUserId))
    .where(eq(messages.conversationId, conversation.id))
    .orderBy(desc(messages.createdAt), desc(messages.seq))
    .limit(300);
  const zones = recipientZones({ contactTimezone: contact.timezone, contactRegion: contact.region, phone: conversation.peerPhone, companyTimezone: company.timezone });
  return {
    id: conversation.id,
    mode: conversation.mode,
    status: conversation.status,
    assignedUserId: conversation.assignedUserId,
    unreadCount: conversation.unreadCount,
    businessNumber: number.e164,
    businessNumberActive: number.status === 'active',
    contact: { ...contactSummary(contact), email: contact.email, timezone: zones[0] ?? null },
    /** The customer's number in this thread. */
    peerPhone: conversation.peerPhone,
    lead: lead
      ? { id: lead.id, status: lead.status, source: lead.source, summary: lead.summary, valueCents: lead.valueCents, assignedUserId: lead.assignedUserId, createdAt: lead.createdAt.getTime() }
      : null,
    messages: recent.reverse().map(({ message, authorFirstName }) => ({
      id: message.id,
      direction: message.direction,
      author: message.author,
      authorName: message.author === 'user' ? (authorFirstName ?? 'Team') : message.author === 'contact' ? contactDisplayName(contact) : null,
      body: message.body,
      media: message.media,
      /** `web_chat`: typed in the website chat panel, not texted. */
      channel: channelOf(message.provider),
      status: message.status,
      /** Why it was blocked or failed, in plain words. */
      problem: message.status === 'blocked' || message.status === 'failed' || (message.status === 'queued' && message.errorMessage) ? message.errorMessage : null,
      scheduledFor: message.scheduledFor?.getTime() ?? null,
      scheduledNote: message.status === 'scheduled' ? scheduledNote(message, zones) : null,
      createdAt: message.createdAt.getTime(),
      sentAt: message.sentAt?.getTime() ?? null,
      deliveredAt: message.deliveredAt?.getTime() ?? null,
    })),
  };
}

/**
 * A staff member's text: merge tags filled, sent now (a person is replying), and the thread switches to
 * "You're in control" so the AI stops answering.
 */
export async function sendStaffMessage(scope: CompanyScope, messaging: AppServices, input: { conversationId: string; body: string }) {
  assertKnownMergeTags(input.body);
  const message = await transactionWithEvents(messaging, async (tx, events) => {
    const { conversation, contact, number, company } = await scopedThread(tx, scope.companyId, input.conversationId);
    if (number.status !== 'active') {
      throw new AppError('PRECONDITION_FAILED', 'This thread’s business number is no longer active. Set up your number in Settings → Phone.');
    }
    const [me] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, scope.userId)).limit(1);
    const body = renderMergeTags(input.body, {
      contact: { firstName: contact.firstName, lastName: contact.lastName },
      businessName: company.name,
      businessPhone: number.e164,
      senderFirstName: me?.firstName ?? '',
    });
    if (!body) throw new AppError('INVALID', 'Invalid input: body: The message is empty');
    if (body.length > MAX_TEXT_LENGTH) {
      throw new AppError('INVALID', `Invalid input: body: With the merge tags filled in, this text is ${body.length} characters; texts are at most ${MAX_TEXT_LENGTH}.`);
    }
    const queued = await queueOutbound(tx, messaging, events, {
      companyId: scope.companyId,
      conversationId: conversation.id,
      body,
      author: 'user',
      authorUserId: scope.userId,
      automated: false,
      thread: { conversation, contact, number },
    });
    await tx
      .update(conversations)
      .set({ mode: 'human', unreadCount: 0, status: 'open', updatedAt: scope.now })
      .where(eq(conversations.id, conversation.id));
    events.add(scope.companyId, { type: 'conversation.updated', data: { conversationId: conversation.id, fields: ['mode', 'unreadCount', 'status'] } });
    return queued;
  });
  return { id: message.id, status: message.status, problem: message.status === 'blocked' ? message.errorMessage : null };
}

export async function updateConversation(
  scope: CompanyScope,
  messaging: EventDeps,
  id: string,
  changes: Partial<{ mode: 'ai' | 'human'; status: 'open' | 'closed'; assignedUserId: string | null; unreadCount: number }>,
) {
  const conversation = await scopedConversation(scope.db, scope.companyId, id);
  await assertTeamMember(scope.db, scope.companyId, changes.assignedUserId);
  await transactionWithEvents(messaging, async (tx, events) => {
    await tx.update(conversations).set({ ...changes, updatedAt: scope.now }).where(eq(conversations.id, conversation.id));
    events.add(scope.companyId, { type: 'conversation.updated', data: { conversationId: conversation.id, fields: Object.keys(changes) } });
  });
  return { id: conversation.id, ...changes };
}

export async function unreadConversations(scope: CompanyScope): Promise<number> {
  const [row] = await scope.db
    .select({ count: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(eq(conversations.companyId, scope.companyId), gt(conversations.unreadCount, 0), eq(conversations.status, 'open')));
  return row?.count ?? 0;
}

// ── Templates ──────────────────────────────────────────────────────────────────────────────────────────────────

export async function listTemplates(scope: CompanyScope) {
  const rows = await scope.db.select().from(messageTemplates).where(eq(messageTemplates.companyId, scope.companyId)).orderBy(asc(messageTemplates.name));
  return rows.map((t) => ({ id: t.id, name: t.name, body: t.body }));
}

export async function saveTemplate(scope: CompanyScope, input: { id?: string | undefined; name: string; body: string }) {
  assertKnownMergeTags(input.body);
  if (input.id) {
    const [row] = await scope.db
      .update(messageTemplates)
      .set({ name: input.name, body: input.body, updatedAt: scope.now })
      .where(and(eq(messageTemplates.id, input.id), eq(messageTemplates.companyId, scope.companyId)))
      .returning();
    if (!row) throw notFound('Template');
    return { id: row.id, name: row.name, body: row.body };
  }
  const [row] = await scope.db
    .insert(messageTemplates)
    .values({ companyId: scope.companyId, name: input.name, body: input.body, createdAt: scope.now, updatedAt: scope.now })
    .returning();
  return { id: row!.id, name: row!.name, body: row!.body };
}

export async function deleteTemplate(scope: CompanyScope, id: string) {
  const deleted = await scope.db
    .delete(messageTemplates)
    .where(and(eq(messageTemplates.id, id), eq(messageTemplates.companyId, scope.companyId)))
    .returning({ id: messageTemplates.id });
  if (deleted.length === 0) throw notFound('Template');
  return { id };
}

/** The conversation with a client on a business number (one per client, number and the client's phone), opened if new. */
export async function openConversation(
  tx: DbOrTx,
  companyId: string,
  contact: typeof contacts.$inferSelect,
  number: typeof phoneNumbers.$inferSelect,
  peerPhone: string,
  now: Date,
): Promise<{ conversation: typeof conversations.$inferSelect; created: boolean }> {
  const [existing] = await tx
    .select()
    .from(conversations)
    .where(sql`${conversations.companyId} = ${companyId} and ${conversations.contactId} = ${contact.id} and ${conversations.phoneNumberId} = ${number.id} and ${conversations.peerPhone} = ${peerPhone}`)
    .limit(1);
  if (existing) return { conversation: existing, created: false };
  const [created] = await tx.insert(conversations).values({ companyId, contactId: contact.id, phoneNumberId: number.id, peerPhone, createdAt: now, updatedAt: now }).returning();
  if (!created) throw new Error('conversation insert returned nothing');
  return { conversation: created, created: true };
}

/**
 * "Text this client": the client's conversation on the company's business number, opened if there is none yet, so
 * a lead that came in by phone or was typed in can be texted. Sending still passes every check of the outbound
 * pipeline (opted out, blocked, protected); a blocked client is refused here already, with the way out.
 */
export async function startConversation(scope: CompanyScope, messaging: EventDeps, contactId: string) {
  return transactionWithEvents(messaging, async (tx, events) => {
    const [contact] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, contactId), eq(contacts.companyId, scope.companyId), isNull(contacts.mergedIntoId)))
      .limit(1);
    if (!contact) throw notFound('Client');
    if (contact.blockedAt) {
      throw new AppError('PRECONDITION_FAILED', `You blocked ${contactDisplayName(contact)}, so LeadLoop doesn’t text them. Unblock them on their client page first.`);
    }
    const name = contactDisplayName(contact);
    if (!contact.phone) throw new AppError('PRECONDITION_FAILED', `${name} has no phone number yet. Add their mobile number to their client details to text them.`);
    if (contact.optedOutAt) {
      throw new AppError('PRECONDITION_FAILED', `${name} opted out of texts. LeadLoop won’t text them unless they reply START; they can also text your business number again themselves.`);
    }
    // The compliance gate: a first text needs consent on record (they texted in, or staff recorded that they asked).
    const [consent] = await tx
      .select({ kind: consentEvents.kind })
      .from(consentEvents)
      .where(and(eq(consentEvents.companyId, scope.companyId), eq(consentEvents.contactId, contact.id)))
      .orderBy(desc(consentEvents.createdAt))
      .limit(1);
    if (!consent) {
      throw new AppError(
        'PRECONDITION_FAILED',
        `Nothing shows that ${name} agreed to get texts: they haven’t texted you, and nobody recorded their consent. Ask them to text your business number, or add a new lead for them with “The customer asked us to contact them by text” ticked.`,
      );
    }
    const number = await activeNumberOf(tx, scope.companyId);
    if (!number) throw new AppError('PRECONDITION_FAILED', 'Texts go out from your business number. Set it up in Settings → Phone first.');
    const { conversation, created } = await openConversation(tx, scope.companyId, contact, number, contact.phone, scope.now);
    if (created) events.add(scope.companyId, { type: 'conversation.updated', data: { conversationId: conversation.id, fields: ['created'] } });
    return { conversationId: conversation.id, created };
  });
}
