import { eq } from 'drizzle-orm';
import { SCHEDULING_FALLBACK_ZONE } from '@contracts/scheduling';
import { describeLocalTime, nextSendTime } from '@contracts/send-window';
import type { Tx } from '@server/platform/db/database';
import { appointments, appointmentTypes, companies } from '@server/platform/db/schema';
import { type EventBatch, transactionWithEvents } from '@server/platform/events/domain-events';
import type { JobRecord } from '@server/platform/jobs/job-queue';
import { HOUR, MINUTE } from '@server/platform/lib/clock';
import { generateToken, sha256Hex } from '@server/platform/lib/crypto';
import type { AppServices } from '@server/platform/services';
import { APPOINTMENT_TEXT_PREFIX, queueOutbound } from '@server/modules/messaging/outbound.service';
import { latestConversationOf, sendZonesOf } from '@server/modules/contacts/contact-lookup';
import { BOOKING_REPLY_HINT } from './booking-replies';

/**
 * The customer's texts about a booking (issue 24 item 3, first part): the confirmation with the calendar link when
 * it is booked, reminders 24 h and 2 h before (`scheduling.reminder` jobs), and a word when staff move or cancel it. Each goes through the one outbound
 * pipeline (opt-out, send window, send-lock); a reminder the send window would hold until after it stops making
 * sense (less than 30 minutes before the appointment) is not sent, and a reminder for a booking cancelled or moved
 * since is dropped.
 */
export const REMINDER_QUEUE = 'scheduling.reminder';
export const REMINDERS = [
  { key: '24h', before: 24 * HOUR },
  { key: '2h', before: 2 * HOUR },
] as const;

export interface ReminderPayload {
  appointmentId: string;
  /** The start it was queued for: a moved booking's old reminders do nothing. */
  startsAt: number;
  key: (typeof REMINDERS)[number]['key'];
}

type AppointmentRow = typeof appointments.$inferSelect;

/** What the customer reads: the day and time in the appointment's zone, the address if there is one. */
async function describeBooking(tx: Tx, appointment: AppointmentRow) {
  const [row] = await tx
    .select({ typeName: appointmentTypes.name, business: companies.name, zone: companies.timezone })
    .from(appointmentTypes)
    .innerJoin(companies, eq(companies.id, appointmentTypes.companyId))
    .where(eq(appointmentTypes.id, appointment.typeId))
    .limit(1);
  const when = describeLocalTime(appointment.startsAt.getTime(), row?.zone ?? SCHEDULING_FALLBACK_ZONE);
  return { business: row?.business ?? 'We', typeName: row?.typeName ?? 'your appointment', when, where: appointment.address ? ` at ${appointment.address}` : '' };
}

const threadOf = (tx: Tx, appointment: AppointmentRow) => latestConversationOf(tx, appointment.companyId, appointment.contactId);

/** Queues the confirmation (in the booking's transaction) and the reminders. */
export async function confirmBooking(tx: Tx, deps: AppServices, events: EventBatch, appointment: AppointmentRow, token: string): Promise<void> {
  const conversation = await threadOf(tx, appointment);
  const { business, typeName, when, where } = await describeBooking(tx, appointment);
  if (conversation) {
    const body = `${business}: you're booked for ${typeName} on ${when}${where}. ${BOOKING_REPLY_HINT} Add it to your calendar: ${deps.publicUrl}/a/${token}.ics`;
    await queueOutbound(tx, deps, events, { companyId: appointment.companyId, conversationId: conversation.id, body, author: 'system', automated: true, isReply: true, dedupeKey: `${APPOINTMENT_TEXT_PREFIX}booked:${appointment.id}` });
  }
  await queueReminders(tx, deps, appointment);
}

/**
 * A booking whose confirmation was held (booked on an AI-answered call: decision 0048, "Booking by phone"): the
 * confirmation's words with a new calendar link (the first one was never sent; only the new one's hash is kept), for
 * the call's one text. `alone`: the confirmation as a text of its own (the call's follow-up cannot carry it).
 */
export async function heldConfirmation(tx: Tx, deps: AppServices, appointment: AppointmentRow, options: { alone: boolean }): Promise<string> {
  const token = generateToken();
  await tx.update(appointments).set({ icsTokenHash: sha256Hex(token), updatedAt: deps.clock.now() }).where(eq(appointments.id, appointment.id));
  const { business, typeName, when, where } = await describeBooking(tx, appointment);
  const booked = options.alone ? `${business}: you're booked for ${typeName} on ${when}${where}.` : `${typeName} on ${when}${where}.`;
  return `${booked} ${BOOKING_REPLY_HINT} Add it to your calendar: ${deps.publicUrl}/a/${token}.ics`;
}

