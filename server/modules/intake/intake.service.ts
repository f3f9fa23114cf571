import { desc, eq, sql } from 'drizzle-orm';
import type { ConsentKind, ConsentMethod } from '@contracts/consent';
import type { LeadSource } from '@contracts/lead';
import type { MessageProvider } from '@contracts/message';
import type { Tx } from '@server/platform/db/database';
import { type companies, consentEvents, contacts, conversations, leads, messages, type phoneNumbers } from '@server/platform/db/schema';
import { lockKey } from '@server/platform/db/rate-limit';
import type { EventBatch } from '@server/platform/events/domain-events';
import { HOUR } from '@server/platform/lib/clock';
import { storableValue, truncate } from '@contracts/text';
import { fillMissingDetails, findContactByEmail, findContactByPhone } from '@server/modules/contacts/contact-lookup';
import { openConversation } from '@server/modules/conversations/conversations.service';
import { applyInboundCompliance } from '@server/modules/messaging/compliance.service';
import type { AppServices } from '@server/platform/services';
import { contactDisplayName } from '@contracts/person';
import { notify } from '@server/modules/notifications/notify.service';
import { pickAssignee } from '@server/modules/team/assignment.service';
import { assistantTakesNewThread, scheduleAiTurn } from '@server/modules/ai/ai-turn.service';
import { applyBookingReply } from '@server/modules/scheduling/booking-replies';

type CompanyRow = typeof companies.$inferSelect;
type ContactRow = typeof contacts.$inferSelect;
type ConversationRow = typeof conversations.$inferSelect;
type MessageRow = typeof messages.$inferSelect;
type LeadRow = typeof leads.$inferSelect;

/**
 * The rules that differ by where an inquiry came from, decided here and nowhere else. `dedupeWindowMs`: a person
 * who already has a lead with activity in this window joins it instead of opening another (../shared/product/
 * PRODUCT.md: lead dedupe 24 h). `notifyNewLead`: whether the team is told about a new lead (not when a team member
 * typed it in themselves).
 */
export const INTAKE_RULES: Record<LeadSource, { dedupeWindowMs: number; notifyNewLead: boolean }> = {
  sms: { dedupeWindowMs: 24 * HOUR, notifyNewLead: true },
  manual: { dedupeWindowMs: 24 * HOUR, notifyNewLead: false },
  chat_widget: { dedupeWindowMs: 24 * HOUR, notifyNewLead: true },
  form: { dedupeWindowMs: 24 * HOUR, notifyNewLead: true },
  popup: { dedupeWindowMs: 24 * HOUR, notifyNewLead: true },
  // The calls module tells the team itself ("Missed call: … (new lead)"), one notification per call.
  missed_call: { dedupeWindowMs: 24 * HOUR, notifyNewLead: false },
  // The voice-agent module tells the team itself ("AI answered …: qualified (new lead)"), one notification per call.
  ai_call: { dedupeWindowMs: 24 * HOUR, notifyNewLead: false },
  microsite: { dedupeWindowMs: 24 * HOUR, notifyNewLead: true },
  email: { dedupeWindowMs: 24 * HOUR, notifyNewLead: true },
  api: { dedupeWindowMs: 24 * HOUR, notifyNewLead: true },
  thumbtack: { dedupeWindowMs: 24 * HOUR, notifyNewLead: true },
};

/** How long a lead summary taken from the inquiry's own words may be. */
const SUMMARY_LENGTH = 280;

export interface Inquiry {
  company: CompanyRow;
  source: LeadSource;
  /**
   * Who is asking: their phone (E.164) finds or creates the client; names and email fill what is missing. Only a
   * lead email may come without a phone: then the email address finds the client (or a new one is made), and there
   * is no conversation (nothing can be texted).
   */
  person: { phone: string | null; firstName?: string | null; lastName?: string | null; email?: string | null };
  /** The business number it arrived on: the conversation with the person on that number is opened or reused. */
  businessNumber?: typeof phoneNumbers.$inferSelect | null;
  /** What they sent, recorded in that conversation (an inbound text today; a call or a form note later). */
  message?: { body: string; media: string[]; provider: MessageProvider; providerMessageId: string } | null;
  /** The lead to open: its summary (the inquiry's first words when not given), owner and tracking. */
  lead: { summary?: string | null; assignedUserId?: string | null; tracking?: Record<string, string> | null };
  /** Consent that came with the inquiry (a team member's confirmation, a web form's checkbox). */
  consent?: { kind: ConsentKind; method: ConsentMethod; text: string; checked?: boolean | null; ip?: string | null; userAgent?: string | null; sourceUrl?: string | null; actorUserId?: string | null } | null;
}

