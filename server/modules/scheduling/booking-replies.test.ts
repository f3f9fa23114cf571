import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { aiSettings, appointments, companies, contacts, conversations, leads, messages, notifications, users } from '@server/platform/db/schema';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { callerFor, setUpTestApp } from '@server/testing/test-app';
import { businessWithNumber, type TestBusiness, textTheBusiness } from '@server/testing/business';
import { classifyBookingReply } from './booking-replies';
import { bookSlot } from './scheduling.service';

/** Issue 24 item 3: the customer's C (confirm) and R (reschedule) replies to a booking text. */
const t = setUpTestApp();
const CUSTOMER = '+13125550111';

beforeEach(() => {
  t.deps.clock.set(Date.parse('2027-01-11T14:00:00Z')); // Monday 8:00 in Chicago
});

async function booked() {
  const s = await businessWithNumber(t.deps);
  await t.deps.db.update(companies).set({ timezone: 'America/Chicago' }).where(eq(companies.id, s.companyId));
  const caller = callerFor(t.deps, { authToken: s.token });
  const type = await caller.scheduling.types.create({ name: 'Drain cleaning', durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 60, horizonDays: 14, location: 'customer_address', userIds: [] });
  await textTheBusiness(s, CUSTOMER, 'Hi my kitchen drain is clogged');
  const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.companyId, s.companyId));
  const [lead] = await t.deps.db.select().from(leads).where(eq(leads.contactId, contact!.id));
  const { appointment } = await transactionWithEvents(t.deps, (tx, events) =>
    bookSlot(tx, t.deps, events, { companyId: s.companyId, typeId: type.id, start: new Date(Date.parse('2027-01-12T15:00:00Z')), contactId: contact!.id, leadId: lead!.id, bookedBy: 'staff', now: t.deps.clock.now() }),
  );
  await t.deps.queue.drain();
  return { s, appointment, contact: contact! };
}

const row = async (id: string) => (await t.deps.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
const lastText = async (s: TestBusiness) => (await t.deps.db.select().from(messages).where(and(eq(messages.companyId, s.companyId), eq(messages.direction, 'outbound'))).orderBy(messages.seq)).at(-1)!;

describe('booking replies', () => {
  it('reads only a bare C or R (any case, a full stop) as a booking reply', () => {
    expect(['C', 'c', ' c. ', 'Confirm', 'confirmed!'].map(classifyBookingReply)).toEqual(['confirm', 'confirm', 'confirm', 'confirm', 'confirm']);
    expect(['R', 'r', 'Reschedule'].map(classifyBookingReply)).toEqual(['reschedule', 'reschedule', 'reschedule']);
    expect(['Can you come earlier?', 'CANCEL', 'cc', 'Rather not', 'yes'].map(classifyBookingReply)).toEqual([null, null, null, null, null]);
  });

  it('C confirms the next booking and thanks them; the assistant does not answer it', async () => {
    const { s, appointment } = await booked();
    await t.deps.db.update(aiSettings).set({ enabled: true }).where(eq(aiSettings.companyId, s.companyId));
    await t.deps.db.update(conversations).set({ mode: 'ai' }).where(eq(conversations.companyId, s.companyId));
    await textTheBusiness(s, CUSTOMER, 'C');
    await t.deps.queue.drain();
    expect((await row(appointment.id)).confirmedAt?.toISOString()).toBe('2027-01-11T14:00:00.000Z');
    const text = await lastText(s);
    expect(text).toMatchObject({ author: 'system', body: "Thanks, you're confirmed for Drain cleaning on Tue, Jan 12, 9:00 AM CST." });
    expect(await t.deps.db.select().from(messages).where(and(eq(messages.companyId, s.companyId), eq(messages.author, 'ai')))).toHaveLength(0);
  });

  it('R marks the booking, hands the thread to a person and tells the team; the booking stays until staff move it', async () => {
    const { s, appointment } = await booked();
    await t.deps.db.update(conversations).set({ mode: 'ai' }).where(eq(conversations.companyId, s.companyId));
    await textTheBusiness(s, CUSTOMER, 'r');
    await t.deps.queue.drain();
    const after = await row(appointment.id);
    expect(after.rescheduleRequestedAt).not.toBeNull();
    expect(after.status).toBe('booked');
    expect((await lastText(s)).body).toBe('Got it. Someone from Acme Plumbing will text you to find a new time for your Drain cleaning (now Tue, Jan 12, 9:00 AM CST).');
    const [thread] = await t.deps.db.select().from(conversations).where(eq(conversations.companyId, s.companyId));
    expect(thread!.mode).toBe('human');
    const [owner] = await t.deps.db.select().from(users).where(eq(users.companyId, s.companyId));
    const told = await t.deps.db.select().from(notifications).where(and(eq(notifications.userId, owner!.id), eq(notifications.event, 'booking')));
    expect(told.map((n) => n.title)).toEqual([expect.stringContaining('asked to reschedule')]);
  });

  it('with no booking ahead, "C" is an ordinary text', async () => {
    const { s, appointment } = await booked();
    t.deps.clock.set(Date.parse('2027-01-12T17:00:00Z')); // after it
    await textTheBusiness(s, CUSTOMER, 'C');
    await t.deps.queue.drain();
    expect((await row(appointment.id)).confirmedAt).toBeNull();
    expect((await lastText(s)).body).not.toContain('confirmed');
  });
});
