import { and, desc, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLAN_PAUSED_CODE, PLANS } from '@contracts/billing';
import { calls, companies, contacts, conversations, messages, notifications, phoneNumbers, users } from '@server/platform/db/schema';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { DAY, HOUR, MINUTE, SECOND } from '@server/platform/lib/clock';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { businessWithNumber, textFromTheBusiness, textTheBusiness, type TestBusiness } from '@server/testing/business';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { queueOutbound } from '@server/modules/messaging/outbound.service';
import { runBillingSweep } from './billing.jobs';

/**
 * Plans, meters and the soft landing (issue 28 items 1–2, decision 0052), on a fake clock through the real
 * pipeline: usage is counted from the rows themselves; past a limit, at the trial's end and after a cancellation
 * only AI replies and flow texts pause, each saying why — texts still come in, staff replies still go and the
 * missed-call text-back keeps its plain template; choosing a plan releases what waited; the owner is told once per
 * period at 80 % and 100 %, and before and at the trial's end.
 */
const t = setUpTestApp({ planLimits: 'enforce' });
/** Tuesday 11:00 in San Francisco: inside everyone's send window. */
const TUESDAY_MORNING = Date.parse('2027-03-02T19:00:00Z');
const CUSTOMER = '+14155550001';

async function business(): Promise<TestBusiness & { caller: ReturnType<typeof callerFor> }> {
  t.deps.clock.set(TUESDAY_MORNING);
  const s = await businessWithNumber(t.deps);
  return { ...s, caller: callerFor(t.deps, { authToken: s.token }) };
}

async function threadOf(s: TestBusiness, phone = CUSTOMER) {
  const [contact] = await s.deps.db.select().from(contacts).where(and(eq(contacts.companyId, s.companyId), eq(contacts.phone, phone)));
  const [conversation] = await s.deps.db.select().from(conversations).where(eq(conversations.contactId, contact!.id));
  return { contact: contact!, conversation: conversation! };
}

/** `n` texts already sent this period (staff's own), as the meters count them: real message rows. */
async function alreadySent(s: TestBusiness, n: number, author: 'user' | 'ai' = 'user') {
  const { contact, conversation } = await threadOf(s);
  const at = s.deps.clock.now();
  await s.deps.db.insert(messages).values(
    Array.from({ length: n }, (_, i) => ({
      companyId: s.companyId,
      conversationId: conversation.id,
      contactId: contact.id,
      direction: 'outbound' as const,
      author,
      fromNumber: s.business,
      toNumber: CUSTOMER,
      body: `Earlier text ${i}`,
      status: 'delivered' as const,
      provider: 'simulator' as const,
      createdAt: at,
      sentAt: at,
    })),
  );
}

/** `n` other threads the assistant already wrote in this period. */
async function otherAiThreads(s: TestBusiness, n: number) {
  const [number] = await s.deps.db.select().from(phoneNumbers).where(eq(phoneNumbers.companyId, s.companyId));
  const people = await s.deps.db
    .insert(contacts)
    .values(Array.from({ length: n }, (_, i) => ({ companyId: s.companyId, phone: `+1415555${String(2000 + i).padStart(4, '0')}` })))
    .returning();
  const threads = await s.deps.db
    .insert(conversations)
    .values(people.map((p) => ({ companyId: s.companyId, contactId: p.id, phoneNumberId: number!.id, peerPhone: p.phone! })))
    .returning();
  const at = s.deps.clock.now();
  await s.deps.db.insert(messages).values(
    threads.map((thread) => ({ companyId: s.companyId, conversationId: thread.id, contactId: thread.contactId, direction: 'outbound' as const, author: 'ai' as const, automated: true, fromNumber: s.business, toNumber: thread.peerPhone, body: 'What is your ZIP code?', status: 'delivered' as const, provider: 'simulator' as const, createdAt: at, sentAt: at })),
  );
}

async function flowText(s: TestBusiness, body = 'Still need a hand with that faucet?') {
  const { conversation } = await threadOf(s);
  const message = await transactionWithEvents(s.deps, (tx, events) =>
    queueOutbound(tx, s.deps, events, { companyId: s.companyId, conversationId: conversation.id, body, author: 'flow', automated: true, isReply: false, dedupeKey: `flow:run-${Math.random()}:step` }),
  );
  await s.deps.queue.drain();
  return reread(s, message.id);
}

