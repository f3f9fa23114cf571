import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { calendarBusyBlocks, companies, jobs, contacts, integrationConnections, integrationLinks, integrationSyncLog, leads, notifications, users } from '@server/platform/db/schema';
import { registerIntegrationRoutes } from './integrations.routes';
import { callerFor, setUpTestApp } from '@server/testing/test-app';
import { businessWithNumber, textTheBusiness } from '@server/testing/business';
import { type FakeProviders, startFakeProviders } from '@server/testing/fake-integrations';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { bookSlot, SLOT_TAKEN_MESSAGE } from '@server/modules/scheduling/scheduling.service';
import { eventIdOf, publicUrlReachable } from './google-calendar';

/**
 * Issue 29, Google Calendar against a fake Calendar API: the busy times of the chosen calendars remove the slots
 * the assistant offers (read by incremental sync, read again in full after a 410), and a booking creates, moves
 * and deletes its event in the chosen calendar.
 */
let fake: FakeProviders;
beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(async () => {
  await fake.close();
});
const t = setUpTestApp({ integrations: () => fake.config() });
const CUSTOMER = '+14155550111';
const PRIMARY = 'owner@example.test';
const MONDAY = (hhmm: string) => new Date(`2027-01-11T${hhmm}:00-06:00`); // Chicago

beforeEach(() => {
  t.deps.clock.set(Date.parse('2027-01-11T14:00:00Z')); // Monday 8:00 in Chicago
  for (const events of fake.google.events.values()) events.clear();
  fake.google.failWith = null;
});

async function setUp() {
  const s = await businessWithNumber(t.deps);
  const caller = callerFor(t.deps, { authToken: s.token });
  await t.deps.db.update(companies).set({ timezone: 'America/Chicago' }).where(eq(companies.id, s.companyId));
  const [owner] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.companyId, s.companyId));
  await caller.scheduling.availability.set({ userId: owner!.id, weekly: { '1': [{ start: 9 * 60, end: 12 * 60 }] }, overrides: {} });
  const type = await caller.scheduling.types.create({ name: 'Drain cleaning visit', durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 60, horizonDays: 7, location: 'customer_address', userIds: [] });
  const { url } = await caller.integrations.connect({ provider: 'google_calendar' });
  const location = (await fetch(url, { redirect: 'manual' })).headers.get('location')!;
  const back = new URL(location).searchParams;
  await caller.integrations.complete({ provider: 'google_calendar', code: back.get('code')!, state: back.get('state')! });
  await t.deps.queue.drain();
  const mondaySlots = async () =>
    (await caller.scheduling.slots({ typeId: type.id })).slots.filter((slot) => slot.start < Date.parse('2027-01-12T06:00:00Z')).map((slot) => new Date(slot.start).toISOString());
  const syncNow = async () => {
    await caller.integrations.syncNow({ provider: 'google_calendar' });
    await t.deps.queue.drain();
  };
  return { s, caller, owner: owner!.id, type, mondaySlots, syncNow };
}

