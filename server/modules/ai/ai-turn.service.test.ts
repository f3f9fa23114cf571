import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QualifierQuestion } from '@contracts/ai';
import { createBuiltinAssistant } from '@server/adapters/ai/builtin/builtin-assistant';
import { createFallbackAssistant } from '@server/adapters/ai/openai/fallback-assistant';
import { AiUnavailableError } from '@server/adapters/ai/openai/ai-unavailable-error';
import { createScriptedAssistant } from '@server/adapters/ai/scripted';
import { aiDrafts, aiTurns, companies, conversations, jobs, leads, messages, notifications, priceItems } from '@server/platform/db/schema';
import { SECOND } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp, type TestDeps } from '@server/testing/test-app';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { NOTIFY_QUEUE } from '@server/modules/notifications/notify.service';

/**
 * Issue 14, the conversation engine: the test phone texts the business, the assistant answers after its reply delay
 * through the real pipeline — with the built-in assistant and with a scripted model.
 */
const t = setUpTestApp();

const PLUMBING: QualifierQuestion[] = [
  { key: 'service', text: 'What do you need help with?', kind: 'choice', choices: ['Water heater', 'Drain cleaning', 'Leak repair'], required: true },
  { key: 'postal_code', text: 'What’s your ZIP code?', kind: 'zip', choices: [], required: true },
  { key: 'urgent', text: 'Is it urgent?', kind: 'yes_no', choices: [], required: true },
];

async function company(deps: TestDeps, label: string, settings: Record<string, unknown> = {}) {
  const token = await signUp(deps, { email: `${label}@example.test`, companyName: `${label[0]!.toUpperCase()}${label.slice(1)} Plumbing`, signupPhone: null });
  const caller = callerFor(deps, { authToken: token });
  await caller.phone.useSimulator();
  const device = await caller.phone.simulator.addDevice({ phone: null });
  const current = await caller.ai.settings.get();
  await caller.ai.settings.update({ expectedVersion: current.version, enabled: true, questions: PLUMBING, services: ['Water heater', 'Drain cleaning', 'Leak repair'], ...settings });
  const text = async (body: string) => {
    await caller.phone.simulator.send({ deviceId: device.id, body, mediaUrls: [] });
    await deps.queue.drain();
  };
  const phone = async () => (await caller.phone.simulator.thread({ deviceId: device.id })).filter((m) => !m.fromPhone).map((m) => m.body);
  const thread = async () => (await caller.conversations.list({ filter: 'all', limit: 10 })).items[0]!;
  const lead = async () => {
    const [row] = await deps.db.select().from(leads).where(eq(leads.contactId, (await thread()).contact.id));
    return row!;
  };
  return { token, caller, device, text, phone, thread, lead };
}

/** Lets the reply delay pass and runs what is due (the turn, then the delivery of its reply). */
async function wait(deps: TestDeps, ms = 8 * SECOND) {
  deps.clock.advance(ms);
  await deps.queue.drain();
  deps.clock.advance(2 * SECOND);
  await deps.queue.drain();
}

beforeEach(() => {
  t.deps.clock.set(Date.parse('2026-11-24T16:00:00Z')); // Tuesday 10:00 in Chicago
});

