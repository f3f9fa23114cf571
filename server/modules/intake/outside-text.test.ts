import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consentEvents, contacts, jobs, leads, messages, notifications } from '@server/platform/db/schema';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { receiveSms } from './sms.channel';

const t = setUpTestApp();
const CUSTOMER = '+13125550177';

async function business() {
  const token = await signUp(t.deps, { email: 'owner@outside-text.test', companyName: 'Rapid Rooter Plumbing', signupPhone: null });
  const number = await callerFor(t.deps, { authToken: token }).phone.useSimulator();
  return { token, number };
}

const textFrom = (to: string, sid: string, body: string) => receiveSms(t.deps, { provider: 'twilio', providerMessageId: sid, from: CUSTOMER, to, body, media: [] });

/** A body whose emoji (a surrogate pair) starts at UTF-16 unit `at`, so a cut at at+1 splits it. */
const emojiAt = (at: number, prefix = '') => `${prefix}${'x'.repeat(at - prefix.length)}🔧 and a bit more after the emoji`;

describe('text from outside is stored exactly and never rolls back what must not be lost', () => {
  it('a first text with an emoji across the 140th unit becomes a message, a lead and a notification', async () => {
    const { number } = await business();
    const body = emojiAt(139, 'Water heater leaking ');
    expect(body.charCodeAt(139)).toBeGreaterThanOrEqual(0xd800); // the pair straddles units 139-140
    const outcome = await textFrom(number.e164, 'SMemoji140', body);
    expect(outcome).toMatchObject({ outcome: 'stored', newLead: true });
    await t.deps.queue.drain();
    const [message] = await t.deps.db.select().from(messages);
    expect(message!.body).toBe(body); // byte-exact
    expect(await t.deps.db.select().from(leads)).toHaveLength(1);
    const [notice] = await t.deps.db.select().from(notifications);
    expect(notice!.body).toBe(`"${body.slice(0, 139)}"`); // cut before the emoji, never inside it
    expect(t.deps.mailer.sent.some((m) => m.subject.startsWith('New lead'))).toBe(true);
    expect(await t.deps.db.select().from(jobs).where(eq(jobs.status, 'failed'))).toHaveLength(0);
  });

  it('an opt-out with an emoji across the 80th unit stays an opt-out, with its consent record and lead status', async () => {
    const { number } = await business();
    await textFrom(number.e164, 'SMfirst', 'Hi, do you service Evanston?');
    await t.deps.queue.drain();
    const body = emojiAt(79, 'Please stop texting me ');
    expect(body.charCodeAt(79)).toBeGreaterThanOrEqual(0xd800);
    expect(await textFrom(number.e164, 'SMstop80', body)).toMatchObject({ outcome: 'stored', intent: 'opt_out' });
    await t.deps.queue.drain();
    const [contact] = await t.deps.db.select().from(contacts).where(eq(contacts.phone, CUSTOMER));
    expect(contact!.optedOutAt).not.toBeNull();
    const ledger = await t.deps.db.select().from(consentEvents).where(eq(consentEvents.contactId, contact!.id));
    expect(ledger.map((c) => c.kind)).toEqual(['implied', 'opt_out']);
    const [lead] = await t.deps.db.select().from(leads).where(eq(leads.contactId, contact!.id));
    expect(lead!.status).toBe('opted_out');
    const optOutNotice = (await t.deps.db.select().from(notifications)).find((n) => n.event === 'opt_out');
    expect(optOutNotice!.body).toContain(body.slice(0, 79));
    expect(optOutNotice!.body).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('the message log counts billed segments like the composer: a 97-character text ending in an emoji is 2', async () => {
    const { token, number } = await business();
    await textFrom(number.e164, 'SMseg', `${'x'.repeat(95)}🔧`);
    await textFrom(number.e164, 'SMseg2', 'y'.repeat(320));
    const log = await callerFor(t.deps, { authToken: token }).logs.messages({ page: 1, pageSize: 25 });
    expect(log.items.map((m) => m.segments).sort()).toEqual([2, 3]);
  });

  it('a body with a NUL and lone surrogate halves is stored without them; everything else byte-exact', async () => {
    const { number } = await business();
    const body = 'RTL שלום, combining é, emoji 👩‍🔧, tab\tand\r\nlines, NUL\u0000here, half \ud83d alone, other half \ude00 alone';
    expect(await textFrom(number.e164, 'SMmixed', body)).toMatchObject({ outcome: 'stored' });
    await t.deps.queue.drain();
    const [message] = await t.deps.db.select().from(messages);
    expect(message!.body).toBe('RTL שלום, combining é, emoji 👩‍🔧, tab\tand\r\nlines, NULhere, half \uFFFD alone, other half \uFFFD alone');
  });
});
