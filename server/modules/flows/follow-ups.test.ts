import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FOLLOW_UPS, flowProblems, followUpsGraph } from '@contracts/flows';
import { contacts, conversations, flowRunSteps, flowRuns, flowTriggerLog, jobs, leads, messages } from '@server/platform/db/schema';
import { DAY, HOUR, MINUTE } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp } from '@server/testing/test-app';
import { businessWithNumber, type TestBusiness, textFromTheBusiness, textTheBusiness } from '@server/testing/business';
import { FLOW_STEP_QUEUE, runFlowStep } from './flow-runtime';

/**
 * Issue 23 item 4: the no-reply follow-ups, on a fake clock. A text from the business that stays unanswered starts
 * them; each follow-up goes through the one outbound pipeline at its time counted from that text; a reply, an
 * opt-out, a person texting by hand or a closed lead ends the run; a step delivered twice sends once.
 */
const t = setUpTestApp();
const CUSTOMER = '+14155550001'; // Pacific time

type Setup = TestBusiness;
const company = businessWithNumber;
const inbound = (s: Setup, body: string) => textTheBusiness(s, CUSTOMER, body);

async function thread(s: Setup) {
  const [contact] = await s.deps.db.select().from(contacts).where(and(eq(contacts.companyId, s.companyId), eq(contacts.phone, CUSTOMER)));
  const [conversation] = await s.deps.db.select().from(conversations).where(eq(conversations.contactId, contact!.id));
  return { contact: contact!, conversation: conversation! };
}

/** A text from the business: the assistant's answer (automated reply), or a staff member's own words. */
const businessText = (s: Setup, body: string, author: 'ai' | 'user' = 'ai') => textFromTheBusiness(s, CUSTOMER, body, author);

const texts = async (s: Setup) => {
  const { contact } = await thread(s);
  return s.deps.db.select().from(messages).where(and(eq(messages.contactId, contact.id), eq(messages.direction, 'outbound'))).orderBy(messages.seq);
};
const flowTexts = async (s: Setup) => (await texts(s)).filter((message) => message.author === 'flow');
const runsOf = async (s: Setup) => s.deps.db.select().from(flowRuns).where(eq(flowRuns.companyId, s.companyId)).orderBy(flowRuns.startedAt);
const advance = async (s: Setup, ms: number) => {
  s.deps.clock.advance(ms);
  await s.deps.queue.drain();
};

beforeEach(() => {
  t.deps.clock.set(Date.parse('2026-11-23T18:00:00Z')); // Monday 10:00 Pacific
});

describe('the built-in follow-ups graph', () => {
  it('is a valid flow: a text at each enabled step, waits counted from the unanswered text', () => {
    const graph = followUpsGraph(DEFAULT_FOLLOW_UPS);
    expect(flowProblems(graph)).toEqual([]);
    expect(graph.trigger).toEqual({ type: 'no_reply', minutes: 60 });
    expect(graph.steps.map((step) => step.type)).toEqual(['send_sms', 'wait', 'send_sms', 'wait', 'send_sms', 'wait', 'send_sms']);
    const off = followUpsGraph({ ...DEFAULT_FOLLOW_UPS, steps: DEFAULT_FOLLOW_UPS.steps.map((step, index) => ({ ...step, enabled: index !== 1 })) });
    expect(off.steps.filter((step) => step.type === 'send_sms')).toHaveLength(3);
    expect(flowProblems(off)).toEqual([]);
  });

  it('flags a link to nothing, a step nothing reaches and a loop without a wait', () => {
    expect(flowProblems({ trigger: { type: 'missed_call' }, start: 'a', steps: [{ id: 'a', type: 'send_sms', body: 'Hi', next: 'b' }] }).map((p) => p.message)).toEqual(['“a” leads to a step that does not exist']);
    expect(flowProblems({ trigger: { type: 'missed_call' }, start: 'a', steps: [{ id: 'a', type: 'stop' }, { id: 'b', type: 'stop' }] }).map((p) => p.message)).toEqual(['Nothing leads to “b”']);
    const loop = flowProblems({
      trigger: { type: 'missed_call' },
      start: 'a',
      steps: [
        { id: 'a', type: 'send_sms', body: 'Hi', next: 'b' },
        { id: 'b', type: 'set_status', status: 'engaging', next: 'a' },
      ],
    });
    expect(loop.map((p) => p.message)).toEqual(['“a” is in a loop without a wait']);
  });
});

