import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import { type AppointmentLocation, DEFAULT_WORKING_WEEK, type DateOverrides, SCHEDULING_FALLBACK_ZONE, SLOT_STEP_MINUTES, type WorkingWeek } from '@contracts/scheduling';
import type { DbOrTx, Tx } from '@server/platform/db/database';
import { appointments, appointmentTypes, calendarBusyBlocks, companies, contacts, leads, memberAvailability, users } from '@server/platform/db/schema';
import type { CompanyScope } from '@server/platform/db/scope';
import { AppError, invalidField, notFound } from '@server/platform/errors/app-error';
import { contactDisplayName } from '@contracts/person';
import { type EventBatch, transactionWithEvents } from '@server/platform/events/domain-events';
import { DAY, MINUTE } from '@server/platform/lib/clock';
import { writeUserAudit } from '@server/modules/audit/audit.service';
import { assertMayCall, isOwnerOrAdmin } from '@server/modules/team/managers';
import type { AppServices } from '@server/platform/services';
import { generateToken, sha256Hex } from '@server/platform/lib/crypto';
import { hasPostgresCode } from '@server/platform/db/pg-errors';
import { confirmBooking, queueReminders, tellCancelled, tellMoved } from './appointment-texts';
import { freeSlots, type Interval, type SlotRules, withinHours } from './slots';

/**
 * Scheduling (issue 24, its core): appointment types, each team member's hours, the free slots of a type, and
 * bookings that never collide — the database refuses two bookings of one person whose times (with buffers)
 * overlap (an exclusion constraint, migration 0027), so two people taking the same slot at once get one booking
 * and one "just taken". Every call is scoped to the caller's company: another company's ids are NOT_FOUND.
 */
type TypeRow = typeof appointmentTypes.$inferSelect;

export interface AppointmentTypeInput {
  name: string;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  location: AppointmentLocation;
  userIds: string[];
}

async function companyZone(db: DbOrTx, companyId: string): Promise<string> {
  const [company] = await db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return company?.timezone ?? SCHEDULING_FALLBACK_ZONE;
}

async function ownType(db: DbOrTx, companyId: string, id: string): Promise<TypeRow> {
  const [type] = await db.select().from(appointmentTypes).where(and(eq(appointmentTypes.id, id), eq(appointmentTypes.companyId, companyId))).limit(1);
  if (!type) throw notFound('Appointment type');
  return type;
}

/** Only members of the company may take a type. */
async function checkMembers(db: DbOrTx, companyId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const found = await db.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), inArray(users.id, userIds)));
  if (found.length !== new Set(userIds).size) throw invalidField('userIds', 'Choose people on your team');
}

export async function listAppointmentTypes(scope: CompanyScope) {
  return scope.db.select().from(appointmentTypes).where(eq(appointmentTypes.companyId, scope.companyId)).orderBy(asc(appointmentTypes.createdAt));
}

export async function createAppointmentType(scope: CompanyScope, input: AppointmentTypeInput) {
  await assertMayCall(scope.db, scope, 'scheduling.types.create', 'appointment types');
  await checkMembers(scope.db, scope.companyId, input.userIds);
  const [type] = await scope.db
    .insert(appointmentTypes)
    .values({ companyId: scope.companyId, ...input, userIds: [...new Set(input.userIds)], active: true, createdAt: scope.now, updatedAt: scope.now })
    .returning();
  await writeUserAudit(scope.db, scope, { action: 'scheduling.type_created', targetType: 'appointment_type', targetId: type!.id, metadata: { name: input.name } });
  return type!;
}

export async function updateAppointmentType(scope: CompanyScope, id: string, input: AppointmentTypeInput & { active: boolean }) {
  await assertMayCall(scope.db, scope, 'scheduling.types.update', 'appointment types');
  await ownType(scope.db, scope.companyId, id);
  await checkMembers(scope.db, scope.companyId, input.userIds);
  const [type] = await scope.db
    .update(appointmentTypes)
    .set({ ...input, userIds: [...new Set(input.userIds)], updatedAt: scope.now })
    .where(and(eq(appointmentTypes.id, id), eq(appointmentTypes.companyId, scope.companyId)))
    .returning();
  return type!;
}

/** A member's hours: as set, or Monday–Friday 8–5 until they are. */
export async function getAvailability(scope: CompanyScope, userId: string) {
  const [member] = await scope.db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.companyId, scope.companyId))).limit(1);
  if (!member) throw notFound('Team member');
  const [row] = await scope.db.select().from(memberAvailability).where(eq(memberAvailability.userId, userId)).limit(1);
  return { userId, weekly: row?.weekly ?? DEFAULT_WORKING_WEEK, overrides: row?.overrides ?? {}, zone: await companyZone(scope.db, scope.companyId) };
}

