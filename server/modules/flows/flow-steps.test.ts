import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { flowGraphSchema } from '@contracts/flows.schema';
import { contacts, flowRuns, flowRunSteps, notifications } from '@server/platform/db/schema';
import { HOUR, MINUTE } from '@server/platform/lib/clock';
import { setUpTestApp } from '@server/testing/test-app';
import { businessWithNumber, textFromTheBusiness, textTheBusiness } from '@server/testing/business';
import { flowTexts, publishTestFlow } from '@server/testing/flows';

/**
 * Issue 23 item 2, the triggers and steps beyond the first ones: an inbound keyword, a form, the end of a call;
 * add a tag, tell the team, email the client, wait until their send window — on a fake clock.
 */
const t = setUpTestApp();
const CUSTOMER = '+14155550002';

beforeEach(() => {
  t.deps.clock.set(Date.parse('2026-11-23T18:00:00Z')); // 10:00 Pacific
});

const runLog = async (s: Awaited<ReturnType<typeof businessWithNumber>>) => {
  const [run] = await s.deps.db.select().from(flowRuns).where(eq(flowRuns.companyId, s.companyId));
  if (!run) return { run: null, lines: [] as string[][] };
  const lines = await s.deps.db.select().from(flowRunSteps).where(eq(flowRunSteps.runId, run.id)).orderBy(flowRunSteps.seq);
  return { run, lines: lines.map((line) => [line.stepId, line.outcome, line.detail]) };
};

describe('keyword trigger', () => {
  it('starts on a text whose first word is the keyword (any case, punctuation aside), not on the word elsewhere', async () => {
    const s = await businessWithNumber(t.deps);
    await publishTestFlow(s, { trigger: { type: 'keyword', words: ['promo'] }, start: 'reply', steps: [{ id: 'reply', type: 'send_sms', body: 'Here is 10% off: code WINTER', next: null }] });
    await textTheBusiness(s, CUSTOMER, 'do you have a promo?');
    expect(await flowTexts(s)).toEqual([]);
    t.deps.clock.advance(HOUR);
    await textTheBusiness(s, CUSTOMER, 'Promo!');
    expect(await flowTexts(s)).toEqual(['Here is 10% off: code WINTER']);
  });

  it('refuses the words the compliance rules answer, and more than one word', () => {
    const graph = (words: string[]) => ({ trigger: { type: 'keyword', words }, start: 'a', steps: [{ id: 'a', type: 'stop' }] });
    expect(flowGraphSchema.safeParse(graph(['QUOTE'])).success).toBe(true);
    const stop = flowGraphSchema.safeParse(graph(['stop']));
    expect(stop.success).toBe(false);
    expect(stop.error?.issues[0]?.message).toMatch(/compliance rules/);
    expect(flowGraphSchema.safeParse(graph(['free quote'])).error?.issues[0]?.message).toBe('A keyword is one word of letters and digits');
  });
});