describe('no-reply follow-ups on a fake clock', () => {
  it('an unanswered text gets the follow-ups at +1 h, +1 d, +3 d and +7 d, each through the pipeline, then the run completes', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Hi, need a quote for a new water heater');
    const sent = await businessText(s, 'Thanks! What is your ZIP code?');
    expect((await flowTexts(s))).toHaveLength(0);
    await advance(s, 59 * MINUTE);
    expect(await flowTexts(s)).toHaveLength(0);
    await advance(s, MINUTE);
    let follow = await flowTexts(s);
    expect(follow).toHaveLength(1);
    expect(follow[0]).toMatchObject({ status: expect.stringMatching(/^(sent|delivered)$/), automated: true, body: expect.stringContaining('just checking in') });
    const [run] = await runsOf(s);
    expect(run).toMatchObject({ status: 'active', anchorAt: sent.createdAt });
    // +1 d from the unanswered text (not from the first follow-up).
    await advance(s, DAY - HOUR - MINUTE);
    expect(await flowTexts(s)).toHaveLength(1);
    await advance(s, MINUTE);
    expect(await flowTexts(s)).toHaveLength(2);
    await advance(s, 2 * DAY);
    expect(await flowTexts(s)).toHaveLength(3);
    await advance(s, 4 * DAY);
    follow = await flowTexts(s);
    expect(follow).toHaveLength(4);
    for (const message of follow) expect(['sent', 'delivered']).toContain(message.status);
    expect((await runsOf(s))[0]).toMatchObject({ status: 'completed' });
    const log = await s.deps.db.select().from(flowRunSteps).where(eq(flowRunSteps.runId, run!.id)).orderBy(flowRunSteps.createdAt);
    expect(log.filter((line) => line.outcome === 'done').map((line) => line.stepId)).toEqual(['send_1', 'wait_2', 'send_2', 'wait_3', 'send_3', 'wait_4', 'send_4']);
    // The follow-ups' own texts never start another run.
    await advance(s, 30 * DAY);
    expect(await runsOf(s)).toHaveLength(1);
  });

  it('a reply ends the run at once: nothing more goes, and the screen says what is going on', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Hi, my AC is out');
    await businessText(s, 'Sorry to hear! What is your ZIP code?');
    await advance(s, HOUR);
    expect(await flowTexts(s)).toHaveLength(1);
    const caller = callerFor(s.deps, { authToken: s.token });
    expect(await caller.flows.followUps.get()).toMatchObject({ enabled: true, activeRuns: 1, sentThisWeek: 1 });
    await inbound(s, '94110');
    expect((await runsOf(s))[0]).toMatchObject({ status: 'stopped', stopReason: 'replied' });
    await advance(s, 8 * DAY);
    expect(await flowTexts(s)).toHaveLength(1);
    const view = await caller.flows.followUps.get();
    expect(view).toMatchObject({ activeRuns: 0, sentThisWeek: 0 });
    expect(view.recent[0]).toMatchObject({ status: 'stopped', stopReason: 'replied', phone: CUSTOMER });
  });

  it('STOP mid-run ends it; a lead marked won ends it; a person texting by hand ends it and never starts one', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Hi, drain is clogged');
    await businessText(s, 'We can help! What is your ZIP code?');
    await advance(s, HOUR);
    await inbound(s, 'STOP');
    expect((await runsOf(s))[0]).toMatchObject({ status: 'stopped', stopReason: 'opted_out' });
    await advance(s, 8 * DAY);
    expect(await flowTexts(s)).toHaveLength(1);

    const won = await company(t.deps);
    await inbound(won, 'Hi, need movers');
    await businessText(won, 'Happy to help! What day?');
    await advance(won, HOUR);
    const { contact } = await thread(won);
    const caller = callerFor(won.deps, { authToken: won.token });
    const [lead] = await won.deps.db.select().from(leads).where(eq(leads.contactId, contact.id));
    await caller.leads.update({ id: lead!.id, status: 'won' });
    await won.deps.queue.drain();
    expect((await runsOf(won))[0]).toMatchObject({ status: 'stopped', stopReason: 'lead_closed' });

    const person = await company(t.deps);
    await inbound(person, 'Hi, roof leak');
    await businessText(person, 'Sorry! What is your ZIP code?');
    await advance(person, HOUR);
    await businessText(person, 'Hi, this is Sam from the office, I will call you shortly', 'user');
    expect((await runsOf(person))[0]).toMatchObject({ status: 'stopped', stopReason: 'takeover' });
    await advance(person, 8 * DAY);
    // The person's own text, unanswered, starts no follow-ups either.
    expect(await flowTexts(person)).toHaveLength(1);
    expect(await runsOf(person)).toHaveLength(1);
  });

  it('a follow-up due at night waits for 9 am in their time, and the step log says when', async () => {
    const s = await company(t.deps);
    t.deps.clock.set(Date.parse('2026-11-24T04:30:00Z')); // 20:30 Pacific
    await inbound(s, 'Hi, fence repair?');
    await businessText(s, 'Sure! What is your ZIP code?');
    await advance(s, HOUR); // 21:30 Pacific: outside 9:00–20:00
    const [text] = await flowTexts(s);
    expect(text).toMatchObject({ status: 'scheduled', scheduledFor: new Date('2026-11-24T17:00:00Z') });
    const [line] = await s.deps.db.select().from(flowRunSteps).where(eq(flowRunSteps.stepId, 'send_1'));
    expect(line).toMatchObject({ detail: 'Queued for their send window (9 am – 8 pm their time)', dueAt: new Date('2026-11-24T17:00:00Z') });
    await advance(s, 12 * HOUR);
    expect((await flowTexts(s))[0]?.status).toMatch(/^(sent|delivered)$/);
  });

  it('a step delivered twice sends one text; a kill between two steps resumes without repeating the first', async () => {
    const s = await company(t.deps);
    await inbound(s, 'Hi, need an electrician');
    await businessText(s, 'Happy to help! What is your ZIP code?');
    await advance(s, HOUR);
    const [run] = await runsOf(s);
    // The first step's job again (a redelivery, or a second instance): the step log says it is done.
    await runFlowStep(s.deps, { id: 'redelivered', payload: { runId: run!.id, stepId: 'send_1' } });
    await runFlowStep(s.deps, { id: 'redelivered', payload: { runId: run!.id, stepId: 'send_1' } });
    expect(await flowTexts(s)).toHaveLength(1);
    // The next step waits in the queue as a job (not a timer): a process that stops here loses nothing.
    const pending = await s.deps.db.select().from(jobs).where(and(eq(jobs.queue, FLOW_STEP_QUEUE), eq(jobs.status, 'pending')));
    expect(pending.map((job) => (job.payload as { stepId: string }).stepId)).toEqual(['wait_2']);
    await advance(s, DAY);
    expect(await flowTexts(s)).toHaveLength(2);
  });

  it('a run keeps the version it started on when the follow-ups are edited; texts use the new version next time', async () => {
    const s = await company(t.deps);
    const caller = callerFor(s.deps, { authToken: s.token });
    await inbound(s, 'Hi, gutters?');
    await businessText(s, 'Sure! What is your ZIP code?');
    await advance(s, HOUR);
    const view = await caller.flows.followUps.get();
    const steps = view.steps.map((step, index) => (index === 1 ? { ...step, body: 'Version two: {first_name}, still need us?' } : step));
    const saved = await caller.flows.followUps.update({ expectedVersion: view.version, enabled: true, steps });
    expect(saved.version).toBe(view.version + 1);
    await advance(s, DAY);
    expect((await flowTexts(s))[1]?.body).not.toContain('Version two');
    // A stale screen's save is refused.
    await expect(caller.flows.followUps.update({ expectedVersion: view.version, enabled: true, steps })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('Logs → Flow runs: the runs with how each ended, searchable by name or number, a run’s step log; another company’s run is NOT_FOUND', async () => {
    const s = await company(t.deps);
    const caller = callerFor(s.deps, { authToken: s.token });
    await inbound(s, 'Hi, need a plumber');
    await businessText(s, 'Sure! What is your ZIP code?');
    await advance(s, HOUR);
    await inbound(s, '94110');
    const { items } = await caller.flows.runs.list({});
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ flowName: 'No-reply follow-ups', phone: CUSTOMER, status: 'stopped', stopReason: 'replied' });
    expect((await caller.flows.runs.list({ search: '555-0001' })).items).toHaveLength(1);
    expect((await caller.flows.runs.list({ search: 'Nobody' })).items).toHaveLength(0);
    expect((await caller.flows.runs.list({ status: 'active' })).items).toHaveLength(0);
    const steps = await caller.flows.runs.steps({ id: items[0]!.id });
    expect(steps.map((step) => [step.stepId, step.outcome, step.detail])).toEqual([
      ['send_1', 'done', 'Sent'],
      ['wait_2', 'waiting', 'Waiting 1 day'],
      ['wait_2', 'stopped', 'They replied'],
    ]);
    const other = await company(t.deps);
    const otherCaller = callerFor(other.deps, { authToken: other.token });
    expect((await otherCaller.flows.runs.list({})).items).toHaveLength(0);
    await expect(otherCaller.flows.runs.steps({ id: items[0]!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses steps out of order and unknown merge tags, each beside its field', async () => {
    const s = await company(t.deps);
    const caller = callerFor(s.deps, { authToken: s.token });
    const view = await caller.flows.followUps.get();
    const backwards = [...view.steps].reverse();
    await expect(caller.flows.followUps.update({ expectedVersion: view.version, enabled: true, steps: backwards })).rejects.toMatchObject({ message: expect.stringContaining('Each follow-up comes after the one before it') });
    const tagged = view.steps.map((step, index) => (index === 0 ? { ...step, body: 'Hi {firstname}' } : step));
    await expect(caller.flows.followUps.update({ expectedVersion: view.version, enabled: true, steps: tagged })).rejects.toMatchObject({ message: expect.stringContaining('Unknown merge tag') });
  });

  it('turned off, nothing starts; a second trigger within 10 minutes of a run is suppressed and logged', async () => {
    const s = await company(t.deps);
    const caller = callerFor(s.deps, { authToken: s.token });
    const view = await caller.flows.followUps.get();
    // One quick follow-up after 1 minute, so a run starts and ends within the window.
    await caller.flows.followUps.update({ expectedVersion: view.version, enabled: true, steps: [{ delayMinutes: 1, body: 'Still there, {first_name}?', enabled: true }] });
    await inbound(s, 'Hi, window cleaning?');
    await businessText(s, 'Sure! How many windows?');
    await advance(s, MINUTE);
    expect((await runsOf(s))[0]).toMatchObject({ status: 'completed' });
    // Two minutes later (past the send-lock that keeps two automated texts apart), another unanswered text.
    await advance(s, 2 * MINUTE);
    await businessText(s, 'Also, what is your ZIP code?');
    await advance(s, MINUTE);
    expect(await runsOf(s)).toHaveLength(1);
    const log = await s.deps.db.select().from(flowTriggerLog).where(eq(flowTriggerLog.companyId, s.companyId)).orderBy(flowTriggerLog.createdAt);
    expect(log.map((line) => [line.outcome, line.reason])).toEqual([
      ['started', 'Started'],
      ['suppressed', 'Triggered again within 10 minutes'],
    ]);

    const off = await company(t.deps);
    const offCaller = callerFor(off.deps, { authToken: off.token });
    const offView = await offCaller.flows.followUps.get();
    await offCaller.flows.followUps.update({ expectedVersion: offView.version, enabled: false, steps: offView.steps });
    await inbound(off, 'Hi, pest control?');
    await businessText(off, 'Sure! Which pest?');
    await advance(off, 8 * DAY);
    expect(await runsOf(off)).toHaveLength(0);
    expect(await offCaller.flows.followUps.get()).toMatchObject({ enabled: false, activeRuns: 0 });
  });
});
