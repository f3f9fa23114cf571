import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { EMAIL_PARSER_WORDS, type ExtractedLead, type InboundEmailChannel } from '@contracts/email-gateway';
import { zonesForPhone } from '@contracts/send-window';
import { storableText, truncate } from '@contracts/text';
import { afterCursor, keysetPage } from '@server/platform/db/keyset';
import { companies, contacts, emailGateways, inboundEmails, leads, nonTextableNumbers, phoneNumbers } from '@server/platform/db/schema';
import { notFound } from '@server/platform/errors/app-error';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { HOUR } from '@server/platform/lib/clock';
import type { CompanyScope } from '@server/platform/db/scope';
import type { AppServices } from '@server/platform/services';
import { contactDisplayName } from '@contracts/person';
import { queueOutbound } from '@server/modules/messaging/outbound.service';
import { takeEmailLead } from '@server/modules/intake/email.channel';
import { parseLeadEmail, splitName } from './email-parsers';
import { messageIdOf, readMail } from './mail-reader';

export const INBOUND_EMAIL_QUEUE = 'email.inbound';

/** Where the gateway's addresses live and how big an email may be (server/platform/config/env.ts). */
export interface EmailGatewayConfig {
  domain: string;
  maxBytes: number;
}
export const DEFAULT_EMAIL_GATEWAY: EmailGatewayConfig = { domain: 'inbound.leadloop.localhost', maxBytes: 2 * 1024 * 1024 };

/** An email is answered as a reply (texted at once, at any hour) while the request is this fresh. */
const FRESH_REQUEST_MS = HOUR;

const newToken = () => randomBytes(16).toString('hex');
export const addressFor = (token: string, domain: string) => `leads+${token}@${domain}`;

/** The token in leads+<token>@<domain>, or null for any other address. */
export function tokenOf(address: string, domain: string): string | null {
  const match = /^<?\s*leads\+([0-9a-f]{32})@([^\s>]+)\s*>?$/i.exec(address.trim());
  return match && match[2]?.toLowerCase() === domain.toLowerCase() ? (match[1] ?? '').toLowerCase() : null;
}

type Db = AppServices['db'];

async function gatewayOf(db: Db, companyId: string, now: Date) {
  await db.insert(emailGateways).values({ companyId, token: newToken(), createdAt: now }).onConflictDoNothing();
  const [row] = await db.select().from(emailGateways).where(eq(emailGateways.companyId, companyId)).limit(1);
  if (!row) throw new Error('email gateway row missing');
  return row;
}

/** The company's forwarding address (made on first view). */
export async function getGateway(scope: CompanyScope, config: EmailGatewayConfig & { smtp: boolean; webhook: boolean }) {
  const row = await gatewayOf(scope.db, scope.companyId, scope.now);
  return { address: addressFor(row.token, config.domain), rotatedAt: row.rotatedAt?.getTime() ?? null, smtpListening: config.smtp, webhookEnabled: config.webhook, maxBytes: config.maxBytes };
}

/** A new address; mail to the old one is refused from now on. */
export async function rotateGateway(scope: CompanyScope, config: EmailGatewayConfig) {
  await gatewayOf(scope.db, scope.companyId, scope.now);
  const [row] = await scope.db.update(emailGateways).set({ token: newToken(), rotatedAt: scope.now }).where(eq(emailGateways.companyId, scope.companyId)).returning();
  return { address: addressFor(row!.token, config.domain) };
}

/** The company a recipient address belongs to (the first of the recipients that is a live gateway address). */
export async function companyForRecipients(db: Db, recipients: readonly string[], domain: string): Promise<{ companyId: string; recipient: string } | null> {
  for (const recipient of recipients) {
    const token = tokenOf(recipient, domain);
    if (!token) continue;
    const [row] = await db.select({ companyId: emailGateways.companyId }).from(emailGateways).where(eq(emailGateways.token, token)).limit(1);
    if (row) return { companyId: row.companyId, recipient: addressFor(token, domain) };
  }
  return null;
}

