import Fastify from 'fastify';
import { and, eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_TEMPLATE } from '@contracts/reviews';
import { companies, contacts, conversations, leads, messages, notifications, reviewRequests } from '@server/platform/db/schema';
import { DAY, HOUR, MINUTE, SECOND } from '@server/platform/lib/clock';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { businessWithNumber, type TestBusiness, textTheBusiness } from '@server/testing/business';
import { callerFor, setUpTestApp } from '@server/testing/test-app';
import { registerReviewRoutes } from './reviews.routes';

/**
 * Review requests (issue 24 item 4) on a fake clock: the automatic request 2 h after a lead is won, held to the
 * customer's send window; the one reminder after 3 days and none when the link was opened, they opted out or replied
 * unhappy; one request per won lead; by hand from a lead, a client or a pasted list; the short link's redirect and
 * its count; an unhappy reply opening a recovery; the https check; another company's ids.
 */
const t = setUpTestApp();
const CUSTOMER = '+13125550111'; // Chicago, like the business
const GOOGLE = 'https://g.page/r/acme-plumbing/review';

beforeEach(() => {
  t.deps.clock.set(Date.parse('2027-01-11T18:00:00Z')); // Monday noon in Chicago
});

const settings = (overrides: Record<string, unknown> = {}) => ({
  links: [
    { id: 'google', site: 'google' as const, url: GOOGLE },
    { id: 'yelp', site: 'yelp' as const, url: 'https://www.yelp.com/writeareview/biz/acme' },
  ],
  primaryLinkId: 'google',
  template: DEFAULT_REVIEW_TEMPLATE,
  automatic: true,
  delayMinutes: 120,
  reminder: true,
  reminderAfterDays: 3,
  ...overrides,
});

async function setUp(options: { configure?: boolean } = {}) {
  const s = await businessWithNumber(t.deps);
  await t.deps.db.update(companies).set({ timezone: 'America/Chicago' }).where(eq(companies.id, s.companyId));
  const caller = callerFor(t.deps, { authToken: s.token });
  if (options.configure !== false) await caller.reviews.settings.set(settings());
  const customer = await customerOf(s, CUSTOMER, 'Hi, my water heater is leaking');
  return { s, caller, ...customer };
}

async function customerOf(s: TestBusiness, phone: string, text: string) {
  await textTheBusiness(s, phone, text);
  const [contact] = await t.deps.db.select().from(contacts).where(and(eq(contacts.companyId, s.companyId), eq(contacts.phone, phone)));
  const [lead] = await t.deps.db.select().from(leads).where(eq(leads.contactId, contact!.id));
  return { contact: contact!, lead: lead! };
}

/** The review texts (requests and reminders) of a company, oldest first. */
const reviewTexts = async (s: TestBusiness) =>
  (await t.deps.db.select().from(messages).where(and(eq(messages.companyId, s.companyId), like(messages.dedupeKey, 'review%'))).orderBy(messages.seq)).map((m) => ({
    kind: m.dedupeKey!.startsWith('review-reminder:') ? 'reminder' : 'request',
    to: m.toNumber,
    body: m.body,
    status: m.status,
    createdAt: m.createdAt.toISOString(),
    scheduledFor: m.scheduledFor?.toISOString() ?? null,
    sentAt: m.sentAt?.toISOString() ?? null,
  }));

const codeIn = (body: string) => /\/r\/([A-Za-z0-9_-]+)/.exec(body)![1]!;

function http() {
  const app = Fastify({ logger: false });
  registerReviewRoutes(app, { services: t.deps });
  return app;
}

/** Every due job, with a few seconds for the business number's pacing (one text a second) between texts. */
async function deliver() {
  for (let round = 0; round < 5; round += 1) {
    await t.deps.queue.drain();
    t.deps.clock.advance(2 * SECOND);
  }
}

async function markWon(caller: ReturnType<typeof callerFor>, leadId: string) {
  await caller.leads.update({ id: leadId, status: 'won' });
  await t.deps.queue.drain();
}

