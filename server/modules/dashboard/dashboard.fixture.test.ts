import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LeadSource, LeadStatus } from '@contracts/lead';
import type { MessageAuthor } from '@contracts/message';
import { aiTurns, calls, companies, dashboardRollupState, contacts, conversations, leads, messages, phoneNumbers, voiceAgentCalls } from '@server/platform/db/schema';
import { SECOND } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';

/**
 * Every figure of dashboard.summary against a dataset written straight into the database, with the answers worked
 * out by hand below. The company is in Chicago; "now" is Monday 30 November 2026, 23:45 local (05:45 UTC on
 * 1 December), so "this month" is November as Chicago lives it: a lead at 23:30 local on the 30th counts in it
 * although it is December in UTC, and the clocks went back on 1 November (a 25-hour day).
 */
const t = setUpTestApp();
const NOW = Date.parse('2026-12-01T05:45:00Z');

/** Local Chicago wall-clock time → epoch ms (CDT −5 until 1 Nov 2026 02:00, CST −6 after). */
const chicago = (local: string) => {
  const at = Date.parse(`${local}:00-06:00`);
  return at < Date.parse('2026-11-01T07:00:00Z') ? Date.parse(`${local}:00-05:00`) : at;
};

async function company(label: string) {
  t.deps.clock.set(NOW);
  const token = await signUp(t.deps, { email: `${label}@fixture.test`, companyName: `${label} Heating`, signupPhone: '+13125550100' });
  const caller = callerFor(t.deps, { authToken: token });
  await caller.phone.useSimulator();
  const [row] = await t.deps.db.select().from(companies).where(eq(companies.name, `${label} Heating`));
  await t.deps.db.update(companies).set({ timezone: 'America/Chicago' }).where(eq(companies.id, row!.id));
  const [number] = await t.deps.db.select().from(phoneNumbers).where(eq(phoneNumbers.companyId, row!.id));
  let seq = 0;
  const db = t.deps.db;

  /** A lead with its client and thread; `texts` are outbound answers (author, seconds after the lead). */
  const lead = async (input: { at: number; source: LeadSource; status: LeadStatus; valueCents?: number; texts?: Array<[MessageAuthor, number]> }) => {
    seq += 1;
    const phone = `+1312555${String(1000 + seq)}`;
    const [contact] = await db.insert(contacts).values({ companyId: row!.id, phone, firstName: `Client ${seq}` }).returning();
    const [thread] = await db
      .insert(conversations)
      .values({ companyId: row!.id, contactId: contact!.id, phoneNumberId: number!.id, peerPhone: phone })
      .returning();
    const [created] = await db
      .insert(leads)
      .values({ companyId: row!.id, contactId: contact!.id, source: input.source, status: input.status, valueCents: input.valueCents ?? null, createdAt: new Date(input.at), updatedAt: new Date(input.at) })
      .returning();
    // The customer's first words (a call or a lead the team typed in has none).
    if (!['missed_call', 'ai_call', 'manual'].includes(input.source)) await text(thread!, 'inbound', 'contact', input.at);
    for (const [author, seconds] of input.texts ?? []) await text(thread!, 'outbound', author, input.at + seconds * SECOND);
    return { lead: created!, thread: thread! };
  };
  const text = async (thread: typeof conversations.$inferSelect, direction: 'inbound' | 'outbound', author: MessageAuthor, at: number) => {
    const [message] = await db
      .insert(messages)
      .values({
        companyId: row!.id,
        conversationId: thread.id,
        contactId: thread.contactId,
        direction,
        author,
        fromNumber: direction === 'inbound' ? thread.peerPhone : number!.e164,
        toNumber: direction === 'inbound' ? number!.e164 : thread.peerPhone,
        body: 'Fixture text',
        status: direction === 'inbound' ? 'received' : 'delivered',
        provider: 'simulator',
        createdAt: new Date(at),
      })
      .returning();
    return message!;
  };
  /** A missed call at `at`, texted back 15 s later (or skipped), with a reply 5 minutes after the text-back. */
  const missedCall = async (input: { at: number; textBack: boolean; reply: boolean; of?: Awaited<ReturnType<typeof lead>> }) => {
    seq += 1;
    const textBack = input.textBack && input.of ? await text(input.of.thread, 'outbound', 'system', input.at + 15 * SECOND) : null;
    if (input.reply && input.of) await text(input.of.thread, 'inbound', 'contact', input.at + 315 * SECOND);
    await db.insert(calls).values({
      companyId: row!.id,
      provider: 'simulator',
      providerCallSid: `CA-${label}-${seq}`,
      fromNumber: input.of?.thread.peerPhone ?? '+13125559999',
      toNumber: number!.e164,
      routingMode: 'forwarded_missed',
      status: 'ended',
      startedAt: new Date(input.at),
      missed: true,
      missedReason: 'no_answer',
      contactId: input.of?.thread.contactId ?? null,
      conversationId: input.of?.thread.id ?? null,
      leadId: input.of?.lead.id ?? null,
      textBackOutcome: input.textBack ? 'texted' : 'skipped',
      textBackMessageId: textBack?.id ?? null,
    });
  };
  return { caller, companyId: row!.id, lead, missedCall, db };
}

