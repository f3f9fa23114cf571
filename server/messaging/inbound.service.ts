import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { companies, consentEvents, contacts, conversations, inboundEvents, leads, messages, phoneNumbers } from '../db/schema';
import { HOUR } from '../lib/clock';
import { lockKey } from '../services/rate-limit.service';
import { findContactByPhone } from './contact-lookup';
import { classifyInbound } from './keywords';
import { formatPhone } from '../../contracts/phone';
import { contactDisplayName, type MessagingDeps, PendingEvents } from './messaging.deps';
import { notify } from './notifications.service';
import { applyDeliveryStatus, queueOutbound, StatusForUnknownMessage } from './outbound.service';

export const INBOUND_QUEUE = 'sms.inbound';
/** A known number texting again opens a new lead only after this much quiet time (../shared/product/PRODUCT.md defaults). */
export const LEAD_DEDUPE_MS = 24 * HOUR;

export interface InboundEventInput {
  provider: 'simulator' | 'twilio';
  kind: 'sms' | 'status';
  eventKey: string;
  payload: Record<string, string>;
  /** Process no earlier than this (the simulator's delivery delay). */
  runAt?: Date;
}

/**
 * Step one of every provider event: store it and queue its processing in one transaction, nothing else, so a
 * webhook is answered in milliseconds. Redelivery of the same event (same MessageSid) is a no-op.
 */
export async function recordInboundEvent(deps: Pick<MessagingDeps, 'db' | 'clock' | 'queue'>, input: InboundEventInput): Promise<{ duplicate: boolean }> {
  const now = deps.clock.now();
  const duplicate = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inboundEvents)
      .values({ provider: input.provider, kind: input.kind, eventKey: input.eventKey, payload: input.payload, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: inboundEvents.id });
    if (!row) return true;
    await deps.queue.enqueue(tx, INBOUND_QUEUE, { eventId: row.id }, { runAt: input.runAt ?? now, maxAttempts: 8 });
    return false;
  });
  if (!duplicate) deps.queue.wake();
  return { duplicate };
}

const smsPayload = z.object({
  MessageSid: z.string().min(1),
  From: z.string().min(1),
  To: z.string().min(1),
  Body: z.string().default(''),
  NumMedia: z.coerce.number().int().min(0).default(0),
});
const statusPayload = z.object({
  MessageSid: z.string().min(1),
  MessageStatus: z.string().min(1),
  ErrorCode: z.string().optional(),
  ErrorMessage: z.string().optional(),
});

/** The `sms.inbound` job: an inbound text or a delivery report, processed exactly once. */
export async function processInboundEvent(deps: MessagingDeps, eventId: string, options: { lastAttempt?: boolean } = {}): Promise<void> {
  const [event] = await deps.db.select().from(inboundEvents).where(eq(inboundEvents.id, eventId)).limit(1);
  if (!event || event.processedAt) return;
  if (event.kind === 'sms') {
    const payload = smsPayload.parse(event.payload);
    const media = Array.from({ length: payload.NumMedia }, (_, i) => event.payload[`MediaUrl${i}`]).filter((url): url is string => Boolean(url));
    await receiveSms(deps, { eventId, provider: event.provider, providerMessageId: payload.MessageSid, from: payload.From, to: payload.To, body: payload.Body, media });
    return;
  }
  const payload = statusPayload.parse(event.payload);
  try {
    await applyDeliveryStatus(deps, {
      provider: event.provider,
      providerMessageId: payload.MessageSid,
      status: payload.MessageStatus,
      errorCode: payload.ErrorCode ?? null,
      errorMessage: payload.ErrorMessage ?? null,
    });
  } catch (error) {
    // The report can arrive before we recorded the send; the job retries. After the last try, drop it.
    if (!(error instanceof StatusForUnknownMessage) || !options.lastAttempt) throw error;
    deps.logger.warn({ eventId, messageSid: payload.MessageSid }, 'delivery report for an unknown message dropped');
  }
  await deps.db.update(inboundEvents).set({ processedAt: deps.clock.now() }).where(eq(inboundEvents.id, eventId));
}

