import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { recipientZones } from '@contracts/send-window';
import type { DbOrTx, Tx } from '@server/platform/db/database';
import type { EventBatch } from '@server/platform/events/domain-events';
import { companies, contacts, conversations, leads } from '@server/platform/db/schema';

/**
 * The live client a phone number belongs to: its main number first, else a number it took over in a merge, so a
 * merged number never grows a second client (an inbound text or a lead typed in by staff).
 */
export async function findContactByPhone(executor: DbOrTx, companyId: string, phone: string) {
  const [contact] = await executor
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.companyId, companyId),
        isNull(contacts.mergedIntoId),
        or(eq(contacts.phone, phone), sql`${contacts.otherPhones} @> ${JSON.stringify([phone])}::jsonb`),
      ),
    )
    .orderBy(sql`${contacts.phone} = ${phone} desc`)
    .limit(1);
  return contact;
}

/** The live client with this email address (case-insensitive): how a lead email without a phone number finds its client. */
export async function findContactByEmail(executor: DbOrTx, companyId: string, email: string) {
  const [contact] = await executor
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), isNull(contacts.mergedIntoId), sql`lower(${contacts.email}) = ${email.toLowerCase()}`))
    .orderBy(contacts.createdAt)
    .limit(1);
  return contact;
}

/**
 * Fills in what a client record lacks from what an inquiry says (names, email); never overwrites what the client
 * already told us. Returns the record as it is now.
 */
export async function fillMissingDetails(
  tx: Tx,
  events: EventBatch,
  contact: typeof contacts.$inferSelect,
  person: { firstName?: string | null | undefined; lastName?: string | null | undefined; email?: string | null | undefined },
  now: Date,
): Promise<typeof contacts.$inferSelect> {
  const missing = {
    ...(!contact.firstName && person.firstName ? { firstName: person.firstName } : {}),
    ...(!contact.lastName && person.lastName ? { lastName: person.lastName } : {}),
    ...(!contact.email && person.email ? { email: person.email } : {}),
  };
  if (Object.keys(missing).length === 0) return contact;
  const [updated] = await tx.update(contacts).set({ ...missing, updatedAt: now }).where(eq(contacts.id, contact.id)).returning();
  if (!updated) throw new Error('contact update returned nothing');
  events.add(contact.companyId, { type: 'contact.updated', data: { contactId: contact.id, fields: Object.keys(missing) } });
  return updated;
}

/** The client's most recently active conversation with the company (the thread an automation texts), or null. */
export async function latestConversationOf(executor: DbOrTx, companyId: string, contactId: string): Promise<{ id: string } | null> {
  const [conversation] = await executor
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.companyId, companyId), eq(conversations.contactId, contactId)))
    .orderBy(desc(conversations.lastMessageAt))
    .limit(1);
  return conversation ?? null;
}

/** The client's newest lead with the company, or null. */
export async function latestLeadOf(executor: DbOrTx, companyId: string, contactId: string): Promise<{ id: string } | null> {
  const [lead] = await executor.select({ id: leads.id }).from(leads).where(and(eq(leads.companyId, companyId), eq(leads.contactId, contactId))).orderBy(desc(leads.createdAt)).limit(1);
  return lead ?? null;
}

/** The time zones a client's send window is reckoned in (their own, their region's, their number's, the company's). */
export async function sendZonesOf(executor: DbOrTx, companyId: string, contactId: string): Promise<string[]> {
  const [contact] = await executor.select({ timezone: contacts.timezone, region: contacts.region, phone: contacts.phone }).from(contacts).where(eq(contacts.id, contactId)).limit(1);
  const [company] = await executor.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return recipientZones({ contactTimezone: contact?.timezone ?? null, contactRegion: contact?.region ?? null, phone: contact?.phone ?? '', companyTimezone: company?.timezone });
}
