import { and, asc, eq, gt } from 'drizzle-orm';
import { SCHEDULING_FALLBACK_ZONE, type SlotOffer } from '@contracts/scheduling';
import { CLOSED_LEAD_STATUSES } from '@contracts/lead';
import { contactDisplayName } from '@contracts/person';
import { describeLocalTime } from '@contracts/send-window';
import type { AiBooking, AiSlot } from '@server/adapters/ai/ai.port';
import type { Tx } from '@server/platform/db/database';
import { appointments, appointmentTypes, type companies, type contacts, conversations, type leads } from '@server/platform/db/schema';
import { AppError } from '@server/platform/errors/app-error';
import type { EventBatch } from '@server/platform/events/domain-events';
import type { AppServices } from '@server/platform/services';
import { notify } from '@server/modules/notifications/notify.service';
import { bookSlot, openSlots } from '@server/modules/scheduling/scheduling.service';

/**
 * The assistant's booking tool, the engine's half (issue 24 item 2): which appointment type fits the lead, its free
 * times for the port (so an adapter can only offer real ones), the times offered last (kept on the thread), and the
 * booking of the one the person chose — by the scheduling service, whose database constraint refuses a time taken
 * meanwhile (then two other times are offered instead). The adapter never books by saying so.
 */

/** The zone the scheduling service reads hours in (decision 0038): the company's, New York until it is set. */
const schedulingZone = (company: { timezone: string | null }) => company.timezone ?? SCHEDULING_FALLBACK_ZONE;

/** At most this many free times reach the port: weeks of a busy calendar, and a bounded prompt. */
const MAX_SLOTS = 200;

type TypeRow = typeof appointmentTypes.$inferSelect;

export interface PreparedBooking {
  typeId: string;
  booking: AiBooking;
}

const wordsOf = (text: string): Set<string> =>
  new Set(
    text
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length >= 4)
      .map((word) => word.replace(/(ing|s)$/, '')),
  );

/**
 * The type for this lead: the active type whose name shares the most words with the lead's answers and summary; the
 * only active type when there is one; otherwise none (offering a roof inspection to a drain job would be worse than
 * letting the team set the time).
 */
export function typeForLead(types: readonly TypeRow[], lead: { answers: Record<string, string> | null; summary: string | null }): TypeRow | null {
  const active = types.filter((type) => type.active);
  if (active.length === 0) return null;
  const said = wordsOf([...Object.values(lead.answers ?? {}), lead.summary ?? ''].join(' '));
  const scored = active.map((type) => ({ type, score: [...wordsOf(type.name)].filter((word) => said.has(word)).length })).sort((a, b) => b.score - a.score);
  if (scored[0]!.score > 0 && scored[0]!.score > (scored[1]?.score ?? 0)) return scored[0]!.type;
  return active.length === 1 ? active[0]! : null;
}

/** What the port reads about booking for this thread, or null when nothing can be booked for the lead now. */
export async function prepareBooking(
  tx: Tx,
  ctx: { company: typeof companies.$inferSelect; conversation: typeof conversations.$inferSelect; contact: typeof contacts.$inferSelect; lead: typeof leads.$inferSelect | null; timezone: string },
  now: Date,
): Promise<PreparedBooking | null> {
  const lead = ctx.lead;
  if (!lead || (CLOSED_LEAD_STATUSES as readonly string[]).includes(lead.status)) return null;
  return prepareBookingFor(tx, { company: ctx.company, contactId: ctx.contact.id, answers: lead.answers, summary: lead.summary, offer: ctx.conversation.slotOffer }, now);
}

/**
 * The core of prepareBooking, for whatever holds the conversation (a text thread, an AI-answered call: decision 0048,
 * "Booking by phone"): the type that fits what the person said, its free times, which of the times offered last
 * (`offer`) are still free, and the person's booking ahead (`contactId`: null when they are not a client yet).
 */
