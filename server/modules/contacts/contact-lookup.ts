import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/platform/db/database';
import { contacts } from '@server/platform/db/schema';

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