describe('automatic review requests', () => {
  it('goes 2 h after the job is won, held to 9 am when that is at night for the customer; one reminder 3 days later', async () => {
    const { s, caller, lead } = await setUp();
    t.deps.clock.set(Date.parse('2027-01-12T01:30:00Z')); // Monday 7:30 pm in Chicago
    await markWon(caller, lead.id);
    expect(await reviewTexts(s)).toEqual([]);
    expect((await caller.reviews.list())[0]).toMatchObject({ state: 'waiting', dueAt: Date.parse('2027-01-12T03:30:00Z'), source: 'automatic' });

    t.deps.clock.set(Date.parse('2027-01-12T03:30:00Z')); // 9:30 pm: outside their send window
    await t.deps.queue.drain();
    const [held] = await reviewTexts(s);
    expect(held).toMatchObject({ kind: 'request', status: 'scheduled', scheduledFor: '2027-01-12T15:00:00.000Z', sentAt: null });
    expect(held!.body).toMatch(/^Thanks for choosing Acme Plumbing, there! Would you leave us a quick review\? http:\/\/localhost:3000\/r\/[A-Za-z0-9_-]{12}$/);
    expect((await caller.reviews.list())[0]).toMatchObject({ state: 'scheduled', scheduledFor: Date.parse('2027-01-12T15:00:00Z') });

    t.deps.clock.set(Date.parse('2027-01-12T15:00:00Z')); // Tuesday 9:00 am
    await t.deps.queue.drain();
    expect((await reviewTexts(s))[0]).toMatchObject({ status: 'sent', sentAt: '2027-01-12T15:00:00.000Z' });

    // 3 days after it really went (not after it was queued at night).
    t.deps.clock.set(Date.parse('2027-01-15T14:59:00Z'));
    await t.deps.queue.drain();
    expect(await reviewTexts(s)).toHaveLength(1);
    t.deps.clock.set(Date.parse('2027-01-15T15:00:00Z'));
    await t.deps.queue.drain();
    const [, reminder] = await reviewTexts(s);
    expect(reminder).toMatchObject({ kind: 'reminder', status: 'sent', createdAt: '2027-01-15T15:00:00.000Z' });
    expect(codeIn(reminder!.body)).toBe(codeIn(held!.body));

    // Only one reminder, ever.
    t.deps.clock.set(Date.parse('2027-01-29T15:00:00Z'));
    await t.deps.queue.drain();
    expect(await reviewTexts(s)).toHaveLength(2);
    expect((await caller.reviews.list())[0]).toMatchObject({ state: 'delivered', reminder: { sentAt: Date.parse('2027-01-15T15:00:00Z'), skipReason: null } });
  });

  it('no reminder when the link was opened, when they opted out, or when they replied unhappy', async () => {
    const { s, caller, lead } = await setUp();
    const second = await customerOf(s, '+13125550122', 'Need a drain cleaned');
    const third = await customerOf(s, '+13125550133', 'Toilet keeps running');
    await markWon(caller, lead.id);
    await markWon(caller, second.lead.id);
    await markWon(caller, third.lead.id);
    t.deps.clock.advance(2 * HOUR);
    await deliver();
    // The send-lock holds back texts to one person only; three customers get theirs.
    const sent = await reviewTexts(s);
    expect(sent.map((text) => text.status)).toEqual(['delivered', 'delivered', 'delivered']);

    // First opens the link, the second says STOP, the third replies unhappy.
    expect((await http().inject({ method: 'GET', url: `/r/${codeIn(sent.find((text) => text.to === CUSTOMER)!.body)}`, headers: { 'user-agent': 'Mozilla/5.0 (iPhone)' } })).statusCode).toBe(302);
    await textTheBusiness(s, '+13125550122', 'STOP');
    await textTheBusiness(s, '+13125550133', 'The toilet is still running, not happy at all');

    t.deps.clock.advance(3 * DAY + HOUR);
    await t.deps.queue.drain();
    expect((await reviewTexts(s)).filter((text) => text.kind === 'reminder')).toEqual([]);
    const skipped = (await caller.reviews.list()).map((request) => [request.client.name, request.reminder.skipReason]);
    expect(skipped).toEqual(
      expect.arrayContaining([
        ['(312) 555-0111', 'They opened the review link.'],
        ['(312) 555-0122', 'They opted out of texts.'],
        ['(312) 555-0133', 'They replied unhappy: a person is handling it.'],
      ]),
    );
  });

  it('a lead marked won twice, or won → lost → won, gets one request; moved off won before it is due, none until won again', async () => {
    const { s, caller, lead } = await setUp();
    await markWon(caller, lead.id);
    await caller.leads.update({ id: lead.id, status: 'lost' });
    await markWon(caller, lead.id);
    await caller.leads.bulkUpdate({ ids: [lead.id], status: 'won' });
    await t.deps.queue.drain();
    t.deps.clock.advance(2 * HOUR);
    await t.deps.queue.drain();
    expect(await reviewTexts(s)).toHaveLength(1);
    expect(await t.deps.db.select().from(reviewRequests).where(eq(reviewRequests.companyId, s.companyId))).toHaveLength(1);

    // Another customer: won, then lost before the 2 h are up: cancelled; won again: asked once, 2 h after that.
    const other = await customerOf(s, '+13125550144', 'Garbage disposal jammed');
    await markWon(caller, other.lead.id);
    await caller.leads.update({ id: other.lead.id, status: 'lost' });
    t.deps.clock.advance(2 * HOUR);
    await t.deps.queue.drain();
    expect((await caller.reviews.list()).find((request) => request.leadId === other.lead.id)).toMatchObject({ state: 'cancelled', reason: 'The lead is no longer marked won.' });
    await markWon(caller, other.lead.id);
    t.deps.clock.advance(2 * HOUR);
    await t.deps.queue.drain();
    expect(await reviewTexts(s)).toHaveLength(2);
    expect((await caller.reviews.list()).find((request) => request.leadId === other.lead.id)).toMatchObject({ state: 'sent' });
  });

  it('asks nobody when automatic requests are off; with no review link, the request says what is missing', async () => {
    const { s, caller, lead } = await setUp({ configure: false });
    await markWon(caller, lead.id);
    t.deps.clock.advance(2 * HOUR);
    await t.deps.queue.drain();
    expect(await reviewTexts(s)).toEqual([]);
    expect((await caller.reviews.list())[0]).toMatchObject({ state: 'skipped', reason: 'No review link is set yet: add yours on Review requests.' });

    const other = await customerOf(s, '+13125550155', 'AC is blowing warm air');
    await caller.reviews.settings.set(settings({ automatic: false }));
    await markWon(caller, other.lead.id);
    t.deps.clock.advance(3 * HOUR);
    await t.deps.queue.drain();
    expect(await reviewTexts(s)).toEqual([]);
    expect(await caller.reviews.list()).toHaveLength(1);
  });
});

