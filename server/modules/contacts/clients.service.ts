import { and, asc, desc, eq, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/platform/db/database';
import { calls, consentEvents, contacts, conversations, leads, messages, users } from '@server/platform/db/schema';
import { contactFullName, searchWhere } from '@server/platform/db/search';
import { AppError, invalidField, notFound } from '@server/platform/errors/app-error';
import { lockKey } from '@server/platform/db/rate-limit';
import { formatPhone } from '@contracts/phone';
import { findContactByPhone } from './contact-lookup';
import { contactDisplayName } from '@contracts/person';
import { type EventDeps, transactionWithEvents } from '@server/platform/events/domain-events';
import type { CompanyScope } from '@server/platform/db/scope';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import { contactSummary } from './contact-summary';
import { caslConsentOf } from '@server/modules/messaging/texting-gates';

async function scopedContact(executor: DbOrTx, companyId: string, id: string) {
  const [row] = await executor
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.companyId, companyId), isNull(contacts.mergedIntoId)))
    .limit(1);
  if (!row) throw notFound('Client');
  return row;
}

export async function listClients(scope: CompanyScope, input: { search?: string | undefined; optedOut?: boolean | undefined; page: number; pageSize: number }) {
  const where: SQL[] = [eq(contacts.companyId, scope.companyId), isNull(contacts.mergedIntoId)];
  if (input.optedOut === true) where.push(isNotNull(contacts.optedOutAt));
  if (input.optedOut === false) where.push(isNull(contacts.optedOutAt));
  if (input.search) {
    where.push(searchWhere(input.search, { text: [contactFullName, contacts.email], phone: [contacts.phone] }));
  }
  const [count] = await scope.db.select({ total: sql<number>`count(*)::int` }).from(contacts).where(and(...where));
  const rows = await scope.db
    // Qualified by hand: inside the subquery drizzle would print both columns unqualified ("id" = leads.id).
    .select({ contact: contacts, leadsCount: sql<number>`(select count(*)::int from ${leads} where ${leads.contactId} = "contacts"."id")` })
    .from(contacts)
    .where(and(...where))
    .orderBy(sql`${contacts.lastMessageAt} desc nulls last`, desc(contacts.createdAt))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return {
    items: rows.map(({ contact, leadsCount }) => ({
      ...contactSummary(contact),
      email: contact.email,
      leadsCount,
      lastMessageAt: contact.lastMessageAt?.getTime() ?? null,
      createdAt: contact.createdAt.getTime(),
    })),
    total: count?.total ?? 0,
  };
}

/** A client with everything we know: leads, threads, one merged timeline and the consent ledger. */
export async function getClient(scope: CompanyScope, id: string) {
  const contact = await scopedContact(scope.db, scope.companyId, id);
  const contactLeads = await scope.db.select().from(leads).where(eq(leads.contactId, contact.id)).orderBy(desc(leads.createdAt));
  const threads = await scope.db.select().from(conversations).where(eq(conversations.contactId, contact.id)).orderBy(desc(conversations.lastMessageAt));
  const texts = await scope.db.select().from(messages).where(eq(messages.contactId, contact.id)).orderBy(desc(messages.createdAt), desc(messages.seq)).limit(200);
  const ledger = await scope.db
    .select({ event: consentEvents, actorFirstName: users.firstName, actorLastName: users.lastName })
    .from(consentEvents)
    .leftJoin(users, eq(users.id, consentEvents.actorUserId))
    .where(eq(consentEvents.contactId, contact.id))
    .orderBy(asc(consentEvents.createdAt));
  const timeline = [
    ...texts.map((m) => ({
      kind: 'message' as const,
      at: m.createdAt.getTime(),
      id: m.id,
      conversationId: m.conversationId,
      direction: m.direction,
      author: m.author,
      body: m.body,
      status: m.status,
      problem: m.status === 'blocked' || m.status === 'failed' ? m.errorMessage : null,
    })),
    ...contactLeads.map((l) => ({ kind: 'lead' as const, at: l.createdAt.getTime(), id: l.id, source: l.source, status: l.status, summary: l.summary })),
    ...ledger.map(({ event }) => ({ kind: 'consent' as const, at: event.createdAt.getTime(), id: event.id, consent: event.kind, method: event.method })),
  ].sort((a, b) => b.at - a.at);
  return {
    ...contactSummary(contact),
    email: contact.email,
    addressLine1: contact.addressLine1,
    city: contact.city,
    region: contact.region,
    postalCode: contact.postalCode,
    timezone: contact.timezone,
    tags: contact.tags,
    notes: contact.notes,
    createdAt: contact.createdAt.getTime(),
    leads: contactLeads.map((l) => ({ id: l.id, status: l.status, source: l.source, summary: l.summary, valueCents: l.valueCents, createdAt: l.createdAt.getTime() })),
    conversations: threads.map((c) => ({ id: c.id, status: c.status, mode: c.mode, lastMessageAt: c.lastMessageAt?.getTime() ?? null, preview: c.lastMessagePreview })),
    consent: ledger.map(({ event, actorFirstName, actorLastName }) => ({
      id: event.id,
      kind: event.kind,
      method: event.method,
      text: event.text,
      sourceUrl: event.sourceUrl,
      ip: event.ip,
      userAgent: event.userAgent,
      recordedBy: actorFirstName ? `${actorFirstName} ${actorLastName ?? ''}`.trim() : null,
      at: event.createdAt.getTime(),
      caslBasis: event.caslBasis,
    })),
    /** For a Canadian company: the consent CASL sees now (basis, when it ends, whether it has); null elsewhere. */
    casl: await caslConsentOf(scope.db, scope.companyId, contact.id, scope.now),
    timeline,
  };
}