function complianceReply(intent: 'opt_out' | 'opt_in' | 'help', company: { name: string; website: string | null }, businessNumber: string): string {
  switch (intent) {
    case 'opt_out':
      return `${company.name}: You're unsubscribed and will get no more texts from us. Reply START to resubscribe.`;
    case 'opt_in':
      return `${company.name}: You're resubscribed to texts from us. Reply STOP to unsubscribe, HELP for help.`;
    case 'help': {
      const contact = company.website ?? `call ${formatPhone(businessNumber)}`;
      return `${company.name}: we text about your requests and appointments. Questions? ${contact}. Msg & data rates may apply. Reply STOP to unsubscribe.`;
    }
  }
}

export interface ReceivedSms {
  eventId?: string;
  provider: 'simulator' | 'twilio';
  providerMessageId: string;
  from: string;
  to: string;
  body: string;
  media: string[];
}

export type ReceiveOutcome =
  | { outcome: 'unknown_number' }
  | { outcome: 'duplicate' }
  | { outcome: 'stored'; messageId: string; contactId: string; conversationId: string; leadId: string | null; newLead: boolean; intent: string | null };

/**
 * An inbound text: finds or creates the contact (one per number per company), its conversation (one per business
 * number) and, after 24 quiet hours, a new lead; stores the message with its media links; applies STOP / START /
 * HELP and plain-language opt-outs company-wide with one confirmation; notifies the team. One transaction, under
 * a lock on (company, sender), so two texts from one new number cannot create two contacts.
 */
