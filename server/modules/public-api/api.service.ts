import { and, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql, type Column } from 'drizzle-orm';
import type { LeadSource, LeadStatus } from '@contracts/lead';
import { splitName } from '@contracts/person';
import type { Tx } from '@server/platform/db/database';
import { companies, consentEvents, contacts, conversations, leads, messages, phoneNumbers } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError, notFound } from '@server/platform/errors/app-error';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import type { AppServices } from '@server/platform/services';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import { takeInquiry } from '@server/modules/intake/intake.service';
import { updateLead } from '@server/modules/leads/leads.service';
import { queueOutbound } from '@server/modules/messaging/outbound.service';
import { activeNumberOf } from '@server/modules/phone-numbers/active-number';
import { encodeCursor } from './api.schemas';

/**
 * What the public API reads and writes, for one key's company. Reads are the API's own queries (its snake_case
 * shapes and cursor pages, stable order: newest first by creation, then id); writes go through the app's one path
 * for each — intake for a new lead, the lead service for a status, the outbound pipeline (and its compliance gate)
 * for a text.
 */

type Cursor = { at: number; id: string } | undefined;
type LeadRow = typeof leads.$inferSelect;
type ContactRow = typeof contacts.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function after(cursor: Cursor, at: Column, idColumn: Column): SQL[] {
  if (!cursor) return [];
  const when = new Date(cursor.at);
  return [or(lt(at, when), and(eq(at, when), lt(idColumn, cursor.id)))!];
}

function page<T>(rows: T[], limit: number, keyOf: (row: T) => { at: number; id: string }) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next_cursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

// ── Leads ───────────────────────────────────────────────────────────────────────────────────────────────────────

const LEAD_COLUMNS = {
  lead: leads,
  contact: { id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, phone: contacts.phone, email: contacts.email, optedOutAt: contacts.optedOutAt },
  conversationId: sql<string | null>`(select ${conversations.id} from ${conversations} where ${conversations.contactId} = ${leads.contactId} order by ${conversations.lastMessageAt} desc nulls last limit 1)`,
};

function leadView(row: { lead: LeadRow; contact: Pick<ContactRow, 'id' | 'firstName' | 'lastName' | 'phone' | 'email' | 'optedOutAt'>; conversationId: string | null }) {
  return {
    id: row.lead.id,
    status: row.lead.status,
    source: row.lead.source,
    summary: row.lead.summary,
    value_cents: row.lead.valueCents,
    assigned_user_id: row.lead.assignedUserId,
    contact: { id: row.contact.id, first_name: row.contact.firstName, last_name: row.contact.lastName, phone: row.contact.phone, email: row.contact.email, opted_out: row.contact.optedOutAt !== null },
    conversation_id: row.conversationId,
    created_at: row.lead.createdAt.toISOString(),
    last_activity_at: row.lead.lastActivityAt.toISOString(),
  };
}

export async function listLeadsApi(
  scope: CompanyScope,
  query: { limit: number; cursor?: Cursor; status?: LeadStatus[] | undefined; source?: LeadSource[] | undefined; created_after?: string | undefined; created_before?: string | undefined },
) {
  const where: SQL[] = [eq(leads.companyId, scope.companyId)];
  if (query.status?.length) where.push(inArray(leads.status, query.status));
  if (query.source?.length) where.push(inArray(leads.source, query.source));
  if (query.created_after) where.push(gte(leads.createdAt, new Date(query.created_after)));
  if (query.created_before) where.push(lt(leads.createdAt, new Date(query.created_before)));
  where.push(...after(query.cursor, leads.createdAt, leads.id));
  const rows = await scope.db
    .select(LEAD_COLUMNS)
    .from(leads)
    .innerJoin(contacts, eq(contacts.id, leads.contactId))
    .where(and(...where))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(query.limit + 1);
  const { items, next_cursor } = page(rows, query.limit, (row) => ({ at: row.lead.createdAt.getTime(), id: row.lead.id }));
  return { data: items.map(leadView), next_cursor };
}

export async function getLeadApi(scope: CompanyScope, id: string) {
  const [row] = await scope.db
    .select(LEAD_COLUMNS)
    .from(leads)
    .innerJoin(contacts, eq(contacts.id, leads.contactId))
    .where(and(eq(leads.companyId, scope.companyId), eq(leads.id, id)))
    .limit(1);
  if (!row) throw notFound('Lead');
  return leadView(row);
}

