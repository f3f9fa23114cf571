import { and, eq } from 'drizzle-orm';
import type { WebhookEventType } from '@contracts/webhooks';
import type { DbOrTx } from '@server/platform/db/database';
import { calls, contacts, leads, messages } from '@server/platform/db/schema';
import type { RecordedEvent } from '@server/platform/events/domain-events';
import { latestLeadOf } from '@server/modules/contacts/contact-lookup';

/**
 * What a receiver gets: `{ "type": "message.received", "timestamp": "…", "data": { … } }`, where `data` carries the
 * objects it needs — the lead, the contact, the message with its text — not only ids, read when the delivery is
 * made so every retry sends the same bytes. Objects are snake_case with ISO 8601 times; the internal domain events
 * map onto the public names here, so the catalogue a receiver relies on does not move with the internals.
 */

/** The public event an internal domain event becomes (null: not sent to webhooks). */
export function publicEventOf(type: RecordedEvent['event']['type']): WebhookEventType | null {
  switch (type) {
    case 'lead.created':
      return 'lead.created';
    case 'lead.updated':
    case 'lead.status_changed':
      return 'lead.updated';
    case 'message.received':
      return 'message.received';
    case 'message.sent':
      return 'message.sent';
    case 'message.status_changed':
    case 'message.failed':
      return 'message.status';
    case 'call.missed':
      return 'call.missed';
    case 'contact.opted_out':
      return 'contact.opted_out';
    default:
      return null;
  }
}

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);

export function publicLead(lead: typeof leads.$inferSelect) {
  return {
    id: lead.id,
    contact_id: lead.contactId,
    status: lead.status,
    source: lead.source,
    summary: lead.summary,
    ai_summary: lead.aiSummary,
    answers: lead.answers ?? {},
    value_cents: lead.valueCents,
    assigned_user_id: lead.assignedUserId,
    tracking: lead.tracking ?? {},
    created_at: iso(lead.createdAt),
    updated_at: iso(lead.updatedAt),
  };
}

export function publicContact(contact: typeof contacts.$inferSelect) {
  return {
    id: contact.id,
    first_name: contact.firstName,
    last_name: contact.lastName,
    phone: contact.phone,
    email: contact.email,
    tags: contact.tags,
    opted_out: contact.optedOutAt !== null,
    opted_out_at: iso(contact.optedOutAt),
    created_at: iso(contact.createdAt),
  };
}

export function publicMessage(message: typeof messages.$inferSelect) {
  return {
    id: message.id,
    conversation_id: message.conversationId,
    contact_id: message.contactId,
    direction: message.direction,
    author: message.author,
    channel: message.provider === 'web_chat' ? 'web_chat' : 'sms',
    from: message.fromNumber,
    to: message.toNumber,
    text: message.body,
    media: message.media,
    status: message.status,
    error_code: message.errorCode,
    error_message: message.errorMessage,
    created_at: iso(message.createdAt),
    sent_at: iso(message.sentAt),
    delivered_at: iso(message.deliveredAt),
  };
}

export function publicCall(call: typeof calls.$inferSelect) {
  return {
    id: call.id,
    direction: call.direction,
    from: call.fromNumber,
    to: call.toNumber,
    status: call.status,
    missed: call.missed,
    missed_reason: call.missedReason,
    started_at: iso(call.startedAt),
    ended_at: iso(call.endedAt),
    voicemail_seconds: call.recordingSeconds,
    text_back: call.textBackOutcome,
  };
}

async function leadRow(executor: DbOrTx, companyId: string, id: string | null) {
  if (!id) return null;
  const [lead] = await executor.select().from(leads).where(and(eq(leads.id, id), eq(leads.companyId, companyId))).limit(1);
  return lead ?? null;
}

async function contactRow(executor: DbOrTx, companyId: string, id: string | null) {
  if (!id) return null;
  const [contact] = await executor.select().from(contacts).where(and(eq(contacts.id, id), eq(contacts.companyId, companyId))).limit(1);
  return contact ?? null;
}

async function messageRow(executor: DbOrTx, companyId: string, id: string) {
  const [message] = await executor.select().from(messages).where(and(eq(messages.id, id), eq(messages.companyId, companyId))).limit(1);
  return message ?? null;
}

/** The message, its contact and their newest lead. */
async function messageData(executor: DbOrTx, companyId: string, messageId: string) {
  const message = await messageRow(executor, companyId, messageId);
  if (!message) return null;
  const contact = await contactRow(executor, companyId, message.contactId);
  const latest = await latestLeadOf(executor, companyId, message.contactId);
  const lead = await leadRow(executor, companyId, latest?.id ?? null);
  return { message: publicMessage(message), contact: contact ? publicContact(contact) : null, lead: lead ? publicLead(lead) : null };
}

/** The `data` of a public event, read now (null when what it is about is gone). */
export async function payloadData(executor: DbOrTx, recorded: RecordedEvent): Promise<Record<string, unknown> | null> {
  const { companyId, event } = recorded;
  switch (event.type) {
    case 'lead.created':
    case 'lead.updated':
    case 'lead.status_changed': {
      const lead = await leadRow(executor, companyId, event.data.leadId);
      if (!lead) return null;
      const contact = await contactRow(executor, companyId, lead.contactId);
      const changes =
        event.type === 'lead.status_changed'
          ? { fields: ['status'], status: { from: event.data.from, to: event.data.to } }
          : event.type === 'lead.updated'
            ? { fields: event.data.fields }
            : undefined;
      return { lead: publicLead(lead), contact: contact ? publicContact(contact) : null, ...(changes ? { changes } : {}) };
    }
    case 'message.received':
    case 'message.sent':
    case 'message.status_changed':
    case 'message.failed':
      return messageData(executor, companyId, event.data.messageId);
    case 'call.missed': {
      const [call] = await executor.select().from(calls).where(and(eq(calls.id, event.data.callId), eq(calls.companyId, companyId))).limit(1);
      if (!call) return null;
      const contact = await contactRow(executor, companyId, event.data.contactId);
      const lead = await leadRow(executor, companyId, event.data.leadId);
      return { call: publicCall(call), contact: contact ? publicContact(contact) : null, lead: lead ? publicLead(lead) : null };
    }
    case 'contact.opted_out': {
      const contact = await contactRow(executor, companyId, event.data.contactId);
      return contact ? { contact: publicContact(contact) } : null;
    }
    default:
      return null;
  }
}

/** The exact body sent: serialized once, stored, and signed as is on every attempt. */
export function payloadBody(type: string, at: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}
