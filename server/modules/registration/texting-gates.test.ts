import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { A2P_HELD_CODE } from '@contracts/registration';
import type { SendSmsRequest, TelephonyProvider } from '@server/adapters/telephony/telephony.port';
import { companies, consentEvents, contacts, conversations, leads, messages, textingRegistrationEvents, textingRegistrations, users } from '@server/platform/db/schema';
import { DAY, MINUTE, SECOND } from '@server/platform/lib/clock';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { callerFor, createTestDeps, setUpTestApp, signUp, type TestDeps } from '@server/testing/test-app';
import { queueOutbound } from '@server/modules/messaging/outbound.service';
import { allocateSimulatedNumber, setActiveNumber } from '@server/modules/phone-numbers/active-number';
import { recordInboundEvent } from '@server/modules/telephony/provider-events.service';
import { updateLead } from '@server/modules/leads/leads.service';
import { brandDraftSchema, campaignDraftSchema } from '@contracts/registration.schema';
import { REVIEW_QUEUE } from './registration.service';

/**
 * The gates on automated texts (decision 0046), on a fake clock: A2P_GATE=hold keeps automated texts from a Twilio
 * number until the registration is approved — staff texts and direct replies still go, each waiting text says why,
 * approval releases them; A2P_GATE=warn lets them go. CASL: a Canadian company's implied consent ends 6 months after
 * the last inquiry (2 years after a purchase) and automated texts then stop for that person.
 */
function fakeTwilio() {
  const sent: SendSmsRequest[] = [];
  const provider: TelephonyProvider & { sent: SendSmsRequest[] } = {
    kind: 'twilio',
    sent,
    async sendSms(request) {
      sent.push(request);
      return { providerMessageId: `SM${sent.length.toString().padStart(32, '0')}` };
    },
    async findAccepted() {
      return null;
    },
  };
  return provider;
}

const t = setUpTestApp();
const CUSTOMER = '+14155550001'; // San Francisco
const TORONTO = '+14165550002';

interface Setup {
  deps: TestDeps;
  companyId: string;
  business: string;
  token: string;
  provider: 'simulator' | 'twilio';
}

async function company(deps: TestDeps, provider: 'simulator' | 'twilio'): Promise<Setup> {
  const email = `owner-${Math.random().toString(36).slice(2)}@example.test`;
  const token = await signUp(deps, { email });
  const [row] = await deps.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, email));
  const companyId = row!.companyId;
  const business = await deps.db.transaction(async (tx) => {
    const e164 = provider === 'simulator' ? await allocateSimulatedNumber(tx, companyId) : '+14155559999';
    await setActiveNumber(tx, { companyId, e164, provider, providerSid: provider === 'twilio' ? 'PN1' : null, now: deps.clock.now() });
    return e164;
  });
  return { deps, companyId, business, token, provider };
}

let sid = 0;
async function inbound(s: Setup, body: string, from = CUSTOMER) {
  sid += 1;
  await recordInboundEvent(s.deps, { provider: s.provider, kind: 'sms', eventKey: `SMG${sid}`, payload: { MessageSid: `SMG${sid}`, From: from, To: s.business, Body: body } });
  await s.deps.queue.drain();
}

async function threadOf(s: Setup, phone = CUSTOMER) {
  const [contact] = await s.deps.db.select().from(contacts).where(and(eq(contacts.companyId, s.companyId), eq(contacts.phone, phone)));
  const [conversation] = await s.deps.db.select().from(conversations).where(eq(conversations.contactId, contact!.id));
  return { contact: contact!, conversation: conversation! };
}

type Kind = 'follow-up' | 'staff' | 'reply' | 'booking reminder';
async function send(s: Setup, conversationId: string, kind: Kind, body = `A ${kind} text`) {
  const options = {
    'follow-up': { author: 'flow', automated: true, isReply: false, dedupeKey: `follow-up:${Math.random()}` },
    staff: { author: 'user', automated: false, isReply: false, dedupeKey: null },
    reply: { author: 'ai', automated: true, isReply: true, dedupeKey: null },
    'booking reminder': { author: 'system', automated: true, isReply: false, dedupeKey: `appointment:reminder:${Math.random()}` },
  } as const;
  const message = await transactionWithEvents(s.deps, (tx, events) => queueOutbound(tx, s.deps, events, { companyId: s.companyId, conversationId, body, ...options[kind] }));
  await deliver(s);
  const row = (await s.deps.db.select().from(messages).where(eq(messages.id, message.id)))[0]!;
  // The test number reports delivery: "delivered" is "went out" here as much as Twilio's "sent".
  return { ...row, status: row.status === 'delivered' ? ('sent' as const) : row.status };
}