describe('the built-in assistant qualifies a lead by text', () => {
  it('asks each question after the delay, records every answer, and marks the lead qualified with a summary', async () => {
    const a = await company(t.deps, 'alpha');
    await a.text('Hi, my water heater stopped working');
    expect((await a.thread()).mode).toBe('ai');
    // Nothing before the reply delay.
    t.deps.clock.advance(7 * SECOND);
    await t.deps.queue.drain();
    expect(await a.phone()).toEqual([]);
    await wait(t.deps, SECOND);
    const first = await a.phone();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/ZIP/i);
    expect((await a.lead()).status).toBe('engaging');
    expect((await a.lead()).answers).toMatchObject({ service: 'Water heater' });

    await a.text('60614');
    await wait(t.deps);
    expect((await a.phone()).at(-1)).toMatch(/urgent/i);
    await a.text('yes, asap please');
    await wait(t.deps);
    const lead = await a.lead();
    expect(lead.status).toBe('qualified');
    expect(lead.answers).toMatchObject({ service: 'Water heater', postal_code: '60614', urgent: 'yes' });
    expect(lead.aiSummary).toMatch(/Water heater/);
    const turns = await t.deps.db.select().from(aiTurns);
    expect(turns.map((turn) => turn.action)).toEqual(['reply', 'reply', 'reply']);
    expect(turns.every((turn) => turn.model === 'built-in' && turn.reasons.length > 0)).toBe(true);
    // Every assistant text went through the pipeline as the assistant's.
    const sent = await t.deps.db.select().from(messages).where(eq(messages.author, 'ai'));
    expect(sent).toHaveLength(3);
    expect(sent.every((m) => m.status === 'delivered' || m.status === 'sent')).toBe(true);
  });

  it('answers texts that arrive during the delay together, in one turn', async () => {
    const a = await company(t.deps, 'alpha');
    await a.text('Hello');
    t.deps.clock.advance(3 * SECOND);
    await a.text('my drain is clogged');
    t.deps.clock.advance(3 * SECOND);
    await a.text('zip is 60614');
    await wait(t.deps, 3 * SECOND);
    const turns = await t.deps.db.select().from(aiTurns);
    expect(turns).toHaveLength(1);
    expect(turns[0]!.input.newMessages).toEqual(['Hello', 'my drain is clogged', 'zip is 60614']);
    expect((await a.lead()).answers).toMatchObject({ service: 'Drain cleaning', postal_code: '60614' });
    expect(await a.phone()).toHaveLength(1);
  });

  it('says it is an automated assistant for the business when asked', async () => {
    const a = await company(t.deps, 'alpha', { assistantName: 'Riley' });
    await a.text('are you a bot?');
    await wait(t.deps);
    expect((await a.phone())[0]).toMatch(/Riley.*automated assistant for Alpha Plumbing/);
  });

  it('disqualifies politely outside the service area, with the owner’s message', async () => {
    const a = await company(t.deps, 'alpha', { serviceAreaPrefixes: ['606'], disqualifyMessage: 'Sorry, we only work in Chicago.' });
    await a.text('Leak repair in 90210 please');
    await wait(t.deps);
    expect(await a.phone()).toEqual(['Sorry, we only work in Chicago.']);
    expect((await a.lead()).status).toBe('lost');
  });
});