describe('dashboard.summary against a fixture with known answers (Chicago, now = 30 Nov 2026 23:45 local)', () => {
  it('every KPI, for this month, today and 7 days, each against its own previous stretch; the counts kept as data arrives equal a rebuild', async () => {
    const a = await company('alpha');
    // The first view builds the (empty) day tables: everything below is counted by the triggers as it is written.
    expect((await a.caller.dashboard.summary({ period: 'month' })).leads.current.leads).toBe(0);
    // ── November (this month) ──
    // L1: 23:30 on the 30th (05:30 UTC on 1 Dec): today; answered by the assistant after 60 s → handled by AI.
    await a.lead({ at: chicago('2026-11-30T23:30'), source: 'sms', status: 'new', texts: [['ai', 60]] });
    // L2: 10:00 on the 30th: qualified, answered by the team after 120 s.
    await a.lead({ at: chicago('2026-11-30T10:00'), source: 'form', status: 'qualified', texts: [['user', 120]] });
    // L3: a missed call at 12:00 on the 29th, texted back, replied, booked; an automation answered after 300 s.
    const l3 = await a.lead({ at: chicago('2026-11-29T12:00'), source: 'missed_call', status: 'booked', texts: [['flow', 300]] });
    await a.missedCall({ at: chicago('2026-11-29T12:00') - 30 * SECOND, textBack: true, reply: true, of: l3 });
    // Two more missed calls: one skipped (a repeat caller), one texted back without a reply.
    await a.missedCall({ at: chicago('2026-11-28T09:00'), textBack: false, reply: false });
    const l7 = await a.lead({ at: chicago('2026-11-27T09:00'), source: 'missed_call', status: 'lost' });
    await a.missedCall({ at: chicago('2026-11-27T09:00') - 30 * SECOND, textBack: true, reply: false, of: l7 });
    // L4: the 20th, won for $500: the assistant answered after 30 s, then the team wrote → not handled by AI alone.
    await a.lead({ at: chicago('2026-11-20T09:00'), source: 'chat_widget', status: 'won', valueCents: 50_000, texts: [['ai', 30], ['user', 900]] });
    // L5: an AI-answered call on the 10th, won without a value; no text → handled by AI, not answered by text.
    const l5 = await a.lead({ at: chicago('2026-11-10T14:00'), source: 'ai_call', status: 'won' });
    await a.db.insert(voiceAgentCalls).values([
      { companyId: a.companyId, provider: 'simulator', providerCallSid: 'CA-ai-1', fromNumber: l5.thread.peerPhone, toNumber: '+13125550100', answerMode: 'ai_first', status: 'ended', settings: {} as never, connectedAt: new Date(chicago('2026-11-10T14:00')), createdAt: new Date(chicago('2026-11-10T14:00')) },
      // Never connected (the caller hung up while it rang): not an AI-answered call.
      { companyId: a.companyId, provider: 'simulator', providerCallSid: 'CA-ai-2', fromNumber: l5.thread.peerPhone, toNumber: '+13125550100', answerMode: 'ring_first', status: 'ended', settings: {} as never, createdAt: new Date(chicago('2026-11-11T14:00')) },
    ]);
    await a.db.insert(aiTurns).values({ companyId: a.companyId, conversationId: l5.thread.id, leadId: l5.lead.id, action: 'handoff', input: { newMessages: [], answersBefore: {} }, reasons: [], model: 'built-in', answeredThroughSeq: 0, createdAt: new Date(chicago('2026-11-15T10:00')) });
    // L6: 00:30 on 1 November (CDT, before the clocks went back): November's first day; a lead the team typed in, lost.
    await a.lead({ at: chicago('2026-11-01T00:30'), source: 'manual', status: 'lost' });
    // ── October (the month before, cut at 30 Oct 23:45: the same point of the month) ──
    await a.lead({ at: chicago('2026-10-15T08:00'), source: 'sms', status: 'qualified', texts: [['user', 600]] });
    // 31 October is past the cut (November has no 31st day to compare it with), and 23:30 on the 31st is not November.
    await a.lead({ at: chicago('2026-10-31T12:00'), source: 'sms', status: 'won', valueCents: 9_900 });
    await a.lead({ at: chicago('2026-10-31T23:30'), source: 'sms', status: 'new' });

    // ── Another company's data, on the same days: never counted ──
    const b = await company('beta');
    const bl = await b.lead({ at: chicago('2026-11-30T11:00'), source: 'sms', status: 'won', valueCents: 77_700, texts: [['ai', 5]] });
    await b.missedCall({ at: chicago('2026-11-30T10:59'), textBack: true, reply: true, of: bl });

    const month = await a.caller.dashboard.summary({ period: 'month' });
    expect(month.timezone).toBe('America/Chicago');
    expect(month.current).toMatchObject({ firstDay: '2026-11-01', lastDay: '2026-11-30' });
    expect(month.previous).toMatchObject({ firstDay: '2026-10-01', lastDay: '2026-10-30' });
    expect(month.leads.current).toEqual({
      leads: 7,
      qualified: 4, // L2 qualified, L3 booked, L4 won, L5 won
      booked: 3, // L3, L4, L5
      won: 2,
      wonValueCents: 50_000,
      wonWithValue: 1,
      answered: 4, // L1 60 s, L2 120 s, L3 300 s, L4 30 s
      medianFirstResponseSeconds: 90,
      aiHandled: 2, // L1 (text), L5 (AI-answered call)
    });
    expect(month.leads.previous).toEqual({ leads: 1, qualified: 1, booked: 0, won: 0, wonValueCents: 0, wonWithValue: 0, answered: 1, medianFirstResponseSeconds: 600, aiHandled: 0 });
    expect(month.missedCalls.current).toEqual({ missed: 3, textedBack: 2, replied: 1, qualified: 1, booked: 1 });
    expect(month.missedCalls.previous).toEqual({ missed: 0, textedBack: 0, replied: 0, qualified: 0, booked: 0 });
    expect(month.aiAnsweredCalls).toEqual({ current: 1, previous: 0 });
    expect(month.handoffs).toEqual({ current: 1, previous: 0 });
    expect(month.leadsBySource).toEqual([
      { source: 'sms', count: 1 },
      { source: 'manual', count: 1 },
      { source: 'chat_widget', count: 1 },
      { source: 'form', count: 1 },
      { source: 'missed_call', count: 2 },
      { source: 'ai_call', count: 1 },
    ]);
    expect(month.leadsByDay).toHaveLength(30);
    expect(month.leadsByDay.filter((d) => d.count > 0)).toEqual([
      { day: '2026-11-01', count: 1 },
      { day: '2026-11-10', count: 1 },
      { day: '2026-11-20', count: 1 },
      { day: '2026-11-27', count: 1 },
      { day: '2026-11-29', count: 1 },
      { day: '2026-11-30', count: 2 },
    ]);
    // No average job value yet: the formula's count, no estimate.
    expect(month.recoveredRevenue).toEqual({ bookedFromMissedCalls: 1, averageJobValue: null, estimateCents: null });

    // Today (the 30th until 23:45) against yesterday until 23:45.
    const today = await a.caller.dashboard.summary({ period: 'today' });
    expect([today.leads.current.leads, today.leads.previous.leads]).toEqual([2, 1]);
    expect(today.leads.current.medianFirstResponseSeconds).toBe(90);
    expect(today.leads.current.aiHandled).toBe(1);
    expect(today.leadsByDay).toEqual([{ day: '2026-11-30', count: 2 }]);
    expect([today.missedCalls.current.missed, today.missedCalls.previous.missed]).toEqual([0, 1]);

    // 7 days (24–30 Nov) against 17–23 Nov until 23:45.
    const week = await a.caller.dashboard.summary({ period: '7d' });
    expect([week.leads.current.leads, week.leads.previous.leads]).toEqual([4, 1]);
    expect(week.leads.previous).toMatchObject({ won: 1, wonValueCents: 50_000, aiHandled: 0, medianFirstResponseSeconds: 30 });
    expect(week.missedCalls.current).toEqual({ missed: 3, textedBack: 2, replied: 1, qualified: 1, booked: 1 });

    // Counted again from scratch (as after a change of time zone): the same figures.
    await a.db.delete(dashboardRollupState).where(eq(dashboardRollupState.companyId, a.companyId));
    const rebuilt = await a.caller.dashboard.summary({ period: 'month' });
    expect({ ...rebuilt, needsAttention: null }).toEqual({ ...month, needsAttention: null });

    // The other company sees only its own.
    const other = await b.caller.dashboard.summary({ period: 'month' });
    expect(other.leads.current).toMatchObject({ leads: 1, won: 1, wonValueCents: 77_700, aiHandled: 1, medianFirstResponseSeconds: 5 });
    expect(other.missedCalls.current).toEqual({ missed: 1, textedBack: 1, replied: 1, qualified: 1, booked: 1 });
  });

  it('a merge that moves texts to another client recounts its leads: the answer counts for the lead it now follows', async () => {
    const a = await company('zeta');
    await a.caller.dashboard.summary({ period: 'month' });
    const keep = await a.lead({ at: chicago('2026-11-30T09:00'), source: 'sms', status: 'new' });
    // The same person from another number: the team answered there 2 minutes after the lead.
    const twin = await a.lead({ at: chicago('2026-11-30T08:00'), source: 'form', status: 'lost', texts: [['user', 3_720]] });
    const before = await a.caller.dashboard.summary({ period: 'today' });
    expect(before.leads.current).toMatchObject({ leads: 2, answered: 1, medianFirstResponseSeconds: 3_720 });
    await a.caller.clients.merge({ keepId: keep.thread.contactId, mergeId: twin.thread.contactId });
    const after = await a.caller.dashboard.summary({ period: 'today' });
    // Both leads now belong to one client whose answer came at 09:02: 2 minutes after one, 62 after the other (median 32 min).
    expect(after.leads.current).toMatchObject({ leads: 2, answered: 2, medianFirstResponseSeconds: 1_920 });
    await a.db.delete(dashboardRollupState).where(eq(dashboardRollupState.companyId, a.companyId));
    expect((await a.caller.dashboard.summary({ period: 'today' })).leads.current).toEqual(after.leads.current);
  });

  it('recovered revenue: booked missed calls × the average job value the owner set (last save wins; null clears); another company keeps its own', async () => {
    const a = await company('gamma');
    const booked = await a.lead({ at: chicago('2026-11-29T12:00'), source: 'missed_call', status: 'won', valueCents: 42_000 });
    await a.missedCall({ at: chicago('2026-11-29T11:59'), textBack: true, reply: true, of: booked });
    const b = await company('delta');

    await expect(a.caller.dashboard.setAverageJobValue({ averageJobValueCents: 50 })).rejects.toThrow('Enter at least $1.');
    await expect(a.caller.dashboard.setAverageJobValue({ averageJobValueCents: 12.5 })).rejects.toThrow('Enter an amount in dollars and cents.');
    await expect(a.caller.dashboard.setAverageJobValue({ averageJobValueCents: 100_000_001 })).rejects.toThrow('Enter at most $1,000,000.');

    await a.caller.dashboard.setAverageJobValue({ averageJobValueCents: 30_000 });
    t.deps.clock.advance(60 * SECOND);
    const saved = await a.caller.dashboard.setAverageJobValue({ averageJobValueCents: 35_000 });
    expect(saved.averageJobValue).toEqual({ cents: 35_000, setAt: NOW + 60 * SECOND, setBy: 'Dana Rivera' });
    const month = await a.caller.dashboard.summary({ period: 'month' });
    expect(month.recoveredRevenue).toEqual({ bookedFromMissedCalls: 1, averageJobValue: { cents: 35_000, setAt: NOW + 60 * SECOND, setBy: 'Dana Rivera' }, estimateCents: 35_000 });

    // The other company: none of it.
    expect((await b.caller.dashboard.summary({ period: 'month' })).recoveredRevenue).toEqual({ bookedFromMissedCalls: 0, averageJobValue: null, estimateCents: null });
    await b.caller.dashboard.setAverageJobValue({ averageJobValueCents: 10_000 });
    expect((await a.caller.dashboard.summary({ period: 'month' })).recoveredRevenue.estimateCents).toBe(35_000);

    await a.caller.dashboard.setAverageJobValue({ averageJobValueCents: null });
    expect((await a.caller.dashboard.summary({ period: 'month' })).recoveredRevenue).toEqual({ bookedFromMissedCalls: 1, averageJobValue: null, estimateCents: null });
  });

  it('refuses a period it does not know, in words', async () => {
    const a = await company('epsilon');
    await expect(a.caller.dashboard.summary({ period: 'year' as never })).rejects.toThrow('Choose a period: today, 7d, 30d, 90d, month.');
  });
});
