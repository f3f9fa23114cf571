import Fastify from 'fastify';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { appointments, auditLog, companies, contacts, leads, messages, users } from '@server/platform/db/schema';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { HOUR, MINUTE } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp } from '@server/testing/test-app';
import { businessWithNumber, type TestBusiness, textTheBusiness } from '@server/testing/business';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { sendReminder } from './appointment-texts';
import { bookSlot, SLOT_TAKEN_MESSAGE } from './scheduling.service';
import { registerSchedulingRoutes } from './scheduling.routes';

/**
 * Issue 24, moving a booking (`scheduling.appointments.move`): the booking keeps its id and gets the new time, a
 * new calendar link, a text to the customer and reminders for the new start (the old ones do nothing); a taken
 * time is refused by the exclusion constraint with the same words as a booking, also when a booking races the
 * move; a cancelled or past booking stays put; another company's booking is NOT_FOUND. The list gives the screen
 * what it shows.
 */
const t = setUpTestApp();
const CUSTOMER = '+13125550111';

beforeEach(() => {
  t.deps.clock.set(Date.parse('2027-01-11T14:00:00Z')); // Monday 8:00 in Chicago
});

async function setUp() {
  const s = await businessWithNumber(t.deps);
  await t.deps.db.update(companies).set({ timezone: 'America/Chicago' }).where(eq(companies.id, s.companyId));
  const caller = callerFor(t.deps, { authToken: s.token });
  const [owner] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.companyId, s.companyId));
  const hours = [{ start: 9 * 60, end: 12 * 60 }];
  await caller.scheduling.availability.set({ userId: owner!.id, weekly: { '2': hours, '3': hours, '4': hours }, overrides: {} });
  const type = await caller.scheduling.types.create({ name: 'Drain cleaning', durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 60, horizonDays: 14, location: 'customer_address', userIds: [] });
  await textTheBusiness(s, CUSTOMER, 'Hi my kitchen drain is clogged');
  const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.companyId, s.companyId));
  const [lead] = await t.deps.db.select().from(leads).where(eq(leads.contactId, contact!.id));
  return { s, caller, owner: owner!.id, type, contact: contact!, lead: lead! };
}

const book = (s: TestBusiness, input: { typeId: string; start: number; contactId: string; leadId: string | null }) =>
  transactionWithEvents(t.deps, (tx, events) => bookSlot(tx, t.deps, events, { companyId: s.companyId, ...input, start: new Date(input.start), address: '12 Oak St', bookedBy: 'staff', now: t.deps.clock.now() }));

const texts = async (s: TestBusiness) =>
  (await t.deps.db.select().from(messages).where(and(eq(messages.companyId, s.companyId), eq(messages.author, 'system'))).orderBy(messages.seq)).map((m) => m.body);

const TUESDAY_9 = Date.parse('2027-01-12T15:00:00Z');
const WEDNESDAY_10 = Date.parse('2027-01-13T16:00:00Z');

