import { and, asc, desc, eq } from 'drizzle-orm';
import { type CaslConsent, caslConsent } from '@contracts/consent';
import { contactDisplayName } from '@contracts/person';
import { A2P_HELD_CODE, A2P_HELD_WORDS } from '@contracts/registration';
import type { DbOrTx, Tx } from '@server/platform/db/database';
import { companies, consentEvents, type contacts, messages, textingRegistrations } from '@server/platform/db/schema';
import type { AppServices } from '@server/platform/services';

/**
 * Two gates on automated, non-reply texts (follow-ups, flow texts, review requests, booking reminders), beside the
 * opt-out and protected-number checks (decision 0046). Replies to someone who just wrote, staff texts and compliance
 * confirmations never pass through them.
 *
 * - A2P_GATE=hold: from a Twilio number, such a text waits (status "scheduled", no delivery job, the reason as its
 *   error words) until the company's texting registration is approved; the registration module releases them.
 * - CASL: for a Canadian company, such a text is not sent once the person's implied consent has ended (6 months
 *   after their last inquiry, 2 years after a purchase) and they never gave express consent. Booking texts are
 *   transactional (CASL exempts them) and still go.
 */
export interface GateInput {
  companyId: string;
  provider: 'simulator' | 'twilio' | 'web_chat' | 'thumbtack';
  automated: boolean;
  isReply: boolean;
  compliance: boolean;
  transactional: boolean;
}

const gated = (input: GateInput) => input.automated && !input.isReply && !input.compliance;

/** Whether this text waits for the registration (A2P_GATE=hold, a Twilio number, not approved yet). */
export async function isHeldForRegistration(tx: Tx, deps: Pick<AppServices, 'a2pGate'>, input: GateInput): Promise<boolean> {
  if (deps.a2pGate !== 'hold' || input.provider !== 'twilio' || !gated(input)) return false;
  const [registration] = await tx.select({ status: textingRegistrations.status }).from(textingRegistrations).where(eq(textingRegistrations.companyId, input.companyId)).limit(1);
  return registration?.status !== 'approved';
}

export const heldForRegistration = { code: A2P_HELD_CODE, message: A2P_HELD_WORDS } as const;

/**
 * A contact's consent as Canada's anti-spam law (CASL) sees it now, from the ledger and their newest text; null for a
 * company outside Canada. What the send gate below and the client's consent ledger (clients.service) both read.
 */
export async function caslConsentOf(db: DbOrTx, companyId: string, contactId: string, now: Date): Promise<CaslConsent | null> {
  const [company] = await db.select({ country: companies.country }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (company?.country !== 'CA') return null;
  const ledger = await db
    .select({ kind: consentEvents.kind, caslBasis: consentEvents.caslBasis, createdAt: consentEvents.createdAt })
    .from(consentEvents)
    .where(and(eq(consentEvents.companyId, companyId), eq(consentEvents.contactId, contactId)))
    .orderBy(asc(consentEvents.createdAt));
  const [lastInquiry] = await db
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.contactId, contactId), eq(messages.direction, 'inbound')))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return caslConsent(
    ledger.map((e) => ({ ...e, createdAt: e.createdAt.getTime() })),
    lastInquiry?.createdAt.getTime() ?? null,
    now.getTime(),
  );
}

/** Why CASL stops this text, or null. */
export async function caslBlockingReason(tx: Tx, contact: typeof contacts.$inferSelect, input: GateInput & { now: Date }): Promise<{ code: string; message: string } | null> {
  if (!gated(input) || input.transactional) return null;
  const consent = await caslConsentOf(tx, input.companyId, contact.id, input.now);
  if (!consent?.expired) return null;
  const name = contactDisplayName(contact);
  const ended = consent.expiresAt ? ` ended on ${new Date(consent.expiresAt).toISOString().slice(0, 10)}` : ' is not on record';
  return {
    code: 'casl_consent_expired',
    message: `${name}'s consent under Canada's anti-spam law (CASL)${ended}, so automated texts to them stop. They can still text you, and your own replies go; ask them to opt in again (express consent does not expire).`,
  };
}
