import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_AGENT_SETTINGS } from '@contracts/voice-agent';
import type { RelayOutgoingMessage } from '@contracts/conversation-relay';
import { createBuiltinAssistant } from '@server/adapters/ai/builtin/builtin-assistant';
import { appointments, companies, contacts, conversations, leads, messages, notifications, users, voiceAgentCalls } from '@server/platform/db/schema';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { HOUR, SECOND } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { answerIncomingCall, storeEvent } from '@server/modules/calls/voice.service';
import { bookSlot } from '@server/modules/scheduling/scheduling.service';
import type { AiPort } from '@server/adapters/ai/ai.port';
import { RelaySession, type RelayRuntime } from './relay-session';

/**
 * Booking by phone (issue 27; decision 0048, "Booking by phone"): the assistant on a call books as it does by text —
 * the built-in assistant offers two free times of the company's appointment type, said as a voice says them, books
 * the one the caller picks (the caller's client and lead are the ones the after-call work joins), offers the two
 * nearest others when the time was taken meanwhile, and the call's one text is the booked follow-up with the
 * booking's confirmation in it.
 */
const t = setUpTestApp();
const CALLER = '+13125550171';
/** Tuesday Nov 24 2026, 10:00 in Chicago. */
const TUESDAY_MORNING = Date.parse('2026-11-24T16:00:00Z');
const THURSDAY_8 = Date.parse('2026-11-26T14:00:00Z');
const THURSDAY_10 = Date.parse('2026-11-26T16:00:00Z');

beforeEach(() => {
  t.deps.clock.set(TUESDAY_MORNING);
  t.deps.ai = createBuiltinAssistant();
});

async function company(label: string, options: { type?: boolean } = {}) {
  const email = `${label}@booking-call.test`;
  const token = await signUp(t.deps, { email, companyName: `${label[0]!.toUpperCase()}${label.slice(1)} Plumbing`, signupPhone: null });
  const caller = callerFor(t.deps, { authToken: token });
  const number = await caller.phone.useSimulator();
  const [owner] = await t.deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  await t.deps.db.update(companies).set({ timezone: 'America/Chicago' }).where(eq(companies.id, owner!.companyId));
  const D = DEFAULT_VOICE_AGENT_SETTINGS;
  await caller.voiceAgent.settings.saveBasic({ expectedVersion: 0, enabled: true, answerMode: D.answerMode, ringSeconds: D.ringSeconds, hours: D.hours, windows: D.windows, greeting: D.greeting, recordCalls: false, recordingDisclosure: D.recordingDisclosure, voice: D.voice });
  const type = options.type === false ? null : await caller.scheduling.types.create({ name: 'Drain cleaning visit', durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeMinutes: 60, horizonDays: 14, location: 'customer_address', userIds: [] });
  return { caller, number: number.e164, companyId: owner!.companyId, owner: owner!, type };
}
type Company = Awaited<ReturnType<typeof company>>;

/** Waits for nothing: every pause of the reply's pacing is over at once, the maximum length never comes. */
const instant: RelayRuntime = { monotonic: () => performance.now(), wait: () => Promise.resolve(), after: () => () => {}, recorder: null };

async function pass(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += SECOND) {
    t.deps.clock.advance(SECOND);
    await t.deps.queue.drain();
  }
}

/** A test-phone call the assistant answers, driven message by message; `hangUp` ends it and runs every job. */
async function startCall(c: Company, sid: string, from = CALLER) {
  const answered = await answerIncomingCall(t.deps, { provider: 'simulator', params: { CallSid: sid, From: from, To: c.number }, aiAnswers: true });
  expect(answered.aiAnswered).toBe(true);
  const [row] = await t.deps.db.select().from(voiceAgentCalls).where(eq(voiceAgentCalls.providerCallSid, sid));
  const sent: RelayOutgoingMessage[] = [];
  const session = new RelaySession(t.deps, instant, row!, { send: (m) => sent.push(m) });
  /** What the assistant said since the last look (its tokens joined). */
  let seen = 0;
  const heard = () => {
    const words = sent.slice(seen).flatMap((m) => (m.type === 'text' ? [m.token] : [])).join('');
    seen = sent.length;
    return words;
  };
  session.receive(JSON.stringify({ type: 'setup', sessionId: 'VX1', callSid: sid, from, to: c.number }));
  await session.settled();
  heard();
  const say = async (words: string) => {
    session.receive(JSON.stringify({ type: 'prompt', voicePrompt: words, last: true }));
    await session.settled();
    return heard();
  };
  const hangUp = async () => {
    await session.close();
    await storeEvent(t.deps, 'call_status', { provider: 'simulator', params: { CallSid: sid, CallStatus: 'completed', CallDuration: '60' } });
    await pass(20 * SECOND);
    const [after] = await t.deps.db.select().from(voiceAgentCalls).where(eq(voiceAgentCalls.id, row!.id));
    return after!;
  };
  return { say, hangUp, sent };
}

