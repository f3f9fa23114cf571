import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProviderSendError, type SendSmsRequest, type TelephonyProvider } from '@server/adapters/telephony/telephony.port';
import { companies, consentEvents, contacts, conversations, jobs, leads, messages, notificationPreferences, notifications, phoneNumbers, protectedNumbers, simulatorDevices, users } from '@server/platform/db/schema';
import { HOUR, MINUTE, SECOND } from '@server/platform/lib/clock';
import { createTestDeps, setUpTestApp, signUp, type TestDeps } from '@server/testing/test-app';
import { OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS } from './keywords';
import { recordInboundEvent } from '@server/modules/telephony/provider-events.service';
import { receiveSms } from '@server/modules/intake/sms.channel';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { ALERT_SMS_QUEUE } from '@server/modules/notifications/notify.service';
import { queueOutbound } from './outbound.service';
import { allocateSimulatedNumber, setActiveNumber } from '@server/modules/phone-numbers/active-number';
import { exportLeadsCsv, updateLead } from '@server/modules/leads/leads.service';

/** A Twilio stand-in: records every accepted text, can be told to fail. */
function fakeTwilio() {
  const sent: SendSmsRequest[] = [];
  const failures: ProviderSendError[] = [];
  const provider: TelephonyProvider & { sent: SendSmsRequest[]; failNext(error: ProviderSendError): void } = {
    kind: 'twilio',
    sent,
    failNext: (error) => void failures.push(error),
    async sendSms(request) {
      const failure = failures.shift();
      if (failure) throw failure;
      sent.push(request);
      return { providerMessageId: `SM${sent.length.toString().padStart(32, '0')}` };
    },
    async findAccepted(request) {
      const index = sent.findIndex((s) => s.messageId === request.messageId);
      return index === -1 ? null : { providerMessageId: `SM${(index + 1).toString().padStart(32, '0')}` };
    },
  };
  return provider;
}

const t = setUpTestApp();
const CUSTOMER = '+14155550001'; // San Francisco: Pacific time
const TORONTO = '+14165550002';

interface Setup {
  deps: TestDeps;
  companyId: string;
  business: string;
}

/** A signed-up company with an active business number (simulated unless `twilio` is given). */
async function company(deps: TestDeps, provider: 'simulator' | 'twilio' = 'simulator'): Promise<Setup> {
  await signUp(deps, { email: `owner-${Math.random().toString(36).slice(2)}@example.test` });
  const [row] = await deps.db.select().from(companies).orderBy(companies.createdAt).limit(1);
  const companyId = row!.id;
  const business = await deps.db.transaction(async (tx) => {
    const e164 = provider === 'simulator' ? await allocateSimulatedNumber(tx, companyId) : '+14155559999';
    await setActiveNumber(tx, { companyId, e164, provider, providerSid: provider === 'twilio' ? 'PN1' : null, now: deps.clock.now() });
    return e164;
  });
  return { deps, companyId, business };
}

let sid = 0;
async function inbound(s: Setup, body: string, from = CUSTOMER, extra: Record<string, string> = {}) {
  sid += 1;
  const result = await recordInboundEvent(s.deps, {
    provider: 'simulator',
    kind: 'sms',
    eventKey: `SMIN${sid}`,
    payload: { MessageSid: `SMIN${sid}`, From: from, To: s.business, Body: body, ...extra },
  });
  await s.deps.queue.drain();
  return result;
}

async function conversationOf(s: Setup, phone = CUSTOMER) {
  const [contact] = await s.deps.db.select().from(contacts).where(and(eq(contacts.companyId, s.companyId), eq(contacts.phone, phone)));
  const [conversation] = await s.deps.db.select().from(conversations).where(eq(conversations.contactId, contact!.id));
  return { contact: contact!, conversation: conversation! };
}

async function send(s: Setup, conversationId: string, body: string, options: { automated?: boolean; dedupeKey?: string; isReply?: boolean } = {}) {
  return transactionWithEvents(s.deps, (tx, events) =>
    queueOutbound(tx, s.deps, events, {
      companyId: s.companyId,
      conversationId,
      body,
      author: options.automated ? 'flow' : 'user',
      automated: options.automated ?? false,
      isReply: options.isReply ?? false,
      dedupeKey: options.dedupeKey ?? null,
    }),
  );
}

