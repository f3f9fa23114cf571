import { and, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import { CLOSED_LEAD_STATUSES } from '@contracts/lead';
import type { MessageProvider } from '@contracts/message';
import { formatPhone } from '@contracts/phone';
import type { Tx } from '@server/platform/db/database';
import { type companies, consentEvents, contacts, type conversations, leads, type messages, type phoneNumbers } from '@server/platform/db/schema';
import type { EventBatch } from '@server/platform/events/domain-events';
import { truncate } from '@contracts/text';
import { notify } from '@server/modules/notifications/notify.service';
import { classifyInbound } from './keywords';
import type { AppServices } from '@server/platform/services';
import { contactDisplayName } from '@contracts/person';
import { queueOutbound } from './outbound.service';

type Intent = 'opt_out' | 'opt_in' | 'help';

function complianceReply(intent: Intent, company: { name: string; website: string | null }, businessNumber: string): string {
  switch (intent) {
    case 'opt_out':
      return `${company.name}: You're unsubscribed and will get no more texts from us. Reply START to resubscribe.`;
    case 'opt_in':
      return `${company.name}: You're resubscribed to texts from us. Reply STOP to unsubscribe, HELP for help.`;
    case 'help': {
      // How to reach a person, not only a web page: the business number always, the website when there is one.
      const contact = [`call or text ${formatPhone(businessNumber)}`, company.website].filter(Boolean).join(' or visit ');
      return `${company.name}: we text about your requests and appointments. Questions? ${contact}. Msg & data rates may apply. Reply STOP to unsubscribe.`;
    }
  }
}

export interface InboundForCompliance {
  company: typeof companies.$inferSelect;
  contact: typeof contacts.$inferSelect;
  conversation: typeof conversations.$inferSelect;
  number: typeof phoneNumbers.$inferSelect;
  message: typeof messages.$inferSelect;
  provider: MessageProvider;
}

/**
 * STOP / START / HELP and plain-language opt-outs in an inbound text, company-wide: an opt-out stops every
 * automated text to the person at once (contact flag, consent record, open leads marked "opted out") with one
 * confirmation; START re-subscribes; HELP answers with the business's name and contact. Returns the intent found.
 */
export async function applyInboundCompliance(tx: Tx, deps: AppServices, events: EventBatch, input: InboundForCompliance): Promise<Intent | null> {
  const { company, contact, conversation, number, message } = input;
  const now = deps.clock.now();
  const { intent, keyword } = classifyInbound(message.body, { optedOut: Boolean(contact.optedOutAt) });
  let reply: Intent | null = null;
  if (intent === 'opt_out' && !contact.optedOutAt) {
    await tx.update(contacts).set({ optedOutAt: now, updatedAt: now }).where(eq(contacts.id, contact.id));
    await tx.insert(consentEvents).values({ companyId: company.id, contactId: contact.id, kind: 'opt_out', method: input.provider === 'web_chat' ? 'web_chat' : keyword ? 'sms_keyword' : 'sms_text', text: message.body, messageId: message.id, createdAt: now });
    const optedOut = await tx
      .update(leads)
      .set({ status: 'opted_out', statusBeforeOptOut: sql`${leads.status}`, updatedAt: now })
      .where(and(eq(leads.contactId, contact.id), notInArray(leads.status, [...CLOSED_LEAD_STATUSES])))
      .returning({ id: leads.id });
    events.add(company.id, { type: 'contact.opted_out', data: { contactId: contact.id } });
    for (const lead of optedOut) events.add(company.id, { type: 'lead.updated', data: { leadId: lead.id, fields: ['status'] } });
    reply = 'opt_out';
    const name = contactDisplayName(contact);
    await notify(tx, deps, {
      company,
      event: 'opt_out',
      title: `${name} opted out`,
      body: `${name} replied "${truncate(message.body, 80, { ellipsis: false })}". LeadLoop will not text them again unless they reply START.`,
      link: `/conversations?c=${conversation.id}`,
    });
  } else if (intent === 'opt_in' && contact.optedOutAt && input.provider !== 'web_chat' && input.provider !== 'thumbtack') {
    // START typed in the website chat does not resubscribe: whoever holds the chat has not shown they hold the
    // phone, and consent must come from the person texted. A STOP there is honoured (any reasonable means).
    await tx.update(contacts).set({ optedOutAt: null, updatedAt: now }).where(eq(contacts.id, contact.id));
    await tx.insert(consentEvents).values({ companyId: company.id, contactId: contact.id, kind: 'opt_in', method: 'sms_keyword', text: message.body, messageId: message.id, createdAt: now });
    // Consent has one source, the client: the leads the opt-out closed go back to where they were.
    const restored = await tx
      .update(leads)
      .set({ status: sql`${leads.statusBeforeOptOut}`, statusBeforeOptOut: null, updatedAt: now })
      .where(and(eq(leads.contactId, contact.id), eq(leads.status, 'opted_out'), isNotNull(leads.statusBeforeOptOut)))
      .returning({ id: leads.id, status: leads.status });
    events.add(company.id, { type: 'contact.opted_in', data: { contactId: contact.id } });
    for (const lead of restored) events.add(company.id, { type: 'lead.status_changed', data: { leadId: lead.id, from: 'opted_out', to: lead.status } });
    reply = 'opt_in';
  } else if (intent === 'help') {
    reply = 'help';
  }
  // With Twilio's Advanced Opt-Out the carrier side already answered the standard keywords.
  const providerAnswered = input.provider === 'twilio' && deps.twilioAnswersKeywords && keyword !== null;
  if (reply && !providerAnswered) {
    await queueOutbound(tx, deps, events, {
      companyId: company.id,
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
  return intent;
}