describe('asking by hand', () => {
  it('from a lead and from a client, through the pipeline; asking the same person again within 30 days is refused with the reason', async () => {
    const { s, caller, lead, contact } = await setUp();
    const fromLead = await caller.reviews.request({ leadId: lead.id });
    expect(fromLead).toMatchObject({ outcome: 'sent', reason: null });
    await t.deps.queue.drain();
    expect(await reviewTexts(s)).toEqual([expect.objectContaining({ status: 'sent' })]);
    const again = await trpcErrorOf(caller.reviews.request({ contactId: contact.id }));
    expect(again.code).toBe('PRECONDITION_FAILED');
    expect(again.message).toBe('(312) 555-0111 was already asked on Jan 11; LeadLoop asks the same person at most once in 30 days.');

    const other = await customerOf(s, '+13125550166', 'Sump pump question');
    t.deps.clock.set(Date.parse('2027-01-12T04:00:00Z')); // 10 pm Chicago
    const fromClient = await caller.reviews.request({ contactId: other.contact.id });
    expect(fromClient).toMatchObject({ outcome: 'scheduled', scheduledFor: Date.parse('2027-01-12T15:00:00Z'), note: 'Scheduled for Tue, Jan 12, 9:00 AM CST (their time)' });
    const list = await caller.reviews.list();
    expect(list.map((request) => request.source)).toEqual(['manual', 'manual']);

    // An opted-out client: refused, nothing recorded.
    await textTheBusiness(s, '+13125550166', 'STOP');
    const third = await customerOf(s, '+13125550177', 'Leaky faucet');
    await textTheBusiness(s, '+13125550177', 'STOP');
    const optedOut = await trpcErrorOf(caller.reviews.request({ leadId: third.lead.id }));
    expect(optedOut.message).toBe('(312) 555-0177 opted out of texts.');
    expect(await caller.reviews.list()).toHaveLength(2);
  });

  it('from a pasted list: every line reported — sent, not a valid number, not a client yet, opted out, asked already', async () => {
    const { s, caller } = await setUp();
    await customerOf(s, '+13125550188', 'Water softener install?');
    await customerOf(s, '+13125550199', 'Need a quote');
    await textTheBusiness(s, '+13125550199', 'STOP');
    const { lines } = await caller.reviews.requestList({
      text: ['Jane Doe, (312) 555-0111', '', 'Bob, 12345', '+1 312 555 0100, Carl', 'Dee; 312-555-0188', 'Eve, 3125550199', 'Jane again, 312 555 0111'].join('\n'),
    });
    expect(lines.map(({ line, name, phone, outcome, reason }) => ({ line, name, phone, outcome, reason }))).toEqual([
      { line: 1, name: 'Jane Doe', phone: '(312) 555-0111', outcome: 'sent', reason: null },
      { line: 3, name: 'Bob 12345', phone: null, outcome: 'skipped', reason: 'Please enter a valid US or Canadian phone number.' },
      { line: 4, name: 'Carl', phone: '(312) 555-0100', outcome: 'skipped', reason: 'Not a client yet: LeadLoop only texts people who have texted you or whose consent your team recorded.' },
      { line: 5, name: 'Dee', phone: '(312) 555-0188', outcome: 'sent', reason: null },
      { line: 6, name: 'Eve', phone: '(312) 555-0199', outcome: 'skipped', reason: '(312) 555-0199 opted out of texts.' },
      { line: 7, name: 'Jane again', phone: '(312) 555-0111', outcome: 'skipped', reason: '(312) 555-0111 was already asked on Jan 11; LeadLoop asks the same person at most once in 30 days.' },
    ]);
    await deliver();
    expect((await reviewTexts(s)).map((text) => text.status)).toEqual(['delivered', 'delivered']);
    const empty = await trpcErrorOf(caller.reviews.requestList({ text: '\n  \n' }));
    expect(empty.message).toBe('Paste at least one line: a name and a phone number.');
  });
});

