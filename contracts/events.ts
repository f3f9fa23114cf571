import { z } from 'zod/mini';
import { MISSED_REASONS, TEXT_BACK_OUTCOMES, TEXT_BACK_SKIP_REASONS } from './call';
import { LEAD_SOURCES, LEAD_STATUSES } from './lead';
import { AI_CALL_OUTCOMES } from './voice-agent';

/**
 * The domain events: what happened, written in the same transaction as the change that caused it and fanned out
 * after commit to live screens (and, later, flow triggers and outgoing webhooks). Payloads carry ids and the few
 * facts a trigger needs, never message contents or personal data: a consumer reads what it needs.
 */
const id = z.string();
export const domainEventSchemas = {
  'lead.created': z.object({ leadId: id, contactId: id, source: z.enum(LEAD_SOURCES) }),
  /** Anything about a lead other than its status (assignment, value, summary, new activity). */
  'lead.updated': z.object({ leadId: id, fields: z.array(z.string()) }),
  'lead.status_changed': z.object({ leadId: id, from: z.enum(LEAD_STATUSES), to: z.enum(LEAD_STATUSES) }),
  'message.received': z.object({ messageId: id, conversationId: id, contactId: id }),
  /** An outbound text entered the pipeline: queued, scheduled for the send window, or refused at once (blocked). */
  'message.queued': z.object({ messageId: id, conversationId: id, contactId: id }),
  /** Any later step of an outbound text: sending, sent, delivered, retrying, or refused at send time. */
  'message.status_changed': z.object({ messageId: id, conversationId: id, status: z.string() }),
  'message.sent': z.object({ messageId: id, conversationId: id }),
  'message.failed': z.object({ messageId: id, conversationId: id, errorCode: z.nullable(z.string()) }),
  'conversation.updated': z.object({ conversationId: id, fields: z.array(z.string()) }),
  'contact.created': z.object({ contactId: id }),
  'contact.updated': z.object({ contactId: id, fields: z.array(z.string()) }),
  'contact.opted_out': z.object({ contactId: id }),
  'contact.opted_in': z.object({ contactId: id }),
  'contact.merged': z.object({ contactId: id, mergedId: id }),
  'notification.created': z.object({ userId: id }),
  /** Notifications marked read without the user (the held reply they asked about was decided). */
  'notification.read': z.object({ userId: id }),
  /** A call reached a business number (calls module, decision 0022). */
  'call.received': z.object({ callId: id }),
  'call.answered': z.object({ callId: id }),
  /** Nobody took the call; the contact and lead (when the caller can be texted about it) come with it. */
  'call.missed': z.object({ callId: id, reason: z.enum(MISSED_REASONS), contactId: z.nullable(id), leadId: z.nullable(id) }),
  /** The caller left a voicemail (its recording is stored). */
  'call.voicemail': z.object({ callId: id, durationSeconds: z.number() }),
  'call.transcribed': z.object({ callId: id, status: z.enum(['completed', 'failed']) }),
  'call.ended': z.object({ callId: id }),
  /** The text-back was handed to the outbound pipeline, skipped with its reason, or failed at the carrier. */
  /** A booking was made, moved (new time or member) or cancelled (scheduling; calendars follow it, decision 0055). */
  'appointment.booked': z.object({ appointmentId: id }),
  'appointment.moved': z.object({ appointmentId: id }),
  'appointment.cancelled': z.object({ appointmentId: id }),
  'call.text_back': z.object({ callId: id, outcome: z.enum(TEXT_BACK_OUTCOMES), reason: z.nullable(z.enum(TEXT_BACK_SKIP_REASONS)), messageId: z.nullable(id) }),
  /** The assistant's call is over and processed (outcome, summary, lead, follow-up text): AI call answering → History. */
  'ai_call.ended': z.object({ aiCallId: id, callId: z.nullable(id), outcome: z.enum(AI_CALL_OUTCOMES) }),
} as const;

export type DomainEventType = keyof typeof domainEventSchemas;
export const DOMAIN_EVENT_TYPES = Object.keys(domainEventSchemas) as DomainEventType[];

/** One event as services emit it: its type and payload (the company and time are added when it is recorded). */
export type DomainEvent = {
  [T in DomainEventType]: { type: T; data: z.infer<(typeof domainEventSchemas)[T]> };
}[DomainEventType];

export function isDomainEventType(value: string): value is DomainEventType {
  return Object.hasOwn(domainEventSchemas, value);
}
