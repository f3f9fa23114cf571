import { eq } from 'drizzle-orm';
import { getEventListeners } from 'node:events';
import { beforeEach, describe, expect, it } from 'vitest';
import { consentEvents, contacts, leads, notifications, simulatorDevices, users } from '@server/platform/db/schema';
import { callerFor, setUpTestApp, signUp, type TestDeps } from '@server/testing/test-app';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { appRouter } from '@server/app.router';
import { createContextInner } from '@server/platform/trpc/context';
import { createCallerFactory } from '@server/platform/trpc/trpc';

const t = setUpTestApp();

type Caller = ReturnType<typeof callerFor>;

/** A company with a test number and one customer who texted it; returns its caller and ids. */
async function companyWithThread(deps: TestDeps, label: string) {
  const token = await signUp(deps, { email: `${label}@example.test`, companyName: `${label} Co`, signupPhone: null });
  const caller = callerFor(deps, { authToken: token });
  const number = await caller.phone.useSimulator();
  const device = await caller.phone.simulator.addDevice({ phone: null });
  await caller.phone.simulator.send({ deviceId: device.id, body: 'My AC stopped working', mediaUrls: [] });
  await deps.queue.drain();
  const { items } = await caller.conversations.list({ filter: 'all', limit: 50 });
  const conversation = items[0]!;
  const leadList = await caller.leads.list({ page: 1, pageSize: 25 });
  return { caller, token, number, device, conversation, lead: leadList.items[0]!, contactId: conversation.contact.id };
}

beforeEach(() => {
  t.deps.clock.set(Date.parse('2026-11-21T20:00:00Z'));
});

describe('the test phone drives the real pipeline', () => {
  it('a text from the test phone becomes a client, a lead and a thread; a reply reaches the phone', async () => {
    const a = await companyWithThread(t.deps, 'alpha');
    expect(a.number.provider).toBe('simulator');
    expect(a.number.e164).toMatch(/^\+1\d{3}55501\d{2}$/);
    expect(a.conversation).toMatchObject({ preview: 'My AC stopped working', unreadCount: 1, mode: 'human', contact: { phone: a.device.e164, optedOut: false } });
    expect(a.lead).toMatchObject({ source: 'sms', status: 'new', summary: 'My AC stopped working', conversationId: a.conversation.id });

    const reply = await a.caller.conversations.send({ conversationId: a.conversation.id, body: 'Hi {first_name}, this is {my_first_name} at {business_name}.' });
    expect(reply.status).toBe('queued');
    await t.deps.queue.drain();
    const thread = await a.caller.conversations.get({ id: a.conversation.id });
    expect(thread.mode).toBe('human');
    expect(thread.unreadCount).toBe(0);
    expect(thread.messages.map((m) => [m.direction, m.body, m.status])).toEqual([
      ['inbound', 'My AC stopped working', 'received'],
      ['outbound', 'Hi there, this is Dana at alpha Co.', 'sent'],
    ]);
    const phoneView = await a.caller.phone.simulator.thread({ deviceId: a.device.id });
    expect(phoneView.map((m) => [m.fromPhone, m.body])).toEqual([
      [true, 'My AC stopped working'],
      [false, 'Hi there, this is Dana at alpha Co.'],
    ]);
  });

  it('STOP from the test phone: further sends are refused with the reason', async () => {
    const a = await companyWithThread(t.deps, 'alpha');
    await a.caller.phone.simulator.send({ deviceId: a.device.id, body: 'STOP', mediaUrls: [] });
    await t.deps.queue.drain();
    const refused = await a.caller.conversations.send({ conversationId: a.conversation.id, body: 'Can we still come Tuesday?' });
    expect(refused.status).toBe('blocked');
    expect(refused.problem).toMatch(/opted out of texts/);
    const thread = await a.caller.conversations.get({ id: a.conversation.id });
    expect(thread.contact.optedOut).toBe(true);
    expect(thread.messages.at(-1)).toMatchObject({ status: 'blocked', problem: expect.stringMatching(/opted out/) });
    const client = await a.caller.clients.get({ id: a.contactId });
    expect(client.consent.map((c) => c.kind)).toEqual(['implied', 'opt_out']);
  });

  it('a failing handset shows the carrier reason in plain words', async () => {
    const a = await companyWithThread(t.deps, 'alpha');
    await a.caller.phone.simulator.setBehavior({ id: a.device.id, behavior: 'unreachable' });
    await a.caller.conversations.send({ conversationId: a.conversation.id, body: 'Hello?' });
    await t.deps.queue.drain();
    t.deps.clock.advance(1000);
    await t.deps.queue.drain();
    const log = await a.caller.logs.messages({ status: ['failed'], page: 1, pageSize: 25 });
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ body: 'Hello?', problem: 'The phone is off or out of coverage; the carrier could not deliver the text.' });
  });

  it('the test phone needs the test number', async () => {
    const token = await signUp(t.deps, { email: 'solo@example.test', signupPhone: null });
    const caller = callerFor(t.deps, { authToken: token });
    const device = await caller.phone.simulator.addDevice({ phone: '+14155550177' });
    const error = await trpcErrorOf(caller.phone.simulator.send({ deviceId: device.id, body: 'hi', mediaUrls: [] }));
    expect(error.code).toBe('PRECONDITION_FAILED');
  });
});