describe('short links /r/<code>', () => {
  it('redirect (302) to the company’s review page and count a click once per person; unknown codes are 404 with nothing about anyone', async () => {
    const { s, caller, lead } = await setUp();
    await caller.reviews.request({ leadId: lead.id });
    await t.deps.queue.drain();
    const code = codeIn((await reviewTexts(s))[0]!.body);
    const app = http();
    const phone = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' };
    const preview = await app.inject({ method: 'GET', url: `/r/${code}`, headers: { 'user-agent': 'facebookexternalhit/1.1 Facebot Twitterbot/1.0' } });
    expect(preview.statusCode).toBe(302);
    expect((await caller.reviews.list())[0]!.clicks).toBe(0);
    const first = await app.inject({ method: 'GET', url: `/r/${code}`, headers: phone });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(GOOGLE);
    t.deps.clock.advance(MINUTE);
    await app.inject({ method: 'GET', url: `/r/${code}`, headers: phone });
    const [request] = await caller.reviews.list();
    expect(request).toMatchObject({ clicks: 2, clickedAt: Date.parse('2027-01-11T18:00:00Z') });
    const stats = await caller.reviews.stats({ from: Date.parse('2027-01-11T00:00:00Z'), to: Date.parse('2027-01-12T00:00:00Z') });
    expect(stats.current.clicked).toBe(1);

    // An edited address is followed; the client's details are nowhere.
    await caller.reviews.settings.set(settings({ links: [{ id: 'google', site: 'google', url: 'https://g.page/r/acme-new/review' }] }));
    expect((await app.inject({ method: 'GET', url: `/r/${code}`, headers: phone })).headers.location).toBe('https://g.page/r/acme-new/review');
    for (const url of ['/r/unknown-code-123', '/r/x', `/r/${lead.id}`, '/r/%3Cscript%3E']) {
      const missing = await app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^text\/html/);
      expect(missing.body).not.toContain('Acme');
      expect(missing.body).not.toContain('555');
    }
  });
});

describe('replies', () => {
  it('an unhappy reply opens a recovery (the thread goes to a person, the owner is told); a happy reply does not', async () => {
    const { s, caller, lead, contact } = await setUp();
    const happy = await customerOf(s, '+13125550122', 'Drain is slow');
    await caller.reviews.request({ leadId: lead.id });
    await caller.reviews.request({ leadId: happy.lead.id });
    await deliver();
    await t.deps.db.update(conversations).set({ mode: 'ai' }).where(eq(conversations.companyId, s.companyId));

    await textTheBusiness(s, '+13125550122', 'Thanks so much, Mike did a great job! Will do');
    await textTheBusiness(s, CUSTOMER, 'Honestly the heater is still leaking and your guy left a mess. Not happy.');

    const threads = await t.deps.db.select({ contactId: conversations.contactId, mode: conversations.mode, status: conversations.status }).from(conversations).where(eq(conversations.companyId, s.companyId));
    expect(threads.find((thread) => thread.contactId === contact.id)).toMatchObject({ mode: 'human', status: 'open' });
    expect(threads.find((thread) => thread.contactId === happy.contact.id)).toMatchObject({ mode: 'ai' });
    const alerts = await t.deps.db.select().from(notifications).where(and(eq(notifications.companyId, s.companyId), eq(notifications.event, 'review_unhappy')));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ title: '(312) 555-0111 sounds unhappy after your review request', link: expect.stringMatching(/^\/conversations\?c=/) });
    const list = await caller.reviews.list();
    expect(list.find((request) => request.client.id === contact.id)!.unhappyAt).toEqual(expect.any(Number));
    expect(list.find((request) => request.client.id === happy.contact.id)!.unhappyAt).toBeNull();
    const stats = await caller.reviews.stats({ from: Date.parse('2027-01-11T00:00:00Z'), to: Date.parse('2027-01-12T00:00:00Z') });
    expect(stats.current).toMatchObject({ sent: 2, unhappy: 1 });
  });
});