export interface NewApiLead {
  phone: string;
  name?: string | undefined;
  email?: string | undefined;
  message?: string | undefined;
  source: LeadSource;
  consent?: { text: string; source_url?: string | undefined; ip?: string | undefined } | undefined;
}

/**
 * A lead from another tool, through the one intake path: the client with that number is found or created, a lead
 * they already have open inside the dedupe window is joined, and a new client gets a consent record — the consent
 * the tool sends (opted in, "Sent by another tool with its consent record"), else implied consent to answer this
 * request, naming the key. Answers the lead and whether it is new.
 */
export async function createLeadApi(scope: CompanyScope, deps: AppServices, key: { id: string; name: string; prefix: string }, input: NewApiLead) {
  const { leadId, created } = await transactionWithEvents(deps, async (tx, events) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, scope.companyId)).limit(1);
    if (!company) throw notFound('Company');
    const { firstName, lastName } = splitName(input.name ?? null);
    const taken = await takeInquiry(tx, deps, events, {
      company,
      source: input.source,
      person: { phone: input.phone, firstName, lastName, email: input.email ?? null },
      businessNumber: await activeNumberOf(tx, company.id),
      message: null,
      lead: { summary: input.message ?? null },
      consent: input.consent
        ? { kind: 'opt_in', method: 'api', text: input.consent.text, sourceUrl: input.consent.source_url ?? null, ip: input.consent.ip ?? null }
        : null,
    });
    if (taken.newContact && !input.consent) {
      // No consent sent: the record says what we know — they asked through another tool — and nothing more.
      await takeImpliedConsent(tx, scope.companyId, taken.contact.id, key, input.message ?? null, scope.now);
    }
    await writeUserAudit(tx, scope, {
      action: taken.newLead ? 'lead.created' : 'lead.joined',
      targetType: 'lead',
      targetId: taken.lead.id,
      metadata: { source: input.source, via: 'api', apiKey: key.prefix },
    });
    return { leadId: taken.lead.id, created: taken.newLead };
  });
  return { lead: await getLeadApi(scope, leadId), created };
}

async function takeImpliedConsent(
  tx: Tx,
  companyId: string,
  contactId: string,
  key: { name: string; prefix: string },
  message: string | null,
  now: Date,
) {
  await tx.insert(consentEvents).values({
    companyId,
    contactId,
    kind: 'implied',
    method: 'api',
    text: `Asked to be contacted through another tool (API key “${key.name}”, ${key.prefix}…)${message ? `: ${message}` : ''}`,
    createdAt: now,
  });
}

/** A lead's status, through the lead service (its events, its audit line). */
export async function updateLeadStatusApi(scope: CompanyScope, deps: AppServices, id: string, status: LeadStatus) {
  await updateLead(scope, deps, id, { status });
  return getLeadApi(scope, id);
}

// ── Contacts ────────────────────────────────────────────────────────────────────────────────────────────────────

function contactView(row: ContactRow) {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    email: row.email,
    opted_out: row.optedOutAt !== null,
    opted_out_at: iso(row.optedOutAt),
    created_at: row.createdAt.toISOString(),
  };
}

export async function listContactsApi(scope: CompanyScope, query: { limit: number; cursor?: Cursor; phone?: string | undefined }) {
  const where: SQL[] = [eq(contacts.companyId, scope.companyId), isNull(contacts.mergedIntoId)];
  if (query.phone) where.push(eq(contacts.phone, query.phone));
  where.push(...after(query.cursor, contacts.createdAt, contacts.id));
  const rows = await scope.db.select().from(contacts).where(and(...where)).orderBy(desc(contacts.createdAt), desc(contacts.id)).limit(query.limit + 1);
  const { items, next_cursor } = page(rows, query.limit, (row) => ({ at: row.createdAt.getTime(), id: row.id }));
  return { data: items.map(contactView), next_cursor };
}

export async function getContactApi(scope: CompanyScope, id: string) {
  const [row] = await scope.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, scope.companyId), eq(contacts.id, id), isNull(contacts.mergedIntoId)))
    .limit(1);
  if (!row) throw notFound('Contact');
  return contactView(row);
}

// ── Conversations and messages ──────────────────────────────────────────────────────────────────────────────────

const CONVERSATION_COLUMNS = { conversation: conversations, businessNumber: phoneNumbers.e164 };

