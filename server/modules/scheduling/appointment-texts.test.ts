import Fastify from 'fastify';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { companies, contacts, leads, messages, users } from '@server/platform/db/schema';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { HOUR, MINUTE } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp } from '@server/testing/test-app';
import { businessWithNumber, type TestBusiness, textTheBusiness } from '@server/testing/business';
import { bookSlot } from './scheduling.service';
import { registerSchedulingRoutes } from './scheduling.routes';

/**
 * Issue 24 item 3, first part: the confirmation text with an unguessable `.ics` link (read back with ical.js: the
 * right UTC times), reminders 24 h and 2 h before on a fake clock, none for a cancelled booking, and none the send
 * window would hold until too close to the appointment.
 */
const t = setUpTestApp();
const CUSTOMER = '+13125550111'; // Chicago, like the business

beforeEach(() => {
  t.deps.clock.set(Date.parse('2027-01-11T14:00:00Z')); // Monday 8:00 in Chicago
});

async function setUp(hours: { start: number; end: number } = { start: 8 * 60, end: 12 * 60 }) {
  const s = await businessWithNumber(t.deps);
  await t.deps.db.update(companies).set({ timezone: 'America/Chicago' }).where(eq(companies.id, s.companyId));
  const caller = callerFor(t.deps, { authToken: s.token });
  const [owner] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.companyId, s.companyId));
  await caller.scheduling.availability.set({ userId: owner!.id, weekly: { '2': [hours], '3': [hours] }, overrides: {} });
  const type = await caller.scheduling.types.create({ name: 'Drain cleaning', durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 60, horizonDays: 14, location: 'customer_address', userIds: [] });
  await textTheBusiness(s, CUSTOMER, 'Hi my kitchen drain is clogged');
  const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.companyId, s.companyId));
  const [lead] = await t.deps.db.select().from(leads).where(eq(leads.contactId, contact!.id));
  return { s, caller, type, contact: contact!, lead: lead! };
}

const book = (s: TestBusiness, input: { typeId: string; start: number; contactId: string; leadId: string | null; address?: string }) =>
  transactionWithEvents(t.deps, (tx, events) => bookSlot(tx, t.deps, events, { companyId: s.companyId, ...input, start: new Date(input.start), bookedBy: 'staff', now: t.deps.clock.now() }));

const texts = async (s: TestBusiness) =>
  (await t.deps.db.select().from(messages).where(and(eq(messages.companyId, s.companyId), eq(messages.author, 'system'))).orderBy(messages.seq)).map((m) => ({ body: m.body, status: m.status, at: m.createdAt.toISOString() }));

describe('booking texts', () => {
  it('confirms with a calendar link whose file has the right UTC times; a cancelled booking’s file says so; a wrong link is 404', async () => {
    const { s, caller, type, contact, lead } = await setUp();
    const { appointment, token } = await book(s, { typeId: type.id, start: Date.parse('2027-01-12T15:00:00Z'), contactId: contact.id, leadId: lead.id, address: '12 Oak St' });
    await t.deps.queue.drain();
    const [confirmation] = await texts(s);
    expect(confirmation!.body).toBe(`Acme Plumbing: you're booked for Drain cleaning on Tue, Jan 12, 9:00 AM CST at 12 Oak St. Reply C to confirm or R to reschedule. Add it to your calendar: http://localhost:3000/a/${token}.ics`);
    expect(token.length).toBeGreaterThanOrEqual(32);

    const http = Fastify({ logger: false });
    registerSchedulingRoutes(http, { services: t.deps });
    const file = await http.inject({ method: 'GET', url: `/a/${token}.ics` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/calendar/);
    const event = new ICAL.Component(ICAL.parse(file.body)).getFirstSubcomponent('vevent')!;
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe('2027-01-12T15:00:00.000Z');
    expect((event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString()).toBe('2027-01-12T16:00:00.000Z');
    expect(event.getFirstPropertyValue('location')).toBe('12 Oak St');
    expect(event.getFirstPropertyValue('status')).toBe('CONFIRMED');
    // Nothing else about the client is in it.
    expect(file.body).not.toContain(CUSTOMER);

    await caller.scheduling.appointments.cancel({ id: appointment.id });
    await t.deps.queue.drain();
    expect((await texts(s)).at(-1)!.body).toBe("Acme Plumbing: your Drain cleaning on Tue, Jan 12, 9:00 AM CST is cancelled. Reply here if you'd like a new time.");
    const cancelled = await http.inject({ method: 'GET', url: `/a/${token}.ics` });
    expect(new ICAL.Component(ICAL.parse(cancelled.body)).getFirstSubcomponent('vevent')!.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect((await http.inject({ method: 'GET', url: `/a/${'x'.repeat(32)}.ics` })).statusCode).toBe(404);
    expect((await http.inject({ method: 'GET', url: `/a/${appointment.id}.ics` })).statusCode).toBe(404);
  });

  it('reminds 24 h and 2 h before; a cancelled booking gets none', async () => {
    const { s, caller, type, contact, lead } = await setUp();
    const start = Date.parse('2027-01-13T16:00:00Z'); // Wednesday 10:00 Chicago
    await book(s, { typeId: type.id, start, contactId: contact.id, leadId: lead.id });
    t.deps.clock.set(start - 24 * HOUR - MINUTE);
    await t.deps.queue.drain();
    expect(await texts(s)).toHaveLength(1);
    t.deps.clock.set(start - 24 * HOUR);
    await t.deps.queue.drain();
    t.deps.clock.set(start - 2 * HOUR);
    await t.deps.queue.drain();
    const sent = await texts(s);
    expect(sent.map((text) => text.body)).toEqual([
      expect.stringContaining("you're booked for Drain cleaning"),
      'Reminder from Acme Plumbing: Drain cleaning tomorrow, Wed, Jan 13, 10:00 AM CST. Reply C to confirm or R to reschedule.',
      'Reminder from Acme Plumbing: Drain cleaning today, Wed, Jan 13, 10:00 AM CST. Reply C to confirm or R to reschedule.',
    ]);
    expect(sent.map((text) => text.at)).toEqual([expect.any(String), new Date(start - 24 * HOUR).toISOString(), new Date(start - 2 * HOUR).toISOString()]);

    // Another booking, cancelled: no reminder.
    t.deps.clock.set(Date.parse('2027-01-11T14:00:00Z'));
    const other = await book(s, { typeId: type.id, start: Date.parse('2027-01-13T17:00:00Z'), contactId: contact.id, leadId: null });
    await caller.scheduling.appointments.cancel({ id: other.appointment.id });
    t.deps.clock.set(Date.parse('2027-01-13T17:00:00Z'));
    await t.deps.queue.drain();
    expect((await texts(s)).filter((text) => text.body.startsWith('Reminder'))).toHaveLength(2);
  });

  it('an 8 am appointment: the 24 h reminder waits for 9 am the day before, the 2 h one (6 am) is not sent', async () => {
    const { s, type, contact, lead } = await setUp();
    const start = Date.parse('2027-01-13T14:00:00Z'); // Wednesday 8:00 Chicago
    await book(s, { typeId: type.id, start, contactId: contact.id, leadId: lead.id });
    t.deps.clock.set(start - 24 * HOUR);
    await t.deps.queue.drain();
    expect((await texts(s))[1]).toMatchObject({ status: 'scheduled', body: expect.stringContaining('tomorrow') });
    t.deps.clock.set(start - 2 * HOUR);
    await t.deps.queue.drain();
    expect((await texts(s)).filter((text) => text.body.startsWith('Reminder'))).toHaveLength(1);
  });
});
