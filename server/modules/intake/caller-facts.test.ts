import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_AGENT_SETTINGS } from '@contracts/voice-agent';
import { AiUnavailableError } from '@server/adapters/ai/openai/ai-unavailable-error';
import { createScriptedAssistant } from '@server/adapters/ai/scripted';
import { auditLog, calls, contacts, leads, voiceAgentCalls, voiceAgentTurns } from '@server/platform/db/schema';
import { SECOND } from '@server/platform/lib/clock';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { CALLER_FACTS_QUEUE, queueCallerFacts } from './caller-facts';

/**
 * Issue 27, item 4: what a caller said fills their lead — a missed call's voicemail through the test phone, and the
 * caller's side of an AI-answered call — never over what staff or the customer already gave, with the source of
 * every value in the audit log.
 */
const t = setUpTestApp();

const THURSDAY_MORNING = Date.parse('2026-11-19T16:00:00Z');
const CALLER = '+13125550140';
const TOM = 'Hi, it’s Tom Becker. My water heater is leaking all over the garage floor at 12 Elm Street, apartment 4. Please call me back, thanks so much.';

async function company(email = 'owner@facts.test') {
  t.deps.clock.set(THURSDAY_MORNING);
  const token = await signUp(t.deps, { email, companyName: 'Acme Plumbing', signupPhone: null });
  const caller = callerFor(t.deps, { authToken: token });
  const number = await caller.phone.useSimulator();
  await caller.missedCalls.settings.update({ routingMode: 'forwarded_missed' });
  const device = await caller.phone.simulator.addDevice({ phone: CALLER });
  const me = await caller.getCurrentLoggedInUser();
  return { caller, device, number, companyId: me.company.id };
}

async function pass(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += SECOND) {
    t.deps.clock.advance(SECOND);
    await t.deps.queue.drain();
  }
}

const contactOf = async () => (await t.deps.db.select().from(contacts).where(eq(contacts.phone, CALLER)))[0]!;
const factsEntries = () => t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'lead.details_from_call'));