function conversationView(row: { conversation: typeof conversations.$inferSelect; businessNumber: string }) {
  const c = row.conversation;
  return {
    id: c.id,
    contact_id: c.contactId,
    business_number: row.businessNumber,
    peer_phone: c.peerPhone,
    status: c.status,
    mode: c.mode,
    last_message_at: iso(c.lastMessageAt),
    created_at: c.createdAt.toISOString(),
  };
}

export async function listConversationsApi(scope: CompanyScope, query: { limit: number; cursor?: Cursor; contact_id?: string | undefined }) {
  const where: SQL[] = [eq(conversations.companyId, scope.companyId)];
  if (query.contact_id) where.push(eq(conversations.contactId, query.contact_id));
  where.push(...after(query.cursor, conversations.createdAt, conversations.id));
  const rows = await scope.db
    .select(CONVERSATION_COLUMNS)
    .from(conversations)
    .innerJoin(phoneNumbers, eq(phoneNumbers.id, conversations.phoneNumberId))
    .where(and(...where))
    .orderBy(desc(conversations.createdAt), desc(conversations.id))
    .limit(query.limit + 1);
  const { items, next_cursor } = page(rows, query.limit, (row) => ({ at: row.conversation.createdAt.getTime(), id: row.conversation.id }));
  return { data: items.map(conversationView), next_cursor };
}

export async function getConversationApi(scope: CompanyScope, id: string) {
  const [row] = await scope.db
    .select(CONVERSATION_COLUMNS)
    .from(conversations)
    .innerJoin(phoneNumbers, eq(phoneNumbers.id, conversations.phoneNumberId))
    .where(and(eq(conversations.companyId, scope.companyId), eq(conversations.id, id)))
    .limit(1);
  if (!row) throw notFound('Conversation');
  return conversationView(row);
}

function messageView(m: MessageRow) {
  return {
    id: m.id,
    conversation_id: m.conversationId,
    direction: m.direction,
    author: m.author,
    body: m.body,
    status: m.status,
    problem: m.status === 'blocked' || m.status === 'failed' ? m.errorMessage : null,
    scheduled_for: iso(m.scheduledFor),
    created_at: m.createdAt.toISOString(),
    sent_at: iso(m.sentAt),
    delivered_at: iso(m.deliveredAt),
  };
}

export async function listMessagesApi(scope: CompanyScope, conversationId: string, query: { limit: number; cursor?: Cursor }) {
  await getConversationApi(scope, conversationId);
  const rows = await scope.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, scope.companyId), eq(messages.conversationId, conversationId), ...after(query.cursor, messages.createdAt, messages.id)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(query.limit + 1);
  const { items, next_cursor } = page(rows, query.limit, (row) => ({ at: row.createdAt.getTime(), id: row.id }));
  return { data: items.map(messageView), next_cursor };
}

/** Thrown after the commit when the compliance gate held a text back: the blocked text stays in the thread. */
export class TextRefused extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
    readonly messageId: string,
  ) {
    super(detail);
  }
}

/**
 * A text from another tool, through the one outbound pipeline: the team's own words (sent now, like the composer's;
 * decision 0042), stopped by the compliance gate for an opted-out or blocked client. A refused text is kept in the
 * thread with its reason, as the composer's is, and answered as a problem.
 */
export async function sendMessageApi(scope: CompanyScope, deps: AppServices, conversationId: string, body: string) {
  const message = await transactionWithEvents(deps, async (tx, events) => {
    const [row] = await tx
      .select({ conversation: conversations, contact: contacts, number: phoneNumbers })
      .from(conversations)
      .innerJoin(contacts, eq(contacts.id, conversations.contactId))
      .innerJoin(phoneNumbers, eq(phoneNumbers.id, conversations.phoneNumberId))
      .where(and(eq(conversations.id, conversationId), eq(conversations.companyId, scope.companyId)))
      .limit(1);
    if (!row) throw notFound('Conversation');
    if (row.number.status !== 'active') {
      throw new AppError('PRECONDITION_FAILED', 'This conversation’s business number is no longer active. Set up your number in Settings → Phone.');
    }
    return queueOutbound(tx, deps, events, {
      companyId: scope.companyId,
      conversationId: row.conversation.id,
      body,
      author: 'user',
      authorUserId: null,
      automated: false,
      thread: row,
    });
  });
  if (message.status === 'blocked') throw new TextRefused(message.errorCode === 'opted_out' ? 'recipient_opted_out' : `recipient_${message.errorCode ?? 'blocked'}`, message.errorMessage ?? 'This text was not sent.', message.id);
  return messageView(message);
}