async function reread(s: TestBusiness, id: string) {
  const [row] = await s.deps.db.select().from(messages).where(eq(messages.id, id));
  return row!;
}

/** Every job due over `ms`, a second at a time (delivery reports, pacing, the usage check's minute). */
async function pass(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += SECOND) {
    t.deps.clock.advance(SECOND);
    await t.deps.queue.drain();
  }
}

const ownerNotices = (event: string) => t.deps.db.select().from(notifications).where(eq(notifications.event, event as 'plan_usage')).orderBy(notifications.createdAt);

describe('plans and meters', () => {
  it('counts this period’s usage from the texts, threads, numbers and users themselves', async () => {
    const s = await business();
    await textTheBusiness(s, CUSTOMER, 'Hi, can you fix a leaking faucet?');
    await textFromTheBusiness(s, CUSTOMER, 'Sure, what is your ZIP code?', 'ai');
    await textFromTheBusiness(s, CUSTOMER, 'I can come by at 3.', 'user');
    await alreadySent(s, 7);
    // Before the period (the trial started at sign-up) and a refused text count for nothing.
    const { contact, conversation } = await threadOf(s);
    const base = { companyId: s.companyId, conversationId: conversation.id, contactId: contact.id, direction: 'outbound' as const, author: 'user' as const, fromNumber: s.business, toNumber: CUSTOMER, body: 'x', provider: 'simulator' as const };
    await t.deps.db.insert(messages).values([
      { ...base, status: 'delivered', createdAt: new Date(TUESDAY_MORNING - DAY) },
      { ...base, status: 'blocked', createdAt: t.deps.clock.now() },
    ]);

    const overview = await s.caller.billing.get();
    expect(overview).toMatchObject({
      provider: 'local',
      plan: 'trial',
      limits: PLANS.trial.limits,
      usage: { texts: 9, aiConversations: 1, numbers: 1, users: 1 },
      pause: null,
      pausedSends: 0,
      subscription: null,
    });
    expect(overview.period.end - overview.period.start).toBe(14 * DAY);

    // Another company's texts are its own.
    const other = await business();
    expect((await other.caller.billing.get()).usage).toMatchObject({ texts: 0, aiConversations: 0 });
  });

  it('changes plans on the local switcher at once, saying nothing was charged; cancel pauses automations; staff cannot', async () => {
    const s = await business();
    const up = await s.caller.billing.changePlan({ plan: 'pro' });
    expect(up).toMatchObject({ kind: 'applied', plan: 'pro' });
    expect(up.kind === 'applied' && up.message).toMatch(/Upgraded to Pro.*No card was charged/);
    const [company] = await t.deps.db.select().from(companies).where(eq(companies.id, s.companyId));
    expect(company!.plan).toBe('pro');
    const pro = await s.caller.billing.get();
    expect(pro).toMatchObject({ plan: 'pro', limits: PLANS.pro.limits, subscription: { provider: 'local', status: 'active', plan: 'pro', portal: false } });
    expect(pro.period.start).toBe(TUESDAY_MORNING);
    expect(new Date(pro.period.end).toISOString()).toBe('2027-04-02T19:00:00.000Z');

    expect((await trpcErrorOf(s.caller.billing.changePlan({ plan: 'pro' }))).message).toBe('You are already on Pro.');
    const down = await s.caller.billing.changePlan({ plan: 'starter' });
    expect(down.kind === 'applied' && down.message).toMatch(/^Moved to Starter/);
    // A move between paid plans keeps the period.
    expect((await s.caller.billing.get()).period.start).toBe(TUESDAY_MORNING);
    expect((await trpcErrorOf(s.caller.billing.changePlan({ plan: 'business' as 'pro' }))).message).toMatch(/Choose Starter or Pro/);

    expect(await s.caller.billing.invoices()).toEqual({ billing: false, invoices: [], note: expect.stringMatching(/No invoices: billing is not set up on this server/) });
    expect((await trpcErrorOf(s.caller.billing.portal())).code).toBe('PRECONDITION_FAILED');

    const cancelled = await s.caller.billing.cancel();
    expect(cancelled.kind === 'applied' && cancelled.message).toMatch(/AI replies and flow texts are paused/);
    expect(await s.caller.billing.get()).toMatchObject({ plan: 'cancelled', limits: null, pause: expect.stringMatching(/subscription is cancelled/) });
    expect((await trpcErrorOf(s.caller.billing.cancel())).message).toBe('Your subscription is already cancelled.');

    // Money is the owner's: a staff member reads the plan but cannot change it.
    const [owner] = await t.deps.db.select().from(users).where(eq(users.companyId, s.companyId));
    const [staff] = await t.deps.db.insert(users).values({ companyId: s.companyId, email: 'staff@example.test', firstName: 'Sam', lastName: 'Lee', role: 'staff', emailVerifiedAt: t.deps.clock.now() }).returning();
    const staffToken = await signInAs(staff!.email);
    const staffCaller = callerFor(t.deps, { authToken: staffToken });
    expect((await staffCaller.billing.get()).plan).toBe('cancelled');
    expect((await trpcErrorOf(staffCaller.billing.changePlan({ plan: 'pro' }))).code).toBe('FORBIDDEN');
    expect(owner!.role).toBe('owner');
  });

  it('takes no company id: one slipped into the input is dropped, and only the caller’s own plan changes', async () => {
    const a = await business();
    const b = await business();
    const sneaky = { plan: 'pro', companyId: b.companyId } as unknown as { plan: 'pro' };
    await a.caller.billing.changePlan(sneaky);
    const plans = await t.deps.db.select({ id: companies.id, plan: companies.plan }).from(companies);
    expect(Object.fromEntries(plans.map((p) => [p.id, p.plan]))).toEqual({ [a.companyId]: 'pro', [b.companyId]: 'trial' });
    expect(await b.caller.billing.get()).toMatchObject({ plan: 'trial', subscription: null });
  });

  it('refuses to cancel a trial (no card, nothing to cancel)', async () => {
    const s = await business();
    expect((await trpcErrorOf(s.caller.billing.cancel())).message).toMatch(/free trial: there is nothing to cancel/);
  });
});