export type RejectReason = 'too_large' | 'no_sender' | 'unknown_address';
export type ReceiveResult = { outcome: 'stored'; id: string } | { outcome: 'duplicate'; id: string | null } | { outcome: 'rejected'; reason: RejectReason };

export interface ReceivedEmail {
  channel: InboundEmailChannel;
  raw: Buffer;
  recipients: string[];
  /** The envelope sender (MAIL FROM, or the provider's `from`); the From header stands in when there is none. */
  mailFrom: string | null;
  spf?: string | null;
  dkim?: string | null;
}

const fromHeaderOf = (raw: Buffer): string | null => {
  const headers = raw.subarray(0, Math.min(raw.length, 64 * 1024)).toString('utf8').split(/\r?\n\r?\n/, 1)[0] ?? '';
  const value = /^from:\s*(.+(?:\r?\n[ \t].+)*)/im.exec(headers)?.[1]?.replace(/\s+/g, ' ').trim();
  return value && /@/.test(value) ? value.slice(0, 500) : null;
};

/**
 * Step one of every received email, whichever way it came: refuse what is too big, has no sender or is not for a
 * company's live address; store it raw and queue its reading in one transaction. The same Message-ID again (a
 * provider's retry) is a duplicate and changes nothing.
 */
export async function receiveEmail(deps: Pick<AppServices, 'db' | 'clock' | 'queue' | 'logger'>, config: EmailGatewayConfig, input: ReceivedEmail): Promise<ReceiveResult> {
  if (input.raw.length > config.maxBytes) return { outcome: 'rejected', reason: 'too_large' };
  const fromHeader = fromHeaderOf(input.raw);
  const sender = input.mailFrom?.trim() || fromHeader;
  if (!sender) return { outcome: 'rejected', reason: 'no_sender' };
  const target = await companyForRecipients(deps.db, input.recipients, config.domain);
  if (!target) {
    deps.logger.info({ recipients: input.recipients.length }, 'email for no company’s gateway address refused');
    return { outcome: 'rejected', reason: 'unknown_address' };
  }
  const now = deps.clock.now();
  const messageId = storableText(messageIdOf(input.raw));
  const subject = /^subject:\s*(.*)$/im.exec(input.raw.subarray(0, 64 * 1024).toString('utf8').split(/\r?\n\r?\n/, 1)[0] ?? '')?.[1]?.trim() ?? null;
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inboundEmails)
      .values({
        companyId: target.companyId,
        channel: input.channel,
        messageId,
        recipient: target.recipient,
        mailFrom: storableText(sender.slice(0, 500)),
        fromHeader: fromHeader ? storableText(fromHeader) : null,
        subject: subject ? storableText(subject.slice(0, 500)) : null,
        sizeBytes: input.raw.length,
        raw: input.raw,
        spf: input.spf ? storableText(input.spf.slice(0, 200)) : null,
        dkim: input.dkim ? storableText(input.dkim.slice(0, 500)) : null,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: inboundEmails.id });
    if (!row) {
      const [existing] = await tx
        .select({ id: inboundEmails.id })
        .from(inboundEmails)
        .where(and(eq(inboundEmails.companyId, target.companyId), eq(inboundEmails.messageId, messageId)))
        .limit(1);
      return { outcome: 'duplicate', id: existing?.id ?? null } as const;
    }
    await deps.queue.enqueue(tx, INBOUND_EMAIL_QUEUE, { emailId: row.id }, { runAt: now, companyId: target.companyId, maxAttempts: 5 });
    return { outcome: 'stored', id: row.id } as const;
  });
  if (result.outcome === 'stored') deps.queue.wake();
  return result;
}

function textBackBody(companyName: string, firstName: string | null, lead: ExtractedLead): string {
  const hello = firstName ? `Hi ${firstName}, this is ${companyName}.` : `Hi, this is ${companyName}.`;
  const about = lead.service ? ` We got your request for ${lead.service}` : ' We got your request';
  return `${hello}${about} and will be in touch shortly. Reply here to text us directly. Reply STOP to opt out.`;
}