describe('conversations', () => {
  it('filters and searches the inbox', async () => {
    const a = await companyWithThread(t.deps, 'alpha');
    const list = (filter: 'all' | 'needs_human' | 'ai' | 'mine' | 'unread' | 'closed', search?: string) =>
      a.caller.conversations.list({ filter, limit: 50, ...(search ? { search } : {}) }).then((r) => r.items.map((i) => i.id));
    expect(await list('unread')).toEqual([a.conversation.id]);
    // New threads are the team's (no assistant yet, decision 0017).
    expect(await list('ai')).toEqual([]);
    expect(await list('needs_human')).toEqual([a.conversation.id]);
    expect(await list('all', 'stopped working')).toEqual([a.conversation.id]);
    expect(await list('all', a.device.e164.slice(-4))).toEqual([a.conversation.id]);
    expect(await list('all', 'plumbing')).toEqual([]);
    const me = (await a.caller.team.members()).find((m) => m.me)!;
    await a.caller.conversations.assign({ id: a.conversation.id, userId: me.id });
    expect(await list('mine')).toEqual([a.conversation.id]);
    await a.caller.conversations.setMode({ id: a.conversation.id, mode: 'ai' });
    expect(await list('ai')).toEqual([a.conversation.id]);
    expect(await list('needs_human')).toEqual([]);
    await a.caller.conversations.setStatus({ id: a.conversation.id, status: 'closed' });
    expect(await list('closed')).toEqual([a.conversation.id]);
    await a.caller.conversations.markRead({ id: a.conversation.id });
    expect(await a.caller.conversations.unreadCount()).toEqual({ conversations: 0 });
  });

  it('refuses unknown merge tags and empty texts, naming the problem', async () => {
    const a = await companyWithThread(t.deps, 'alpha');
    const unknown = await trpcErrorOf(a.caller.conversations.send({ conversationId: a.conversation.id, body: 'Hi {firstname}' }));
    expect(unknown.code).toBe('BAD_REQUEST');
    expect(unknown.message).toContain('Unknown merge tag: {firstname}');
    const empty = await trpcErrorOf(a.caller.conversations.send({ conversationId: a.conversation.id, body: '   ' }));
    expect(empty.message).toContain('body: Write a message first');
    const templateError = await trpcErrorOf(a.caller.conversations.templates.save({ name: 'x', body: 'Hello {nme}' }));
    expect(templateError.message).toContain('{nme}');
  });

  it('keeps templates per company', async () => {
    const a = await companyWithThread(t.deps, 'alpha');
    const saved = await a.caller.conversations.templates.save({ name: 'On my way', body: 'Hi {first_name}, {my_first_name} is on the way.' });
    expect(await a.caller.conversations.templates.list()).toEqual([saved]);
    const renamed = await a.caller.conversations.templates.save({ id: saved.id, name: 'En route', body: saved.body });
    expect(renamed.name).toBe('En route');
    await a.caller.conversations.templates.remove({ id: saved.id });
    expect(await a.caller.conversations.templates.list()).toEqual([]);
  });

  it('pushes an event to subscribers of the company when a text arrives', async () => {
    const a = await companyWithThread(t.deps, 'alpha');
    const stream = await a.caller.conversations.events();
    const iterator = stream[Symbol.asyncIterator]();
    const next = iterator.next();
    await a.caller.phone.simulator.send({ deviceId: a.device.id, body: 'Any update?', mediaUrls: [] });
    await t.deps.queue.drain();
    const first = await next;
    expect(first.value).toMatchObject({ type: 'message', conversationId: a.conversation.id });
    await iterator.return?.();
  });

  it('keeps one abort listener however many events a live stream waits for, and ends when aborted', async () => {
    const a = await companyWithThread(t.deps, 'alpha');
    const controller = new AbortController();
    const caller = createCallerFactory(appRouter)(createContextInner(t.deps, { authToken: a.token, ip: '203.0.113.7', userAgent: 'vitest' }), { signal: controller.signal });
    const iterator = (await caller.conversations.events())[Symbol.asyncIterator]();
    const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.id, a.contactId));
    const event = { type: 'conversation' as const, conversationId: a.conversation.id };
    const listenersAfter = async (events: number) => {
      for (let i = 0; i < events; i += 1) {
        const next = iterator.next();
        t.deps.bus.publish(contact!.companyId, event);
        expect((await next).value).toEqual(event);
      }
      return getEventListeners(controller.signal, 'abort').length;
    };
    const afterOne = await listenersAfter(1);
    expect(await listenersAfter(20)).toBe(afterOne);
    const pending = iterator.next();
    controller.abort();
    expect(await pending).toMatchObject({ done: true });
  });
});

