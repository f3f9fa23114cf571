import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { PLAN_PAUSED_CODE } from '@contracts/billing';
import { nextSendTime, recipientZones } from '@contracts/send-window';
import { companies, contacts, messages } from '@server/platform/db/schema';
import { SECOND } from '@server/platform/lib/clock';
import type { AppServices } from '@server/platform/services';
import { DELIVER_QUEUE, SEND_LOCK_MS } from '@server/modules/messaging/outbound.service';
import { planPauseCause } from '@server/modules/messaging/plan-gate';

export const RELEASE_QUEUE = 'billing.release';
/** Paused sends released per run: a company with more queues the next run at once. */
const RELEASE_BATCH = 200;

/**
 * `billing.release`: the AI replies and flow texts the plan paused go now that it allows them (a plan chosen, a new
 * period): each at its recipient's next send window, one person's a send-lock apart, in the order they were written —
 * as the texting registration releases its held texts. Each meets every gate again at delivery, the plan's included,
 * so a batch released into a limit that fills up pauses again, saying why.
 */
export async function releasePlanPaused(services: AppServices, companyId: string): Promise<number> {
  const now = services.clock.now();
  const released = await services.db.transaction(async (tx) => {
    const waiting = await tx
      .select({ message: messages, contact: contacts })
      .from(messages)
      .innerJoin(contacts, eq(contacts.id, messages.contactId))
      .where(and(eq(messages.companyId, companyId), eq(messages.errorCode, PLAN_PAUSED_CODE), eq(messages.status, 'scheduled')))
      .orderBy(asc(messages.seq))
      .limit(RELEASE_BATCH)
      .for('update', { of: messages });
    if (waiting.length === 0) return 0;
    const [company] = await tx.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId)).limit(1);
    const perContact = new Map<string, number>();
    let count = 0;
    for (const { message, contact } of waiting) {
      // Still paused for this text (the trial is over, the limit still reached): it keeps waiting.
      if (await planPauseCause(tx, { companyId, author: message.author, conversationId: message.conversationId, messageId: message.id }, now)) continue;
      const zones = recipientZones({ contactTimezone: contact.timezone, contactRegion: contact.region, phone: message.toNumber, companyTimezone: company?.timezone });
      const earlier = perContact.get(contact.id) ?? 0;
      perContact.set(contact.id, earlier + 1);
      const runAt = new Date(nextSendTime(now.getTime() + earlier * (SEND_LOCK_MS + SECOND), zones));
      await tx.update(messages).set({ scheduledFor: runAt, errorCode: null, errorMessage: null }).where(eq(messages.id, message.id));
      await services.queue.enqueue(tx, DELIVER_QUEUE, { messageId: message.id }, { runAt, companyId, maxAttempts: 8 });
      count += 1;
    }
    if (waiting.length === RELEASE_BATCH && count === RELEASE_BATCH) await services.queue.enqueue(tx, RELEASE_QUEUE, { companyId }, { companyId });
    return count;
  });
  services.queue.wake();
  return released;
}

/** Companies with sends the plan paused (the partial index messages_plan_paused_idx finds them). */
export async function companiesWithPausedSends(services: Pick<AppServices, 'db'>): Promise<string[]> {
  const rows = await services.db
    .selectDistinct({ companyId: messages.companyId })
    .from(messages)
    .where(and(eq(messages.errorCode, PLAN_PAUSED_CODE), isNotNull(messages.companyId)));
  return rows.map((row) => row.companyId);
}