async function signInAs(email: string): Promise<string> {
  const caller = callerFor(t.deps, { ip: '198.51.100.9' });
  await caller.initializeUserLoginVerification({ email });
  await t.deps.queue.drain();
  const verified = await caller.verifyUserEmail({ email, code: t.deps.mailer.lastCode(email) });
  return verified.authToken!;
}

describe('the soft landing past a limit', () => {
  it('past the text limit: texts still come in and staff replies go; AI replies and flow texts pause saying why; upgrading releases them', async () => {
    const s = await business();
    await textTheBusiness(s, CUSTOMER, 'Hi, can you fix a leaking faucet?');
    await alreadySent(s, PLANS.trial.limits.texts);

    await textTheBusiness(s, CUSTOMER, 'Are you there?');
    const inbound = await t.deps.db.select().from(messages).where(and(eq(messages.companyId, s.companyId), eq(messages.direction, 'inbound')));
    expect(inbound.map((m) => m.body)).toEqual(['Hi, can you fix a leaking faucet?', 'Are you there?']);

    const staff = await textFromTheBusiness(s, CUSTOMER, 'Yes — on my way at 3.', 'user');
    await pass(3 * SECOND);
    expect((await reread(s, staff.id)).status).toBe('delivered');

    const ai = await reread(s, (await textFromTheBusiness(s, CUSTOMER, 'What is your ZIP code?', 'ai')).id);
    const flow = await flowText(s);
    for (const paused of [ai, flow]) {
      expect(paused).toMatchObject({ status: 'scheduled', scheduledFor: null, errorCode: PLAN_PAUSED_CODE });
      expect(paused.errorMessage).toBe(
        'Paused: Free trial includes 500 texts a period and they are used, so AI replies and flow texts wait. It goes out on its own when you upgrade in Settings → Subscription or the next period starts; your own replies and missed-call text-backs still go.',
      );
    }
    // The thread says why, as it says why a text waits for the texting registration.
    const thread = await s.caller.conversations.get({ id: ai.conversationId });
    const shown = thread.messages.find((m) => m.id === ai.id) as { note?: string | null } | undefined;
    expect(JSON.stringify(shown)).toContain('Paused: Free trial includes 500 texts');
    expect(await s.caller.billing.get()).toMatchObject({ pausedSends: 2, pause: expect.stringMatching(/^Paused: Free trial includes 500 texts/) });

    await s.caller.billing.changePlan({ plan: 'pro' });
    // Released in the order written, one send-lock apart for the one person.
    await pass(2 * MINUTE + 5 * SECOND);
    expect((await reread(s, ai.id)).status).toBe('delivered');
    expect((await reread(s, flow.id)).status).toBe('delivered');
    expect((await s.caller.billing.get()).pausedSends).toBe(0);
  });

  it('past the AI-conversation limit: a thread the assistant already wrote in continues; a new one pauses', async () => {
    const s = await business();
    await textTheBusiness(s, CUSTOMER, 'Hi, can you fix a leaking faucet?');
    await textFromTheBusiness(s, CUSTOMER, 'Sure — what is your ZIP code?', 'ai');
    await otherAiThreads(s, PLANS.trial.limits.aiConversations - 1);
    expect((await s.caller.billing.get()).usage.aiConversations).toBe(PLANS.trial.limits.aiConversations);

    const continued = await textFromTheBusiness(s, CUSTOMER, 'And when were you hoping for?', 'ai');
    expect((await reread(s, continued.id)).errorCode).toBeNull();
    await textTheBusiness(s, '+14155550002', 'Do you do water heaters?');
    const fresh = await textFromTheBusiness(s, '+14155550002', 'We do! What is your ZIP code?', 'ai');
    expect(await reread(s, fresh.id)).toMatchObject({ status: 'scheduled', errorCode: PLAN_PAUSED_CODE });
    expect((await reread(s, fresh.id)).errorMessage).toMatch(/^Paused: Free trial includes 50 AI conversations a period/);
    // Flow texts are not held by the AI limit (a minute on: the send-lock keeps two automations apart).
    t.deps.clock.advance(MINUTE + SECOND);
    expect((await flowText(s)).errorCode).toBeNull();
  });

  it('the missed-call text-back keeps its plain template past the limit; the no-reply follow-up after it pauses', async () => {
    t.deps.clock.set(Date.parse('2026-11-19T16:00:00Z')); // Thursday 10:00 in Chicago
    const token = await signUp(t.deps, { email: 'owner@calls.test', companyName: 'Acme Plumbing', signupPhone: null });
    const caller = callerFor(t.deps, { authToken: token });
    const number = await caller.phone.useSimulator();
    await caller.missedCalls.settings.update({ routingMode: 'forwarded_missed' });
    const device = await caller.phone.simulator.addDevice({ phone: '+13125550140' });
    const [owner] = await t.deps.db.select().from(users).where(eq(users.email, 'owner@calls.test'));
    const s: TestBusiness = { deps: t.deps, companyId: owner!.companyId, business: number.e164, token };
    // A thread to count the earlier texts in.
    await textTheBusiness(s, CUSTOMER, 'hello');
    await alreadySent(s, PLANS.trial.limits.texts);

    await caller.phone.simulator.placeCall({ deviceId: device.id });
    await t.deps.queue.drain();
    await pass(16 * SECOND);
    const [call] = await t.deps.db.select().from(calls);
    expect(call).toMatchObject({ textBackOutcome: 'texted' });
    const textBack = await reread(s, call!.textBackMessageId!);
    expect(textBack).toMatchObject({ author: 'system', errorCode: null, body: 'Hi there, this is Acme Plumbing. Sorry we missed your call! How can we help? Reply here and we’ll get right back to you.' });
    expect(['sent', 'delivered']).toContain(textBack.status);

    // The built-in no-reply follow-up (a flow text) an hour later: paused, saying why.
    t.deps.clock.advance(HOUR);
    await pass(5 * SECOND);
    const [followUp] = await t.deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, s.companyId), eq(messages.author, 'flow'), ne(messages.toNumber, CUSTOMER)))
      .orderBy(desc(messages.createdAt))
      .limit(1);
    expect(followUp).toMatchObject({ status: 'scheduled', errorCode: PLAN_PAUSED_CODE });
  });
});