describe('a voicemail fills the lead', () => {
  it('“it’s Tom Becker … 12 Elm Street”: the client is named and addressed, the need answers the question about the job, the audit log says where each came from', async () => {
    const c = await company();
    await c.caller.phone.simulator.placeCall({ deviceId: c.device.id, voicemail: TOM });
    await pass(40 * SECOND);

    const contact = await contactOf();
    expect(contact).toMatchObject({ firstName: 'Tom', lastName: 'Becker', addressLine1: '12 Elm Street, Apartment 4' });
    const [lead] = await t.deps.db.select().from(leads);
    // The default "What can we help you with?" question gets the sentence naming the job.
    expect(lead!.answers).toMatchObject({ service: 'My water heater is leaking all over the garage floor.' });
    const [entry] = await factsEntries();
    expect(entry).toMatchObject({ actorKind: 'system', targetType: 'lead', targetId: lead!.id, metadata: { source: 'voicemail', model: 'built-in', fields: ['Name', 'Address', 'Answer: service'] } });

    const log = await c.caller.logs.audit({});
    const row = log.items.find((item) => item.action === 'lead.details_from_call')!;
    expect(row.what).toBe('Took details from what a caller said');
    expect(row.detail).toContain('Name from the voicemail: Tom Becker');
    expect(row.detail).toContain('Address from the voicemail: 12 Elm Street, Apartment 4');
    // The lead says it too.
    const view = await c.caller.leads.get({ id: lead!.id });
    expect(view.fromCallers.map((fact) => fact.sentence)).toEqual(['Name from the voicemail: Tom Becker', 'Address from the voicemail: 12 Elm Street, Apartment 4', 'Answer: service from the voicemail: My water heater is leaking all over the garage floor.']);

    // The job again (a retry): nothing twice.
    const [call] = await t.deps.db.select().from(calls);
    await t.deps.db.transaction((tx) => queueCallerFacts(tx, t.deps.queue, c.companyId, { source: 'voicemail', callId: call!.id }));
    await t.deps.queue.drain();
    expect(await factsEntries()).toHaveLength(1);
  });

  it('a name staff typed wins: the heard one is recorded as kept; an address already on file stays', async () => {
    const c = await company('owner@staff-name.test');
    await c.caller.leads.create({ firstName: 'Thomas', lastName: 'B.', phone: CALLER, email: null, summary: 'Called about the water heater', consentConfirmed: false });
    const contact = await contactOf();
    await t.deps.db.update(contacts).set({ addressLine1: '9 Oak Court' }).where(eq(contacts.id, contact.id));
    await c.caller.phone.simulator.placeCall({ deviceId: c.device.id, voicemail: TOM });
    await pass(40 * SECOND);

    expect(await contactOf()).toMatchObject({ firstName: 'Thomas', lastName: 'B.', addressLine1: '9 Oak Court' });
    const [entry] = await factsEntries();
    expect(entry!.metadata).toMatchObject({
      fields: ['Answer: service'],
      heard: expect.arrayContaining([
        { field: 'name', value: 'Tom Becker', applied: false, kept: 'other_name' },
        { field: 'address', value: '12 Elm Street, Apartment 4', applied: false, kept: 'already_set' },
      ]),
    });
    const log = await c.caller.logs.audit({});
    expect(log.items.find((item) => item.action === 'lead.details_from_call')!.detail).toContain('Name heard in the voicemail, kept the one on file: Tom Becker');
  });

  it('“Tom” typed by staff, “Tom Becker” said: only the surname is added', async () => {
    const c = await company('owner@surname.test');
    await c.caller.leads.create({ firstName: 'Tom', lastName: null, phone: CALLER, email: null, summary: null, consentConfirmed: false });
    await c.caller.phone.simulator.placeCall({ deviceId: c.device.id, voicemail: TOM });
    await pass(40 * SECOND);
    expect(await contactOf()).toMatchObject({ firstName: 'Tom', lastName: 'Becker' });
  });

  it('with a model configured, its reading is used (asked like the texting assistant, answers by key, only the business’s own question keys kept as answers)', async () => {
    const c = await company('owner@model.test');
    const model = createScriptedAssistant([
      (input) => {
        expect(input.newMessages).toEqual([TOM]);
        expect(input.questions.map((q) => q.key)).toEqual(expect.arrayContaining(['service', 'postal_code', 'caller_name', 'caller_address', 'caller_need']));
        return { model: 'gpt-test', answers: { caller_name: 'Tom Becker', caller_address: '12 Elm St Apt 4', caller_postal_code: '60614', caller_need: 'Leaking water heater', service: 'Water heater repair', not_a_question: 'x' } };
      },
    ]);
    t.deps.ai = model;
    await c.caller.phone.simulator.placeCall({ deviceId: c.device.id, voicemail: TOM });
    await pass(40 * SECOND);
    expect(await contactOf()).toMatchObject({ firstName: 'Tom', lastName: 'Becker', addressLine1: '12 Elm St Apt 4', postalCode: '60614' });
    const [lead] = await t.deps.db.select().from(leads);
    expect(lead!.answers).toEqual({ service: 'Water heater repair' });
    expect((await factsEntries())[0]!.metadata).toMatchObject({ model: 'gpt-test' });
  });

  it('a model that fails: the built-in reading fills the lead all the same', async () => {
    const c = await company('owner@model-down.test');
    t.deps.ai = createScriptedAssistant([new AiUnavailableError('it timed out')]);
    await c.caller.phone.simulator.placeCall({ deviceId: c.device.id, voicemail: TOM });
    await pass(40 * SECOND);
    expect(await contactOf()).toMatchObject({ firstName: 'Tom', lastName: 'Becker' });
    expect((await factsEntries())[0]!.metadata).toMatchObject({ model: 'built-in' });
  });

  it('a voicemail with no name or address changes nothing and records nothing but what it said', async () => {
    const c = await company('owner@nothing.test');
    await c.caller.phone.simulator.placeCall({ deviceId: c.device.id, voicemail: 'Hello? Hello? I guess nobody is there. I will call back later.' });
    await pass(40 * SECOND);
    expect(await contactOf()).toMatchObject({ firstName: null, lastName: null, addressLine1: null });
    expect(await factsEntries()).toHaveLength(0);
    expect(await t.deps.db.select().from(leads)).toHaveLength(1);
  });
});