/** Every due job, with the business number's pacing between texts. */
async function deliver(s: Setup) {
  for (let round = 0; round < 4; round += 1) {
    await s.deps.queue.drain();
    s.deps.clock.advance(2 * SECOND);
  }
}

describe('A2P_GATE=hold', () => {
  let twilio: ReturnType<typeof fakeTwilio>;
  let deps: TestDeps;
  beforeEach(() => {
    twilio = fakeTwilio();
    deps = createTestDeps(t.database.db, { twilio });
    deps.a2pGate = 'hold';
    deps.clock.set(Date.parse('2027-03-02T19:00:00Z')); // Tuesday 11:00 in San Francisco
  });

  it('holds automated texts before approval, saying why; staff texts and direct replies go; approval releases the held ones', async () => {
    const s = await company(deps, 'twilio');
    await inbound(s, 'Hi, can you fix a leaking faucet?');
    const { conversation } = await threadOf(s);

    const followUp = await send(s, conversation.id, 'follow-up');
    const reminder = await send(s, conversation.id, 'booking reminder');
    expect(followUp).toMatchObject({ status: 'scheduled', errorCode: A2P_HELD_CODE, scheduledFor: null });
    expect(followUp.errorMessage).toMatch(/Waiting for your texting registration/);
    expect(reminder).toMatchObject({ status: 'scheduled', errorCode: A2P_HELD_CODE });
    expect(await send(s, conversation.id, 'staff')).toMatchObject({ status: 'sent', errorCode: null });
    expect(await send(s, conversation.id, 'reply')).toMatchObject({ status: 'sent' });
    expect(twilio.sent.map((m) => m.body)).toEqual(['A staff text', 'A reply text']);

    // Days pass: still waiting, and the thread says why.
    deps.clock.advance(3 * DAY);
    await deliver(s);
    expect(twilio.sent).toHaveLength(2);
    const caller = callerFor(deps, { authToken: s.token });
    const thread = await caller.conversations.get({ id: conversation.id });
    const shown = thread.messages.find((m) => m.id === followUp.id)!;
    expect(shown.scheduledNote).toMatch(/Waiting for your texting registration/);
    // The built-in no-reply follow-ups (flows) wait too, beside the two texts sent here.
    const waiting = await s.deps.db.select().from(messages).where(eq(messages.errorCode, A2P_HELD_CODE));
    expect(waiting.every((m) => m.automated && m.status === 'scheduled')).toBe(true);
    expect(waiting.filter((m) => m.dedupeKey?.startsWith('flow:')).length).toBeGreaterThan(0);
    expect(await caller.registration.summary()).toMatchObject({ approved: false, gate: 'hold', realNumber: true, heldTexts: waiting.length });

    // The carriers approve (the simulated reviewer's second check): the held texts go.
    await approve(s);
    // One at a time, a send-lock (a minute) apart, in the order they were written.
    for (let minute = 0; minute < 10; minute += 1) {
      await deliver(s);
      deps.clock.advance(MINUTE);
    }
    expect(twilio.sent.map((m) => m.body).slice(0, 4)).toEqual(['A staff text', 'A reply text', 'A follow-up text', 'A booking reminder text']);
    expect(twilio.sent).toHaveLength(2 + waiting.length);
    expect((await s.deps.db.select().from(messages).where(eq(messages.id, followUp.id)))[0]).toMatchObject({ status: 'sent', errorCode: null });
    expect(await caller.registration.summary()).toMatchObject({ approved: true, heldTexts: 0 });

    // After approval nothing waits.
    expect(await send(s, conversation.id, 'follow-up', 'Another follow-up')).toMatchObject({ status: 'sent' });
  });

  it('released texts still wait for the recipient’s send window', async () => {
    const s = await company(deps, 'twilio');
    await inbound(s, 'Quote for a new water heater?');
    const { conversation } = await threadOf(s);
    const followUp = await send(s, conversation.id, 'follow-up');
    deps.clock.set(Date.parse('2027-03-03T06:00:00Z')); // 22:00 in San Francisco
    await approve(s);
    await deliver(s);
    const released = (await s.deps.db.select().from(messages).where(eq(messages.id, followUp.id)))[0]!;
    expect(released).toMatchObject({ status: 'scheduled', errorCode: null });
    expect(released.scheduledFor?.toISOString()).toBe('2027-03-03T17:00:00.000Z'); // 9:00 their time
    deps.clock.set(Date.parse('2027-03-03T17:00:01Z'));
    await deliver(s);
    expect(twilio.sent.map((m) => m.body)).toContain('A follow-up text');
  });

  it('does not hold texts from the test number (no carrier)', async () => {
    const s = await company(deps, 'simulator');
    await inbound(s, 'Hello?');
    const { conversation } = await threadOf(s);
    expect(await send(s, conversation.id, 'follow-up')).toMatchObject({ status: 'sent' });
  });
});