describe('the owner is told', () => {
  it('at 80 % and at 100 % of a limit, once each per period, in the app and by email', async () => {
    const s = await business();
    await textTheBusiness(s, CUSTOMER, 'Hi');
    await alreadySent(s, 399);
    await textFromTheBusiness(s, CUSTOMER, 'Text 400', 'user');
    await pass(MINUTE + 2 * SECOND);
    let told = await ownerNotices('plan_usage');
    expect(told.map((n) => n.title)).toEqual(['Texts sent: 80 % of your Free trial plan used']);
    expect(told[0]!.body).toMatch(/^You have used 400 of 500 texts this trial\. At 100 %, AI replies and flow texts pause/);
    expect(told[0]).toMatchObject({ link: '/settings/subscription' });
    expect(t.deps.mailer.sent.some((m) => m.subject.startsWith('Texts sent: 80 % of your Free trial plan used'))).toBe(true);

    await textFromTheBusiness(s, CUSTOMER, 'Text 401', 'user');
    await pass(MINUTE + 2 * SECOND);
    expect(await ownerNotices('plan_usage')).toHaveLength(1);

    await alreadySent(s, 99);
    await textFromTheBusiness(s, CUSTOMER, 'Text 501', 'user');
    await pass(MINUTE + 2 * SECOND);
    told = await ownerNotices('plan_usage');
    expect(told.map((n) => n.title)).toEqual(['Texts sent: 80 % of your Free trial plan used', 'Texts sent: Free trial limit reached']);
    expect(told[1]!.body).toMatch(/Incoming texts and calls are still received, your own replies still go/);
    await textFromTheBusiness(s, CUSTOMER, 'Text 502', 'user');
    await pass(MINUTE + 2 * SECOND);
    expect(await ownerNotices('plan_usage')).toHaveLength(2);
  });

  it('the trial: 3 days before its end what will happen, at its end what did; then automations pause until a plan is chosen', async () => {
    const s = await business();
    await textTheBusiness(s, CUSTOMER, 'Hi, can you fix a leaking faucet?');
    t.deps.clock.advance(10 * DAY);
    expect((await runBillingSweep(t.deps)).trialNotices).toBe(0);
    t.deps.clock.advance(1 * DAY + HOUR);
    await runBillingSweep(t.deps);
    await t.deps.queue.drain();
    await runBillingSweep(t.deps);
    await t.deps.queue.drain();
    let told = await ownerNotices('trial_ending');
    expect(told.map((n) => n.title)).toEqual(['Your free trial ends in 3 days']);
    expect(told[0]!.body).toBe(
      'It ends on March 16, and no card is on file, so nothing is charged. After that: Incoming texts and calls are still received, your own replies still go, and missed-call text-backs still go with their plain template. Only AI replies and flow texts pause, each saying why, until you choose a plan or a new period starts. Choose a plan in Settings → Subscription to keep them going.',
    );
    // Still on the trial: the assistant's reply goes.
    expect((await textFromTheBusiness(s, CUSTOMER, 'What is your ZIP?', 'ai')).errorCode).toBeNull();

    t.deps.clock.advance(3 * DAY);
    await runBillingSweep(t.deps);
    await t.deps.queue.drain();
    told = await ownerNotices('trial_ending');
    expect(told.map((n) => n.title)).toEqual(['Your free trial ends in 3 days', 'Your free trial has ended']);

    const ai = await reread(s, (await textFromTheBusiness(s, CUSTOMER, 'Still there?', 'ai')).id);
    expect(ai).toMatchObject({ status: 'scheduled', errorCode: PLAN_PAUSED_CODE });
    expect(ai.errorMessage).toMatch(/^Paused: your free trial ended on March 16, 2027/);
    const staff = await textFromTheBusiness(s, CUSTOMER, 'I can come Thursday.', 'user');
    expect(staff.errorCode).toBeNull();
    await textTheBusiness(s, CUSTOMER, 'Thursday works');
    expect(await s.caller.billing.get()).toMatchObject({ plan: 'trial', pause: expect.stringMatching(/free trial ended/) });

    await s.caller.billing.changePlan({ plan: 'starter' });
    // Released one send-lock apart per person (the follow-up the trial's end also paused goes first).
    await pass(4 * MINUTE);
    expect((await reread(s, ai.id)).status).toBe('delivered');
    const [company] = await t.deps.db.select().from(companies).where(eq(companies.id, s.companyId));
    expect(company!.plan).toBe('starter');
  });
});