describe('an AI-answered call fills the lead from its transcript', () => {
  it('the name and address the caller said fill what the intake answers did not', async () => {
    const c = await company('owner@ai-call.test');
    const [contact] = await t.deps.db.insert(contacts).values({ companyId: c.companyId, phone: CALLER }).returning();
    const [lead] = await t.deps.db.insert(leads).values({ companyId: c.companyId, contactId: contact!.id, source: 'ai_call', answers: { service: 'Water heater is leaking', postal_code: '60614' } }).returning();
    const now = new Date(THURSDAY_MORNING);
    const [agentCall] = await t.deps.db
      .insert(voiceAgentCalls)
      .values({ companyId: c.companyId, provider: 'simulator', providerCallSid: 'CA-ai-1', fromNumber: CALLER, toNumber: c.number.e164, answerMode: 'ai_first', status: 'ended', settings: DEFAULT_VOICE_AGENT_SETTINGS, leadId: lead!.id, contactId: contact!.id, createdAt: now, updatedAt: now })
      .returning();
    const said: Array<['caller' | 'assistant', string]> = [
      ['assistant', 'Thanks for calling Acme Plumbing. What can we help you with?'],
      ['caller', 'yeah my water heater is leaking'],
      ['assistant', 'Sorry to hear that. What’s the ZIP code?'],
      ['caller', '60614'],
      ['assistant', 'And what name should I put this under?'],
      ['caller', 'Dana Kowalski'],
      ['caller', 'oh and we are at 88 Birch Lane unit 2'],
    ];
    await t.deps.db.insert(voiceAgentTurns).values(said.map(([speaker, text], seq) => ({ companyId: c.companyId, agentCallId: agentCall!.id, seq, speaker, text, at: now })));
    await t.deps.db.transaction((tx) => queueCallerFacts(tx, t.deps.queue, c.companyId, { source: 'ai_call', agentCallId: agentCall!.id }));
    await t.deps.queue.drain();

    expect(await contactOf()).toMatchObject({ firstName: 'Dana', lastName: 'Kowalski', addressLine1: '88 Birch Lane, Unit 2', postalCode: '60614' });
    const [after] = await t.deps.db.select().from(leads).where(eq(leads.id, lead!.id));
    // The intake's answers stay as the call took them.
    expect(after!.answers).toEqual({ service: 'Water heater is leaking', postal_code: '60614' });
    const log = await c.caller.logs.audit({});
    expect(log.items.find((item) => item.action === 'lead.details_from_call')!.detail).toContain('Name from the AI-answered call: Dana Kowalski');
  });

  it('another company’s call is never read into this company’s lead (the job reads the call’s own company)', async () => {
    const a = await company('owner@a.test');
    const [contact] = await t.deps.db.insert(contacts).values({ companyId: a.companyId, phone: CALLER }).returning();
    const [lead] = await t.deps.db.insert(leads).values({ companyId: a.companyId, contactId: contact!.id, source: 'ai_call' }).returning();
    const token = await signUp(t.deps, { email: 'owner@b.test', companyName: 'Other Co', signupPhone: null });
    const b = await callerFor(t.deps, { authToken: token }).getCurrentLoggedInUser();
    const now = new Date(THURSDAY_MORNING);
    // A row of company B pointing at A's lead (it cannot happen; the scope is checked anyway).
    const [agentCall] = await t.deps.db
      .insert(voiceAgentCalls)
      .values({ companyId: b.company.id, provider: 'simulator', providerCallSid: 'CA-ai-2', fromNumber: CALLER, toNumber: '+13125550100', answerMode: 'ai_first', status: 'ended', settings: DEFAULT_VOICE_AGENT_SETTINGS, leadId: lead!.id, createdAt: now, updatedAt: now })
      .returning();
    await t.deps.db.insert(voiceAgentTurns).values({ companyId: b.company.id, agentCallId: agentCall!.id, seq: 0, speaker: 'caller', text: 'Hi, this is Eve Mallory at 1 Main Street.', at: now });
    await t.deps.db.transaction((tx) => queueCallerFacts(tx, t.deps.queue, b.company.id, { source: 'ai_call', agentCallId: agentCall!.id }));
    await t.deps.queue.drain();
    expect(await contactOf()).toMatchObject({ firstName: null, addressLine1: null });
    expect(await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'lead.details_from_call')))).toHaveLength(0);
    expect(CALLER_FACTS_QUEUE).toBe('intake.caller_facts');
  });
});