describe('moving a booking', () => {
  it('keeps its id, texts the new time with a new calendar link, and reminds for the new time only; the lead stays booked', async () => {
    const { s, caller, type, contact, lead } = await setUp();
    const { appointment, token: oldToken } = await book(s, { typeId: type.id, start: TUESDAY_9, contactId: contact.id, leadId: lead.id });
    await t.deps.queue.drain();
    t.deps.clock.advance(10 * MINUTE);

    const moved = await caller.scheduling.appointments.move({ id: appointment.id, start: WEDNESDAY_10 });
    expect(moved).toMatchObject({ id: appointment.id, status: 'booked', startsAt: new Date(WEDNESDAY_10), endsAt: new Date(WEDNESDAY_10 + HOUR) });
    expect(moved.icsTokenHash).not.toBe(appointment.icsTokenHash);
    await t.deps.queue.drain();
    const moveText = (await texts(s)).at(-1)!;
    expect(moveText).toMatch(/^Acme Plumbing: your Drain cleaning is moved to Wed, Jan 13, 10:00 AM CST at 12 Oak St\. Reply C to confirm or R to reschedule\. Add the new time to your calendar: http:\/\/localhost:3000\/a\/[A-Za-z0-9_-]{32,}\.ics$/);
    const [, newToken] = /\/a\/([A-Za-z0-9_-]+)\.ics$/.exec(moveText)!;
    const http = Fastify({ logger: false });
    registerSchedulingRoutes(http, { services: t.deps });
    expect((await http.inject({ method: 'GET', url: `/a/${newToken}.ics` })).statusCode).toBe(200);
    expect((await http.inject({ method: 'GET', url: `/a/${oldToken}.ics` })).statusCode).toBe(404);
    expect((await t.deps.db.select().from(leads).where(eq(leads.id, lead.id)))[0]!.status).toBe('booked');
    const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.companyId, s.companyId), eq(auditLog.action, 'scheduling.appointment_moved')));
    expect(audit).toMatchObject({ targetId: appointment.id, metadata: { from: new Date(TUESDAY_9).toISOString(), to: new Date(WEDNESDAY_10).toISOString() } });

    // The old time's reminder finds another start and does nothing.
    expect(await sendReminder(t.deps, { payload: { appointmentId: appointment.id, startsAt: TUESDAY_9, key: '2h' } })).toBe('skipped');
    // Monday 9:00 came and went (the old 24 h reminder's time): nothing. The new time's reminders go out.
    t.deps.clock.set(TUESDAY_9 - 2 * HOUR);
    await t.deps.queue.drain();
    expect((await texts(s)).filter((body) => body.startsWith('Reminder'))).toEqual([]);
    t.deps.clock.set(WEDNESDAY_10 - 24 * HOUR);
    await t.deps.queue.drain();
    t.deps.clock.set(WEDNESDAY_10 - 2 * HOUR);
    await t.deps.queue.drain();
    expect((await texts(s)).filter((body) => body.startsWith('Reminder'))).toEqual([
      'Reminder from Acme Plumbing: Drain cleaning tomorrow, Wed, Jan 13, 10:00 AM CST at 12 Oak St. Reply C to confirm or R to reschedule.',
      'Reminder from Acme Plumbing: Drain cleaning today, Wed, Jan 13, 10:00 AM CST at 12 Oak St. Reply C to confirm or R to reschedule.',
    ]);
  });

  it('onto a taken time: CONFLICT with the booking’s words; a move and a booking of one time at once: one wins', async () => {
    const { s, caller, type, contact, lead } = await setUp();
    const first = await book(s, { typeId: type.id, start: TUESDAY_9, contactId: contact.id, leadId: lead.id });
    const second = await book(s, { typeId: type.id, start: WEDNESDAY_10, contactId: contact.id, leadId: null });
    const refused = await trpcErrorOf(caller.scheduling.appointments.move({ id: second.appointment.id, start: TUESDAY_9 }));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toBe(SLOT_TAKEN_MESSAGE);
    expect((await t.deps.db.select().from(appointments).where(eq(appointments.id, second.appointment.id)))[0]!.startsAt).toEqual(new Date(WEDNESDAY_10));

    const thursday = Date.parse('2027-01-14T15:00:00Z');
    const results = await Promise.allSettled([
      caller.scheduling.appointments.move({ id: first.appointment.id, start: thursday }),
      book(s, { typeId: type.id, start: thursday, contactId: contact.id, leadId: null }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const loser = results.find((result): result is PromiseRejectedResult => result.status === 'rejected')!;
    expect((loser.reason as Error).message).toBe(SLOT_TAKEN_MESSAGE);
    const atThursday = await t.deps.db.select().from(appointments).where(and(eq(appointments.companyId, s.companyId), eq(appointments.startsAt, new Date(thursday))));
    expect(atThursday).toHaveLength(1);
  });

  it('refuses a cancelled or past booking and a time outside the rules; another company’s booking is NOT_FOUND', async () => {
    const { s, caller, type, contact, lead } = await setUp();
    const { appointment } = await book(s, { typeId: type.id, start: TUESDAY_9, contactId: contact.id, leadId: lead.id });
    await expect(caller.scheduling.appointments.move({ id: appointment.id, start: Date.parse('2027-01-12T20:00:00Z') })).rejects.toThrow('Nobody who takes this appointment works at that time.');
    await expect(caller.scheduling.appointments.move({ id: appointment.id, start: Date.parse('2027-01-28T15:00:00Z') })).rejects.toThrow('too far ahead');

    const other = await businessWithNumber(t.deps);
    const stranger = callerFor(t.deps, { authToken: other.token });
    expect((await trpcErrorOf(stranger.scheduling.appointments.move({ id: appointment.id, start: WEDNESDAY_10 }))).code).toBe('NOT_FOUND');

    t.deps.clock.set(TUESDAY_9 + MINUTE);
    const past = await trpcErrorOf(caller.scheduling.appointments.move({ id: appointment.id, start: Date.parse('2027-01-14T15:00:00Z') }));
    expect(past).toMatchObject({ code: 'CONFLICT', message: 'This appointment has already started, so it can’t be moved.' });

    t.deps.clock.set(Date.parse('2027-01-11T14:00:00Z'));
    const later = await book(s, { typeId: type.id, start: WEDNESDAY_10, contactId: contact.id, leadId: null });
    await caller.scheduling.appointments.cancel({ id: later.appointment.id });
    const cancelled = await trpcErrorOf(caller.scheduling.appointments.move({ id: later.appointment.id, start: Date.parse('2027-01-14T15:00:00Z') }));
    expect(cancelled).toMatchObject({ code: 'CONFLICT', message: 'This appointment is cancelled: book a new one instead.' });
  });

  it('lists what the screen shows: client, lead, address, member, and the customer’s answers', async () => {
    const { s, caller, owner, type, contact, lead } = await setUp();
    const { appointment } = await book(s, { typeId: type.id, start: TUESDAY_9, contactId: contact.id, leadId: lead.id });
    await t.deps.db.update(appointments).set({ confirmedAt: new Date(TUESDAY_9 - 20 * HOUR) }).where(eq(appointments.id, appointment.id));
    const { zone, items: [row] } = await caller.scheduling.appointments.list({ from: Date.parse('2027-01-11T00:00:00Z'), days: 7 });
    expect(zone).toBe('America/Chicago');
    expect(row).toMatchObject({
      id: appointment.id,
      typeId: type.id,
      typeName: 'Drain cleaning',
      userId: owner,
      contactId: contact.id,
      clientName: '(312) 555-0111',
      phone: CUSTOMER,
      leadId: lead.id,
      start: TUESDAY_9,
      end: TUESDAY_9 + HOUR,
      status: 'booked',
      location: 'customer_address',
      address: '12 Oak St',
      confirmedAt: TUESDAY_9 - 20 * HOUR,
      rescheduleRequestedAt: null,
    });
  });
});
