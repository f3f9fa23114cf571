import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { smsLength } from '@contracts/sms-segments';
import { contacts, messages } from '@server/platform/db/schema';
import { type MESSAGE_STATUSES } from '@contracts/message';
import { contactFullName, searchWhere } from '@server/platform/db/search';
import { contactDisplayName } from '@contracts/person';
import type { CompanyScope } from '@server/platform/db/scope';

export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Logs → messages: every text of the company with its status and, for problems, the reason in plain words. */
export async function messageLog(
  scope: CompanyScope,
  input: {
    status?: MessageStatus[] | undefined;
    direction?: 'inbound' | 'outbound' | undefined;
    search?: string | undefined;
    from?: number | undefined;
    to?: number | undefined;
    page: number;
    pageSize: number;
  },
) {
  const where: SQL[] = [eq(messages.companyId, scope.companyId)];
  if (input.status?.length) where.push(inArray(messages.status, input.status));
  if (input.direction) where.push(eq(messages.direction, input.direction));
  if (input.from !== undefined) where.push(gte(messages.createdAt, new Date(input.from)));
  if (input.to !== undefined) where.push(lt(messages.createdAt, new Date(input.to)));
  if (input.search) {
    where.push(searchWhere(input.search, { text: [messages.body, contactFullName], phone: [messages.fromNumber, messages.toNumber] }));
  }
  const [count] = await scope.db
    .select({ total: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .where(and(...where));
  const rows = await scope.db
    .select({ message: messages, contact: contacts })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .where(and(...where))
    .orderBy(desc(messages.createdAt), desc(messages.seq))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return {
    total: count?.total ?? 0,
    items: rows.map(({ message, contact }) => ({
      id: message.id,
      conversationId: message.conversationId,
      contact: { id: contact.id, name: contactDisplayName(contact) },
      direction: message.direction,
      author: message.author,
      from: message.fromNumber,
      to: message.toNumber,
      body: message.body,
      // Billed segments, counted like the composer counts them (contracts/sms-segments); a website chat message is not a text.
      segments: message.provider === 'web_chat' ? 0 : smsLength(message.body).segments,
      status: message.status,
      provider: message.provider,
      errorCode: message.errorCode,
      problem: message.errorMessage,
      createdAt: message.createdAt.getTime(),
      sentAt: message.sentAt?.getTime() ?? null,
      deliveredAt: message.deliveredAt?.getTime() ?? null,
    })),
  };
}