export interface IntakeResult {
  contact: ContactRow;
  newContact: boolean;
  conversation: ConversationRow | null;
  message: MessageRow | null;
  lead: LeadRow;
  newLead: boolean;
  /** A compliance keyword or opt-out found in the message. */
  intent: 'opt_out' | 'opt_in' | 'help' | null;
}

/**
 * The one path for every inbound inquiry, whatever the channel (an SMS, a lead typed in by staff; calls, the
 * website widget, email and the public API next): find or create the client by phone, open the conversation,
 * record what they sent, open a lead or join the open one under the source's dedupe rule, record consent, apply
 * the texting rules, tell the team. In the caller's transaction, under a lock on (company, person), so two
 * inquiries from one new number cannot create two clients or two leads.
 */
export async function takeInquiry(tx: Tx, deps: AppServices, events: EventBatch, raw: Inquiry): Promise<IntakeResult> {
  // Every channel's words pass the same boundary (contracts/text), whatever the channel already did.
  const inquiry: Inquiry = { ...raw, person: storableValue(raw.person), message: raw.message ? storableValue(raw.message) : null, lead: storableValue(raw.lead), consent: raw.consent ? storableValue(raw.consent) : null };
  const now = deps.clock.now();
  const { company, person } = inquiry;
  const companyId = company.id;
  const email = person.email?.trim() || null;
  await lockKey(tx, `inbound:${companyId}:${person.phone ?? email?.toLowerCase() ?? 'no-phone-no-email'}`);

  let contact = person.phone ? await findContactByPhone(tx, companyId, person.phone) : email ? await findContactByEmail(tx, companyId, email) : undefined;
  const newContact = !contact;
  if (!contact) {
    [contact] = await tx
      .insert(contacts)
      .values({ companyId, phone: person.phone, firstName: person.firstName ?? null, lastName: person.lastName ?? null, email: person.email ?? null, createdAt: now, updatedAt: now })
      .returning();
    if (!contact) throw new Error('contact insert returned nothing');
    events.add(companyId, { type: 'contact.created', data: { contactId: contact.id } });
  } else {
    contact = await fillMissingDetails(tx, events, contact, person, now);
  }

  const opened = inquiry.businessNumber && person.phone ? await openConversation(tx, companyId, contact, inquiry.businessNumber, person.phone, now) : null;
  let conversation = opened?.conversation ?? null;
  if (opened?.created && (await assistantTakesNewThread(tx, companyId, inquiry.source, now))) {
    // A new thread starts with the assistant answering when the company has it on (decision 0033).
    const [withAssistant] = await tx.update(conversations).set({ mode: 'ai', updatedAt: now }).where(eq(conversations.id, opened.conversation.id)).returning();
    conversation = withAssistant ?? opened.conversation;
  }
  let message: MessageRow | null = null;
  if (inquiry.message && conversation && inquiry.businessNumber && person.phone) {
    message = await recordInboundMessage(tx, contact, conversation, inquiry.businessNumber.e164, person.phone, inquiry.message, now);
    events.add(companyId, { type: 'message.received', data: { messageId: message.id, conversationId: conversation.id, contactId: contact.id } });
    if (!newContact) events.add(companyId, { type: 'contact.updated', data: { contactId: contact.id, fields: ['lastMessageAt'] } });
  }

  const words = inquiry.message?.body ?? '';
  const summary = inquiry.lead.summary !== undefined ? inquiry.lead.summary : truncate(words, SUMMARY_LENGTH, { ellipsis: false }) || null;
  // What the team is told: the text they sent, or (a web form, an email) the lead's own summary.
  const told = words || summary || '';
  const openedLead = await openOrJoinLead(tx, events, { companyId, contactId: contact.id, source: inquiry.source, summary, assignedUserId: inquiry.lead.assignedUserId ?? null, tracking: inquiry.lead.tracking ?? null, now });
  const { newLead } = openedLead;
  let { lead } = openedLead;
  // A new lead with no owner yet goes to whom the company's assignment setting says (round-robin or one person).
  const assignee = newLead && !lead.assignedUserId ? await pickAssignee(tx, companyId) : null;
  if (assignee) {
    const [assigned] = await tx.update(leads).set({ assignedUserId: assignee }).where(eq(leads.id, lead.id)).returning();
    lead = assigned ?? lead;
    if (conversation && !conversation.assignedUserId) {
      const [withOwner] = await tx.update(conversations).set({ assignedUserId: assignee, updatedAt: now }).where(eq(conversations.id, conversation.id)).returning();
      conversation = withOwner ?? conversation;
      events.add(companyId, { type: 'conversation.updated', data: { conversationId: conversation.id, fields: ['assignedUserId'] } });
    }
  }

  if (newContact && message && !inquiry.consent) {
    // Texting the business first is consent to hear back about that request (and nothing more); a form's ticked box
    // is the consent record instead.
    await tx.insert(consentEvents).values({ companyId, contactId: contact.id, kind: 'implied', method: 'inbound_message', text: message.body, messageId: message.id, createdAt: now });
  }
  if (inquiry.consent) {
    const c = inquiry.consent;
    await tx.insert(consentEvents).values({
      companyId,
      contactId: contact.id,
      kind: c.kind,
      method: c.method,
      text: c.text,
      ip: c.ip ?? null,
      userAgent: c.userAgent ?? null,
      sourceUrl: c.sourceUrl ?? null,
      actorUserId: c.actorUserId ?? null,
      checked: c.checked ?? null,
      createdAt: now,
    });
  }

  const intent =
    message && conversation && inquiry.businessNumber && inquiry.message
      ? await applyInboundCompliance(tx, deps, events, { company, contact, conversation, number: inquiry.businessNumber, message, provider: inquiry.message.provider })
      : null;

  // "C" / "R" to a booking text: answered here, like a compliance word.
  const bookingReply = message && conversation && intent === null ? await applyBookingReply(tx, deps, events, { companyId, contact, conversation, message }) : null;
  // The assistant answers what the person wrote (after its reply delay), unless it was a compliance word or a booking reply.
  if (message && conversation?.mode === 'ai' && intent === null && bookingReply === null) await scheduleAiTurn(tx, deps, { companyId, conversationId: conversation.id });

  const name = contactDisplayName(contact);
  const link = conversation ? `/conversations?c=${conversation.id}` : `/leads?lead=${lead.id}`;
  const quoted = told ? `"${truncate(told, 140, { ellipsis: false })}"` : message ? 'Sent a photo or file.' : 'No message.';
  if (assignee) await notify(tx, deps, { company, event: 'assigned', title: `New lead for you: ${name}`, body: quoted, link, userIds: [assignee] });
  if (newLead && INTAKE_RULES[inquiry.source].notifyNewLead) {
    await notify(tx, deps, { company, event: 'new_lead', title: `New lead: ${name}`, body: quoted, link });
  } else if (!newLead && message && conversation?.mode === 'human' && intent === null && bookingReply === null) {
    await notify(tx, deps, { company, event: 'new_message', title: `${name} replied`, body: quoted, link });
  }
  return { contact, newContact, conversation, message, lead, newLead, intent };
}