describe('Google Calendar busy times', () => {
  it('a busy block in the chosen calendar removes the slots it overlaps; removing it gives them back', async () => {
    const { mondaySlots, syncNow } = await setUp();
    const all = ['15:00', '15:30', '16:00', '16:30', '17:00'].map((hm) => `2027-01-11T${hm}:00.000Z`);
    expect(await mondaySlots()).toEqual(all);
    const meeting = fake.google.addBusy(PRIMARY, MONDAY('10:00'), MONDAY('11:00'));
    await syncNow();
    // 9:30–10:30, 10:00–11:00 and 10:30–11:30 overlap the meeting.
    expect(await mondaySlots()).toEqual(['2027-01-11T15:00:00.000Z', '2027-01-11T17:00:00.000Z']);
    // The meeting is cancelled: the next incremental read frees the time.
    fake.google.events.get(PRIMARY)!.set(meeting.id, { ...meeting, status: 'cancelled', seq: meeting.seq + 100 });
    await syncNow();
    expect(await mondaySlots()).toEqual(all);
  });

  it('a calendar not chosen does not block until it is chosen; free (“transparent”) events never do', async () => {
    const { caller, mondaySlots, syncNow } = await setUp();
    fake.google.addBusy('family@group.calendar.test', MONDAY('09:00'), MONDAY('10:00'));
    const free = fake.google.addBusy(PRIMARY, MONDAY('11:00'), MONDAY('12:00'));
    fake.google.events.get(PRIMARY)!.set(free.id, { ...free, transparency: 'transparent' });
    await syncNow();
    expect(await mondaySlots()).toHaveLength(5);
    await caller.integrations.setCalendars({ busyCalendarIds: [PRIMARY, 'family@group.calendar.test'], writeCalendarId: PRIMARY });
    await t.deps.queue.drain();
    expect(await mondaySlots()).toEqual(['2027-01-11T16:00:00.000Z', '2027-01-11T16:30:00.000Z', '2027-01-11T17:00:00.000Z']);
    await expect(caller.integrations.setCalendars({ busyCalendarIds: ['someone-else@example.test'], writeCalendarId: null })).rejects.toThrow('Choose calendars of the connected Google account.');
  });

  it('the assistant cannot book a time that became busy since its offer; staff still can', async () => {
    const { s, type, syncNow } = await setUp();
    await textTheBusiness(s, CUSTOMER, 'Hi my kitchen drain is clogged');
    const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.companyId, s.companyId));
    fake.google.addBusy(PRIMARY, MONDAY('10:00'), MONDAY('11:00'));
    await syncNow();
    const book = (bookedBy: 'assistant' | 'staff') =>
      transactionWithEvents(t.deps, (tx, events) => bookSlot(tx, t.deps, events, { companyId: s.companyId, typeId: type.id, start: MONDAY('10:00'), contactId: contact!.id, leadId: null, bookedBy, now: t.deps.clock.now() }));
    await expect(book('assistant')).rejects.toThrow(SLOT_TAKEN_MESSAGE);
    await expect(book('staff')).resolves.toMatchObject({ appointment: { status: 'booked' } });
  });

  it('an expired sync token (410) reads the calendar again in full', async () => {
    const { s, mondaySlots, syncNow } = await setUp();
    fake.google.addBusy(PRIMARY, MONDAY('09:00'), MONDAY('10:00'));
    fake.google.expireSyncTokens();
    await syncNow();
    expect(await mondaySlots()).toEqual(['2027-01-11T16:00:00.000Z', '2027-01-11T16:30:00.000Z', '2027-01-11T17:00:00.000Z']);
    const [connection] = await t.deps.db.select().from(integrationConnections).where(eq(integrationConnections.companyId, s.companyId));
    expect(connection!.lastError).toBeNull();
  });

  it('is read again every 5 minutes without a push channel (PUBLIC_URL here is not public)', async () => {
    const { mondaySlots } = await setUp();
    expect(publicUrlReachable('http://localhost:3000')).toBe(false);
    expect(publicUrlReachable('https://app.example.com')).toBe(true);
    fake.google.addBusy(PRIMARY, MONDAY('09:00'), MONDAY('10:00'));
    t.deps.clock.advance(5 * 60_000);
    await t.deps.queue.drain();
    expect(await mondaySlots()).toHaveLength(3);
  });
});

describe('Google Calendar booking events', () => {
  it('a booking creates its event, a move moves it, a cancellation deletes it; LeadLoop’s own event never blocks a slot', async () => {
    const { s, caller, type, mondaySlots, syncNow } = await setUp();
    await textTheBusiness(s, CUSTOMER, 'Hi my kitchen drain is clogged');
    const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.companyId, s.companyId));
    const [lead] = await t.deps.db.select().from(leads).where(eq(leads.contactId, contact!.id));
    const booked = await caller.scheduling.appointments.book({ typeId: type.id, start: MONDAY('10:00').getTime(), contactId: contact!.id, leadId: lead!.id });
    await t.deps.queue.drain();
    const event = () => fake.google.events.get(PRIMARY)!.get(eventIdOf(booked.id));
    expect(event()).toMatchObject({ status: 'confirmed', start: { dateTime: '2027-01-11T16:00:00.000Z', timeZone: 'America/Chicago' }, end: { dateTime: '2027-01-11T17:00:00.000Z' }, extendedProperties: { private: { leadloopAppointmentId: booked.id } } });
    expect(event()!.summary).toMatch(/^Drain cleaning visit: /);

    await syncNow();
    expect(await t.deps.db.select().from(calendarBusyBlocks).where(eq(calendarBusyBlocks.companyId, s.companyId))).toHaveLength(0);

    await caller.scheduling.appointments.move({ id: booked.id, start: MONDAY('11:00').getTime() });
    await t.deps.queue.drain();
    expect(event()).toMatchObject({ status: 'confirmed', start: { dateTime: '2027-01-11T17:00:00.000Z' } });
    expect([...fake.google.events.get(PRIMARY)!.values()].filter((e) => e.status === 'confirmed')).toHaveLength(1);

    await caller.scheduling.appointments.cancel({ id: booked.id });
    await t.deps.queue.drain();
    expect(event()!.status).toBe('cancelled');
    expect(await t.deps.db.select().from(integrationLinks).where(and(eq(integrationLinks.companyId, s.companyId), eq(integrationLinks.kind, 'calendar_event')))).toHaveLength(0);
    expect(await mondaySlots()).toHaveLength(5);
    const log = await caller.integrations.syncLog({});
    // One clock tick for all of them here: the order within it is not asserted.
    expect(log.map((row) => row.summary)).toEqual(expect.arrayContaining([
      expect.stringMatching(/^Removed the calendar event of Drain cleaning visit with .* \(cancelled\)\.$/),
      expect.stringMatching(/^Updated the calendar event of Drain cleaning visit/),
      expect.stringMatching(/^Added the calendar event of Drain cleaning visit/),
    ]));
  });
});