describe('A2P_GATE=warn (default)', () => {
  it('sends automated texts before approval, and the summary carries the warning state', async () => {
    const twilio = fakeTwilio();
    const deps = createTestDeps(t.database.db, { twilio });
    deps.clock.set(Date.parse('2027-03-02T19:00:00Z'));
    expect(deps.a2pGate).toBe('warn');
    const s = await company(deps, 'twilio');
    await inbound(s, 'Hi there');
    const { conversation } = await threadOf(s);
    expect(await send(s, conversation.id, 'follow-up')).toMatchObject({ status: 'sent', errorCode: null });
    expect(await callerFor(deps, { authToken: s.token }).registration.summary()).toMatchObject({ approved: false, gate: 'warn', realNumber: true, heldTexts: 0, statusWords: 'Not started' });
  });
});

/** Puts the company's registration in review and lets the simulated reviewer decide (it approves clean data). */
async function approve(s: Setup) {
  const now = s.deps.clock.now();
  await s.deps.db
    .insert(textingRegistrations)
    .values({ companyId: s.companyId, status: 'in_review', brand: brandDraftSchema.parse({}), campaign: campaignDraftSchema.parse({ useCase: 'MIXED' }), reviewer: 'simulated', providerRefs: { round: 1, checks: 1 }, submittedAt: now })
    .onConflictDoNothing();
  await s.deps.queue.enqueue(s.deps.db, REVIEW_QUEUE, { companyId: s.companyId }, { companyId: s.companyId });
  await s.deps.queue.drain();
  const [row] = await s.deps.db.select().from(textingRegistrations).where(eq(textingRegistrations.companyId, s.companyId));
  expect(row?.status).toBe('approved');
  const events = await s.deps.db.select().from(textingRegistrationEvents).where(eq(textingRegistrationEvents.companyId, s.companyId));
  expect(events.map((e) => e.kind)).toContain('approved');
}

