import type { DomainEvent } from '@contracts/events';
import type { EventConsumer } from '@server/platform/events/domain-events';
import type { CompanyEvent, EventBus } from './event-bus';

/** What each domain event tells an open screen to refetch (small hints, never contents). */
export function liveHints(event: DomainEvent): CompanyEvent[] {
  switch (event.type) {
    case 'lead.created':
    case 'lead.updated':
    case 'lead.status_changed':
      return [{ type: 'lead', leadId: event.data.leadId }];
    case 'message.received':
    case 'message.queued':
      return [
        { type: 'message', conversationId: event.data.conversationId, messageId: event.data.messageId },
        { type: 'conversation', conversationId: event.data.conversationId },
      ];
    case 'message.status_changed':
    case 'message.sent':
    case 'message.failed':
      return [{ type: 'message', conversationId: event.data.conversationId, messageId: event.data.messageId }];
    case 'conversation.updated':
      return [{ type: 'conversation', conversationId: event.data.conversationId }];
    case 'contact.created':
    case 'contact.updated':
    case 'contact.opted_out':
    case 'contact.opted_in':
    case 'contact.merged':
      return [{ type: 'contact', contactId: event.data.contactId }];
    case 'notification.created':
    case 'notification.read':
      return [{ type: 'notification', userId: event.data.userId }];
    case 'call.received':
    case 'call.answered':
    case 'call.missed':
    case 'call.voicemail':
    case 'call.transcribed':
    case 'call.ended':
    case 'call.text_back':
      return [{ type: 'call', callId: event.data.callId }];
    case 'ai_call.ended':
      // The call itself is linked to the caller's client and lead by then: History and their calls refresh too.
      return [{ type: 'ai_call', aiCallId: event.data.aiCallId }, ...(event.data.callId ? [{ type: 'call' as const, callId: event.data.callId }] : [])];
    // Bookings: the scheduling screen reads its own list; the calendar sync follows them (decision 0055).
    case 'appointment.booked':
    case 'appointment.moved':
    case 'appointment.cancelled':
      return [];
  }
}

/** The live-screens consumer: publishes each event's hints on the bus (LISTEN/NOTIFY across instances). */
export function liveUpdatesConsumer(bus: EventBus): EventConsumer {
  return ({ companyId, event }) => {
    for (const hint of liveHints(event)) bus.publish(companyId, hint);
  };
}