const outbound = async (companyId: string) => (await t.deps.db.select().from(messages).where(eq(messages.companyId, companyId))).filter((m) => m.direction === 'outbound');
const booked = (companyId: string) => t.deps.db.select().from(appointments).where(eq(appointments.companyId, companyId));

describe('booking by phone', () => {
  it('offers two free times in spoken words, books the one picked: appointment, lead and outcome booked, one text with the booked template and the confirmation', async () => {
    const c = await company('alpha');
    const call = await startCall(c, 'SIMCA-book');
    await call.say('My kitchen drain is clogged');
    const offer = await call.say('60614, thursday before 11 please');
    expect(offer).toBe('Thanks! I can book Drain cleaning visit Thursday, November 26 at 8 AM or 10 AM. Which works for you?');
    // Offered, not booked: nothing is promised yet, and no text goes during the call.
    expect(await booked(c.companyId)).toHaveLength(0);

    const confirmed = await call.say('10 works');
    expect(confirmed).toBe('You’re booked for Drain cleaning visit on Thursday, November 26 at 10 AM. You’ll get a text with the details. Thanks for calling. Goodbye!');
    expect(call.sent.at(-1)).toEqual({ type: 'end', handoffData: JSON.stringify({ reason: 'completed' }) });
    const [appointment] = await booked(c.companyId);
    expect(appointment).toMatchObject({ startsAt: new Date(THURSDAY_10), status: 'booked', bookedBy: 'assistant' });
    expect(await outbound(c.companyId)).toHaveLength(0);

    const ended = await call.hangUp();
    expect(ended).toMatchObject({ outcome: 'booked', followUpStatus: 'queued', appointmentId: appointment!.id, leadId: appointment!.leadId, contactId: appointment!.contactId });
    // One client, one lead: the one the booking points at, booked, with the call's answers.
    const allLeads = await t.deps.db.select().from(leads).where(eq(leads.companyId, c.companyId));
    expect(allLeads).toHaveLength(1);
    expect(allLeads[0]).toMatchObject({ id: appointment!.leadId, source: 'ai_call', status: 'booked', answers: expect.objectContaining({ postal_code: '60614' }) });
    expect(await t.deps.db.select().from(contacts).where(eq(contacts.companyId, c.companyId))).toHaveLength(1);
    // Exactly one text for the call: the booked follow-up, carrying the confirmation (time, C/R, calendar link).
    const sent = await outbound(c.companyId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatch(/^Hi there, thanks for calling Alpha Plumbing! Your job is booked\. Reply here if anything changes\. Drain cleaning visit on Thu, Nov 26, 10:00 AM CST\. Reply C to confirm or R to reschedule\. Add it to your calendar: http:\/\/localhost:3000\/a\/[\w-]{32,}\.ics$/);
    expect(ended.followUpMessageId).toBe(sent[0]!.id);
    const told = await t.deps.db.select().from(notifications).where(and(eq(notifications.userId, c.owner.id), eq(notifications.event, 'booking')));
    expect(told.map((n) => n.title)).toEqual([expect.stringContaining('The assistant booked')]);
    // The reminders were queued by the booking, as for texts: the day before, the 24 h one goes.
    t.deps.clock.set(THURSDAY_10 - 24 * HOUR + SECOND);
    await t.deps.queue.drain();
    expect((await outbound(c.companyId)).map((m) => m.body)).toEqual([sent[0]!.body, expect.stringMatching(/^Reminder from Alpha Plumbing: Drain cleaning visit tomorrow/)]);
  });

  it('a time taken while the caller chose: the two nearest others are offered, and the one picked then is booked', async () => {
    const c = await company('bravo');
    const call = await startCall(c, 'SIMCA-taken');
    await call.say('My kitchen drain is clogged');
    expect(await call.say('60614, thursday before 11 please')).toContain('Thursday, November 26 at 8 AM or 10 AM');
    // Someone else takes 10:00 while the assistant decides (staff, or a text).
    const now = t.deps.clock.now();
    const [other] = await t.deps.db.insert(contacts).values({ companyId: c.companyId, phone: '+13125550999', createdAt: now, updatedAt: now }).returning();
    const builtin = t.deps.ai;
    const meanwhile: AiPort = {
      kind: 'builtin',
      decide: async (input, options) => {
        t.deps.ai = builtin;
        await transactionWithEvents(t.deps, (tx, events) => bookSlot(tx, t.deps, events, { companyId: c.companyId, typeId: c.type!.id, start: new Date(THURSDAY_10), contactId: other!.id, leadId: null, bookedBy: 'staff', now }));
        return builtin.decide(input, options);
      },
    };
    t.deps.ai = meanwhile;
    const again = await call.say('10 please');
    expect(again).toBe('Sorry, that time was just taken. I can do Thursday, November 26 at 9 AM or 11 AM instead. Which works?');
    expect((await booked(c.companyId)).filter((b) => b.contactId !== other!.id)).toHaveLength(0);
    const done = await call.say('11 works');
    expect(done).toContain('You’re booked for Drain cleaning visit on Thursday, November 26 at 11 AM.');
    const ended = await call.hangUp();
    expect(ended.outcome).toBe('booked');
    const mine = (await booked(c.companyId)).filter((b) => b.contactId !== other!.id);
    expect(mine.map((b) => b.startsAt.toISOString())).toEqual(['2026-11-26T17:00:00.000Z']);
  });

  it('no appointment types: no times offered, no booking, the call goes as before (qualified, the qualified text)', async () => {
    const c = await company('charlie', { type: false });
    const call = await startCall(c, 'SIMCA-notype');
    await call.say('My kitchen drain is clogged');
    const reply = await call.say('60614, thursday before 11 please');
    expect(reply).not.toMatch(/\bI can book\b|\bAM\b/);
    const ended = await call.hangUp();
    expect(ended).toMatchObject({ outcome: 'qualified', appointmentId: null });
    expect(await booked(c.companyId)).toHaveLength(0);
    expect((await outbound(c.companyId)).map((m) => m.body)).toEqual([DEFAULT_VOICE_AGENT_SETTINGS.followUps.templates.qualified.replace('{first_name}', 'there').replace('{business_name}', 'Charlie Plumbing')]);
  });

  it('another company’s appointment types are never offered', async () => {
    const withTypes = await company('delta');
    expect(withTypes.type).not.toBeNull();
    const c = await company('echo', { type: false });
    const call = await startCall(c, 'SIMCA-other');
    await call.say('My kitchen drain is clogged');
    expect(await call.say('60614, thursday before 11 please')).not.toContain('Drain cleaning visit');
    await call.hangUp();
    expect(await t.deps.db.select().from(appointments)).toHaveLength(0);
    const [thread] = await t.deps.db.select().from(conversations).where(eq(conversations.companyId, c.companyId));
    expect(thread?.slotOffer ?? null).toBeNull();
  });

  it('follow-up texts turned off: the booking’s own confirmation is the one text', async () => {
    const c = await company('foxtrot');
    await c.caller.voiceAgent.settings.saveFollowUps({ expectedVersion: 1, enabled: false, templates: DEFAULT_VOICE_AGENT_SETTINGS.followUps.templates });
    const call = await startCall(c, 'SIMCA-off');
    await call.say('My kitchen drain is clogged');
    await call.say('60614, thursday before 11 please');
    await call.say('the first one');
    const ended = await call.hangUp();
    expect(ended).toMatchObject({ outcome: 'booked', followUpStatus: 'skipped', followUpSkipReason: 'disabled' });
    t.deps.clock.advance(60 * SECOND);
    await t.deps.queue.drain();
    const sent = await outbound(c.companyId);
    expect(sent.map((m) => m.body)).toEqual([expect.stringMatching(/^Foxtrot Plumbing: you're booked for Drain cleaning visit on Thu, Nov 26, 8:00 AM CST\. Reply C to confirm/)]);
    expect(THURSDAY_8).toBe((await booked(c.companyId))[0]!.startsAt.getTime());
  });
});