const messageById = async (s: Setup, id: string) => (await s.deps.db.select().from(messages).where(eq(messages.id, id)))[0]!;
const outboundTo = async (s: Setup, contactId: string) =>
  s.deps.db.select().from(messages).where(and(eq(messages.contactId, contactId), eq(messages.direction, 'outbound'))).orderBy(messages.createdAt);

beforeEach(() => {
  t.deps.clock.set(Date.parse('2026-11-21T20:00:00Z')); // noon Pacific, 15:00 Eastern
});

describe('inbound texts', () => {
  it('from an unknown number: a client, an SMS lead, a thread, implied consent and a new-lead notification', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Hi, my water heater is leaking. Can someone come today?');
    const { contact, conversation } = await conversationOf(s);
    expect(contact).toMatchObject({ phone: CUSTOMER, optedOutAt: null });
    expect(conversation).toMatchObject({ status: 'open', mode: 'human', unreadCount: 1, lastMessagePreview: 'Hi, my water heater is leaking. Can someone come today?' });
    const [lead] = await s.deps.db.select().from(leads).where(eq(leads.contactId, contact.id));
    expect(lead).toMatchObject({ source: 'sms', status: 'new', summary: 'Hi, my water heater is leaking. Can someone come today?' });
    const [message] = await s.deps.db.select().from(messages).where(eq(messages.contactId, contact.id));
    expect(message).toMatchObject({ direction: 'inbound', author: 'contact', status: 'received', fromNumber: CUSTOMER, toNumber: s.business });
    const [consent] = await s.deps.db.select().from(consentEvents).where(eq(consentEvents.contactId, contact.id));
    expect(consent).toMatchObject({ kind: 'implied', method: 'inbound_message', messageId: message!.id });
    const feed = await s.deps.db.select().from(notifications);
    expect(feed.map((n) => n.event)).toEqual(['new_lead']);
    expect(feed[0]!.link).toBe(`/conversations?c=${conversation.id}`);
  });

  it('stores a webhook delivered twice once', async () => {
    const s = await company(t.deps);
    const payload = { MessageSid: 'SMdup1', From: CUSTOMER, To: s.business, Body: 'Hello' };
    const first = await recordInboundEvent(s.deps, { provider: 'simulator', kind: 'sms', eventKey: 'SMdup1', payload });
    const second = await recordInboundEvent(s.deps, { provider: 'simulator', kind: 'sms', eventKey: 'SMdup1', payload });
    await s.deps.queue.drain();
    expect([first.duplicate, second.duplicate]).toEqual([false, true]);
    expect(await s.deps.db.select().from(messages)).toHaveLength(1);
    // Even a second processing of the same text (a retried job) stores nothing new.
    const again = await receiveSms(s.deps, { provider: 'simulator', providerMessageId: 'SMdup1', from: CUSTOMER, to: s.business, body: 'Hello', media: [] });
    expect(again).toEqual({ outcome: 'duplicate' });
    expect(await s.deps.db.select().from(messages)).toHaveLength(1);
  });

  it('stores a burst of webhooks that arrive together (group commit): each once, each job once, redeliveries in the same batch flagged', async () => {
    const s = await company(t.deps);
    const sids = Array.from({ length: 12 }, (_, i) => `SMburst${i}`);
    // Twelve texts and a redelivery of two of them, all in flight at once.
    const sent = [...sids, sids[3]!, sids[7]!].map((sid) =>
      recordInboundEvent(s.deps, { provider: 'simulator', kind: 'sms', eventKey: sid, payload: { MessageSid: sid, From: CUSTOMER, To: s.business, Body: sid } }),
    );
    const results = await Promise.all(sent);
    expect(results.filter((r) => r.duplicate)).toHaveLength(2);
    expect(results.slice(0, 12).every((r) => !r.duplicate)).toBe(true);
    expect((await s.deps.db.select().from(jobs).where(eq(jobs.queue, 'sms.inbound'))).length).toBe(12);
    await s.deps.queue.drain();
    expect((await s.deps.db.select().from(messages)).map((m) => m.body).sort()).toEqual([...sids].sort());
  });

  it('a webhook that cannot be stored fails alone; the others that arrived with it are stored', async () => {
    const s = await company(t.deps);
    const ok = ['SMgood1', 'SMgood2'].map((sid) =>
      recordInboundEvent(s.deps, { provider: 'simulator', kind: 'sms', eventKey: sid, payload: { MessageSid: sid, From: CUSTOMER, To: s.business, Body: 'ok' } }),
    );
    // A processing time that is not a time: the batch fails, then each is stored on its own.
    const bad = recordInboundEvent(s.deps, { provider: 'simulator', kind: 'sms', eventKey: 'SMbad', payload: { MessageSid: 'SMbad' }, runAt: new Date(Number.NaN) });
    const [good1, good2, refused] = await Promise.allSettled([...ok, bad]);
    expect(good1).toMatchObject({ status: 'fulfilled', value: { duplicate: false } });
    expect(good2).toMatchObject({ status: 'fulfilled', value: { duplicate: false } });
    expect(refused?.status).toBe('rejected');
    expect((await s.deps.db.select().from(jobs).where(eq(jobs.queue, 'sms.inbound'))).length).toBe(2);
  });

  it('joins the existing thread; a new lead only after 24 quiet hours', async () => {
    const s = await company(t.deps);
    await inbound(s, 'First question');
    s.deps.clock.advance(23 * HOUR);
    await inbound(s, 'Following up');
    s.deps.clock.advance(23 * HOUR); // 23 h after the last activity
    await inbound(s, 'Still there?');
    const { contact } = await conversationOf(s);
    expect(await s.deps.db.select().from(conversations)).toHaveLength(1);
    expect(await s.deps.db.select().from(leads).where(eq(leads.contactId, contact.id))).toHaveLength(1);
    s.deps.clock.advance(24 * HOUR);
    await inbound(s, 'New job: my furnace this time');
    expect(await s.deps.db.select().from(leads).where(eq(leads.contactId, contact.id))).toHaveLength(2);
    expect(await s.deps.db.select().from(contacts)).toHaveLength(1);
  });

  it('keeps MMS media links', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Here is the leak', CUSTOMER, { NumMedia: '2', MediaUrl0: 'https://media.example/1.jpg', MediaUrl1: 'https://media.example/2.jpg' });
    const [message] = await s.deps.db.select().from(messages);
    expect(message!.media).toEqual(['https://media.example/1.jpg', 'https://media.example/2.jpg']);
  });

  it('ignores texts to a number no company uses', async () => {
    const s = await company(t.deps);
    await recordInboundEvent(s.deps, { provider: 'simulator', kind: 'sms', eventKey: 'SMnowhere', payload: { MessageSid: 'SMnowhere', From: CUSTOMER, To: '+12125550199', Body: 'hi' } });
    await s.deps.queue.drain();
    expect(await s.deps.db.select().from(contacts)).toHaveLength(0);
  });
});

