import { and, eq } from 'drizzle-orm';
import { contacts, conversations, users } from '@server/platform/db/schema';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { queueOutbound } from '@server/modules/messaging/outbound.service';
import { allocateSimulatedNumber, setActiveNumber } from '@server/modules/phone-numbers/active-number';
import { recordInboundEvent } from '@server/modules/telephony/provider-events.service';
import { signUp, type TestDeps } from './test-app';

export interface TestBusiness {
  deps: TestDeps;
  companyId: string;
  /** The business's simulated number. */
  business: string;
  /** The owner's session token. */
  token: string;
}

/** A signed-up company (its own, found by the owner's email) with an active simulated business number. */
export async function businessWithNumber(deps: TestDeps): Promise<TestBusiness> {
  const email = `owner-${Math.random().toString(36).slice(2)}@example.test`;
  const token = await signUp(deps, { email });
  const [row] = await deps.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, email)).limit(1);
  const companyId = row!.companyId;
  const business = await deps.db.transaction(async (tx) => {
    const e164 = await allocateSimulatedNumber(tx, companyId);
    await setActiveNumber(tx, { companyId, e164, provider: 'simulator', providerSid: null, now: deps.clock.now() });
    return e164;
  });
  return { deps, companyId, business, token };
}

let sid = 0;

/** A text from `from` to the business through the simulator's webhook, then every job it queued. */
export async function textTheBusiness(s: TestBusiness, from: string, body: string): Promise<void> {
  sid += 1;
  const id = `SMKIT${sid}`;
  await recordInboundEvent(s.deps, { provider: 'simulator', kind: 'sms', eventKey: id, payload: { MessageSid: id, From: from, To: s.business, Body: body } });
  await s.deps.queue.drain();
}

/** A text from the business to `to` in their thread: the assistant's answer (automated reply), or a staff member's own words. */
export async function textFromTheBusiness(s: TestBusiness, to: string, body: string, author: 'ai' | 'user' = 'ai') {
  const [contact] = await s.deps.db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.companyId, s.companyId), eq(contacts.phone, to))).limit(1);
  const [conversation] = await s.deps.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.contactId, contact!.id)).limit(1);
  const message = await transactionWithEvents(s.deps, (tx, events) =>
    queueOutbound(tx, s.deps, events, { companyId: s.companyId, conversationId: conversation!.id, body, author, automated: author === 'ai', isReply: true }),
  );
  await s.deps.queue.drain();
  return message;
}
