import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { appointments, companies, contacts, leads, users } from '@server/platform/db/schema';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { callerFor, setUpTestApp } from '@server/testing/test-app';
import { businessWithNumber, type TestBusiness, textTheBusiness } from '@server/testing/business';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { bookSlot, SLOT_TAKEN_MESSAGE } from './scheduling.service';

/**
 * Issue 24, scheduling core: a type's free slots across its people, a booking that moves the lead to booked, the
 * same slot never booked twice — 20 requests at once for one person's slot give one booking (the exclusion
 * constraint decides, not a check in code) — cancelling frees the time, and another company's ids are NOT_FOUND.
 */
const t = setUpTestApp();
const CUSTOMER = '+14155550111';

beforeEach(() => {
  t.deps.clock.set(Date.parse('2027-01-11T14:00:00Z')); // Monday 8:00 in Chicago
});

async function setUp() {
  const s = await businessWithNumber(t.deps);
  const caller = callerFor(t.deps, { authToken: s.token });
  await t.deps.db.update(companies).set({ timezone: 'America/Chicago' }).where(eq(companies.id, s.companyId));
  const [owner] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.companyId, s.companyId));
  await caller.scheduling.availability.set({ userId: owner!.id, weekly: { '1': [{ start: 9 * 60, end: 12 * 60 }], '2': [{ start: 9 * 60, end: 12 * 60 }] }, overrides: {} });
  const type = await caller.scheduling.types.create({ name: 'Drain cleaning visit', durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 30, minNoticeMinutes: 60, horizonDays: 7, location: 'customer_address', userIds: [] });
  await textTheBusiness(s, CUSTOMER, 'Hi my kitchen drain is clogged');
  const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.companyId, s.companyId));
  const [lead] = await t.deps.db.select().from(leads).where(eq(leads.contactId, contact!.id));
  return { s, caller, owner: owner!.id, type, contact: contact!, lead: lead! };
}

const book = (s: TestBusiness, input: { typeId: string; start: number; contactId: string; leadId: string | null }) =>
  transactionWithEvents(t.deps, (tx, events) => bookSlot(tx, t.deps, events, { companyId: s.companyId, ...input, start: new Date(input.start), bookedBy: 'assistant', now: t.deps.clock.now() }));

describe('scheduling', () => {
  it('offers the free slots of a type, books one (the lead is booked), and the booking with its buffer takes its slots away', async () => {
    const { caller, type, contact, lead } = await setUp();
    const before = await caller.scheduling.slots({ typeId: type.id });
    // Monday 9:00 is inside the hour's notice (now 8:00 → from 9:00 on: 9:00 counts), 9:00, 9:30 … 11:00 start times.
    expect(before.slots.slice(0, 5).map((slot) => new Date(slot.start).toISOString())).toEqual([
      '2027-01-11T15:00:00.000Z',
      '2027-01-11T15:30:00.000Z',
      '2027-01-11T16:00:00.000Z',
      '2027-01-11T16:30:00.000Z',
      '2027-01-11T17:00:00.000Z',
    ]);
    const booked = await caller.scheduling.appointments.book({ typeId: type.id, start: Date.parse('2027-01-11T16:00:00Z'), contactId: contact.id, leadId: lead.id });
    expect(booked).toMatchObject({ status: 'booked', bookedBy: 'staff' });
    expect(booked.blockEnd).toEqual(new Date('2027-01-11T17:30:00Z'));
    const [after] = await t.deps.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after!.status).toBe('booked');
    const slots = (await caller.scheduling.slots({ typeId: type.id })).slots.filter((slot) => slot.start < Date.parse('2027-01-12T00:00:00Z'));
    // 10:00–11:00 plus 30 minutes after: 9:00 (ends 10:00, its buffer to 10:30 overlaps) and 9:30–11:30 are gone.
    expect(slots.map((slot) => new Date(slot.start).toISOString())).toEqual([]);
    await caller.scheduling.appointments.cancel({ id: booked.id });
    expect((await caller.scheduling.slots({ typeId: type.id })).slots.filter((slot) => slot.start < Date.parse('2027-01-12T00:00:00Z'))).toHaveLength(5);
  });

  it('20 requests at once for one slot: one booking, 19 told it was just taken', async () => {
    const { s, type, contact, lead } = await setUp();
    const start = Date.parse('2027-01-12T15:00:00Z'); // Tuesday 9:00
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => book(s, { typeId: type.id, start, contactId: contact.id, leadId: lead.id })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(refused).toHaveLength(19);
    for (const result of refused) expect((result.reason as Error).message).toBe(SLOT_TAKEN_MESSAGE);
    expect(await t.deps.db.select().from(appointments).where(eq(appointments.companyId, s.companyId))).toHaveLength(1);
  });

  it('refuses a time nobody works, too soon, or past the horizon; another company’s ids are NOT_FOUND', async () => {
    const { s, caller, owner, type, contact, lead } = await setUp();
    await expect(book(s, { typeId: type.id, start: Date.parse('2027-01-11T20:00:00Z'), contactId: contact.id, leadId: null })).rejects.toThrow('Nobody who takes this appointment works at that time.');
    await expect(book(s, { typeId: type.id, start: Date.parse('2027-01-11T14:30:00Z'), contactId: contact.id, leadId: null })).rejects.toThrow('too soon');
    await expect(book(s, { typeId: type.id, start: Date.parse('2027-01-25T15:00:00Z'), contactId: contact.id, leadId: null })).rejects.toThrow('too far ahead');
    const booked = await caller.scheduling.appointments.book({ typeId: type.id, start: Date.parse('2027-01-12T15:00:00Z'), contactId: contact.id, leadId: lead.id });

    const other = await businessWithNumber(t.deps);
    const stranger = callerFor(t.deps, { authToken: other.token });
    expect((await trpcErrorOf(stranger.scheduling.slots({ typeId: type.id }))).code).toBe('NOT_FOUND');
    expect((await trpcErrorOf(stranger.scheduling.appointments.cancel({ id: booked.id }))).code).toBe('NOT_FOUND');
    expect((await trpcErrorOf(stranger.scheduling.availability.get({ userId: owner }))).code).toBe('NOT_FOUND');
    expect((await trpcErrorOf(stranger.scheduling.types.update({ id: type.id, name: 'Mine', durationMinutes: 30, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 0, horizonDays: 7, location: 'phone_call', userIds: [], active: true }))).code).toBe('NOT_FOUND');
    // Their own type, our client: NOT_FOUND too.
    const theirs = await stranger.scheduling.types.create({ name: 'Visit', durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 0, horizonDays: 7, location: 'customer_address', userIds: [] });
    expect((await trpcErrorOf(stranger.scheduling.appointments.book({ typeId: theirs.id, start: Date.parse('2027-01-12T15:00:00Z'), contactId: contact.id, leadId: null }))).code).toBe('NOT_FOUND');
    expect((await caller.scheduling.appointments.list({ from: Date.parse('2027-01-11T00:00:00Z'), days: 7 })).items.map((row) => row.id)).toEqual([booked.id]);
    expect((await stranger.scheduling.appointments.list({ from: Date.parse('2027-01-11T00:00:00Z'), days: 7 })).items).toEqual([]);
  });
});