describe('opt-out, opt-in and help', () => {
  it.each(OPT_OUT_KEYWORDS)('%s (mixed case, spaces) stops every text company-wide with one confirmation', async (keyword) => {
    const s = await company(t.deps);
    await inbound(s, 'Need a quote');
    const mixed = `  ${keyword[0]}${keyword.slice(1).toLowerCase()} `;
    await inbound(s, mixed);
    const { contact, conversation } = await conversationOf(s);
    expect(contact.optedOutAt).not.toBeNull();
    const replies = await outboundTo(s, contact.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toMatch(/unsubscribed.*Reply START to resubscribe/);
    expect(replies[0]!.status).toBe('sent');

    await inbound(s, 'STOP'); // again: no second confirmation
    expect(await outboundTo(s, contact.id)).toHaveLength(1);

    const staff = await send(s, conversation.id, 'Are you sure?');
    expect(staff.status).toBe('blocked');
    expect(staff.errorCode).toBe('opted_out');
    expect(staff.errorMessage).toMatch(/opted out of texts on \d{4}-\d{2}-\d{2}/);
    const automated = await send(s, conversation.id, 'Follow-up', { automated: true });
    expect(automated.status).toBe('blocked');
    const [lead] = await s.deps.db.select().from(leads).where(eq(leads.contactId, contact.id));
    expect(lead!.status).toBe('opted_out');
    const ledger = await s.deps.db.select().from(consentEvents).where(and(eq(consentEvents.contactId, contact.id), eq(consentEvents.kind, 'opt_out')));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ method: 'sms_keyword', text: mixed });
  });

  it('STOP then START: the lead the opt-out closed is back where it was, and the CSV says one thing about consent', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Need a quote');
    const { contact } = await conversationOf(s);
    const [owner] = await s.deps.db.select().from(users).where(eq(users.companyId, s.companyId));
    const scope = { db: s.deps.db, companyId: s.companyId, userId: owner!.id, now: s.deps.clock.now(), ip: null };
    const [lead] = await s.deps.db.select().from(leads).where(eq(leads.contactId, contact.id));
    await updateLead(scope, s.deps, lead!.id, { status: 'qualified' });

    await inbound(s, 'STOP');
    expect((await s.deps.db.select().from(leads).where(eq(leads.id, lead!.id)))[0]!.status).toBe('opted_out');
    await inbound(s, 'START');
    const [after] = await s.deps.db.select().from(leads).where(eq(leads.id, lead!.id));
    expect(after).toMatchObject({ status: 'qualified', statusBeforeOptOut: null });
    const { csv } = await exportLeadsCsv(scope, {});
    const [header, row] = csv.trim().split('\r\n').map((line) => line.split(','));
    expect(row![header!.indexOf('Status')]).toBe('Qualified');
    expect(row![header!.indexOf('Opted out')]).toBe('no');

    // A status staff set while they were opted out is theirs: START does not undo it.
    await inbound(s, 'STOP');
    await updateLead(scope, s.deps, lead!.id, { status: 'lost' });
    await inbound(s, 'START');
    expect((await s.deps.db.select().from(leads).where(eq(leads.id, lead!.id)))[0]!.status).toBe('lost');
  });

  it('a plain-language opt-out works like STOP', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Hi');
    await inbound(s, 'Please stop texting me, I found someone else');
    const { contact } = await conversationOf(s);
    expect(contact.optedOutAt).not.toBeNull();
    const [entry] = await s.deps.db.select().from(consentEvents).where(and(eq(consentEvents.contactId, contact.id), eq(consentEvents.kind, 'opt_out')));
    expect(entry!.method).toBe('sms_text');
  });

  it('queued texts are not sent once the person opts out', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Hi');
    const { conversation } = await conversationOf(s);
    const pending = await send(s, conversation.id, 'We can come at 3');
    // The STOP is processed before the delivery job runs: the queued text must not go out.
    await receiveSms(s.deps, { provider: 'simulator', providerMessageId: 'SMstop', from: CUSTOMER, to: s.business, body: 'STOP', media: [] });
    await s.deps.queue.drain();
    expect((await messageById(s, pending.id)).status).toBe('blocked');
  });

  it.each(OPT_IN_KEYWORDS)('%s re-subscribes with a confirmation', async (keyword) => {
    const s = await company(t.deps);
    await inbound(s, 'Hi');
    await inbound(s, 'stop');
    await inbound(s, ` ${keyword.toLowerCase()} `);
    const { contact, conversation } = await conversationOf(s);
    expect(contact.optedOutAt).toBeNull();
    const replies = await outboundTo(s, contact.id);
    expect(replies.map((r) => r.body)).toEqual([expect.stringContaining('unsubscribed'), expect.stringContaining('resubscribed')]);
    expect((await send(s, conversation.id, 'Welcome back')).status).toBe('queued');
  });

  it('YES from someone subscribed is just an answer', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Can you come Tuesday?');
    await inbound(s, 'Yes');
    const { contact } = await conversationOf(s);
    expect(await outboundTo(s, contact.id)).toHaveLength(0);
  });

  it.each(['HELP', ' info ', 'Help'])('%s answers with the business name and contact', async (body) => {
    const s = await company(t.deps);
    await s.deps.db.update(companies).set({ website: 'https://acme.example' }).where(eq(companies.id, s.companyId));
    await inbound(s, body);
    const { contact } = await conversationOf(s);
    const [reply] = await outboundTo(s, contact.id);
    expect(reply!.body).toMatch(/^Acme Plumbing: .*Questions\? call or text \(\d{3}\) 555-01\d\d or visit https:\/\/acme\.example\..*Reply STOP to unsubscribe\.$/);
  });

  it('with Twilio answering keywords itself, STOP is recorded but not answered twice', async () => {
    const twilio = fakeTwilio();
    const deps = createTestDeps(t.database.db, { twilio });
    deps.clock.set(t.deps.clock.now());
    const s = await company(deps, 'twilio');
    await recordInboundEvent(deps, { provider: 'twilio', kind: 'sms', eventKey: 'SMt1', payload: { MessageSid: 'SMt1', From: CUSTOMER, To: s.business, Body: 'STOP' } });
    await deps.queue.drain();
    const { contact } = await conversationOf(s);
    expect(contact.optedOutAt).not.toBeNull();
    expect(twilio.sent).toHaveLength(0);
  });
});