/**
 * The `email.inbound` job: read the stored email (mailparser), find its format and fields, and take it through the
 * one intake path. With a US/Canadian phone number the person is texted back (a new lead only: an open lead's
 * thread is already going); without one it is still a lead — found by the person's email address when there is
 * one — whose summary is the email's words, and nobody is texted.
 */
export async function processInboundEmail(deps: AppServices, emailId: string): Promise<void> {
  const [email] = await deps.db.select().from(inboundEmails).where(eq(inboundEmails.id, emailId)).limit(1);
  if (!email || email.processedAt) return;
  let mail: Awaited<ReturnType<typeof readMail>>;
  try {
    mail = await readMail(email.raw);
  } catch (error) {
    deps.logger.warn({ emailId, err: error }, 'inbound email could not be parsed');
    await deps.db
      .update(inboundEmails)
      .set({ status: 'failed', note: 'This email could not be read (its format is broken).', processedAt: deps.clock.now() })
      .where(eq(inboundEmails.id, emailId));
    return;
  }
  const { parser, lead } = parseLeadEmail(mail);
  await transactionWithEvents(deps, async (tx, events) => {
    const now = deps.clock.now();
    const [row] = await tx.select().from(inboundEmails).where(eq(inboundEmails.id, emailId)).for('update').limit(1);
    if (!row || row.processedAt) return;
    const base = { parser, extracted: lead, subject: row.subject ?? (mail.subject || null), processedAt: now };
    const phone = lead.phone;
    const [company] = await tx.select().from(companies).where(eq(companies.id, row.companyId)).limit(1);
    if (!company) return;
    const [number] = await tx
      .select()
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.companyId, company.id), eq(phoneNumbers.status, 'active')))
      .orderBy(asc(phoneNumbers.createdAt))
      .limit(1);
    const { firstName, lastName } = splitName(lead.name);
    const result = await takeEmailLead(tx, deps, events, { company, businessNumber: number ?? null, parser, lead, text: truncate(mail.text, 5_000, { ellipsis: false }), subject: mail.subject, firstName, lastName });

    let textBackMessageId: string | null = null;
    let note = `Read as ${EMAIL_PARSER_WORDS[parser] === 'Other email' ? 'an email in no known format' : `a ${EMAIL_PARSER_WORDS[parser]} email`}.`;
    if (!phone) {
      note += result.newLead
        ? ' No US or Canadian phone number in it, so nobody was texted: the lead carries the email’s words for your team.'
        : ' No US or Canadian phone number in it; the person (same email address) already had an open lead, and the email was added to it.';
    } else if (!result.newLead) note += ' The person already had an open lead: the email was added to it and no second text was sent.';
    else if (!number || !result.conversation) note += ' No text was sent: the company has no business number yet.';
    else {
      const [landline] = await tx
        .select({ e164: nonTextableNumbers.e164 })
        .from(nonTextableNumbers)
        .where(and(eq(nonTextableNumbers.companyId, company.id), eq(nonTextableNumbers.e164, phone)))
        .limit(1);
      if (landline) note += ' No text was sent: this number cannot receive texts (the carrier said so before).';
      else {
        const fresh = mail.date !== null && Math.abs(now.getTime() - mail.date.getTime()) <= FRESH_REQUEST_MS;
        const message = await queueOutbound(tx, deps, events, {
          companyId: company.id,
          conversationId: result.conversation.id,
          body: textBackBody(company.name, result.contact.firstName, lead),
          author: 'system',
          automated: true,
          // A reply to the request they just sent may go at once; an older email waits for their send window.
          isReply: fresh,
          dedupeKey: `lead-email:${row.id}`,
          thread: { conversation: result.conversation, contact: result.contact, number },
        });
        textBackMessageId = message.id;
        const name = contactDisplayName(result.contact);
        note +=
          message.status === 'blocked'
            ? ` The text-back was not sent: ${message.errorMessage ?? 'blocked'}`
            : message.status === 'scheduled' && message.scheduledFor
              ? ` ${name} will be texted at ${whenTexted(message.scheduledFor, zonesForPhone(phone)[0] ?? company.timezone ?? 'America/New_York')} (quiet hours).`
              : ` ${name} was texted back.`;
      }
    }
    await tx
      .update(inboundEmails)
      .set({ ...base, status: result.newLead ? 'lead_created' : 'lead_joined', note, leadId: result.lead.id, contactId: result.contact.id, textBackMessageId })
      .where(eq(inboundEmails.id, emailId));
  });
}

