import { describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE, SECOND } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { answerIncomingCall, storeEvent } from '@server/modules/calls/voice.service';

const t = setUpTestApp();

async function owner(label = 'dash') {
  t.deps.clock.set(Date.parse('2026-11-02T15:00:00Z'));
  const token = await signUp(t.deps, { email: `${label}@dashboard.test`, companyName: `${label} Co`, signupPhone: '+13125550100' });
  return callerFor(t.deps, { authToken: token });
}

describe('dashboard.summary', () => {
  it('an empty company: zeros, no median, nothing needing attention, an unfinished checklist', async () => {
    const caller = await owner();
    const summary = await caller.dashboard.summary({ period: '7d' });
    const none = { leads: 0, qualified: 0, booked: 0, won: 0, wonValueCents: 0, wonWithValue: 0, answered: 0, medianFirstResponseSeconds: null, aiHandled: 0 };
    expect(summary.leads).toEqual({ current: none, previous: none });
    expect(summary.recoveredRevenue).toEqual({ bookedFromMissedCalls: 0, averageJobValue: null, estimateCents: null });
    expect(summary.aiAnsweredCalls).toEqual({ current: 0, previous: 0 });
    expect(summary.leadsBySource).toEqual([]);
    expect(summary.leadsByDay).toHaveLength(7);
    expect(summary.leadsByDay.every((d) => d.count === 0)).toBe(true);
    const noCalls = { missed: 0, textedBack: 0, replied: 0, qualified: 0, booked: 0 };
    expect(summary.missedCalls).toEqual({ current: noCalls, previous: noCalls });
    expect(summary.needsAttention).toMatchObject({ unanswered: 0, unread: 0, needsHuman: 0, failed: 0, items: [] });
    expect(summary.setup).toEqual({ businessNumber: null, testPhone: false, companyDetails: false, address: false, alertPhone: false, firstLead: false, teamMembers: 1 });
    expect(summary.timezone).toBe('America/Chicago');
  });

  it('figures from the data: new leads vs the period before, by source and day, median first response, needs attention; the period switch re-counts', async () => {
    const caller = await owner();
    const number = await caller.phone.useSimulator();
    const phone = await caller.phone.simulator.addDevice({ phone: '+13125550161' });
    const other = await caller.phone.simulator.addDevice({ phone: '+13125550162' });
    const text = async (deviceId: string, body: string) => {
      await caller.phone.simulator.send({ deviceId, body, mediaUrls: [] });
      await t.deps.queue.drain();
    };
    // 10 days ago: one manual lead (counts in the 30-day period only).
    t.deps.clock.advance(-10 * DAY);
    await caller.leads.create({ firstName: 'Old', lastName: null, phone: '+13125550163', summary: 'Gutters', consentConfirmed: false });
    t.deps.clock.advance(10 * DAY);
    // Today: a text answered after 4 minutes, and a text nobody answered for an hour.
    await text(phone.id, 'Is anyone available for a leaking water heater?');
    const { items } = await caller.conversations.list({ filter: 'all', limit: 10 });
    t.deps.clock.advance(4 * MINUTE);
    await caller.conversations.send({ conversationId: items[0]!.id, body: 'Yes! We can come at 3.' });
    await t.deps.queue.drain();
    await text(other.id, 'Need a quote for a new furnace');
    t.deps.clock.advance(HOUR);

    await caller.leads.update({ id: (await caller.conversations.get({ id: items[0]!.id })).lead!.id, status: 'qualified' });
    const week = await caller.dashboard.summary({ period: '7d' });
    expect([week.leads.current.leads, week.leads.previous.leads]).toEqual([2, 1]);
    expect([week.leads.current.qualified, week.leads.previous.qualified]).toEqual([1, 0]);
    expect(week.leadsBySource).toEqual([{ source: 'sms', count: 2 }]);
    expect(week.leadsByDay.at(-1)).toEqual({ day: '2026-11-02', count: 2 });
    expect(week.leadsByDay.reduce((sum, d) => sum + d.count, 0)).toBe(2);
    expect(week.leads.current).toMatchObject({ medianFirstResponseSeconds: 240, answered: 1, leads: 2 });
    expect(week.needsAttention.unanswered).toBe(1);
    expect(week.needsAttention.unread).toBe(1);
    expect(week.needsAttention.items.map((i) => [i.kind, i.name])).toEqual(
      expect.arrayContaining([
        ['unanswered', '(312) 555-0162'],
        ['unread', '(312) 555-0162'],
      ]),
    );
    expect(week.setup).toMatchObject({ businessNumber: { e164: number.e164, provider: 'simulator' }, testPhone: true, firstLead: true, teamMembers: 1 });
    // Every thread is the team's now (no assistant yet): an unread thread is "unread", not "needs a person".
    expect(week.needsAttention.needsHuman).toBe(0);
    expect(week.needsAttention.items.some((i) => i.kind === 'needs_human')).toBe(false);

    const month = await caller.dashboard.summary({ period: '30d' });
    expect([month.leads.current.leads, month.leads.previous.leads]).toEqual([3, 0]);
    expect(month.leadsBySource).toEqual([
      { source: 'sms', count: 2 },
      { source: 'manual', count: 1 },
    ]);
    expect(month.leadsByDay).toHaveLength(30);
  });

  it('needs attention: the count of unanswered leads is not capped by the list; a lead marked "needs a person" is listed', async () => {
    const caller = await owner();
    await caller.phone.useSimulator();
    for (let i = 0; i < 10; i += 1) {
      const device = await caller.phone.simulator.addDevice({ phone: `+131255502${String(i).padStart(2, '0')}` });
      await caller.phone.simulator.send({ deviceId: device.id, body: `Quote ${i}?`, mediaUrls: [] });
      await t.deps.queue.drain();
    }
    t.deps.clock.advance(10 * MINUTE);
    const before = await caller.dashboard.summary({ period: '7d' });
    expect(before.needsAttention.unanswered).toBe(10);
    expect(before.needsAttention.unread).toBe(10);
    expect(before.needsAttention.items).toHaveLength(8);

    const { items } = await caller.leads.list({ page: 1, pageSize: 25 });
    await caller.leads.update({ id: items[0]!.id, status: 'needs_human' });
    const after = await caller.dashboard.summary({ period: '7d' });
    expect(after.needsAttention.needsHuman).toBe(1);
    expect(after.needsAttention.unanswered).toBe(9);
    expect(after.needsAttention.items[0]).toMatchObject({ kind: 'needs_human', leadId: items[0]!.id });
  });

  it('booked: a lead booked through scheduling counts in the period it arrived in, and stops counting when the booking is cancelled', async () => {
    const caller = await owner('bookings');
    const type = await caller.scheduling.types.create({ name: 'Estimate', durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 0, horizonDays: 30, location: 'phone_call', userIds: [] });
    t.deps.clock.advance(-10 * DAY);
    const old = await caller.leads.create({ firstName: 'Bo', lastName: null, phone: '+13125550180', summary: null, consentConfirmed: false });
    t.deps.clock.advance(10 * DAY);
    const fresh = await caller.leads.create({ firstName: 'Cy', lastName: null, phone: '+13125550181', summary: null, consentConfirmed: false });
    const book = async (lead: typeof old) => {
      const [slot] = (await caller.scheduling.slots({ typeId: type.id })).slots;
      return caller.scheduling.appointments.book({ typeId: type.id, start: slot!.start, contactId: lead.contact.id, leadId: lead.id });
    };
    await book(old);
    await book(fresh);
    const week = await caller.dashboard.summary({ period: '7d' });
    expect([week.leads.current.booked, week.leads.previous.booked]).toEqual([1, 1]);
    expect(week.leads.current.qualified).toBe(1);
    const other = await owner('bookings-other');
    expect((await other.dashboard.summary({ period: '30d' })).leads.current.booked).toBe(0);
  });

  it("counts only the caller's company", async () => {
    const a = await owner('alpha');
    await a.leads.create({ firstName: 'Ana', lastName: null, phone: '+13125550170', summary: null, consentConfirmed: false });
    const b = await owner('beta');
    expect((await b.dashboard.summary({ period: '7d' })).leads.current.leads).toBe(0);
    expect((await a.dashboard.summary({ period: '7d' })).leads.current.leads).toBe(1);
  });

  it('missed calls → texted back → replied → qualified, for the period: a skipped text-back, a text before the text-back and an unreplied lead do not count', async () => {
    const caller = await owner('funnel');
    const number = await caller.phone.useSimulator();
    // Mode b: every call that arrives is already missed.
    await caller.missedCalls.settings.update({ routingMode: 'forwarded_missed' });
    /** Runs every job due while the clock moves, a second at a time (the text-back goes 15 s after the call). */
    const pass = async (ms: number) => {
      for (let elapsed = 0; elapsed < ms; elapsed += SECOND) {
        t.deps.clock.advance(SECOND);
        await t.deps.queue.drain();
      }
    };
    let sid = 0;
    const missedCall = async (from: string) => {
      sid += 1;
      await answerIncomingCall(t.deps, { provider: 'simulator', params: { CallSid: `CA-funnel-${sid}`, From: from, To: number.e164 } });
      await storeEvent(t.deps, 'call_status', { provider: 'simulator', params: { CallSid: `CA-funnel-${sid}`, CallStatus: 'completed' } });
      await pass(20 * SECOND);
    };
    const ann = await caller.phone.simulator.addDevice({ phone: '+13125550171' });
    const ben = await caller.phone.simulator.addDevice({ phone: '+13125550172' });
    const text = async (deviceId: string, body: string) => {
      await caller.phone.simulator.send({ deviceId, body, mediaUrls: [] });
      await t.deps.queue.drain();
    };

    // 10 days ago: a missed call texted back (the 30-day period only).
    t.deps.clock.advance(-10 * DAY);
    await missedCall('+13125550173');
    t.deps.clock.advance(10 * DAY);
    // Today: Ben texted before he called (not a reply to the text-back); Ann is texted back and replies; Ann calls
    // again within 12 h (skipped: repeat caller).
    await text(ben.id, 'Do you service boilers?');
    t.deps.clock.advance(MINUTE);
    await missedCall('+13125550172');
    await missedCall('+13125550171');
    t.deps.clock.advance(MINUTE);
    await text(ann.id, 'Yes please, the furnace is out');
    t.deps.clock.advance(HOUR);
    await missedCall('+13125550171');

    expect((await caller.dashboard.summary({ period: '7d' })).missedCalls.current).toEqual({ missed: 3, textedBack: 2, replied: 1, qualified: 0, booked: 0 });
    expect((await caller.dashboard.summary({ period: '7d' })).missedCalls.previous).toEqual({ missed: 1, textedBack: 1, replied: 0, qualified: 0, booked: 0 });
    expect((await caller.dashboard.summary({ period: '30d' })).missedCalls.current).toEqual({ missed: 4, textedBack: 3, replied: 1, qualified: 0, booked: 0 });
    // The team qualifies Ann's lead (from her call); Ben's (he did not reply to the text-back) does not count.
    const leadOf = async (phone: string) => (await caller.calls.list({ limit: 25 })).items.find((c) => c.from === phone && c.lead)!.lead!.id;
    await caller.leads.update({ id: await leadOf('+13125550171'), status: 'qualified' });
    await caller.leads.update({ id: await leadOf('+13125550172'), status: 'won' });
    expect((await caller.dashboard.summary({ period: '7d' })).missedCalls.current).toEqual({ missed: 3, textedBack: 2, replied: 1, qualified: 1, booked: 0 });
    const other = await owner('funnel-other');
    expect((await other.dashboard.summary({ period: '30d' })).missedCalls.current).toEqual({ missed: 0, textedBack: 0, replied: 0, qualified: 0, booked: 0 });
  });
});