describe('send window (quiet hours) with a fake clock', () => {
  it('an automated text at 7:00 am Pacific waits until 9:00 am Pacific, then goes', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Hi');
    const { conversation } = await conversationOf(s);
    s.deps.clock.set(Date.parse('2026-11-22T15:00:00Z')); // 7:00 PST
    const followUp = await send(s, conversation.id, 'Just checking in', { automated: true });
    expect(followUp.status).toBe('scheduled');
    expect(followUp.scheduledFor?.toISOString()).toBe('2026-11-22T17:00:00.000Z');
    await s.deps.queue.drain();
    expect((await messageById(s, followUp.id)).status).toBe('scheduled');
    s.deps.clock.set(Date.parse('2026-11-22T17:00:00Z'));
    await s.deps.queue.drain();
    expect((await messageById(s, followUp.id)).status).toBe('sent');
  });

  it('a Toronto number uses Eastern time: the same instant is 10:00 there, so it goes now', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Hi', TORONTO);
    const { conversation } = await conversationOf(s, TORONTO);
    s.deps.clock.set(Date.parse('2026-11-22T15:00:00Z'));
    const followUp = await send(s, conversation.id, 'Just checking in', { automated: true });
    expect(followUp.status).toBe('queued');
  });

  it('a staff message or a direct reply goes now even at night; an address overrides the area code', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Hi');
    const { conversation, contact } = await conversationOf(s);
    s.deps.clock.set(Date.parse('2026-11-22T06:00:00Z')); // 22:00 PST
    expect((await send(s, conversation.id, 'On my way')).status).toBe('queued');
    expect((await send(s, conversation.id, 'AI answer', { automated: true, isReply: true })).status).toBe('queued');
    await s.deps.db.update(contacts).set({ region: 'NY' }).where(eq(contacts.id, contact.id));
    s.deps.clock.set(Date.parse('2026-11-22T15:30:00Z')); // 7:30 PST, 10:30 EST: the NY address wins
    expect((await send(s, conversation.id, 'Morning!', { automated: true })).status).toBe('queued');
  });

  it('protected numbers never get automated texts', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Hi');
    await s.deps.db.insert(protectedNumbers).values({ companyId: s.companyId, e164: CUSTOMER, label: 'My wife' });
    const { conversation } = await conversationOf(s);
    const automated = await send(s, conversation.id, 'Promo', { automated: true });
    expect(automated).toMatchObject({ status: 'blocked', errorCode: 'protected_number' });
    expect(automated.errorMessage).toContain('My wife');
    expect((await send(s, conversation.id, 'Personal note')).status).toBe('queued');
  });
});

