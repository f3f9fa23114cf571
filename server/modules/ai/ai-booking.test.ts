import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QualifierQuestion } from '@contracts/ai';
import { createBuiltinAssistant } from '@server/adapters/ai/builtin/builtin-assistant';
import { createScriptedAssistant } from '@server/adapters/ai/scripted';
import { appointments, companies, contacts, conversations, leads, notifications, users } from '@server/platform/db/schema';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { SECOND } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp, type TestDeps } from '@server/testing/test-app';
import { bookSlot } from '@server/modules/scheduling/scheduling.service';

/**
 * Issue 24 item 2: the assistant books. The built-in assistant offers two free times of the type that fits the lead,
 * keeping the day and window the person gave ("thursday before 11"), books the one they pick (the booking's own
 * confirmation is the reply), offers others when neither suits; a time taken while the model decided is not booked.
 */
const t = setUpTestApp();

const QUESTIONS: QualifierQuestion[] = [
  { key: 'service', text: 'What do you need help with?', kind: 'choice', choices: ['Water heater', 'Drain cleaning', 'Leak repair'], required: true },
  { key: 'postal_code', text: 'What’s your ZIP code?', kind: 'zip', choices: [], required: true },
  { key: 'when', text: 'When would you like us to come out?', kind: 'date', choices: [], required: true },
];

async function company(deps: TestDeps, label: string, options: { type?: boolean } = {}) {
  const token = await signUp(deps, { email: `${label}@example.test`, companyName: `${label[0]!.toUpperCase()}${label.slice(1)} Plumbing`, signupPhone: null });
  const caller = callerFor(deps, { authToken: token });
  await caller.phone.useSimulator();
  const device = await caller.phone.simulator.addDevice({ phone: '+13125550142' });
  const current = await caller.ai.settings.get();
  await caller.ai.settings.update({ expectedVersion: current.version, enabled: true, questions: QUESTIONS, services: ['Water heater', 'Drain cleaning', 'Leak repair'] });
  const [owner] = await deps.db.select().from(users).where(eq(users.email, `${label}@example.test`));
  await deps.db.update(companies).set({ timezone: 'America/Chicago' }).where(eq(companies.id, owner!.companyId));
  const type = options.type === false ? null : await caller.scheduling.types.create({ name: 'Drain cleaning visit', durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 60, horizonDays: 14, location: 'customer_address', userIds: [] });
  const text = async (body: string) => {
    await caller.phone.simulator.send({ deviceId: device.id, body, mediaUrls: [] });
    await deps.queue.drain();
    deps.clock.advance(8 * SECOND);
    await deps.queue.drain();
    deps.clock.advance(2 * SECOND);
    await deps.queue.drain();
  };
  const phone = async () => (await caller.phone.simulator.thread({ deviceId: device.id })).filter((m) => !m.fromPhone).map((m) => m.body);
  const booked = () => deps.db.select().from(appointments).where(eq(appointments.companyId, owner!.companyId));
  const lead = async () => (await deps.db.select().from(leads).where(eq(leads.companyId, owner!.companyId)))[0]!;
  return { caller, owner: owner!, companyId: owner!.companyId, type, text, phone, booked, lead };
}

const THURSDAY_8 = Date.parse('2026-11-26T14:00:00Z'); // Thu Nov 26, 8:00 in Chicago
const THURSDAY_10 = Date.parse('2026-11-26T16:00:00Z');

beforeEach(() => {
  t.deps.clock.set(Date.parse('2026-11-24T16:00:00Z')); // Tuesday 10:00 in Chicago
  t.deps.ai = createBuiltinAssistant();
});