/** Sets a member's hours: the owner or an admin for anyone, each member for themselves. */
export async function setAvailability(scope: CompanyScope, input: { userId: string; weekly: WorkingWeek; overrides: DateOverrides }) {
  const [member] = await scope.db.select({ id: users.id }).from(users).where(and(eq(users.id, input.userId), eq(users.companyId, scope.companyId))).limit(1);
  if (!member) throw notFound('Team member');
  if (input.userId !== scope.userId && !(await isOwnerOrAdmin(scope.db, scope))) throw new AppError('FORBIDDEN', 'Only the owner or an admin can change someone else’s hours.');
  await scope.db
    .insert(memberAvailability)
    .values({ userId: input.userId, companyId: scope.companyId, weekly: input.weekly, overrides: input.overrides, updatedAt: scope.now })
    .onConflictDoUpdate({ target: memberAvailability.userId, set: { weekly: input.weekly, overrides: input.overrides, updatedAt: scope.now } });
  return getAvailability(scope, input.userId);
}

const rulesOf = (type: TypeRow): SlotRules => ({
  durationMinutes: type.durationMinutes,
  bufferBeforeMinutes: type.bufferBeforeMinutes,
  bufferAfterMinutes: type.bufferAfterMinutes,
  minNoticeMinutes: type.minNoticeMinutes,
  horizonDays: type.horizonDays,
  stepMinutes: Math.min(SLOT_STEP_MINUTES, type.durationMinutes),
});

/** Who may take a type: the members it names (still on the team), or everyone on the team. */
async function takersOf(db: DbOrTx, type: TypeRow) {
  const team = await db.select({ id: users.id, firstName: users.firstName }).from(users).where(eq(users.companyId, type.companyId)).orderBy(asc(users.createdAt));
  const named = new Set(type.userIds);
  const takers = named.size === 0 ? team : team.filter((member) => named.has(member.id));
  const hours = takers.length > 0 ? await db.select().from(memberAvailability).where(inArray(memberAvailability.userId, takers.map((member) => member.id))) : [];
  return takers.map((member) => {
    const row = hours.find((candidate) => candidate.userId === member.id);
    return { ...member, weekly: row?.weekly ?? DEFAULT_WORKING_WEEK, overrides: row?.overrides ?? {} };
  });
}

/** Each member's booked time (with buffers) and their calendar's busy times that overlap [from, to). */
async function busyOf(db: DbOrTx, userIds: string[], from: number, to: number): Promise<Map<string, Interval[]>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select({ userId: appointments.userId, start: appointments.blockStart, end: appointments.blockEnd })
          .from(appointments)
          .where(and(inArray(appointments.userId, userIds), eq(appointments.status, 'booked'), lt(appointments.blockStart, new Date(to)), gt(appointments.blockEnd, new Date(from))));
  // Busy times of the members' connected calendars (Google Calendar, kept by the integrations' sync, decision 0055).
  const external =
    userIds.length === 0
      ? []
      : await db
          .select({ userId: calendarBusyBlocks.userId, start: calendarBusyBlocks.startsAt, end: calendarBusyBlocks.endsAt })
          .from(calendarBusyBlocks)
          .where(and(inArray(calendarBusyBlocks.userId, userIds), lt(calendarBusyBlocks.startsAt, new Date(to)), gt(calendarBusyBlocks.endsAt, new Date(from))));
  const busy = new Map<string, Interval[]>();
  for (const row of [...rows, ...external]) busy.set(row.userId, [...(busy.get(row.userId) ?? []), { start: row.start.getTime(), end: row.end.getTime() }]);
  return busy;
}

export interface OpenSlot {
  start: number;
  end: number;
  /** Who could take it, in the order they would be given it. */
  userIds: string[];
}

/** The free slots of a type across the people who take it, earliest first, reckoned in the company's zone. */
export async function openSlots(db: DbOrTx, type: TypeRow, now: Date, zone: string): Promise<OpenSlot[]> {
  const takers = await takersOf(db, type);
  const rules = rulesOf(type);
  const busy = await busyOf(db, takers.map((taker) => taker.id), now.getTime() - DAY, now.getTime() + (type.horizonDays + 1) * DAY);
  const byStart = new Map<number, OpenSlot>();
  for (const taker of takers) {
    for (const slot of freeSlots({ zone, weekly: taker.weekly, overrides: taker.overrides, rules, busy: busy.get(taker.id) ?? [], now: now.getTime() })) {
      const open = byStart.get(slot.start) ?? { start: slot.start, end: slot.end, userIds: [] };
      open.userIds.push(taker.id);
      byStart.set(slot.start, open);
    }
  }
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}