describe('send-lock, duplicates, pacing', () => {
  it('two automations at once: one text, the other held back and logged', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Hi');
    const { conversation, contact } = await conversationOf(s);
    const a = await send(s, conversation.id, 'Missed-call text-back', { automated: true, dedupeKey: 'missed-call' });
    const b = await send(s, conversation.id, 'Flow: thanks for your interest', { automated: true, dedupeKey: 'flow:welcome' });
    await s.deps.queue.drain();
    const statuses = await Promise.all([a.id, b.id].map(async (id) => (await messageById(s, id)).status));
    expect(statuses.sort()).toEqual(['blocked', 'sent']);
    const held = (await outboundTo(s, contact.id)).find((m) => m.status === 'blocked');
    expect(held).toMatchObject({ errorCode: 'send_lock' });
    expect(held!.errorMessage).toMatch(/held back/);
  });

  it('a booking or review text right after another automation waits out the send-lock instead of being dropped', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Hi');
    const { conversation } = await conversationOf(s);
    const flow = await send(s, conversation.id, 'Flow: thanks for your interest', { automated: true, dedupeKey: 'flow:welcome' });
    await s.deps.queue.drain();
    s.deps.clock.advance(10 * SECOND);
    const booking = await send(s, conversation.id, 'You are booked for Tuesday 9:00', { automated: true, dedupeKey: 'appointment:booked:1' });
    const review = await send(s, conversation.id, 'Would you leave us a review?', { automated: true, dedupeKey: 'review:1' });
    await s.deps.queue.drain();
    const statuses = async () => Promise.all([booking.id, review.id].map(async (id) => ((await messageById(s, id)).status === 'queued' ? 'waiting' : (await messageById(s, id)).status)));
    expect((await messageById(s, flow.id)).status).toMatch(/^(sent|delivered)$/);
    expect(await statuses()).toEqual(['waiting', 'waiting']);
    // The lock's minute is over: one goes, and the other waits out the minute after it (one voice), then goes.
    s.deps.clock.advance(52 * SECOND);
    await s.deps.queue.drain();
    expect((await statuses()).filter((status) => status === 'waiting')).toHaveLength(1);
    s.deps.clock.advance(62 * SECOND);
    await s.deps.queue.drain();
    expect((await statuses()).every((status) => status === 'sent' || status === 'delivered')).toBe(true);
  });

  it('the same trigger within 10 minutes is a suppressed duplicate; after that it may text again', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Hi');
    const { conversation } = await conversationOf(s);
    await send(s, conversation.id, 'Sorry we missed your call', { automated: true, dedupeKey: 'missed-call' });
    await s.deps.queue.drain();
    s.deps.clock.advance(5 * MINUTE);
    const repeat = await send(s, conversation.id, 'Sorry we missed your call', { automated: true, dedupeKey: 'missed-call' });
    await s.deps.queue.drain();
    expect(await messageById(s, repeat.id)).toMatchObject({ status: 'blocked', errorCode: 'duplicate' });
    s.deps.clock.advance(6 * MINUTE);
    const later = await send(s, conversation.id, 'Sorry we missed your call', { automated: true, dedupeKey: 'missed-call' });
    await s.deps.queue.drain();
    expect((await messageById(s, later.id)).status).toBe('sent');
  });

  it('paces a business number at one text per second', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Hi');
    const { conversation } = await conversationOf(s);
    const sent: Array<{ id: string }> = [];
    for (const body of ['one', 'two', 'three']) sent.push(await send(s, conversation.id, body));
    await s.deps.queue.drain();
    // Sent or already reported delivered by the simulator (one second after sending).
    const out = async () => (await Promise.all(sent.map(async (m) => (await messageById(s, m.id)).status))).filter((status) => status === 'sent' || status === 'delivered');
    expect(await out()).toHaveLength(1);
    s.deps.clock.advance(1 * SECOND);
    await s.deps.queue.drain();
    expect(await out()).toHaveLength(2);
    s.deps.clock.advance(1 * SECOND);
    await s.deps.queue.drain();
    expect(await out()).toHaveLength(3);
    const sentAt = await Promise.all(sent.map(async (m) => (await messageById(s, m.id)).sentAt!.getTime()));
    expect(sentAt.sort().map((time) => time - sentAt[0]!)).toEqual([0, 1000, 2000]);
  });
});

