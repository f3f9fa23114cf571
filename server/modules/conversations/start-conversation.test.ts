import { describe, expect, it } from 'vitest';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';

const t = setUpTestApp();

async function owner(label: string) {
  const token = await signUp(t.deps, { email: `${label}@start.test`, companyName: `${label} Co`, signupPhone: null });
  return callerFor(t.deps, { authToken: token });
}

describe('conversations.start ("Text this client")', () => {
  it('opens a thread for a lead typed in with consent, and the first text reaches the phone', async () => {
    const caller = await owner('alpha');
    const lead = await caller.leads.create({ firstName: 'Ruth', lastName: 'Ng', phone: '+13125550150', summary: 'Roof leak', consentConfirmed: true });
    await expect(caller.conversations.start({ contactId: lead.contact.id })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Texts go out from your business number. Set it up in Settings → Phone first.',
    });
    await caller.phone.useSimulator();
    const started = await caller.conversations.start({ contactId: lead.contact.id });
    expect(started.created).toBe(true);
    expect(await caller.conversations.start({ contactId: lead.contact.id })).toEqual({ conversationId: started.conversationId, created: false });
    const sent = await caller.conversations.send({ conversationId: started.conversationId, body: 'Hi {first_name}, we can come Tuesday.' });
    expect(sent.status).toBe('queued');
    await t.deps.queue.drain();
    const thread = await caller.conversations.get({ id: started.conversationId });
    expect(thread.messages.map((m) => [m.body, m.status])).toEqual([['Hi Ruth, we can come Tuesday.', 'sent']]);
    const client = await caller.clients.get({ id: lead.contact.id });
    expect(client.conversations).toHaveLength(1);
  });

  it('refuses a blocked client, saying how to unblock', async () => {
    const caller = await owner('alpha');
    await caller.phone.useSimulator();
    const blocked = await caller.leads.create({ firstName: 'Bo', lastName: null, phone: '+13125550151', summary: null, consentConfirmed: false });
    await caller.clients.setBlocked({ id: blocked.contact.id, blocked: true });
    await expect(caller.conversations.start({ contactId: blocked.contact.id })).rejects.toMatchObject({ code: 'PRECONDITION_FAILED', message: expect.stringContaining('Unblock them') });
  });

  it('refuses a client with no consent on record, and one who opted out, saying why (the same rule the screen applies)', async () => {
    const caller = await owner('alpha');
    await caller.phone.useSimulator();
    const noConsent = await caller.leads.create({ firstName: 'Cy', lastName: null, phone: '+13125550153', summary: null, consentConfirmed: false });
    await expect(caller.conversations.start({ contactId: noConsent.contact.id })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: expect.stringContaining('Nothing shows that Cy agreed to get texts'),
    });
    // Texting the business first is consent: then the thread opens.
    const device = await caller.phone.simulator.addDevice({ phone: '+13125550154' });
    await caller.phone.simulator.send({ deviceId: device.id, body: 'Hi, do you fix gutters?' });
    await t.deps.queue.drain();
    const client = (await caller.clients.list({})).items.find((c) => c.phone === '+13125550154')!;
    await expect(caller.conversations.start({ contactId: client.id })).resolves.toMatchObject({ created: false });
    // STOP: refused again, with the way back.
    await caller.phone.simulator.send({ deviceId: device.id, body: 'STOP' });
    await t.deps.queue.drain();
    await expect(caller.conversations.start({ contactId: client.id })).rejects.toMatchObject({ code: 'PRECONDITION_FAILED', message: expect.stringContaining('opted out of texts') });
  });

  it("another company's client is NOT_FOUND", async () => {
    const a = await owner('alpha');
    const lead = await a.leads.create({ firstName: 'Ana', lastName: null, phone: '+13125550152', summary: null, consentConfirmed: false });
    const b = await owner('beta');
    await b.phone.useSimulator();
    await expect(b.conversations.start({ contactId: lead.contact.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