describe('the assistant stops for people and rules', () => {
  it('a staff reply during the delay: the assistant sends nothing and says why in the log', async () => {
    const a = await company(t.deps, 'alpha');
    await a.text('My water heater is leaking');
    const conversationId = (await a.thread()).id;
    await a.caller.conversations.send({ conversationId, body: 'Hi! This is Pat, I can help.' });
    await wait(t.deps);
    expect(await a.phone()).toEqual(['Hi! This is Pat, I can help.']);
    expect(await t.deps.db.select().from(messages).where(eq(messages.author, 'ai'))).toHaveLength(0);
    expect((await a.thread()).mode).toBe('human');
  });

  it('"Take over" while the model is deciding: the decision is logged, nothing is sent; "Hand back to AI" resumes', async () => {
    const a = await company(t.deps, 'alpha');
    await a.text('My water heater is leaking');
    const conversationId = (await a.thread()).id;
    t.deps.ai = createScriptedAssistant([
      async () => {
        await a.caller.conversations.setMode({ id: conversationId, mode: 'human' });
        return { action: 'reply', reply: 'What is your ZIP code?', lead: 'engaging' };
      },
      { action: 'reply', reply: 'Thanks! What is your ZIP code?', lead: 'engaging' },
    ]);
    await wait(t.deps);
    expect(await a.phone()).toEqual([]);
    const [turn] = await t.deps.db.select().from(aiTurns);
    expect(turn).toMatchObject({ action: 'skip', model: 'scripted' });
    expect(turn!.reasons.at(-1)).toMatch(/took over while the assistant was deciding/);

    await a.caller.conversations.setMode({ id: conversationId, mode: 'ai' });
    await a.text('hello?');
    await wait(t.deps);
    expect(await a.phone()).toEqual(['Thanks! What is your ZIP code?']);
  });

  it('hands off on the daily cap, telling the team and sending nothing more', async () => {
    const a = await company(t.deps, 'alpha', { dailyCap: 2 });
    t.deps.ai = createScriptedAssistant([
      { action: 'reply', reply: 'One?', lead: 'engaging' },
      { action: 'reply', reply: 'Two?', lead: 'engaging' },
    ]);
    for (const body of ['a', 'b', 'c']) {
      await a.text(body);
      await wait(t.deps);
    }
    expect(await a.phone()).toEqual(['One?', 'Two?']);
    const turns = await t.deps.db.select().from(aiTurns).orderBy(aiTurns.createdAt);
    expect(turns.at(-1)).toMatchObject({ action: 'handoff' });
    expect((await a.thread()).mode).toBe('human');
    expect((await a.lead()).status).toBe('needs_human');
  });

  it('hands off when the person asks for a person (built-in), and tells the team', async () => {
    const a = await company(t.deps, 'alpha');
    await a.text('can I talk to a real person please');
    const before = (await t.deps.db.select().from(jobs)).filter((j) => j.queue === NOTIFY_QUEUE).length;
    await wait(t.deps);
    expect((await a.thread()).mode).toBe('human');
    expect((await a.lead()).status).toBe('needs_human');
    const notifications = (await t.deps.db.select().from(jobs)).filter((j) => j.queue === NOTIFY_QUEUE);
    expect(notifications.length).toBeGreaterThan(before);
    expect(notifications.some((j) => JSON.stringify(j.payload).includes('needs a person'))).toBe(true);
    // The dashboard counts it (for this company only).
    expect((await a.caller.dashboard.summary({ period: '7d' })).handoffs).toEqual({ current: 1, previous: 0 });
    const b = await company(t.deps, 'beta');
    expect((await b.caller.dashboard.summary({ period: '7d' })).handoffs).toEqual({ current: 0, previous: 0 });
  });

  it.each([
    ['anger', 'anger', 'this is ridiculous, three days and nobody came'],
    ['emergency', 'emergency', 'water is pouring through the ceiling'],
    ['confusion', 'confusion', 'purple'],
    ['outside policy', 'outsidePolicy', 'can you do my taxes'],
  ] as const)('a %s handoff: the thread goes to the team; switched off in Settings → AI, the reply goes out instead', async (_name, trigger, words) => {
    const reason = ({ anger: 'anger', emergency: 'emergency', confusion: 'confusion', outsidePolicy: 'outside_policy' } as const)[trigger];
    const a = await company(t.deps, 'alpha');
    t.deps.ai = createScriptedAssistant([{ action: 'handoff', handoffReason: reason, reply: 'I’ll get someone from the team.', lead: 'needs_human' }]);
    await a.text(words);
    await wait(t.deps);
    expect((await a.thread()).mode).toBe('human');
    expect((await a.lead()).status).toBe('needs_human');
    expect(await a.phone()).toEqual(['I’ll get someone from the team.']);

    const b = await company(t.deps, 'beta', { handoff: { askedForPerson: true, anger: true, emergency: true, outsidePolicy: true, confusion: true, [trigger]: false } });
    t.deps.ai = createScriptedAssistant([{ action: 'handoff', handoffReason: reason, reply: 'Let me ask: what’s your ZIP code?', lead: 'needs_human' }]);
    await b.text(words);
    await wait(t.deps);
    expect((await b.thread()).mode).toBe('ai');
    expect((await b.lead()).status).not.toBe('needs_human');
    expect(await b.phone()).toEqual(['Let me ask: what’s your ZIP code?']);
    const [turn] = await t.deps.db.select().from(aiTurns).where(eq(aiTurns.conversationId, (await b.thread()).id));
    expect(turn!.reasons.join(' ')).toMatch(/switched off in Settings → AI/);
  });

  it('an opt-out mid-qualification stops everything', async () => {
    const a = await company(t.deps, 'alpha');
    await a.text('my drain is clogged');
    await wait(t.deps);
    expect(await a.phone()).toHaveLength(1);
    await a.text('STOP');
    await wait(t.deps);
    await a.text('60614');
    await wait(t.deps);
    // Only the one compliance confirmation after the first question; the assistant said nothing more.
    const texts = await a.phone();
    expect(texts).toHaveLength(2);
    expect(texts[1]).toMatch(/unsubscribed/);
    expect(await t.deps.db.select().from(messages).where(eq(messages.author, 'ai'))).toHaveLength(1);
  });

  it('off hours: the owner’s message once per off period, no assistant reply', async () => {
    // Tuesday 19:00 in Chicago (the company's zone is set below).
    t.deps.clock.set(Date.parse('2026-11-25T01:00:00Z'));
    const a = await company(t.deps, 'alpha', {
      schedule: { windows: [{ day: 2, start: '18:00', end: '08:00' }], overrides: [], offMessage: 'Hi {first_name}, {business_name} is closed for the night; we’ll text you at 8.' },
    });
    await t.deps.db.update(companies).set({ timezone: 'America/Chicago' });
    await a.text('Leak under the sink');
    await wait(t.deps);
    await a.text('hello?');
    await wait(t.deps);
    // Its merge tags filled (the texter's name is not known yet).
    expect(await a.phone()).toEqual(['Hi there, Alpha Plumbing is closed for the night; we’ll text you at 8.']);
    // Wednesday 08:30: on again.
    t.deps.clock.set(Date.parse('2026-11-25T14:30:00Z'));
    await a.text('still leaking');
    await wait(t.deps);
    expect((await a.phone()).length).toBe(2);
  });
});