describe('provider outcomes and delivery reports', () => {
  it('the simulator reports delivered a moment later; failures are explained in plain words', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Hi');
    await inbound(s, 'Hi from a landline', '+13125550003');
    await s.deps.db.insert(simulatorDevices).values({ companyId: s.companyId, e164: '+13125550003', behavior: 'landline' });
    const ok = await send(s, (await conversationOf(s)).conversation.id, 'Hello');
    await s.deps.queue.drain();
    expect((await messageById(s, ok.id)).status).toBe('sent');
    s.deps.clock.advance(1 * SECOND);
    const bad = await send(s, (await conversationOf(s, '+13125550003')).conversation.id, 'Hello');
    await s.deps.queue.drain();
    s.deps.clock.advance(1 * SECOND);
    await s.deps.queue.drain();
    expect(await messageById(s, ok.id)).toMatchObject({ status: 'delivered' });
    expect(await messageById(s, bad.id)).toMatchObject({ status: 'failed', errorCode: '30006', errorMessage: 'This is a landline or a number that cannot receive texts.' });
  });

  it('retries a transient provider error, and fails a permanent one with its explanation', async () => {
    const twilio = fakeTwilio();
    const deps = createTestDeps(t.database.db, { twilio });
    deps.clock.set(t.deps.clock.now());
    const s = await company(deps, 'twilio');
    await recordInboundEvent(deps, { provider: 'twilio', kind: 'sms', eventKey: 'SMr1', payload: { MessageSid: 'SMr1', From: CUSTOMER, To: s.business, Body: 'Hi' } });
    await deps.queue.drain();
    const { conversation } = await conversationOf(s);
    twilio.failNext(new ProviderSendError('Too many requests', '20429', true));
    const retried = await send(s, conversation.id, 'Hello');
    await deps.queue.drain();
    expect(await messageById(s, retried.id)).toMatchObject({ status: 'queued', errorMessage: expect.stringContaining('Retrying') });
    deps.clock.advance(10 * SECOND);
    await deps.queue.drain();
    expect(await messageById(s, retried.id)).toMatchObject({ status: 'sent', errorMessage: null });

    deps.clock.advance(2 * SECOND);
    twilio.failNext(new ProviderSendError('Not a mobile number', '21614', false));
    const failed = await send(s, conversation.id, 'Hello again');
    await deps.queue.drain();
    expect(await messageById(s, failed.id)).toMatchObject({ status: 'failed', errorCode: '21614', errorMessage: 'This is not a mobile number, so it cannot receive texts.' });
  });

  it('delivery reports only move a text forward, and wait for a text not yet recorded as sent', async () => {
    const twilio = fakeTwilio();
    const deps = createTestDeps(t.database.db, { twilio });
    deps.clock.set(t.deps.clock.now());
    const s = await company(deps, 'twilio');
    await recordInboundEvent(deps, { provider: 'twilio', kind: 'sms', eventKey: 'SMo1', payload: { MessageSid: 'SMo1', From: CUSTOMER, To: s.business, Body: 'Hi' } });
    await deps.queue.drain();
    // A report for an id we do not know yet is retried rather than lost.
    await recordInboundEvent(deps, { provider: 'twilio', kind: 'status', eventKey: 'early', payload: { MessageSid: `SM${'1'.padStart(32, '0')}`, MessageStatus: 'delivered' } });
    await deps.queue.drain();
    const message = await send(s, (await conversationOf(s)).conversation.id, 'Hello');
    await deps.queue.drain();
    deps.clock.advance(1 * SECOND);
    await deps.queue.drain();
    expect((await messageById(s, message.id)).status).toBe('delivered');
    await recordInboundEvent(deps, { provider: 'twilio', kind: 'status', eventKey: 'late-sent', payload: { MessageSid: `SM${'1'.padStart(32, '0')}`, MessageStatus: 'sent' } });
    await deps.queue.drain();
    expect((await messageById(s, message.id)).status).toBe('delivered');
  });

  it('a crash between "sending" and "sent" does not send twice', async () => {
    const twilio = fakeTwilio();
    const deps = createTestDeps(t.database.db, { twilio });
    deps.clock.set(t.deps.clock.now());
    const s = await company(deps, 'twilio');
    await recordInboundEvent(deps, { provider: 'twilio', kind: 'sms', eventKey: 'SMc1', payload: { MessageSid: 'SMc1', From: CUSTOMER, To: s.business, Body: 'Hi' } });
    await deps.queue.drain();
    const message = await send(s, (await conversationOf(s)).conversation.id, 'Hello');
    // Simulate: the provider took the text, then the process died before recording it.
    await twilio.sendSms({ companyId: s.companyId, messageId: message.id, from: s.business, to: CUSTOMER, body: 'Hello', mediaUrls: [], statusCallbackUrl: null, createdAt: message.createdAt });
    await deps.db.update(messages).set({ status: 'sending' }).where(eq(messages.id, message.id));
    await deps.queue.drain();
    expect(twilio.sent).toHaveLength(1);
    expect(await messageById(s, message.id)).toMatchObject({ status: 'sent', providerMessageId: `SM${'1'.padStart(32, '0')}` });
  });

  it('after a restart, queued texts are all delivered exactly once', async () => {
    const twilio = fakeTwilio();
    const before = createTestDeps(t.database.db, { twilio, numberPacingMs: 0 });
    before.clock.set(t.deps.clock.now());
    const s = await company(before, 'twilio');
    await recordInboundEvent(before, { provider: 'twilio', kind: 'sms', eventKey: 'SMx1', payload: { MessageSid: 'SMx1', From: CUSTOMER, To: s.business, Body: 'Hi' } });
    await before.queue.drain();
    const { conversation } = await conversationOf(s);
    const queued: Array<{ id: string }> = [];
    for (let i = 0; i < 5; i += 1) queued.push(await send(s, conversation.id, `Message ${i}`));
    // "Restart": a new process (new queue, new pipeline) on the same database; the old one never ran the jobs.
    const after = createTestDeps(t.database.db, { twilio, numberPacingMs: 0 });
    after.clock.set(before.clock.now());
    await after.queue.drain();
    await after.queue.drain();
    expect(twilio.sent.map((r) => r.body).sort()).toEqual(['Message 0', 'Message 1', 'Message 2', 'Message 3', 'Message 4']);
    for (const m of queued) expect((await messageById({ ...s, deps: after }, m.id)).status).toBe('sent');
  });
});