describe('Google Calendar reconnects and hand edits', () => {
  it('reconnecting the same account keeps the calendars chosen; an event deleted by hand is made again when its booking moves', async () => {
    const { s, caller, type } = await setUp();
    await caller.integrations.setCalendars({ busyCalendarIds: ['family@group.calendar.test'], writeCalendarId: 'family@group.calendar.test' });
    const { url } = await caller.integrations.connect({ provider: 'google_calendar' });
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!).searchParams;
    await caller.integrations.complete({ provider: 'google_calendar', code: back.get('code')!, state: back.get('state')! });
    const card = (await caller.integrations.list()).find((c) => c.provider === 'google_calendar')!;
    expect(card.writeCalendarId).toBe('family@group.calendar.test');
    expect(card.calendars.filter((c) => c.busy).map((c) => c.id)).toEqual(['family@group.calendar.test']);

    await textTheBusiness(s, CUSTOMER, 'Hi my kitchen drain is clogged');
    const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.companyId, s.companyId));
    const booked = await caller.scheduling.appointments.book({ typeId: type.id, start: MONDAY('10:00').getTime(), contactId: contact!.id, leadId: null });
    await t.deps.queue.drain();
    const family = fake.google.events.get('family@group.calendar.test')!;
    const made = family.get(eventIdOf(booked.id))!;
    family.set(made.id, { ...made, status: 'cancelled', seq: made.seq + 1000 });
    await caller.scheduling.appointments.move({ id: booked.id, start: MONDAY('11:00').getTime() });
    await t.deps.queue.drain();
    const live = [...family.values()].filter((e) => e.status === 'confirmed');
    expect(live).toHaveLength(1);
    expect(live[0]!.start.dateTime).toBe('2027-01-11T17:00:00.000Z');
    expect(live[0]!.extendedProperties?.private?.leadloopAppointmentId).toBe(booked.id);
  });
});

describe('Google Calendar failures and push', () => {
  it('one chain of polls, whatever happens: a reconnect or a failing read does not start another', async () => {
    const { caller } = await setUp();
    const { url } = await caller.integrations.connect({ provider: 'google_calendar' });
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!).searchParams;
    await caller.integrations.complete({ provider: 'google_calendar', code: back.get('code')!, state: back.get('state')! });
    fake.google.failWith = 503;
    for (let i = 0; i < 4; i += 1) {
      t.deps.clock.advance(5 * 60_000);
      await t.deps.queue.drain();
    }
    const pending = await t.deps.db.select().from(jobs).where(and(eq(jobs.queue, 'integrations.calendar.poll'), eq(jobs.status, 'pending')));
    expect(pending).toHaveLength(1);
  });

  it('an outage retries from the queue, shows on the card and in the sync log, tells the owner once; a success clears it', async () => {
    const { s, caller } = await setUp();
    const told = async () => (await t.deps.db.select().from(notifications).where(and(eq(notifications.companyId, s.companyId), eq(notifications.event, 'integration_failed')))).length;
    fake.google.failWith = 503;
    await caller.integrations.syncNow({ provider: 'google_calendar' });
    await t.deps.queue.drain();
    const card = async () => (await caller.integrations.list()).find((c) => c.provider === 'google_calendar')!;
    expect((await card()).lastError).toBe('Google Calendar answered with an error (HTTP 503).');
    for (let i = 0; i < 3; i += 1) {
      t.deps.clock.advance(5 * 60_000);
      await t.deps.queue.drain();
    }
    expect(await told()).toBe(1);
    const log = await t.deps.db.select().from(integrationSyncLog).where(and(eq(integrationSyncLog.companyId, s.companyId), eq(integrationSyncLog.status, 'retrying')));
    expect(log.length).toBeGreaterThanOrEqual(2);
    fake.google.failWith = null;
    t.deps.clock.advance(60 * 60_000);
    await t.deps.queue.drain();
    // The token expired meanwhile: a read that found another worker renewing it runs again seconds later.
    t.deps.clock.advance(10_000);
    await t.deps.queue.drain();
    expect((await card()).lastError).toBeNull();
    // The next outage is told again.
    fake.google.failWith = 500;
    await caller.integrations.syncNow({ provider: 'google_calendar' });
    await t.deps.queue.drain();
    expect(await told()).toBe(2);
  });

  it('with a public PUBLIC_URL a push channel watches the calendar; its notification (right token) queues a read, a wrong token is refused', async () => {
    t.deps.publicUrl = 'https://app.example.test';
    const { mondaySlots } = await setUp();
    const watch = fake.google.watches.at(-1)!;
    expect(watch.address).toBe('https://app.example.test/webhooks/google-calendar');
    const http = Fastify();
    await registerIntegrationRoutes(http, { services: t.deps });
    const notify = (token: string) => http.inject({ method: 'POST', url: '/webhooks/google-calendar', headers: { 'x-goog-channel-id': watch.id, 'x-goog-channel-token': token, 'x-goog-resource-state': 'exists' } });
    expect((await notify('not-the-token')).statusCode).toBe(404);
    fake.google.addBusy(PRIMARY, MONDAY('09:00'), MONDAY('10:00'));
    expect((await notify(watch.token)).statusCode).toBe(200);
    await t.deps.queue.drain();
    expect(await mondaySlots()).toHaveLength(3);
    await http.close();
  });
});