describe('leads and clients', () => {
  it('creates a manual lead with recorded consent, reusing the client with that number', async () => {
    const a = await companyWithThread(t.deps, 'alpha');
    const lead = await a.caller.leads.create({ firstName: 'Ruth', lastName: 'Ng', phone: '(312) 555-0150', email: '', summary: 'Roof leak', consentConfirmed: true });
    expect(lead).toMatchObject({ source: 'manual', status: 'new', summary: 'Roof leak', contact: { name: 'Ruth Ng', phone: '+13125550150' } });
    const [consent] = await t.deps.db.select().from(consentEvents).where(eq(consentEvents.contactId, lead.contact.id));
    expect(consent).toMatchObject({ kind: 'opt_in', method: 'staff' });
    expect(consent!.text).toMatch(/^Recorded by Dana Rivera: the customer asked to be contacted by text\.$/);
    const again = await a.caller.leads.create({ firstName: 'Someone', lastName: null, phone: a.device.e164, summary: null, consentConfirmed: false });
    expect(again.contact.id).toBe(a.contactId);
    const bad = await trpcErrorOf(a.caller.leads.create({ firstName: '', phone: '+18765550123', consentConfirmed: false }));
    expect(bad.message).toContain('firstName: First name is required');
    expect(bad.message).toContain('phone: Please enter a valid US or Canadian phone number.');
  });

  it('pages leads with the total of every page, also past the last page', async () => {
    const a = await companyWithThread(t.deps, 'alpha');
    for (let n = 10; n <= 20; n++) await a.caller.leads.create({ firstName: `Pat ${n}`, lastName: null, phone: `+131255501${n}`, summary: null, consentConfirmed: false });
    const first = await a.caller.leads.list({ page: 1, pageSize: 10 });
    const last = await a.caller.leads.list({ page: 2, pageSize: 10 });
    const past = await a.caller.leads.list({ page: 3, pageSize: 10 });
    expect([first.total, last.total, past.total]).toEqual([12, 12, 12]);
    expect([first.items.length, last.items.length, past.items.length]).toEqual([10, 2, 0]);
    expect([...first.items, ...last.items].find((lead) => lead.contact.phone === '+13125550120')).toMatchObject({ source: 'manual', status: 'new', contact: { name: 'Pat 20', optedOut: false, blocked: false } });
    // Every lead once over the pages.
    expect(new Set([...first.items, ...last.items].map((lead) => lead.id)).size).toBe(12);
  });

  it('filters, updates, bulk-updates and exports leads', async () => {
    const a = await companyWithThread(t.deps, 'alpha');
    await a.caller.leads.create({ firstName: '=HYPERLINK("x")', lastName: null, phone: '+13125550151', summary: 'Gutter, "urgent"', consentConfirmed: false });
    const all = await a.caller.leads.list({ page: 1, pageSize: 25 });
    expect(all.total).toBe(2);
    expect((await a.caller.leads.list({ source: ['manual'], page: 1, pageSize: 25 })).total).toBe(1);
    expect((await a.caller.leads.list({ search: 'gutter', page: 1, pageSize: 25 })).total).toBe(1);
    expect((await a.caller.leads.list({ assigned: 'unassigned', page: 1, pageSize: 25 })).total).toBe(1);
    const won = await a.caller.leads.update({ id: a.lead.id, status: 'won', valueCents: 125_000 });
    expect(won).toMatchObject({ status: 'won', valueCents: 125_000 });
    const result = await a.caller.leads.bulkUpdate({ ids: all.items.map((l) => l.id), status: 'qualified' });
    expect(result).toEqual({ updated: 2 });
    expect((await a.caller.leads.list({ status: ['qualified'], page: 1, pageSize: 25 })).total).toBe(2);
    const csv = await a.caller.leads.exportCsv({});
    expect(csv.filename).toBe('leadloop-leads-2026-11-21.csv');
    expect(csv.count).toBe(2);
    const lines = csv.csv.trim().split('\r\n');
    expect(lines[0]).toBe('Created,Name,Phone,Email,Source,Status,Value (USD),Assigned to,Opted out,Summary');
    expect(csv.csv).toContain(`"'=HYPERLINK(""x"")"`); // a formula is neutralised
    expect(csv.csv).toContain('"Gutter, ""urgent"""');
    expect(csv.csv).toContain('1250.00');
  });

  it('a client without a phone (from a lead email): shown by email, not textable until a number is added once; a number already taken is refused', async () => {
    const a = await companyWithThread(t.deps, 'alpha');
    const companyId = (await t.deps.db.select().from(users).where(eq(users.email, 'alpha@example.test')))[0]!.companyId;
    const [lee] = await t.deps.db.insert(contacts).values({ companyId, email: 'lee@example.test', phone: null }).returning();
    const view = await a.caller.clients.get({ id: lee!.id });
    expect(view).toMatchObject({ name: 'lee@example.test', phone: null });
    expect((await trpcErrorOf(a.caller.conversations.start({ contactId: lee!.id }))).message).toContain('has no phone number yet');
    // Another client's number: refused with the way out.
    const taken = await trpcErrorOf(a.caller.clients.update({ id: lee!.id, phone: a.device.e164 }));
    expect(taken.code).toBe('BAD_REQUEST');
    expect(taken.message).toContain('Merge the two clients instead');
    const added = await a.caller.clients.update({ id: lee!.id, phone: '(312) 555-0177' });
    expect(added.phone).toBe('+13125550177');
    // Set once: a different number is refused, the same one is fine.
    expect((await trpcErrorOf(a.caller.clients.update({ id: lee!.id, phone: '+13125550178' }))).message).toContain('can’t be changed');
    expect((await a.caller.clients.update({ id: lee!.id, phone: '+13125550177', firstName: 'Lee' })).name).toBe('Lee');
  });

  it('edits, blocks and merges clients, keeping the safe side', async () => {
    const a = await companyWithThread(t.deps, 'alpha');
    const manual = await a.caller.leads.create({ firstName: 'Ana', lastName: 'Diaz', phone: '+13125550152', email: 'ana@example.test', summary: 'Heater', consentConfirmed: false });
    const edited = await a.caller.clients.update({ id: a.contactId, firstName: 'Ana', lastName: 'Diaz', email: 'ANA@example.test', region: 'IL' });
    expect(edited).toMatchObject({ name: 'Ana Diaz', email: 'ANA@example.test', region: 'IL' });
    const dupes = await a.caller.clients.duplicates({ id: a.contactId });
    expect(dupes.map((d) => d.id)).toEqual([manual.contact.id]);
    await a.caller.clients.setBlocked({ id: manual.contact.id, blocked: true });
    const merged = await a.caller.clients.merge({ keepId: a.contactId, mergeId: manual.contact.id });
    expect(merged.blocked).toBe(true);
    expect(merged.otherPhones).toEqual(['+13125550152']);
    expect(merged.leads).toHaveLength(2);
    const clientList = await a.caller.clients.list({ page: 1, pageSize: 25 });
    expect(clientList.total).toBe(1);
    expect(clientList.items[0]!.leadsCount).toBe(2);
    await expect(a.caller.clients.get({ id: manual.contact.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // A text from the merged number reaches the merged client, not a new one.
    const device = await a.caller.phone.simulator.addDevice({ phone: '+13125550152' });
    await a.caller.phone.simulator.send({ deviceId: device.id, body: 'It is Ana again', mediaUrls: [] });
    await t.deps.queue.drain();
    expect(await t.deps.db.select().from(contacts).where(eq(contacts.companyId, merged.leads.length ? (await t.deps.db.select().from(leads).where(eq(leads.id, merged.leads[0]!.id)))[0]!.companyId : ''))).toHaveLength(2);
    const refreshed = await a.caller.clients.get({ id: a.contactId });
    expect(refreshed.conversations).toHaveLength(2);
    // So does a lead typed in for it.
    const typedIn = await a.caller.leads.create({ firstName: 'Ana', lastName: null, phone: '+13125550152', summary: 'Heater again', consentConfirmed: false });
    expect(typedIn.contact.id).toBe(a.contactId);
  });
});

describe('notifications and phone settings', () => {
  it('lists, counts, marks read and keeps preferences', async () => {
    const a = await companyWithThread(t.deps, 'alpha');
    expect(await a.caller.notifications.unreadCount()).toEqual({ count: 1 });
    const feed = await a.caller.notifications.list({ unreadOnly: false, limit: 30 });
    expect(feed.items[0]).toMatchObject({ event: 'new_lead', read: false, link: `/conversations?c=${a.conversation.id}` });
    await a.caller.notifications.markRead({ ids: [feed.items[0]!.id] });
    expect(await a.caller.notifications.unreadCount()).toEqual({ count: 0 });
    const prefs = await a.caller.notifications.setPreference({ event: 'new_lead', channel: 'email', enabled: false });
    expect(prefs.find((p) => p.event === 'new_lead')).toEqual({ event: 'new_lead', in_app: true, email: false, sms: true });
  });

  it('validates the alert number and protected numbers as US/Canadian', async () => {
    const a = await companyWithThread(t.deps, 'alpha');
    expect(await a.caller.phone.setAlertPhone({ phone: '(415) 555-0123' })).toEqual({ alertPhone: '+14155550123' });
    const bad = await trpcErrorOf(a.caller.phone.setAlertPhone({ phone: '+447911123456' }));
    expect(bad.message).toContain('phone: Please enter a valid US or Canadian phone number.');
    const added = await a.caller.phone.addProtected({ phone: '+14165550123', label: 'Supplier' });
    expect((await a.caller.phone.get()).protectedNumbers).toEqual([added]);
    await a.caller.phone.removeProtected({ id: added.id });
    expect((await a.caller.phone.get()).protectedNumbers).toEqual([]);
  });

  it('gives a new test phone the last free 555-01XX number when 99 are taken', async () => {
    const token = await signUp(t.deps, { email: 'full@example.test' });
    const caller = callerFor(t.deps, { authToken: token });
    const [owner] = await t.deps.db.select().from(users).where(eq(users.email, 'full@example.test'));
    const taken = Array.from({ length: 100 }, (_, i) => `+131255501${String(i).padStart(2, '0')}`).filter((e164) => e164 !== '+13125550173');
    await t.deps.db.insert(simulatorDevices).values(taken.map((e164) => ({ companyId: owner!.companyId, e164, createdAt: new Date() })));
    expect((await caller.phone.simulator.addDevice({ phone: null })).e164).toBe('+13125550173');
    const full = await trpcErrorOf(caller.phone.simulator.addDevice({ phone: null }));
    expect(full).toMatchObject({ code: 'CONFLICT', message: 'No free test numbers left; remove one first.' });
  });

  it('never gives a test phone the company’s own business number', async () => {
    const token = await signUp(t.deps, { email: 'chicago@example.test', signupPhone: '+13125550188' });
    const caller = callerFor(t.deps, { authToken: token });
    const business = await caller.phone.useSimulator();
    expect(business.e164).toBe('+13125550100');
    const device = await caller.phone.simulator.addDevice({ phone: null });
    expect(device.e164).toBe('+13125550101');
  });

  it('Twilio number search needs Twilio', async () => {
    const a = await companyWithThread(t.deps, 'alpha');
    const error = await trpcErrorOf(a.caller.phone.searchNumbers({ country: 'US', areaCode: '415' }));
    expect(error.code).toBe('PRECONDITION_FAILED');
    expect(error.message).toContain('TWILIO_ACCOUNT_SID');
  });
});

describe('company isolation: another company’s ids answer NOT_FOUND', () => {
  it('on every procedure that takes an id', async () => {
    const a = await companyWithThread(t.deps, 'alpha');
    const b = await companyWithThread(t.deps, 'beta');
    const template = await a.caller.conversations.templates.save({ name: 'A', body: 'Hi' });
    const protectedNumber = await a.caller.phone.addProtected({ phone: '+14155550111', label: null });
    const aUser = (await a.caller.team.members())[0]!;
    const attempts: Array<[string, (c: Caller) => Promise<unknown>]> = [
      ['conversations.get', (c) => c.conversations.get({ id: a.conversation.id })],
      ['conversations.send', (c) => c.conversations.send({ conversationId: a.conversation.id, body: 'hi' })],
      ['conversations.markRead', (c) => c.conversations.markRead({ id: a.conversation.id })],
      ['conversations.setMode', (c) => c.conversations.setMode({ id: a.conversation.id, mode: 'human' })],
      ['conversations.assign', (c) => c.conversations.assign({ id: a.conversation.id, userId: null })],
      ['conversations.assign (to another company’s user)', (c) => c.conversations.assign({ id: b.conversation.id, userId: aUser.id })],
      ['conversations.setStatus', (c) => c.conversations.setStatus({ id: a.conversation.id, status: 'closed' })],
      ['templates.save', (c) => c.conversations.templates.save({ id: template.id, name: 'B', body: 'x' })],
      ['templates.remove', (c) => c.conversations.templates.remove({ id: template.id })],
      ['leads.get', (c) => c.leads.get({ id: a.lead.id })],
      ['leads.update', (c) => c.leads.update({ id: a.lead.id, status: 'lost' })],
      ['leads.bulkUpdate', (c) => c.leads.bulkUpdate({ ids: [b.lead.id, a.lead.id], status: 'lost' })],
      ['leads.update (assign to another company’s user)', (c) => c.leads.update({ id: b.lead.id, assignedUserId: aUser.id })],
      ['clients.get', (c) => c.clients.get({ id: a.contactId })],
      ['clients.update', (c) => c.clients.update({ id: a.contactId, firstName: 'X' })],
      ['clients.setBlocked', (c) => c.clients.setBlocked({ id: a.contactId, blocked: true })],
      ['clients.duplicates', (c) => c.clients.duplicates({ id: a.contactId })],
      ['clients.merge', (c) => c.clients.merge({ keepId: b.contactId, mergeId: a.contactId })],
      ['phone.removeProtected', (c) => c.phone.removeProtected({ id: protectedNumber.id })],
      ['simulator.setBehavior', (c) => c.phone.simulator.setBehavior({ id: a.device.id, behavior: 'landline' })],
      ['simulator.removeDevice', (c) => c.phone.simulator.removeDevice({ id: a.device.id })],
      ['simulator.send', (c) => c.phone.simulator.send({ deviceId: a.device.id, body: 'x', mediaUrls: [] })],
      ['simulator.thread', (c) => c.phone.simulator.thread({ deviceId: a.device.id })],
    ];
    for (const [name, attempt] of attempts) {
      const error = await trpcErrorOf(attempt(b.caller));
      expect(error.code, name).toBe('NOT_FOUND');
    }
    // Nothing of A changed, and B's lists never show A's rows.
    const thread = await a.caller.conversations.get({ id: a.conversation.id });
    expect(thread).toMatchObject({ mode: 'human', status: 'open' });
    expect((await a.caller.leads.get({ id: a.lead.id })).status).toBe('new');
    expect((await b.caller.conversations.list({ filter: 'all', limit: 50 })).items.map((i) => i.id)).toEqual([b.conversation.id]);
    expect((await b.caller.clients.list({ page: 1, pageSize: 25 })).items.map((i) => i.id)).toEqual([b.contactId]);
    expect((await b.caller.logs.messages({ page: 1, pageSize: 25 })).items.every((m) => m.conversationId === b.conversation.id)).toBe(true);
    // Marking another user's notifications read changes nothing.
    const [aNotification] = await t.deps.db.select().from(notifications).where(eq(notifications.userId, aUser.id));
    expect(await b.caller.notifications.markRead({ ids: [aNotification!.id] })).toEqual({ updated: 0 });
    const [still] = await t.deps.db.select().from(notifications).where(eq(notifications.id, aNotification!.id));
    expect(still!.readAt).toBeNull();
    expect(await t.deps.db.select().from(users)).toHaveLength(2);
  });
});
