import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FlowGraph } from '@contracts/flows';
import { conversations, flowRuns, flowRunSteps, leads, messages } from '@server/platform/db/schema';
import { HOUR, MINUTE, SECOND } from '@server/platform/lib/clock';
import { setUpTestApp } from '@server/testing/test-app';
import { businessWithNumber, type TestBusiness, textFromTheBusiness, textTheBusiness } from '@server/testing/business';
import { publishTestFlow } from '@server/testing/flows';
import { replayGraph } from './replay.service';

/**
 * The AI step with a goal (issue 23 item 2), with the built-in assistant on a fake clock: it asks, the assistant
 * reads the reply into the lead's answer and the run goes on to "done"; no reply in time, or a person taking the
 * thread, goes to "not done" and gives the thread back as it was.
 */
const t = setUpTestApp();
const CUSTOMER = '+14155550003';

const GRAPH: FlowGraph = {
  trigger: { type: 'lead_created', sources: ['sms'] },
  start: 'ask',
  steps: [
    { id: 'ask', type: 'ai_step', goal: 'ask', question: 'Thanks {first_name}! What is the address where you need us?', answerKey: 'address', minutes: 2 * HOUR / MINUTE, done: 'thanks', notDone: 'nudge' },
    { id: 'thanks', type: 'send_sms', body: 'Got it, we will be in touch about a time.', next: null },
    { id: 'nudge', type: 'notify', message: '{first_name} did not give an address', next: null },
  ],
};

beforeEach(() => {
  t.deps.clock.set(Date.parse('2026-11-23T18:00:00Z')); // 10:00 Pacific
});

const thread = async (s: TestBusiness) => {
  const rows = await s.deps.db.select().from(messages).where(eq(messages.companyId, s.companyId)).orderBy(messages.seq);
  return rows.map((m) => `${m.direction === 'inbound' ? 'them' : m.author}: ${m.body}${m.status === 'blocked' ? ` [blocked: ${m.errorCode}]` : ''}`);
};
const runOf = async (s: TestBusiness) => {
  const [run] = await s.deps.db.select().from(flowRuns).where(eq(flowRuns.companyId, s.companyId));
  const lines = await s.deps.db.select().from(flowRunSteps).where(eq(flowRunSteps.runId, run!.id)).orderBy(flowRunSteps.seq);
  return { run: run!, lines: lines.map((line) => `${line.stepId} ${line.outcome}: ${line.detail}`) };
};
/** The assistant's reply delay, then every job. */
const settle = async (s: TestBusiness) => {
  s.deps.clock.advance(10 * SECOND);
  await s.deps.queue.drain();
};

describe('AI step with a goal', () => {
  it('asks, reads the reply as the answer (assistant off for new threads), goes on to "done" without a wrap-up of its own', async () => {
    const s = await businessWithNumber(t.deps);
    await publishTestFlow(s, GRAPH);
    await textTheBusiness(s, CUSTOMER, 'Hi my kitchen sink is leaking');
    const [conversation] = await s.deps.db.select().from(conversations).where(eq(conversations.companyId, s.companyId));
    expect(conversation).toMatchObject({ mode: 'ai', flowGoal: expect.objectContaining({ goal: 'ask', question: { key: 'address', text: 'Thanks there! What is the address where you need us?' }, previousMode: 'human' }) });
    s.deps.clock.advance(3 * MINUTE);
    await textTheBusiness(s, CUSTOMER, 'its 42 Elm Street, Springfield');
    await settle(s);
    const [lead] = await s.deps.db.select().from(leads).where(eq(leads.companyId, s.companyId));
    expect(lead!.answers).toMatchObject({ address: expect.stringContaining('42 Elm Street') });
    expect(lead!.status).not.toBe('qualified');
    expect(await thread(s)).toEqual([
      'them: Hi my kitchen sink is leaking',
      'ai: Thanks there! What is the address where you need us?',
      'them: its 42 Elm Street, Springfield',
      'flow: Got it, we will be in touch about a time.',
    ]);
    const { run, lines } = await runOf(s);
    expect(run.status).toBe('completed');
    expect(lines).toContain('ask done: They answered “Thanks {first_name}! What is the address where you need us?”');
    const [after] = await s.deps.db.select().from(conversations).where(eq(conversations.id, conversation!.id));
    expect(after).toMatchObject({ mode: 'human', flowGoal: null });
  });

  it('no answer in time goes to "not done"; the thread goes back to the team', async () => {
    const s = await businessWithNumber(t.deps);
    await publishTestFlow(s, GRAPH);
    await textTheBusiness(s, CUSTOMER, 'Need a plumber');
    s.deps.clock.advance(HOUR);
    await s.deps.queue.drain();
    expect((await runOf(s)).run.status).toBe('active');
    s.deps.clock.advance(HOUR);
    await s.deps.queue.drain();
    const { run, lines } = await runOf(s);
    expect(run.status).toBe('completed');
    expect(lines).toEqual(expect.arrayContaining(['ask done: Not reached in 2 hours', 'nudge done: Told the team']));
    const [conversation] = await s.deps.db.select().from(conversations).where(eq(conversations.companyId, s.companyId));
    expect(conversation).toMatchObject({ mode: 'human', flowGoal: null });
  });

  it('a person texting them by hand ends the step at once on "not done", and the assistant says nothing more', async () => {
    const s = await businessWithNumber(t.deps);
    await publishTestFlow(s, GRAPH);
    await textTheBusiness(s, CUSTOMER, 'Need a plumber');
    s.deps.clock.advance(5 * MINUTE);
    await textFromTheBusiness(s, CUSTOMER, 'Hi, this is Dana, I will call you now', 'user');
    const { run, lines } = await runOf(s);
    expect(run.status).toBe('completed');
    expect(lines).toContain('ask done: Your team has the conversation');
    await textTheBusiness(s, CUSTOMER, '42 Elm Street');
    await settle(s);
    const said = await s.deps.db.select().from(messages).where(and(eq(messages.companyId, s.companyId), eq(messages.author, 'ai')));
    expect(said).toHaveLength(1);
  });

  it('replay shows the question and reads the recorded answer for the branch', () => {
    const anchorAt = new Date('2026-11-20T18:00:00Z');
    const history = { anchorAt, optedOutAt: null, status: 'engaging', merge: { contact: { firstName: 'Ana', lastName: null }, businessName: 'Acme', businessPhone: null, senderFirstName: 'Acme' } };
    const answered = replayGraph(GRAPH, { ...history, inbound: [{ at: new Date(anchorAt.getTime() + 10 * MINUTE), body: '42 Elm' }], answers: { address: '42 Elm' } });
    expect(answered).toEqual({ texts: ['Thanks Ana! What is the address where you need us?', 'Got it, we will be in touch about a time.'], actions: [] });
    const silent = replayGraph(GRAPH, { ...history, inbound: [], answers: {} });
    expect(silent).toEqual({ texts: ['Thanks Ana! What is the address where you need us?'], actions: ['team told'] });
  });
});