describe('settings', () => {
  it('takes only https review links and a text with {link}, each refusal saying why', async () => {
    const { caller } = await setUp({ configure: false });
    expect(await caller.reviews.settings.get()).toMatchObject({ links: [], template: DEFAULT_REVIEW_TEMPLATE, automatic: true, delayMinutes: 120, reminder: true, reminderAfterDays: 3 });
    const refused = async (input: Record<string, unknown>) => (await trpcErrorOf(caller.reviews.settings.set(settings(input)))).message;
    expect(await refused({ links: [{ id: 'g', site: 'google', url: 'http://g.page/r/acme' }], primaryLinkId: null })).toContain('Use the secure address (https://…)');
    expect(await refused({ links: [{ id: 'g', site: 'google', url: 'javascript:alert(1)' }], primaryLinkId: null })).toContain('A review link must be a web address starting with https://');
    expect(await refused({ links: [{ id: 'g', site: 'other', url: 'ftp://example.com/review' }], primaryLinkId: null })).toContain('must be a web address starting with https://');
    expect(await refused({ links: [{ id: 'g', site: 'other', url: 'not a url' }], primaryLinkId: null })).toContain('This is not a web address');
    expect(await refused({ template: 'Thanks for choosing {business_name}! Please review us.' })).toContain('Put {link} where the review link goes');
    expect(await refused({ template: 'Hi {nickname}, review us: {link}' })).toContain('Unknown merge tag: {nickname}');
    expect(await refused({ primaryLinkId: 'facebook' })).toContain('Choose one of your links to send');
    const saved = await caller.reviews.settings.set(settings({ primaryLinkId: 'yelp', delayMinutes: 60 }));
    expect(saved).toMatchObject({ primaryLinkId: 'yelp', delayMinutes: 60, links: [expect.objectContaining({ url: GOOGLE }), expect.objectContaining({ site: 'yelp' })] });
  });
});

describe('stats', () => {
  it('counts sent, delivered, clicked for the period and per link, beside the period before', async () => {
    const { s, caller, lead } = await setUp();
    await caller.reviews.request({ leadId: lead.id });
    await deliver();
    t.deps.clock.set(Date.parse('2027-01-19T18:00:00Z'));
    const second = await customerOf(s, '+13125550122', 'Drain is slow');
    await caller.reviews.request({ leadId: second.lead.id });
    await deliver();
    const requests = (await reviewTexts(s)).filter((text) => text.kind === 'request');
    await http().inject({ method: 'GET', url: `/r/${codeIn(requests[1]!.body)}` });
    const week = await caller.reviews.stats({ from: Date.parse('2027-01-18T06:00:00Z'), to: Date.parse('2027-01-25T06:00:00Z') });
    expect(week.current).toMatchObject({ sent: 1, clicked: 1, reminded: 0, unhappy: 0 });
    expect(week.previous).toMatchObject({ sent: 1, clicked: 0, reminded: 1 });
    expect(week.links).toEqual([{ linkId: 'google', site: 'google', sent: 1, clicked: 1, label: 'Google · g.page', primary: true }]);
    expect(week.current.delivered).toBe(1);
  });
});

describe('another company', () => {
  it('its leads and clients are NOT_FOUND to every procedure taking an id', async () => {
    const mine = await setUp();
    const theirs = await businessWithNumber(t.deps);
    const stranger = await customerOf(theirs, '+13125550199', 'Hello');
    for (const call of [() => mine.caller.reviews.request({ leadId: stranger.lead.id }), () => mine.caller.reviews.request({ contactId: stranger.contact.id })]) {
      expect((await trpcErrorOf(call())).code).toBe('NOT_FOUND');
    }
    expect(await callerFor(t.deps, { authToken: theirs.token }).reviews.list()).toEqual([]);
  });
});