describe('approval mode and prices', () => {
  it('holds a price quote for approval, and sends it (remembering the item) when approved', async () => {
    const a = await company(t.deps, 'alpha', { approvalMode: true, pricingPolicy: 'ranges' });
    await a.text('how much to clean a drain?');
    const [thread] = await t.deps.db.select().from(conversations);
    const [item] = await t.deps.db.insert(priceItems).values({ companyId: thread!.companyId, name: 'Drain cleaning', minCents: 15_000, maxCents: 25_000, unit: 'per visit', status: 'approved' }).returning();
    await t.deps.db.insert(priceItems).values({ companyId: thread!.companyId, name: 'Drain camera (not approved)', minCents: 1, maxCents: 2, unit: '', status: 'proposed' });
    const scripted = createScriptedAssistant([(input) => ({ action: 'reply', reply: 'Drain cleaning is usually $150–$250 per visit.', quotedItemIds: input.pricing.items.map((i) => i.id), lead: 'engaging' })]);
    t.deps.ai = scripted;
    await wait(t.deps);
    // Only the approved item reached the model.
    expect(scripted.calls[0]!.pricing.items.map((i) => i.name)).toEqual(['Drain cleaning']);
    expect(await a.phone()).toEqual([]);
    const drafts = await a.caller.ai.drafts.list({ conversationId: thread!.id });
    expect(drafts).toEqual([expect.objectContaining({ body: 'Drain cleaning is usually $150–$250 per visit.', why: expect.stringContaining('quotes a price') })]);
    expect((await t.deps.db.select().from(aiTurns))[0]!.action).toBe('hold');
    expect((await a.thread()).heldReplies).toBe(1);

    // Another company cannot see or decide it.
    const b = await company(t.deps, 'beta');
    expect((await trpcErrorOf(b.caller.ai.drafts.decide({ id: drafts[0]!.id, decision: 'approve' }))).code).toBe('NOT_FOUND');
    expect((await trpcErrorOf(b.caller.ai.drafts.list({ conversationId: thread!.id }))).code).toBe('NOT_FOUND');

    await a.caller.ai.drafts.decide({ id: drafts[0]!.id, decision: 'approve' });
    await wait(t.deps, SECOND);
    expect(await a.phone()).toEqual(['Drain cleaning is usually $150–$250 per visit.']);
    expect((await a.thread()).heldReplies).toBe(0);
    expect((await a.lead()).aiQuotes).toEqual([expect.objectContaining({ itemId: item!.id, name: 'Drain cleaning', minCents: 15_000, maxCents: 25_000 })]);
    expect((await trpcErrorOf(a.caller.ai.drafts.decide({ id: drafts[0]!.id, decision: 'reject' }))).code).toBe('CONFLICT');
    expect(await t.deps.db.select().from(aiDrafts).where(eq(aiDrafts.status, 'sent'))).toHaveLength(1);
  });

  it('the owner approves a held reply by texting "YES <code>" from the alert phone; a wrong code or another phone changes nothing', async () => {
    const a = await company(t.deps, 'alpha', { approvalMode: true });
    const owner = await a.caller.phone.simulator.addDevice({ phone: '+13125550199' });
    await t.deps.db.update(companies).set({ alertPhone: '+13125550199' });
    t.deps.ai = createScriptedAssistant([{ action: 'reply', reply: 'We can be there by 3pm today.', promisesTime: true, lead: 'engaging' }, { action: 'skip', reasons: ['Waiting for the owner.'] }]);
    await a.text('when can you come?');
    await wait(t.deps);
    const [draft] = await t.deps.db.select().from(aiDrafts);
    expect(draft).toMatchObject({ status: 'pending', why: 'Held for approval: it promises a time.' });
    expect(draft!.code).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
    const alert = (await t.deps.db.select().from(jobs)).find((j) => j.queue === NOTIFY_QUEUE && JSON.stringify(j.payload).includes(`Reply YES ${draft!.code}`));
    expect(alert).toBeDefined();

    // The customer texting "YES <code>" is just a customer text (and a wrong code from the owner sends nothing).
    await a.text(`yes ${draft!.code}`);
    await a.caller.phone.simulator.send({ deviceId: owner.id, body: 'YES ZZZZ', mediaUrls: [] });
    await wait(t.deps);
    expect((await t.deps.db.select().from(aiDrafts))[0]!.status).toBe('pending');
    expect(await a.phone()).toEqual([]);

    await a.caller.phone.simulator.send({ deviceId: owner.id, body: ` yes ${draft!.code!.toLowerCase()} `, mediaUrls: [] });
    await wait(t.deps);
    expect((await t.deps.db.select().from(aiDrafts))[0]!.status).toBe('sent');
    expect(await a.phone()).toEqual(['We can be there by 3pm today.']);
    // The alert phone (a test phone here) shows the alert, the owner's own reply and the confirmation.
    const ownerThread = (await a.caller.phone.simulator.thread({ deviceId: owner.id })).map((line) => [line.fromPhone, line.body]);
    expect(ownerThread).toEqual([
      [false, expect.stringContaining('LeadLoop: New lead')],
      [false, expect.stringContaining(`Reply YES ${draft!.code} to send this`)],
      [true, 'YES ZZZZ'],
      [false, expect.stringContaining('no reply waits with the code ZZZZ')],
      [true, `yes ${draft!.code!.toLowerCase()}`],
      [false, `LeadLoop: sent (${draft!.code}).`],
    ]);
    // The in-app alert asking for it is read once the reply went out: nobody is asked again.
    const alerts = await t.deps.db.select().from(notifications).where(eq(notifications.event, 'ai_approval'));
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts.every((n) => n.readAt !== null)).toBe(true);
    // The owner's approval is not a lead of their own.
    expect((await a.caller.leads.list({ page: 1, pageSize: 25 })).items.map((l) => l.contact.phone)).not.toContain('+13125550199');
  });

  it('without approval mode the built-in assistant quotes only an approved item, as a range', async () => {
    const a = await company(t.deps, 'alpha', { pricingPolicy: 'ranges' });
    await a.text('hi');
    const [thread] = await t.deps.db.select().from(conversations);
    await t.deps.db.insert(priceItems).values([
      { companyId: thread!.companyId, name: 'Drain cleaning', minCents: 15_000, maxCents: 25_000, unit: 'per visit', status: 'approved' },
      { companyId: thread!.companyId, name: 'Water heater install', minCents: 120_000, maxCents: 180_000, unit: '', status: 'proposed' },
    ]);
    await wait(t.deps);
    await a.text('how much for a water heater install?');
    await wait(t.deps);
    expect((await a.phone()).at(-1)).not.toMatch(/\$/);
    await a.text('and how much is drain cleaning?');
    await wait(t.deps);
    expect((await a.phone()).at(-1)).toMatch(/\$150.*\$250/);
    expect((await a.lead()).aiQuotes).toEqual([expect.objectContaining({ name: 'Drain cleaning' })]);
  });
});

