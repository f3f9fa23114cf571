import { and, asc, eq, gt } from 'drizzle-orm';
import { contactDisplayName } from '@contracts/person';
import { SCHEDULING_FALLBACK_ZONE } from '@contracts/scheduling';
import { describeLocalTime } from '@contracts/send-window';
import type { Tx } from '@server/platform/db/database';
import { appointments, appointmentTypes, companies, type contacts, conversations, type messages } from '@server/platform/db/schema';
import type { EventBatch } from '@server/platform/events/domain-events';
import type { AppServices } from '@server/platform/services';
import { APPOINTMENT_TEXT_PREFIX, queueOutbound } from '@server/modules/messaging/outbound.service';
import { notify } from '@server/modules/notifications/notify.service';

/**
 * The customer's answer to a booking text (issue 24 item 3): "C" confirms their next booking, "R" asks to reschedule
 * it. Read only while they have a booking ahead; anything else goes on as an ordinary text. R tells the team (a
 * "Booking" notification) and hands the thread to a person, so the promise the reply makes — someone will text them
 * a new time — is kept by a person who has been told; the booking stays until staff move or cancel it.
 */
export type BookingReply = 'confirm' | 'reschedule';

/** "C", "c.", "Confirm" / "R", "Reschedule" — the whole text, nothing else (a sentence is a sentence). */
export function classifyBookingReply(body: string): BookingReply | null {
  const word = body
    .trim()
    .replace(/[\s.!]+$/u, '')
    .toUpperCase();
  if (word === 'C' || word === 'CONFIRM' || word === 'CONFIRMED') return 'confirm';
  if (word === 'R' || word === 'RESCHEDULE') return 'reschedule';
  return null;
}

/** What booking texts tell the customer they may answer. */
export const BOOKING_REPLY_HINT = 'Reply C to confirm or R to reschedule.';

interface Inbound {
  companyId: string;
  contact: typeof contacts.$inferSelect;
  conversation: typeof conversations.$inferSelect;
  message: typeof messages.$inferSelect;
}

/**
 * Applies a C or R reply to the contact's next booking, in the inbound text's transaction. Returns what it did, or
 * null when the text is not a booking reply (or they have no booking ahead) and the thread goes on as usual.
 */
export async function applyBookingReply(tx: Tx, deps: AppServices, events: EventBatch, input: Inbound): Promise<BookingReply | null> {
  const reply = classifyBookingReply(input.message.body);
  if (!reply) return null;
  const now = deps.clock.now();
  const [next] = await tx
    .select({ appointment: appointments, typeName: appointmentTypes.name, zone: companies.timezone, business: companies.name })
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .innerJoin(companies, eq(companies.id, appointments.companyId))
    .where(and(eq(appointments.companyId, input.companyId), eq(appointments.contactId, input.contact.id), eq(appointments.status, 'booked'), gt(appointments.startsAt, now)))
    .orderBy(asc(appointments.startsAt))
    .limit(1);
  if (!next) return null;
  const { appointment } = next;
  const when = describeLocalTime(appointment.startsAt.getTime(), next.zone ?? SCHEDULING_FALLBACK_ZONE);
  const send = (body: string, key: string) =>
    queueOutbound(tx, deps, events, { companyId: input.companyId, conversationId: input.conversation.id, body, author: 'system', automated: true, isReply: true, dedupeKey: `${APPOINTMENT_TEXT_PREFIX}${key}:${input.message.id}` });
  const name = contactDisplayName(input.contact);
  const link = `/conversations?c=${input.conversation.id}`;

  if (reply === 'confirm') {
    if (!appointment.confirmedAt) await tx.update(appointments).set({ confirmedAt: now, updatedAt: now }).where(eq(appointments.id, appointment.id));
    await send(`Thanks, you're confirmed for ${next.typeName} on ${when}.`, 'booking-confirmed');
    return 'confirm';
  }

  await tx.update(appointments).set({ rescheduleRequestedAt: now, updatedAt: now }).where(eq(appointments.id, appointment.id));
  if (input.conversation.mode !== 'human') {
    await tx.update(conversations).set({ mode: 'human', updatedAt: now }).where(eq(conversations.id, input.conversation.id));
    events.add(input.companyId, { type: 'conversation.updated', data: { conversationId: input.conversation.id, fields: ['mode'] } });
  }
  await send(`Got it. Someone from ${next.business} will text you to find a new time for your ${next.typeName} (now ${when}).`, 'booking-reschedule');
  const [company] = await tx.select().from(companies).where(eq(companies.id, input.companyId)).limit(1);
  if (company) await notify(tx, deps, { company, event: 'booking', title: `${name} asked to reschedule`, body: `${next.typeName} on ${when}: find them a new time and move the booking.`, link });
  return 'reschedule';
}