/**
 * Queues the 24 h and 2 h reminders for the booking's start (those still ahead). Keyed by booking, start and kind:
 * a booking moved gets new ones, and the old ones find a different start and do nothing.
 */
export async function queueReminders(tx: Tx, deps: AppServices, appointment: AppointmentRow): Promise<void> {
  const now = deps.clock.now().getTime();
  for (const reminder of REMINDERS) {
    const at = appointment.startsAt.getTime() - reminder.before;
    if (at <= now) continue;
    const payload: ReminderPayload = { appointmentId: appointment.id, startsAt: appointment.startsAt.getTime(), key: reminder.key };
    await deps.queue.enqueue(tx, REMINDER_QUEUE, payload, { companyId: appointment.companyId, runAt: new Date(at), singletonKey: `reminder:${appointment.id}:${appointment.startsAt.getTime()}:${reminder.key}` });
  }
}

/** Tells the customer their booking was cancelled (in the cancel's transaction; the pipeline's rules apply). */
export async function tellCancelled(tx: Tx, deps: AppServices, events: EventBatch, appointment: AppointmentRow): Promise<void> {
  if (appointment.startsAt.getTime() <= deps.clock.now().getTime()) return;
  const conversation = await threadOf(tx, appointment);
  if (!conversation) return;
  const { business, typeName, when } = await describeBooking(tx, appointment);
  const body = `${business}: your ${typeName} on ${when} is cancelled. Reply here if you'd like a new time.`;
  await queueOutbound(tx, deps, events, { companyId: appointment.companyId, conversationId: conversation.id, body, author: 'system', automated: true, isReply: false, dedupeKey: `${APPOINTMENT_TEXT_PREFIX}cancelled:${appointment.id}` });
}

/**
 * Tells the customer their booking moved, with the new calendar link (in the move's transaction; an automated text
 * held to their send window, like the cancellation: they did not just write to us).
 */
export async function tellMoved(tx: Tx, deps: AppServices, events: EventBatch, appointment: AppointmentRow, token: string): Promise<void> {
  const conversation = await threadOf(tx, appointment);
  if (!conversation) return;
  const { business, typeName, when, where } = await describeBooking(tx, appointment);
  const body = `${business}: your ${typeName} is moved to ${when}${where}. ${BOOKING_REPLY_HINT} Add the new time to your calendar: ${deps.publicUrl}/a/${token}.ics`;
  await queueOutbound(tx, deps, events, { companyId: appointment.companyId, conversationId: conversation.id, body, author: 'system', automated: true, isReply: false, dedupeKey: `${APPOINTMENT_TEXT_PREFIX}moved:${appointment.id}:${appointment.startsAt.getTime()}` });
}

/** The `scheduling.reminder` job. Returns what it did (for tests and the log). */
export async function sendReminder(deps: AppServices, job: Pick<JobRecord<ReminderPayload>, 'payload'>): Promise<'sent' | 'scheduled' | 'skipped'> {
  return transactionWithEvents(deps, async (tx, events) => {
    const now = deps.clock.now();
    const [appointment] = await tx.select().from(appointments).where(eq(appointments.id, job.payload.appointmentId)).limit(1);
    if (!appointment || appointment.status !== 'booked' || appointment.startsAt.getTime() !== job.payload.startsAt) return 'skipped';
    const conversation = await threadOf(tx, appointment);
    if (!conversation) return 'skipped';
    // Held by their send window until too close to the appointment: better no reminder than one after it.
    const zones = await sendZonesOf(tx, appointment.companyId, appointment.contactId);
    if (nextSendTime(now.getTime(), zones) > appointment.startsAt.getTime() - 30 * MINUTE) return 'skipped';
    const { business, typeName, when, where } = await describeBooking(tx, appointment);
    const body = `Reminder from ${business}: ${typeName} ${job.payload.key === '24h' ? 'tomorrow' : 'today'}, ${when}${where}. ${BOOKING_REPLY_HINT}`;
    const message = await queueOutbound(tx, deps, events, { companyId: appointment.companyId, conversationId: conversation.id, body, author: 'system', automated: true, isReply: false, dedupeKey: `${APPOINTMENT_TEXT_PREFIX}reminder:${appointment.id}:${job.payload.key}` });
    return message.status === 'scheduled' ? 'scheduled' : message.status === 'blocked' ? 'skipped' : 'sent';
  });
}