describe('CASL (a Canadian company)', () => {
  beforeEach(() => {
    t.deps.clock.set(Date.parse('2027-03-02T16:00:00Z')); // 11:00 in Toronto
  });

  async function canadian() {
    const s = await company(t.deps, 'simulator');
    await t.deps.db.update(companies).set({ country: 'CA', timezone: 'America/Toronto' }).where(eq(companies.id, s.companyId));
    return s;
  }

  it('implied consent from an inquiry ends after 6 months: automated texts stop, staff texts and replies go; a new text starts it again', async () => {
    const s = await canadian();
    await inbound(s, 'Do you install heat pumps?', TORONTO);
    const { conversation } = await threadOf(s, TORONTO);

    t.deps.clock.advance(150 * DAY); // about 5 months
    expect(await send(s, conversation.id, 'follow-up')).toMatchObject({ status: 'sent' });

    t.deps.clock.set(Date.parse('2027-09-02T16:00:01Z')); // 6 months and a second after the inquiry
    const stopped = await send(s, conversation.id, 'follow-up');
    expect(stopped).toMatchObject({ status: 'blocked', errorCode: 'casl_consent_expired' });
    expect(stopped.errorMessage).toMatch(/consent under Canada's anti-spam law \(CASL\) ended on 2027-09-02/);
    expect(await send(s, conversation.id, 'staff')).toMatchObject({ status: 'sent' });
    // Booking texts are transactional: CASL exempts them.
    expect(await send(s, conversation.id, 'booking reminder')).toMatchObject({ status: 'sent' });

    // They write again: a new inquiry, 6 more months.
    await inbound(s, 'Still thinking about that heat pump', TORONTO);
    t.deps.clock.advance(2 * MINUTE); // past the send-lock of the business's answer to that text
    expect(await send(s, conversation.id, 'follow-up', 'Follow-up after their new text')).toMatchObject({ status: 'sent' });
  });

  it('a text queued for the send window is stopped if consent ends before it goes', async () => {
    const s = await canadian();
    await inbound(s, 'Quote please', TORONTO);
    const { conversation } = await threadOf(s, TORONTO);
    t.deps.clock.set(Date.parse('2027-09-02T02:00:00Z')); // 22:00 in Toronto, the evening before consent ends
    const queued = await send(s, conversation.id, 'follow-up');
    expect(queued.status).toBe('scheduled');
    t.deps.clock.set(Date.parse('2027-09-02T16:00:00Z'));
    await deliver(s);
    expect((await t.deps.db.select().from(messages).where(eq(messages.id, queued.id)))[0]).toMatchObject({ status: 'blocked', errorCode: 'casl_consent_expired' });
  });

  it('a won job is a purchase: implied consent for 2 years, recorded on the ledger with its end', async () => {
    const s = await canadian();
    await inbound(s, 'Need a furnace tune-up', TORONTO);
    const { contact, conversation } = await threadOf(s, TORONTO);
    const [lead] = await t.deps.db.select().from(leads).where(eq(leads.contactId, contact.id));
    const [owner] = await t.deps.db.select().from(users).where(eq(users.companyId, s.companyId));
    await updateLead({ db: t.deps.db, companyId: s.companyId, userId: owner!.id, now: t.deps.clock.now(), ip: null }, t.deps, lead!.id, { status: 'won' });
    await t.deps.queue.drain();
    const ledger = await t.deps.db.select().from(consentEvents).where(eq(consentEvents.contactId, contact.id));
    const purchase = ledger.find((e) => e.method === 'purchase');
    expect(purchase).toMatchObject({ kind: 'implied', caslBasis: 'implied_purchase' });
    expect(purchase!.expiresAt?.toISOString()).toBe('2029-03-02T16:00:00.000Z');

    t.deps.clock.set(Date.parse('2028-03-02T16:00:00Z')); // a year on: past the inquiry's 6 months, within the purchase's 2 years
    expect(await send(s, conversation.id, 'follow-up')).toMatchObject({ status: 'sent' });
    t.deps.clock.set(Date.parse('2029-03-02T16:00:01Z'));
    expect(await send(s, conversation.id, 'follow-up')).toMatchObject({ status: 'blocked', errorCode: 'casl_consent_expired' });
  });

  it('express consent does not expire; a US company is not held to CASL', async () => {
    const s = await canadian();
    await inbound(s, 'Hello', TORONTO);
    const { contact, conversation } = await threadOf(s, TORONTO);
    await t.deps.db.insert(consentEvents).values({ companyId: s.companyId, contactId: contact.id, kind: 'opt_in', method: 'web_form', checked: true, createdAt: t.deps.clock.now() });
    t.deps.clock.advance(900 * DAY);
    t.deps.clock.set(Date.parse('2029-08-21T16:00:00Z'));
    expect(await send(s, conversation.id, 'follow-up')).toMatchObject({ status: 'sent' });

    const us = await company(t.deps, 'simulator');
    await inbound(us, 'Hi');
    const usThread = await threadOf(us);
    t.deps.clock.advance(400 * DAY);
    t.deps.clock.set(Date.parse('2030-10-01T19:00:00Z'));
    expect(await send(us, usThread.conversation.id, 'follow-up')).toMatchObject({ status: 'sent' });
  });
});