async function recordInboundMessage(
  tx: Tx,
  contact: ContactRow,
  conversation: ConversationRow,
  toNumber: string,
  fromNumber: string,
  input: NonNullable<Inquiry['message']>,
  now: Date,
): Promise<MessageRow> {
  const [message] = await tx
    .insert(messages)
    .values({
      companyId: contact.companyId,
      conversationId: conversation.id,
      contactId: contact.id,
      direction: 'inbound',
      author: 'contact',
      fromNumber,
      toNumber,
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
      lastMessagePreview: truncate(input.body || (input.media.length ? '📎 Photo or file' : ''), 160, { ellipsis: false }),
      unreadCount: sql`${conversations.unreadCount} + 1`,
      status: 'open',
      updatedAt: now,
    })
    .where(eq(conversations.id, conversation.id));
  await tx.update(contacts).set({ lastMessageAt: now, updatedAt: now }).where(eq(contacts.id, contact.id));
  return message;
}

/** One lead per inquiry: the person's latest lead is joined while its last activity is inside the source's window. */
async function openOrJoinLead(
  tx: Tx,
  events: EventBatch,
  input: { companyId: string; contactId: string; source: LeadSource; summary: string | null; assignedUserId: string | null; tracking: Record<string, string> | null; now: Date },
): Promise<{ lead: LeadRow; newLead: boolean }> {
  const { now } = input;
  const [latest] = await tx.select().from(leads).where(eq(leads.contactId, input.contactId)).orderBy(desc(leads.createdAt)).limit(1);
  if (latest && now.getTime() - latest.lastActivityAt.getTime() < INTAKE_RULES[input.source].dedupeWindowMs) {
    const fillSummary = !latest.summary && input.summary ? { summary: input.summary } : {};
    const [joined] = await tx.update(leads).set({ ...fillSummary, lastActivityAt: now, updatedAt: now }).where(eq(leads.id, latest.id)).returning();
    events.add(input.companyId, { type: 'lead.updated', data: { leadId: latest.id, fields: ['lastActivityAt', ...Object.keys(fillSummary)] } });
    return { lead: joined ?? latest, newLead: false };
  }
  const [lead] = await tx
    .insert(leads)
    .values({
      companyId: input.companyId,
      contactId: input.contactId,
      source: input.source,
      status: 'new',
      summary: input.summary,
      assignedUserId: input.assignedUserId,
      tracking: input.tracking,
      lastActivityAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!lead) throw new Error('lead insert returned nothing');
  events.add(input.companyId, { type: 'lead.created', data: { leadId: lead.id, contactId: input.contactId, source: input.source } });
  return { lead, newLead: true };
}