export async function listOpenSlots(scope: CompanyScope, typeId: string) {
  const type = await ownType(scope.db, scope.companyId, typeId);
  const zone = await companyZone(scope.db, scope.companyId);
  return { zone, slots: await openSlots(scope.db, type, scope.now, zone) };
}

/** Postgres's "conflicting key value violates exclusion constraint". */
const isOverlap = (error: unknown): boolean => hasPostgresCode(error, '23P01');

export const SLOT_TAKEN_MESSAGE = 'That time was just taken: choose another.';

export interface BookingInput {
  companyId: string;
  typeId: string;
  start: Date;
  contactId: string;
  leadId: string | null;
  /** A particular member; otherwise the first free one who takes the type. */
  userId?: string | null;
  address?: string | null;
  notes?: string | null;
  bookedBy: 'assistant' | 'staff';
  bookedByUserId?: string | null;
  /**
   * The confirmation text waits (the reminders are still queued): a booking made on an AI-answered call, whose one
   * text after the call carries it (decision 0048, "Booking by phone"; heldConfirmation in appointment-texts.ts).
   */
  holdConfirmation?: boolean;
  now: Date;
}

/**
 * Books a slot in the caller's transaction: for each member who could take it, in turn, an insert the exclusion
 * constraint may refuse (inside a savepoint, so a refusal leaves the transaction usable); the first that holds is
 * the booking. None: CONFLICT with SLOT_TAKEN_MESSAGE. The lead moves to booked; the customer's confirmation (with
 * the calendar link) and reminders are queued. Returns the booking and the calendar link's token (only its hash is
 * stored).
 */
export async function bookSlot(tx: Tx, deps: AppServices, events: EventBatch, input: BookingInput) {
  const type = await ownType(tx, input.companyId, input.typeId);
  if (!type.active) throw new AppError('CONFLICT', 'This appointment type is turned off.');
  const zone = await companyZone(tx, input.companyId);
  const start = input.start.getTime();
  const end = start + type.durationMinutes * MINUTE;
  if (start < input.now.getTime() + type.minNoticeMinutes * MINUTE) throw invalidField('start', 'That time is too soon to book.');
  if (start > input.now.getTime() + type.horizonDays * DAY) throw invalidField('start', 'That time is too far ahead to book.');
  const takers = (await takersOf(tx, type)).filter((taker) => !input.userId || taker.id === input.userId);
  if (input.userId && takers.length === 0) throw invalidField('userId', 'That person does not take this kind of appointment.');
  let working = takers.filter((taker) => withinHours({ zone, weekly: taker.weekly, overrides: taker.overrides, start, end }));
  if (working.length === 0) throw invalidField('start', 'Nobody who takes this appointment works at that time.');
  if (input.bookedBy === 'assistant') {
    // The assistant books only what it may offer: not over a member's connected-calendar busy time that appeared
    // since the offer (staff may book over one: they decide). Decision 0055.
    const blocked = new Set(
      (
        await tx
          .select({ userId: calendarBusyBlocks.userId })
          .from(calendarBusyBlocks)
          .where(and(inArray(calendarBusyBlocks.userId, working.map((taker) => taker.id)), lt(calendarBusyBlocks.startsAt, new Date(end + type.bufferAfterMinutes * MINUTE)), gt(calendarBusyBlocks.endsAt, new Date(start - type.bufferBeforeMinutes * MINUTE))))
      ).map((row) => row.userId),
    );
    working = working.filter((taker) => !blocked.has(taker.id));
    if (working.length === 0) throw new AppError('CONFLICT', SLOT_TAKEN_MESSAGE);
  }
  const [contact] = await tx.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.id, input.contactId), eq(contacts.companyId, input.companyId))).limit(1);
  if (!contact) throw notFound('Client');
  if (input.leadId) {
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(and(eq(leads.id, input.leadId), eq(leads.companyId, input.companyId), eq(leads.contactId, input.contactId))).limit(1);
    if (!lead) throw notFound('Lead');
  }
  const token = generateToken();
  for (const taker of working) {
    try {
      const booked = await tx.transaction(async (savepoint) => {
        const [row] = await savepoint
          .insert(appointments)
          .values({
            companyId: input.companyId,
            typeId: type.id,
            userId: taker.id,
            contactId: input.contactId,
            leadId: input.leadId,
            startsAt: new Date(start),
            endsAt: new Date(end),
            blockStart: new Date(start - type.bufferBeforeMinutes * MINUTE),
            blockEnd: new Date(end + type.bufferAfterMinutes * MINUTE),
            status: 'booked',
            location: type.location,
            address: input.address ?? null,
            notes: input.notes ?? null,
            bookedBy: input.bookedBy,
            bookedByUserId: input.bookedByUserId ?? null,
            icsTokenHash: sha256Hex(token),
            createdAt: input.now,
            updatedAt: input.now,
          })
          .returning();
        return row!;
      });
      if (input.leadId) {
        const [lead] = await tx.select({ status: leads.status }).from(leads).where(and(eq(leads.id, input.leadId), eq(leads.companyId, input.companyId))).limit(1);
        if (lead && lead.status !== 'booked') {
          await tx.update(leads).set({ status: 'booked', updatedAt: input.now, lastActivityAt: input.now }).where(eq(leads.id, input.leadId));
          events.add(input.companyId, { type: 'lead.status_changed', data: { leadId: input.leadId, from: lead.status, to: 'booked' } });
        }
      }
      events.add(input.companyId, { type: 'appointment.booked', data: { appointmentId: booked.id } });
      if (input.holdConfirmation) await queueReminders(tx, deps, booked);
      else await confirmBooking(tx, deps, events, booked, token);
      return { appointment: booked, token };
    } catch (error) {
      if (isOverlap(error)) continue;
      throw error;
    }
  }
  throw new AppError('CONFLICT', SLOT_TAKEN_MESSAGE);
}