describe('notifications', () => {
  it('a reply in a thread a person has taken over notifies the team', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Hi');
    const { conversation } = await conversationOf(s);
    await s.deps.db.update(conversations).set({ mode: 'human' }).where(eq(conversations.id, conversation.id));
    await inbound(s, 'Is 3pm ok?');
    const events = (await s.deps.db.select().from(notifications)).map((n) => n.event);
    expect(events).toEqual(['new_lead', 'new_message']);
  });

  it('emails the owner about a new lead and texts the alert number', async () => {
    const s = await company(t.deps);
    await s.deps.db.update(companies).set({ alertPhone: '+14155550123' }).where(eq(companies.id, s.companyId));
    s.deps.mailer.sent.length = 0;
    await inbound(s, 'Need a plumber');
    const [owner] = await s.deps.db.select().from(users);
    expect(s.deps.mailer.sent.map((m) => [m.to, m.subject])).toEqual([[owner!.email, 'New lead: (415) 555-0001 — Acme Plumbing']]);
    const [number] = await s.deps.db.select().from(phoneNumbers);
    expect(number!.e164).toBe(s.business);
  });

  it('follows each person’s own choices for the event, over the defaults', async () => {
    const s = await company(t.deps);
    await s.deps.db.update(companies).set({ alertPhone: '+14155550123' }).where(eq(companies.id, s.companyId));
    const [owner] = await s.deps.db.select().from(users).where(eq(users.companyId, s.companyId));
    const [staff] = await s.deps.db.insert(users).values({ companyId: s.companyId, email: 'sam@example.test', firstName: 'Sam', lastName: 'Lee' }).returning();
    await s.deps.db.insert(notificationPreferences).values([
      { companyId: s.companyId, userId: owner!.id, event: 'new_lead', channel: 'email', enabled: false },
      { companyId: s.companyId, userId: owner!.id, event: 'new_lead', channel: 'sms', enabled: false },
      { companyId: s.companyId, userId: owner!.id, event: 'new_message', channel: 'in_app', enabled: false },
      { companyId: s.companyId, userId: staff!.id, event: 'new_lead', channel: 'in_app', enabled: false },
    ]);
    s.deps.mailer.sent.length = 0;
    await inbound(s, 'Need a plumber');
    expect((await s.deps.db.select().from(notifications)).map((n) => [n.userId, n.event])).toEqual([[owner!.id, 'new_lead']]);
    expect(s.deps.mailer.sent.map((m) => m.to)).toEqual(['sam@example.test']);
    const alerts = await s.deps.db.select().from(jobs).where(eq(jobs.queue, ALERT_SMS_QUEUE));
    expect(alerts.map((job) => job.payload)).toEqual([expect.objectContaining({ companyId: s.companyId, to: '+14155550123' })]);
  });
});
