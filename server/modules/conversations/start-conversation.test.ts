import { describe, expect, it } from 'vitest';
import { callerFor, setUpTestApp, signUp } from '@server/platform/testing/test-deps';

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

  it("another company's client is NOT_FOUND", async () => {
    const a = await owner('alpha');
    const lead = await a.leads.create({ firstName: 'Ana', lastName: null, phone: '+13125550152', summary: null, consentConfirmed: false });
    const b = await owner('beta');
    await b.phone.useSimulator();
    await expect(b.conversations.start({ contactId: lead.contact.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