/**
 * Bookings from `from` for `days` days (the list and the day/week view), cancelled ones included: with what the
 * screen shows of each — the client (name, phone, their address for a visit), the lead, the type, the member, and
 * the customer's answers to the reminders (confirmed, asked to reschedule) — and the company's zone.
 */
export async function listAppointments(scope: CompanyScope, input: { from: Date; days: number }) {
  const rows = await scope.db
    .select({
      appointment: appointments,
      typeName: appointmentTypes.name,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      phone: contacts.phone,
      memberFirstName: users.firstName,
      memberLastName: users.lastName,
    })
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .innerJoin(contacts, eq(contacts.id, appointments.contactId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(and(eq(appointments.companyId, scope.companyId), gt(appointments.endsAt, input.from), lt(appointments.startsAt, new Date(input.from.getTime() + input.days * DAY))))
    .orderBy(asc(appointments.startsAt));
  const items = rows.map(({ appointment, ...row }) => ({
    id: appointment.id,
    typeId: appointment.typeId,
    typeName: row.typeName,
    userId: appointment.userId,
    memberName: [row.memberFirstName, row.memberLastName].filter(Boolean).join(' '),
    contactId: appointment.contactId,
    clientName: contactDisplayName(row),
    phone: row.phone,
    leadId: appointment.leadId,
    start: appointment.startsAt.getTime(),
    end: appointment.endsAt.getTime(),
    status: appointment.status,
    location: appointment.location,
    address: appointment.address,
    notes: appointment.notes,
    bookedBy: appointment.bookedBy,
    createdAt: appointment.createdAt.getTime(),
    cancelledAt: appointment.cancelledAt?.getTime() ?? null,
    confirmedAt: appointment.confirmedAt?.getTime() ?? null,
    rescheduleRequestedAt: appointment.rescheduleRequestedAt?.getTime() ?? null,
  }));
  // The zone the screen draws its days in: the one slots are reckoned in.
  return { zone: await companyZone(scope.db, scope.companyId), items };
}

/**
 * Moves a booking to a new time (and perhaps another member), keeping its id: the same rules as booking (notice,
 * horizon, working hours, the member takes the type), and the same last word — the update runs in a savepoint
 * for each member in turn (its own member first), so the exclusion constraint refuses a collision exactly as it
 * refuses a second booking (CONFLICT, SLOT_TAKEN_MESSAGE). A cancelled or already started booking is not moved.
 * The booking gets a new calendar link (only its hash is kept; the old link stops working), the customer is told
 * the new time with it, and reminders are queued for the new start (the old ones find another start and do
 * nothing). The lead stays as it is (booked). Any signed-in member of the company may move a booking.
 */
export async function moveAppointment(scope: CompanyScope, deps: AppServices, input: { id: string; start: Date; userId?: string | null | undefined }) {
  return transactionWithEvents(deps, async (tx, events) => {
    const [current] = await tx
      .select()
      .from(appointments)
      .where(and(eq(appointments.id, input.id), eq(appointments.companyId, scope.companyId)))
      .for('update')
      .limit(1);
    if (!current) throw notFound('Appointment');
    if (current.status !== 'booked') throw new AppError('CONFLICT', 'This appointment is cancelled: book a new one instead.');
    if (current.startsAt.getTime() <= scope.now.getTime()) throw new AppError('CONFLICT', 'This appointment has already started, so it can’t be moved.');
    const type = await ownType(tx, scope.companyId, current.typeId);
    const zone = await companyZone(tx, scope.companyId);
    const start = input.start.getTime();
    const end = start + type.durationMinutes * MINUTE;
    if (start === current.startsAt.getTime() && (!input.userId || input.userId === current.userId)) throw invalidField('start', 'That is the time it is booked for already.');
    if (start < scope.now.getTime() + type.minNoticeMinutes * MINUTE) throw invalidField('start', 'That time is too soon to book.');
    if (start > scope.now.getTime() + type.horizonDays * DAY) throw invalidField('start', 'That time is too far ahead to book.');
    const takers = (await takersOf(tx, type)).filter((taker) => !input.userId || taker.id === input.userId);
    if (input.userId && takers.length === 0) throw invalidField('userId', 'That person does not take this kind of appointment.');
    // Its own member first: a move keeps the person the customer expects when they are free.
    const working = takers
      .filter((taker) => withinHours({ zone, weekly: taker.weekly, overrides: taker.overrides, start, end }))
      .sort((a, b) => Number(b.id === current.userId) - Number(a.id === current.userId));
    if (working.length === 0) throw invalidField('start', 'Nobody who takes this appointment works at that time.');
    const token = generateToken();
    for (const taker of working) {
      try {
        const moved = await tx.transaction(async (savepoint) => {
          const [row] = await savepoint
            .update(appointments)
            .set({
              userId: taker.id,
              startsAt: new Date(start),
              endsAt: new Date(end),
              blockStart: new Date(start - type.bufferBeforeMinutes * MINUTE),
              blockEnd: new Date(end + type.bufferAfterMinutes * MINUTE),
              icsTokenHash: sha256Hex(token),
              // A new time: their earlier C was for the old one, and an R is answered by the move.
              confirmedAt: null,
              rescheduleRequestedAt: null,
              updatedAt: scope.now,
            })
            .where(eq(appointments.id, current.id))
            .returning();
          return row!;
        });
        await writeUserAudit(tx, scope, {
          action: 'scheduling.appointment_moved',
          targetType: 'appointment',
          targetId: moved.id,
          metadata: { from: current.startsAt.toISOString(), to: moved.startsAt.toISOString(), fromUserId: current.userId, toUserId: moved.userId },
        });
        events.add(scope.companyId, { type: 'appointment.moved', data: { appointmentId: moved.id } });
        await tellMoved(tx, deps, events, moved, token);
        await queueReminders(tx, deps, moved);
        return moved;
      } catch (error) {
        if (isOverlap(error)) continue;
        throw error;
      }
    }
    throw new AppError('CONFLICT', SLOT_TAKEN_MESSAGE);
  });
}

/** Cancels a booking (its time is free again at once) and tells the customer. Any signed-in member may. */
export async function cancelAppointment(scope: CompanyScope, deps: AppServices, id: string) {
  return transactionWithEvents(deps, async (tx, events) => {
    const row = await cancelRow(tx, scope, id);
    await writeUserAudit(tx, scope, { action: 'scheduling.appointment_cancelled', targetType: 'appointment', targetId: row.id, metadata: { startsAt: row.startsAt.toISOString() } });
    events.add(scope.companyId, { type: 'appointment.cancelled', data: { appointmentId: row.id } });
    await tellCancelled(tx, deps, events, row);
    return row;
  });
}

async function cancelRow(tx: Tx, scope: CompanyScope, id: string) {
  const [row] = await tx
    .update(appointments)
    .set({ status: 'cancelled', cancelledAt: scope.now, updatedAt: scope.now })
    .where(and(eq(appointments.id, id), eq(appointments.companyId, scope.companyId), eq(appointments.status, 'booked')))
    .returning();
  if (!row) {
    const [exists] = await tx.select({ id: appointments.id }).from(appointments).where(and(eq(appointments.id, id), eq(appointments.companyId, scope.companyId))).limit(1);
    if (!exists) throw notFound('Appointment');
    throw new AppError('CONFLICT', 'This appointment is already cancelled.');
  }
  return row;
}