describe('the assistant books into free slots', () => {
  it('offers two free times on the day and within the window asked for, books the one picked, and the confirmation is the reply', async () => {
    const a = await company(t.deps, 'alpha');
    await a.text('Hi, my kitchen drain is clogged');
    await a.text('60614');
    await a.text('thursday before 11 please');
    const offer = (await a.phone()).at(-1)!;
    expect(offer).toBe('Thanks! I can book Drain cleaning visit Thu, Nov 26 at 8:00 AM or 10:00 AM. Which works for you?');
    // Offered, not booked: nothing is promised.
    expect(await a.booked()).toHaveLength(0);
    expect((await a.lead()).answers).toMatchObject({ when: '2026-11-26 before 11:00' });
    expect((await a.lead()).status).toBe('qualified');

    await a.text('10 works');
    // The confirmation waits out the send-lock of the offer a few seconds before (one voice), then goes.
    t.deps.clock.advance(60 * SECOND);
    await t.deps.queue.drain();
    const [appointment] = await a.booked();
    expect(appointment).toMatchObject({ startsAt: new Date(THURSDAY_10), status: 'booked', bookedBy: 'assistant', leadId: (await a.lead()).id });
    expect((await a.lead()).status).toBe('booked');
    const last = (await a.phone()).at(-1)!;
    expect(last).toMatch(/^Alpha Plumbing: you're booked for Drain cleaning visit on Thu, Nov 26, 10:00 AM CST\. Reply C to confirm or R to reschedule\. Add it to your calendar: http:\/\/localhost:3000\/a\/[\w-]{32,}\.ics$/);
    const [thread] = await t.deps.db.select().from(conversations).where(eq(conversations.companyId, a.companyId));
    expect(thread!.slotOffer).toBeNull();
    const told = await t.deps.db.select().from(notifications).where(and(eq(notifications.userId, a.owner.id), eq(notifications.event, 'booking')));
    expect(told.map((n) => n.title)).toEqual([expect.stringContaining('The assistant booked')]);
  });

  it('when neither time suits, offers two others (the day now asked for), and "the first" books it', async () => {
    const a = await company(t.deps, 'bravo');
    await a.text('drain is backed up, 60614');
    await a.text('thursday morning');
    expect((await a.phone()).at(-1)).toContain('Thu, Nov 26 at 8:00 AM');
    await a.text('neither works, do you have friday afternoon?');
    const again = (await a.phone()).at(-1)!;
    expect(again).toBe('No problem. I can book Drain cleaning visit Fri, Nov 27 at 12:00 PM or 2:00 PM. Which works for you?');
    expect(await a.booked()).toHaveLength(0);
    await a.text('the first one');
    expect((await a.booked()).map((b) => b.startsAt.toISOString())).toEqual(['2026-11-27T18:00:00.000Z']);
  });

  it('says so when nothing is free in the window asked for, and offers the nearest instead', async () => {
    const a = await company(t.deps, 'charlie');
    await a.text('clogged drain 60614');
    await a.text('saturday'); // nobody works weekends by default
    expect((await a.phone()).at(-1)).toBe('Thanks! I don’t have Saturday open. I can book Drain cleaning visit Mon, Nov 30 at 8:00 AM or Tue, Dec 1 at 8:00 AM. Which works for you?'.replace('don’t', "don't"));
  });

  it('without an appointment type, it books nothing and promises only that the team will confirm', async () => {
    const a = await company(t.deps, 'delta', { type: false });
    await a.text('clogged drain 60614');
    await a.text('thursday before 11');
    expect((await a.phone()).at(-1)).toMatch(/will text you shortly to confirm/);
    expect(await a.booked()).toHaveLength(0);
  });

  it('a time taken while the model was deciding is not booked: two other free times are offered instead', async () => {
    const a = await company(t.deps, 'echo');
    t.deps.ai = createScriptedAssistant([
      { action: 'reply', reply: 'What’s your ZIP code?', answers: { service: 'Drain cleaning' }, lead: 'engaging' },
      (input) => ({ action: 'reply', reply: 'I can do Thu 8 or 10. Which works?', answers: { postal_code: '60614', when: '2026-11-26' }, lead: 'qualified', offeredStarts: [THURSDAY_8, THURSDAY_10].filter((start) => input.booking!.slots.some((slot) => slot.start === start)) }),
      async (input) => {
        expect(input.booking!.offered.map((slot) => slot.start)).toEqual([THURSDAY_8, THURSDAY_10]);
        // Someone else takes 10:00 while the model decides.
        const [other] = await t.deps.db.insert(contacts).values({ companyId: a.companyId, phone: '+13125550199', createdAt: t.deps.clock.now(), updatedAt: t.deps.clock.now() }).returning();
        await transactionWithEvents(t.deps, (tx, events) => bookSlot(tx, t.deps, events, { companyId: a.companyId, typeId: a.type!.id, start: new Date(THURSDAY_10), contactId: other!.id, leadId: null, bookedBy: 'staff', now: t.deps.clock.now() }));
        return { action: 'skip', bookStart: THURSDAY_10 };
      },
    ]);
    await a.text('drain clogged');
    await a.text('60614, thursday');
    await a.text('10');
    expect((await a.phone()).at(-1)).toBe('Sorry, that time was just taken. I can do Thu, Nov 26, 9:00 AM CST or Thu, Nov 26, 11:00 AM CST instead. Which works?');
    const mine = (await a.booked()).filter((b) => b.bookedBy === 'assistant');
    expect(mine).toHaveLength(0);
    const [thread] = await t.deps.db.select().from(conversations).where(eq(conversations.companyId, a.companyId));
    expect(thread!.slotOffer?.starts).toEqual([Date.parse('2026-11-26T15:00:00Z'), Date.parse('2026-11-26T17:00:00Z')]);
  });

  it('a model cannot book a time it was not shown as free', async () => {
    const a = await company(t.deps, 'foxtrot');
    t.deps.ai = createScriptedAssistant([{ action: 'skip', answers: { service: 'Drain cleaning', postal_code: '60614', when: '2026-11-26' }, lead: 'qualified', bookStart: Date.parse('2026-11-28T15:00:00Z') }]);
    await a.text('drain clogged 60614 thursday');
    expect(await a.booked()).toHaveLength(0);
  });
});