describe('steps: tag, notify, email, wait until the send window', () => {
  it('tags the client once, tells the team, skips the email without an address, and holds the text until 9 am their time', async () => {
    t.deps.clock.set(Date.parse('2026-11-24T10:00:00Z')); // 02:00 Pacific
    const s = await businessWithNumber(t.deps);
    await publishTestFlow(s, {
      trigger: { type: 'lead_created', sources: ['sms'] },
      start: 'tag',
      steps: [
        { id: 'tag', type: 'add_tag', tag: 'night owl', next: 'tag-again' },
        { id: 'tag-again', type: 'add_tag', tag: 'Night Owl', next: 'tell' },
        { id: 'tell', type: 'notify', message: '{first_name} texted at night', next: 'mail' },
        { id: 'mail', type: 'send_email', subject: 'Thanks from {business_name}', body: 'We got your message.', next: 'window' },
        { id: 'window', type: 'wait_until_window', next: 'text' },
        { id: 'text', type: 'send_sms', body: 'Good morning! Still need us?', next: null },
      ],
    });
    await textTheBusiness(s, CUSTOMER, 'water heater leaking a bit, no rush');
    const [contact] = await s.deps.db.select().from(contacts).where(eq(contacts.companyId, s.companyId));
    expect(contact?.tags).toEqual(['night owl']);
    const alerts = await s.deps.db.select().from(notifications).where(and(eq(notifications.companyId, s.companyId), eq(notifications.event, 'flow_alert')));
    expect(alerts.map((alert) => alert.body)).toEqual(['there texted at night']);
    expect(alerts[0]?.link).toMatch(/^\/leads\//);
    expect(t.deps.mailer.sent.filter((mail) => mail.subject.startsWith('Thanks from'))).toEqual([]);
    expect(await flowTexts(s)).toEqual([]);
    let log = await runLog(s);
    expect(log.lines).toEqual([
      ['tag', 'done', 'Tagged “night owl”'],
      ['tag-again', 'done', 'Already tagged “Night Owl”'],
      ['tell', 'done', 'Told the team'],
      ['mail', 'done', 'No email address for them: skipped'],
      ['window', 'waiting', 'Waiting for their send window (9 am – 8 pm their time)'],
    ]);
    t.deps.clock.advance(6 * HOUR + 59 * MINUTE); // 08:59 Pacific
    await s.deps.queue.drain();
    expect(await flowTexts(s)).toEqual([]);
    t.deps.clock.advance(MINUTE);
    await s.deps.queue.drain();
    expect(await flowTexts(s)).toEqual(['Good morning! Still need us?']);
    log = await runLog(s);
    expect(log.run?.status).toBe('completed');
  });

  it('emails a client who has an address, with the business name at the foot and the body never read as HTML', async () => {
    const s = await businessWithNumber(t.deps);
    await publishTestFlow(s, {
      trigger: { type: 'status_changed', to: ['qualified'] },
      start: 'mail',
      steps: [{ id: 'mail', type: 'send_email', subject: 'Your quote from {business_name}', body: 'Hi {first_name}, <b>see</b> you soon.', next: null }],
    });
    await textTheBusiness(s, CUSTOMER, 'Hi');
    const [contact] = await s.deps.db.select().from(contacts).where(eq(contacts.companyId, s.companyId));
    await s.deps.db.update(contacts).set({ email: 'dana@example.test', firstName: 'Dana' }).where(eq(contacts.id, contact!.id));
    const { leads } = await import('@server/platform/db/schema');
    const { callerFor } = await import('@server/testing/test-app');
    const [lead] = await s.deps.db.select().from(leads).where(eq(leads.contactId, contact!.id));
    await callerFor(s.deps, { authToken: s.token }).leads.update({ id: lead!.id, status: 'qualified' });
    await s.deps.queue.drain();
    const mail = t.deps.mailer.sent.find((sent) => sent.to === 'dana@example.test');
    expect(mail?.subject).toMatch(/^Your quote from /);
    expect(mail?.text).toMatch(/^Hi Dana, <b>see<\/b> you soon\.\n\n— /);
    expect(mail?.html).toContain('&lt;b&gt;see&lt;/b&gt;');
    expect((await runLog(s)).lines).toEqual([['mail', 'done', 'Emailed dana@example.test']]);
  });
});

describe('form and call triggers', () => {
  it('a form lead (website widget, form, pop-up) starts a "form sent" flow; a call that ended starts a "call ended" flow once', async () => {
    const { calls, leads } = await import('@server/platform/db/schema');
    const { flowTriggersConsumer } = await import('./triggers');
    const s = await businessWithNumber(t.deps);
    await publishTestFlow(s, { trigger: { type: 'form_submitted' }, start: 'a', steps: [{ id: 'a', type: 'add_tag', tag: 'web form', next: null }] });
    await publishTestFlow(s, { trigger: { type: 'call_ended' }, start: 'b', steps: [{ id: 'b', type: 'add_tag', tag: 'called', next: null }] });
    await textTheBusiness(s, CUSTOMER, 'Hi'); // an SMS lead: neither flow
    const [contact] = await s.deps.db.select().from(contacts).where(eq(contacts.companyId, s.companyId));
    const [lead] = await s.deps.db.select().from(leads).where(eq(leads.contactId, contact!.id));
    expect(contact?.tags).toEqual([]);
    const consume = flowTriggersConsumer(s.deps);
    const now = t.deps.clock.now();
    await consume({ seq: 900_001, companyId: s.companyId, occurredAt: now, event: { type: 'lead.created', data: { leadId: lead!.id, contactId: contact!.id, source: 'chat_widget' } } });
    const [call] = await s.deps.db
      .insert(calls)
      .values({ companyId: s.companyId, provider: 'simulator', providerCallSid: 'CA-flow', fromNumber: CUSTOMER, toNumber: s.business, routingMode: 'forwarded_missed', startedAt: now, contactId: contact!.id, leadId: lead!.id } as never)
      .returning({ id: calls.id });
    await consume({ seq: 900_002, companyId: s.companyId, occurredAt: now, event: { type: 'call.ended', data: { callId: call!.id } } });
    await consume({ seq: 900_002, companyId: s.companyId, occurredAt: now, event: { type: 'call.ended', data: { callId: call!.id } } });
    await s.deps.queue.drain();
    const [after] = await s.deps.db.select().from(contacts).where(eq(contacts.id, contact!.id));
    expect(after?.tags.toSorted()).toEqual(['called', 'web form']);
    expect(await s.deps.db.select().from(flowRuns).where(eq(flowRuns.companyId, s.companyId))).toHaveLength(2);
  });
});

describe('no-reply trigger on a flow of your own', () => {
  it('starts when a text from the business goes unanswered for its time, not when they answered', async () => {
    const { flows } = await import('@server/platform/db/schema');
    const { ensureFollowUpsFlow } = await import('./follow-ups.service');
    const s = await businessWithNumber(t.deps);
    const builtIn = await ensureFollowUpsFlow(s.deps.db, s.companyId, t.deps.clock.now());
    await s.deps.db.update(flows).set({ status: 'paused' }).where(eq(flows.id, builtIn.id));
    await publishTestFlow(s, { trigger: { type: 'no_reply', minutes: 120 }, start: 'nudge', steps: [{ id: 'nudge', type: 'send_sms', body: 'Custom nudge', next: null }] });
    await textTheBusiness(s, CUSTOMER, 'Hi, need a quote for gutters');
    await textFromTheBusiness(s, CUSTOMER, 'Sure! What is the address?');
    t.deps.clock.advance(119 * MINUTE);
    await s.deps.queue.drain();
    expect(await flowTexts(s)).toEqual([]);
    t.deps.clock.advance(2 * MINUTE);
    await s.deps.queue.drain();
    expect(await flowTexts(s)).toEqual(['Custom nudge']);

    const other = await businessWithNumber(t.deps);
    await publishTestFlow(other, { trigger: { type: 'no_reply', minutes: 120 }, start: 'nudge', steps: [{ id: 'nudge', type: 'send_sms', body: 'Custom nudge', next: null }] });
    await textTheBusiness(other, '+14155550003', 'Hi, need a quote for gutters');
    await textFromTheBusiness(other, '+14155550003', 'Sure! What is the address?');
    t.deps.clock.advance(30 * MINUTE);
    await textTheBusiness(other, '+14155550003', '12 Elm St, 94110');
    t.deps.clock.advance(3 * HOUR);
    await other.deps.queue.drain();
    expect(await flowTexts(other)).toEqual([]);
  });
});

describe('the send window and a person who just wrote', () => {
  it('at 2 am a flow text answering their text goes at once; one an hour after their last text waits until 9 am', async () => {
    t.deps.clock.set(Date.parse('2026-11-24T10:00:00Z')); // 02:00 Pacific
    const s = await businessWithNumber(t.deps);
    await publishTestFlow(s, {
      trigger: { type: 'lead_created', sources: ['sms'] },
      start: 'hello',
      steps: [
        { id: 'hello', type: 'send_sms', body: 'Got your text, we’re on it', next: 'later' },
        { id: 'later', type: 'wait', minutes: 60, from: 'previous', next: 'again' },
        { id: 'again', type: 'send_sms', body: 'Still need us?', next: null },
      ],
    });
    await textTheBusiness(s, CUSTOMER, 'pipe burst under the sink, water is off now');
    const { messages } = await import('@server/platform/db/schema');
    const sent = async () => (await s.deps.db.select().from(messages).where(and(eq(messages.companyId, s.companyId), eq(messages.author, 'flow'))).orderBy(messages.seq)).map((m) => [m.body, m.scheduledFor?.toISOString() ?? null]);
    expect(await sent()).toEqual([['Got your text, we’re on it', null]]);
    t.deps.clock.advance(HOUR);
    await s.deps.queue.drain();
    expect(await sent()).toEqual([
      ['Got your text, we’re on it', null],
      ['Still need us?', '2026-11-24T17:00:00.000Z'],
    ]);
  });
});