/** "9:00 AM CST on Thu, Nov 26": when a text waiting for the recipient's hours goes, in their zone. */
function whenTexted(at: Date, zone: string): string {
  const time = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(at);
  const day = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' }).format(at);
  return `${time} on ${day}`;
}

/** Received emails, newest first, a page at a time: what was read, how, and the lead it made. */
export async function listInboundEmails(scope: CompanyScope, input: { cursor?: string; limit: number }) {
  const rows = await scope.db
    .select({ email: inboundEmails, firstName: contacts.firstName, lastName: contacts.lastName, phone: contacts.phone, contactEmail: contacts.email, leadStatus: leads.status })
    .from(inboundEmails)
    .leftJoin(contacts, eq(contacts.id, inboundEmails.contactId))
    .leftJoin(leads, eq(leads.id, inboundEmails.leadId))
    .where(and(eq(inboundEmails.companyId, scope.companyId), ...afterCursor(input.cursor, inboundEmails.receivedAt, inboundEmails.id)))
    .orderBy(desc(inboundEmails.receivedAt), desc(inboundEmails.id))
    .limit(input.limit + 1);
  const { page, nextCursor } = keysetPage(rows, input.limit, (r) => ({ at: r.email.receivedAt.getTime(), id: r.email.id }));
  return { items: page.map(toView), nextCursor };
}

/** One received email; another company's id is NOT_FOUND. */
export async function getInboundEmail(scope: CompanyScope, id: string) {
  const [row] = await scope.db
    .select({ email: inboundEmails, firstName: contacts.firstName, lastName: contacts.lastName, phone: contacts.phone, contactEmail: contacts.email, leadStatus: leads.status })
    .from(inboundEmails)
    .leftJoin(contacts, eq(contacts.id, inboundEmails.contactId))
    .leftJoin(leads, eq(leads.id, inboundEmails.leadId))
    .where(and(eq(inboundEmails.id, id), eq(inboundEmails.companyId, scope.companyId)))
    .limit(1);
  if (!row) throw notFound('Email');
  // The email's words, as plain text (never rendered as HTML), for staff to read whatever became of it.
  const text = await readMail(row.email.raw).then((m) => truncate(m.text, 5_000, { ellipsis: false }), () => null);
  return { ...toView(row), text };
}

function toView(row: { email: typeof inboundEmails.$inferSelect; firstName: string | null; lastName: string | null; phone: string | null; contactEmail: string | null; leadStatus: string | null }) {
  const e = row.email;
  return {
    id: e.id,
    channel: e.channel,
    from: e.fromHeader ?? e.mailFrom,
    subject: e.subject,
    sizeBytes: e.sizeBytes,
    receivedAt: e.receivedAt.getTime(),
    status: e.status,
    parser: e.parser,
    extracted: e.extracted,
    note: e.note,
    spf: e.spf,
    dkim: e.dkim,
    lead: e.leadId && row.leadStatus ? { id: e.leadId, status: row.leadStatus } : null,
    contact: e.contactId ? { id: e.contactId, name: contactDisplayName({ firstName: row.firstName, lastName: row.lastName, phone: row.phone, email: row.contactEmail }) } : null,
    textBackMessageId: e.textBackMessageId,
  };
}