export interface ClientChanges {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  email?: string | null | undefined;
  addressLine1?: string | null | undefined;
  city?: string | null | undefined;
  region?: string | null | undefined;
  postalCode?: string | null | undefined;
  timezone?: string | null | undefined;
  notes?: string | null | undefined;
  tags?: string[] | undefined;
  /** Only for a client without a number yet (a lead email gave none): a number is never changed once set. */
  phone?: string | undefined;
}

export async function updateClient(scope: CompanyScope, messaging: EventDeps, id: string, changes: ClientChanges) {
  const current = await scopedContact(scope.db, scope.companyId, id);
  await transactionWithEvents(messaging, async (tx, events) => {
    if (changes.phone !== undefined) {
      // A number is who a client is for texts and calls: it is added once, never swapped (merge clients instead).
      if (current.phone && current.phone !== changes.phone) throw invalidField('phone', 'A client’s number can’t be changed. Add a new client for the new number, or merge the two.');
      await lockKey(tx, `inbound:${scope.companyId}:${changes.phone}`);
      const owner = await findContactByPhone(tx, scope.companyId, changes.phone);
      if (owner && owner.id !== id) {
        throw invalidField('phone', `${formatPhone(changes.phone)} belongs to ${contactDisplayName(owner)}. Merge the two clients instead (Possible duplicates on this page).`);
      }
    }
    await tx.update(contacts).set({ ...changes, updatedAt: scope.now }).where(eq(contacts.id, id));
    await writeUserAudit(tx, scope, { action: 'client.updated', targetType: 'contact', targetId: id, metadata: { fields: Object.keys(changes) } });
    events.add(scope.companyId, { type: 'contact.updated', data: { contactId: id, fields: Object.keys(changes) } });
  });
  return getClient(scope, id);
}

export async function setClientBlocked(scope: CompanyScope, messaging: EventDeps, id: string, blocked: boolean) {
  await scopedContact(scope.db, scope.companyId, id);
  await transactionWithEvents(messaging, async (tx, events) => {
    await tx.update(contacts).set({ blockedAt: blocked ? scope.now : null, updatedAt: scope.now }).where(eq(contacts.id, id));
    await writeUserAudit(tx, scope, { action: blocked ? 'client.blocked' : 'client.unblocked', targetType: 'contact', targetId: id });
    events.add(scope.companyId, { type: 'contact.updated', data: { contactId: id, fields: ['blocked'] } });
  });
  return { id, blocked };
}

/** Other clients that look like the same person: same email, or same first and last name. */
export async function duplicateCandidates(scope: CompanyScope, id: string) {
  const contact = await scopedContact(scope.db, scope.companyId, id);
  const matches: SQL[] = [];
  if (contact.email) matches.push(sql`lower(${contacts.email}) = lower(${contact.email})`);
  if (contact.firstName && contact.lastName) {
    matches.push(and(sql`lower(${contacts.firstName}) = lower(${contact.firstName})`, sql`lower(${contacts.lastName}) = lower(${contact.lastName})`)!);
  }
  if (matches.length === 0) return [];
  const rows = await scope.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, scope.companyId), isNull(contacts.mergedIntoId), ne(contacts.id, contact.id), or(...matches)))
    .limit(20);
  return rows.map((row) => ({ ...contactSummary(row), email: row.email }));
}