export async function prepareBookingFor(
  tx: Tx,
  ctx: { company: typeof companies.$inferSelect; contactId: string | null; answers: Record<string, string> | null; summary: string | null; offer: Pick<SlotOffer, 'typeId' | 'starts'> | null },
  now: Date,
): Promise<PreparedBooking | null> {
  const types = await tx.select().from(appointmentTypes).where(eq(appointmentTypes.companyId, ctx.company.id)).orderBy(asc(appointmentTypes.createdAt));
  const type = typeForLead(types, { answers: ctx.answers, summary: ctx.summary });
  if (!type) return null;
  const [ahead] = ctx.contactId
    ? await tx
        .select({ start: appointments.startsAt, end: appointments.endsAt })
        .from(appointments)
        .where(and(eq(appointments.companyId, ctx.company.id), eq(appointments.contactId, ctx.contactId), eq(appointments.status, 'booked'), gt(appointments.startsAt, now)))
        .orderBy(asc(appointments.startsAt))
        .limit(1)
    : [];
  const booked = ahead ? { start: ahead.start.getTime(), end: ahead.end.getTime() } : null;
  // Hours are kept in the company's zone, as the scheduling service reads them.
  const slots: AiSlot[] = booked ? [] : (await openSlots(tx, type, now, schedulingZone(ctx.company))).slice(0, MAX_SLOTS).map((slot) => ({ start: slot.start, end: slot.end }));
  const offer = ctx.offer;
  const offered = offer && offer.typeId === type.id ? offer.starts.map((start) => slots.find((slot) => slot.start === start)).filter((slot): slot is AiSlot => slot !== undefined) : [];
  return { typeId: type.id, booking: { typeName: type.name, durationMinutes: type.durationMinutes, slots, offered, booked } };
}

/** Remembers the times a reply offered (only free ones), or forgets an offer (null). */
export async function rememberOffer(tx: Tx, conversationId: string, prepared: PreparedBooking | null, starts: readonly number[], now: Date): Promise<void> {
  const free = prepared ? starts.filter((start) => prepared.booking.slots.some((slot) => slot.start === start)) : [];
  const offer: SlotOffer | null = prepared && free.length > 0 ? { typeId: prepared.typeId, starts: [...free], window: null, offeredAt: now.getTime() } : null;
  await tx.update(conversations).set({ slotOffer: offer, updatedAt: now }).where(eq(conversations.id, conversationId));
}

export type BookingOutcome = { booked: true; reason: string; appointmentId: string; start: number } | { booked: false; reason: string; others: AiSlot[] };

/**
 * Books the time the person chose, in the turn's transaction: the confirmation (with the calendar link) and the
 * reminders are queued by the booking, the lead moves to booked, the team is told. A time that is not free (taken
 * a moment ago, or never offered) is not booked: the two nearest other free times come back to offer instead.
 */
export async function bookChosen(
  tx: Tx,
  deps: AppServices,
  events: EventBatch,
  ctx: { company: typeof companies.$inferSelect; contact: typeof contacts.$inferSelect; conversation: typeof conversations.$inferSelect; lead: typeof leads.$inferSelect | null; timezone: string },
  prepared: PreparedBooking,
  start: number,
  options: { holdConfirmation?: boolean } = {},
): Promise<BookingOutcome> {
  const now = deps.clock.now();
  // The two free times nearest the one asked for, read again now (what was free when the turn began may not be).
  const others = async (): Promise<AiSlot[]> => {
    const [type] = await tx.select().from(appointmentTypes).where(eq(appointmentTypes.id, prepared.typeId)).limit(1);
    const free = type ? await openSlots(tx, type, now, schedulingZone(ctx.company)) : [];
    return free
      .filter((slot) => slot.start !== start)
      .sort((a, b) => Math.abs(a.start - start) - Math.abs(b.start - start))
      .slice(0, 2)
      .sort((a, b) => a.start - b.start)
      .map((slot) => ({ start: slot.start, end: slot.end }));
  };
  if (!prepared.booking.slots.some((slot) => slot.start === start)) return { booked: false, reason: 'The chosen time is not one of the free times: nothing was booked.', others: await others() };
  const address = [ctx.contact.addressLine1, ctx.contact.city, ctx.contact.region, ctx.contact.postalCode].filter(Boolean).join(', ') || null;
  try {
    const { appointment } = await bookSlot(tx, deps, events, { companyId: ctx.company.id, typeId: prepared.typeId, start: new Date(start), contactId: ctx.contact.id, leadId: ctx.lead?.id ?? null, address, bookedBy: 'assistant', holdConfirmation: options.holdConfirmation ?? false, now });
    await rememberOffer(tx, ctx.conversation.id, null, [], now);
    const when = describeLocalTime(appointment.startsAt.getTime(), ctx.timezone);
    await notify(tx, deps, { company: ctx.company, event: 'booking', title: `The assistant booked ${contactDisplayName(ctx.contact)}`, body: `${prepared.booking.typeName} on ${when}.`, link: '/scheduling' });
    return { booked: true, reason: `Booked ${prepared.booking.typeName} on ${when}; ${options.holdConfirmation ? 'the reminders are queued, the confirmation goes with the text after the call' : 'the confirmation and reminders are queued'}.`, appointmentId: appointment.id, start: appointment.startsAt.getTime() };
  } catch (error) {
    if (!(error instanceof AppError) || (error.code !== 'CONFLICT' && error.code !== 'INVALID')) throw error;
    return { booked: false, reason: `Could not book it: ${error.message}`, others: await others() };
  }
}