export async function receiveSms(deps: MessagingDeps, input: ReceivedSms): Promise<ReceiveOutcome> {
  const events = new PendingEvents();
  const outcome = await deps.db.transaction(async (tx): Promise<ReceiveOutcome> => {
    const now = deps.clock.now();
    const markProcessed = () =>
      input.eventId ? tx.update(inboundEvents).set({ processedAt: now }).where(eq(inboundEvents.id, input.eventId)) : Promise.resolve();
    const [number] = await tx
      .select()
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.e164, input.to), eq(phoneNumbers.status, 'active')))
      .limit(1);
    if (!number) {
      deps.logger.warn({ to: input.to }, 'inbound text to a number no company uses');
      await markProcessed();
      return { outcome: 'unknown_number' };
    }
    const companyId = number.companyId;
    await lockKey(tx, `inbound:${companyId}:${input.from}`);
    const [already] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.provider, input.provider), eq(messages.providerMessageId, input.providerMessageId)))
      .limit(1);
    if (already) {
      await markProcessed();
      return { outcome: 'duplicate' };
    }
    const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).limit(1);
    if (!company) return { outcome: 'unknown_number' };

    let contact = await findContactByPhone(tx, companyId, input.from);
    const newContact = !contact;
    if (!contact) {
      [contact] = await tx.insert(contacts).values({ companyId, phone: input.from, createdAt: now, updatedAt: now }).returning();
    }
    if (!contact) throw new Error('contact insert returned nothing');

    let [conversation] = await tx
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.companyId, companyId),
          eq(conversations.contactId, contact.id),
          eq(conversations.phoneNumberId, number.id),
          eq(conversations.peerPhone, input.from),
        ),
      )
      .limit(1);
    if (!conversation) {
      [conversation] = await tx
        .insert(conversations)
        .values({ companyId, contactId: contact.id, phoneNumberId: number.id, peerPhone: input.from, createdAt: now, updatedAt: now })
        .returning();
    }
    if (!conversation) throw new Error('conversation insert returned nothing');

    const [message] = await tx
      .insert(messages)
      .values({
        companyId,
        conversationId: conversation.id,
        contactId: contact.id,
        direction: 'inbound',
        author: 'contact',
        fromNumber: input.from,
        toNumber: input.to,
        body: input.body,
        media: input.media,
        status: 'received',
        provider: input.provider,
        providerMessageId: input.providerMessageId,
        createdAt: now,
      })
      .returning();
    if (!message) throw new Error('message insert returned nothing');
    await tx
      .update(conversations)
      .set({
        lastMessageAt: now,
        lastMessagePreview: (input.body || (input.media.length ? '📎 Photo or file' : '')).slice(0, 160),
        unreadCount: sql`${conversations.unreadCount} + 1`,
        status: 'open',
        updatedAt: now,
      })
      .where(eq(conversations.id, conversation.id));
    await tx.update(contacts).set({ lastMessageAt: now, updatedAt: now }).where(eq(contacts.id, contact.id));

    // Leads: one per inquiry; a known number starts a new one after 24 quiet hours.
    const [latestLead] = await tx.select().from(leads).where(eq(leads.contactId, contact.id)).orderBy(desc(leads.createdAt)).limit(1);
    let lead = latestLead;
    const newLead = !latestLead || now.getTime() - latestLead.lastActivityAt.getTime() >= LEAD_DEDUPE_MS;
    if (newLead) {
      [lead] = await tx
        .insert(leads)
        .values({ companyId, contactId: contact.id, source: 'sms', status: 'new', summary: input.body.slice(0, 280) || null, lastActivityAt: now, createdAt: now, updatedAt: now })
        .returning();
    } else if (latestLead) {
      await tx.update(leads).set({ lastActivityAt: now, updatedAt: now }).where(eq(leads.id, latestLead.id));
    }
    if (newContact) {
      // Texting the business first is consent to hear back about that request (and nothing more).
      await tx.insert(consentEvents).values({ companyId, contactId: contact.id, kind: 'implied', method: 'inbound_message', text: input.body, messageId: message.id, createdAt: now });
    }

    // Compliance keywords and plain-language opt-outs.
    const { intent, keyword } = classifyInbound(input.body, { optedOut: Boolean(contact.optedOutAt) });
    const name = contactDisplayName(contact);
    let reply: 'opt_out' | 'opt_in' | 'help' | null = null;
    if (intent === 'opt_out' && !contact.optedOutAt) {
      await tx.update(contacts).set({ optedOutAt: now, updatedAt: now }).where(eq(contacts.id, contact.id));
      await tx.insert(consentEvents).values({ companyId, contactId: contact.id, kind: 'opt_out', method: keyword ? 'sms_keyword' : 'sms_text', text: input.body, messageId: message.id, createdAt: now });
      await tx
        .update(leads)
        .set({ status: 'opted_out', updatedAt: now })
        .where(and(eq(leads.contactId, contact.id), notInArray(leads.status, ['won', 'lost', 'spam', 'opted_out'])));
      reply = 'opt_out';
      await notify(tx, deps, events, {
        company,
        event: 'opt_out',
        title: `${name} opted out`,
        body: `${name} replied "${input.body.slice(0, 80)}". LeadLoop will not text them again unless they reply START.`,
        link: `/conversations?c=${conversation.id}`,
      });
    } else if (intent === 'opt_in' && contact.optedOutAt) {
      await tx.update(contacts).set({ optedOutAt: null, updatedAt: now }).where(eq(contacts.id, contact.id));
      await tx.insert(consentEvents).values({ companyId, contactId: contact.id, kind: 'opt_in', method: 'sms_keyword', text: input.body, messageId: message.id, createdAt: now });
      reply = 'opt_in';
    } else if (intent === 'help') {
      reply = 'help';
    }
    // With Twilio's Advanced Opt-Out the carrier side already answered the standard keywords.
    const providerAnswered = input.provider === 'twilio' && deps.twilioAnswersKeywords && keyword !== null;
    if (reply && !providerAnswered) {
      await queueOutbound(tx, deps, events, {
        companyId,
        conversationId: conversation.id,
        body: complianceReply(reply, company, number.e164),
        author: 'system',
        automated: true,
        isReply: true,
        dedupeKey: `compliance:${reply}:${message.id}`,
        // `contact` predates the opt-out/opt-in update above; a compliance reply never checks consent.
        thread: { conversation, contact, number },
      });
    }

    if (newLead && lead) {
      await notify(tx, deps, events, {
        company,
        event: 'new_lead',
        title: `New lead: ${name}`,
        body: input.body ? `"${input.body.slice(0, 140)}"` : 'Sent a photo or file.',
        link: `/conversations?c=${conversation.id}`,
      });
      events.add(companyId, { type: 'lead', leadId: lead.id });
    } else if (conversation.mode === 'human' && intent === null) {
      await notify(tx, deps, events, {
        company,
        event: 'new_message',
        title: `${name} replied`,
        body: input.body ? `"${input.body.slice(0, 140)}"` : 'Sent a photo or file.',
        link: `/conversations?c=${conversation.id}`,
      });
    }

    await markProcessed();
    events.add(companyId, { type: 'message', conversationId: conversation.id, messageId: message.id });
    events.add(companyId, { type: 'conversation', conversationId: conversation.id });
    events.add(companyId, { type: 'contact', contactId: contact.id });
    return { outcome: 'stored', messageId: message.id, contactId: contact.id, conversationId: conversation.id, leadId: lead?.id ?? null, newLead, intent };
  });
  events.publish(deps);
  deps.queue.wake();
  return outcome;
}