const earliest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));
const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * Merges `mergeId` into `keepId`: leads, threads, texts, calls and the consent ledger move over (two threads on the same
 * business number become one), missing details are filled from the merged client, an opt-out or block on either
 * one is kept (the safe side), and the merged client is hidden. One transaction, audited.
 */
export async function mergeClients(scope: CompanyScope, messaging: EventDeps, keepId: string, mergeId: string) {
  if (keepId === mergeId) throw new AppError('INVALID', 'Choose two different clients to merge.');
  await transactionWithEvents(messaging, async (tx, events) => {
    const keep = await scopedContact(tx, scope.companyId, keepId);
    const merge = await scopedContact(tx, scope.companyId, mergeId);
    const keepThreads = await tx.select().from(conversations).where(eq(conversations.contactId, keep.id));
    const mergeThreads = await tx.select().from(conversations).where(eq(conversations.contactId, merge.id));
    for (const thread of mergeThreads) {
      const twin = keepThreads.find((k) => k.phoneNumberId === thread.phoneNumberId && k.peerPhone === thread.peerPhone);
      if (twin) {
        await tx.update(messages).set({ conversationId: twin.id, contactId: keep.id }).where(eq(messages.conversationId, thread.id));
        // The thread's calls too, before it goes (its foreign key would otherwise drop them from the thread).
        await tx.update(calls).set({ conversationId: twin.id, updatedAt: scope.now }).where(eq(calls.conversationId, thread.id));
        const lastAt = latest(twin.lastMessageAt, thread.lastMessageAt);
        await tx
          .update(conversations)
          .set({
            unreadCount: twin.unreadCount + thread.unreadCount,
            lastMessageAt: lastAt,
            lastMessagePreview: lastAt && thread.lastMessageAt?.getTime() === lastAt.getTime() ? thread.lastMessagePreview : twin.lastMessagePreview,
            updatedAt: scope.now,
          })
          .where(eq(conversations.id, twin.id));
        await tx.delete(conversations).where(eq(conversations.id, thread.id));
      } else {
        await tx.update(conversations).set({ contactId: keep.id, updatedAt: scope.now }).where(eq(conversations.id, thread.id));
        await tx.update(messages).set({ contactId: keep.id }).where(eq(messages.conversationId, thread.id));
      }
    }
    await tx.update(leads).set({ contactId: keep.id, updatedAt: scope.now }).where(eq(leads.contactId, merge.id));
    await tx.update(calls).set({ contactId: keep.id, updatedAt: scope.now }).where(eq(calls.contactId, merge.id));
    await tx.update(consentEvents).set({ contactId: keep.id }).where(eq(consentEvents.contactId, merge.id));
    // Merged first: a client kept without a phone takes the merged one's, which must be free for the unique index.
    await tx.update(contacts).set({ mergedIntoId: keep.id, updatedAt: scope.now }).where(eq(contacts.id, merge.id));
    await tx
      .update(contacts)
      .set({
        firstName: keep.firstName ?? merge.firstName,
        lastName: keep.lastName ?? merge.lastName,
        email: keep.email ?? merge.email,
        addressLine1: keep.addressLine1 ?? merge.addressLine1,
        city: keep.city ?? merge.city,
        region: keep.region ?? merge.region,
        postalCode: keep.postalCode ?? merge.postalCode,
        notes: [keep.notes, merge.notes].filter(Boolean).join('\n\n') || null,
        tags: [...new Set([...keep.tags, ...merge.tags])],
        otherPhones: [...new Set([...keep.otherPhones, merge.phone, ...merge.otherPhones])].filter((phone): phone is string => phone !== null && phone !== keep.phone),
        phone: keep.phone ?? merge.phone,
        optedOutAt: earliest(keep.optedOutAt, merge.optedOutAt),
        blockedAt: earliest(keep.blockedAt, merge.blockedAt),
        lastMessageAt: latest(keep.lastMessageAt, merge.lastMessageAt),
        updatedAt: scope.now,
      })
      .where(eq(contacts.id, keep.id));
    await writeUserAudit(tx, scope, {
      action: 'client.merged',
      targetType: 'contact',
      targetId: keep.id,
      metadata: { merged: merge.id, mergedName: contactDisplayName(merge), mergedPhone: merge.phone },
    });
    events.add(scope.companyId, { type: 'contact.merged', data: { contactId: keep.id, mergedId: merge.id } });
  });
  return getClient(scope, keepId);
}