describe('a configured model that fails', () => {
  it('falls back to the built-in assistant for the turn and tells the team once', async () => {
    const a = await company(t.deps, 'alpha');
    const failing = createScriptedAssistant([new AiUnavailableError('it timed out after 15 s'), new AiUnavailableError('it timed out after 15 s')]);
    t.deps.ai = createFallbackAssistant(failing, createBuiltinAssistant(), { clock: t.deps.clock, onFallback: () => undefined });
    await a.text('my water heater is leaking');
    await wait(t.deps);
    await a.text('60614');
    await wait(t.deps);
    expect(await a.phone()).toHaveLength(2);
    const turns = await t.deps.db.select().from(aiTurns);
    expect(turns.every((turn) => turn.fallback)).toBe(true);
    const notices = (await t.deps.db.select().from(jobs)).filter((j) => j.queue === NOTIFY_QUEUE && JSON.stringify(j.payload).includes('AI service is unavailable'));
    expect(notices).toHaveLength(1);
  });
});

describe('settings', () => {
  it('are the company’s own; staff cannot change them; a stale version is refused', async () => {
    const a = await company(t.deps, 'alpha');
    const b = await company(t.deps, 'beta', { assistantName: 'Bea' });
    expect((await a.caller.ai.settings.get()).assistantName).toBe('Sam');
    expect((await b.caller.ai.settings.get()).assistantName).toBe('Bea');
    expect((await trpcErrorOf(a.caller.ai.settings.update({ expectedVersion: 1, assistantName: 'X' }))).code).toBe('CONFLICT');
    expect((await trpcErrorOf(a.caller.ai.settings.update({ expectedVersion: 2, enabled: true, questions: [] }))).message).toMatch(/at least one question/);
  });
});
