import { and, eq } from 'drizzle-orm';
import { alertTexts, companies, inboundEvents, messages, phoneNumbers } from '@server/platform/db/schema';
import { lockKey } from '@server/platform/db/rate-limit';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import type { AppServices } from '@server/platform/services';
import { takeInquiry } from './intake.service';
import { approveByAlertReply } from '@server/modules/ai/held-replies.service';

export interface ReceivedSms {
  eventId?: string;
  provider: 'simulator' | 'twilio';
  providerMessageId: string;
  from: string;
  to: string;
  body: string;
  media: string[];
}

export type ReceiveOutcome =
  | { outcome: 'unknown_number' }
  | { outcome: 'duplicate' }
  | { outcome: 'approval' }
  | { outcome: 'stored'; messageId: string; contactId: string; conversationId: string; leadId: string | null; newLead: boolean; intent: string | null };

/**
 * The SMS channel: an inbound text to one of our business numbers becomes an inquiry through the one intake path.
 * What is SMS-only stays here: which company owns the number it was sent to, and the provider's redelivery of a
 * text already stored (same MessageSid). One transaction with the provider event marked processed.
 */
export async function receiveSms(deps: AppServices, input: ReceivedSms): Promise<ReceiveOutcome> {
  return transactionWithEvents(deps, async (tx, events): Promise<ReceiveOutcome> => {
    const now = deps.clock.now();
    const markProcessed = () =>
      input.eventId ? tx.update(inboundEvents).set({ processedAt: now }).where(eq(inboundEvents.id, input.eventId)) : Promise.resolve();
    const [number] = await tx
      .select()
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.e164, input.to), eq(phoneNumbers.status, 'active')))
      .limit(1);
    if (!number) {
      deps.logger.warn({ to: input.to }, 'inbound text to a number no company uses');
      await markProcessed();
      return { outcome: 'unknown_number' };
    }
    await lockKey(tx, `inbound:${number.companyId}:${input.from}`);
    const [already] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.provider, input.provider), eq(messages.providerMessageId, input.providerMessageId)))
      .limit(1);
    if (already) {
      await markProcessed();
      return { outcome: 'duplicate' };
    }
    const [company] = await tx.select().from(companies).where(eq(companies.id, number.companyId)).limit(1);
    if (!company) return { outcome: 'unknown_number' };
    // The owner approving a held AI reply from the alert phone ("YES K7QM") is not an inquiry: it is kept with the
    // alert texts (once: a redelivery of it is a duplicate there).
    const [answered] = await tx
      .select({ id: alertTexts.id })
      .from(alertTexts)
      .where(and(eq(alertTexts.provider, input.provider), eq(alertTexts.providerMessageId, input.providerMessageId)))
      .limit(1);
    if (answered) {
      await markProcessed();
      return { outcome: 'duplicate' };
    }
    if (await approveByAlertReply(tx, deps, events, { company, from: input.from, body: input.body })) {
      await tx.insert(alertTexts).values({ companyId: company.id, direction: 'inbound', phone: input.from, body: input.body, provider: input.provider, providerMessageId: input.providerMessageId, createdAt: now });
      await markProcessed();
      return { outcome: 'approval' };
    }

    const result = await takeInquiry(tx, deps, events, {
      company,
      source: 'sms',
      person: { phone: input.from },
      businessNumber: number,
      message: { body: input.body, media: input.media, provider: input.provider, providerMessageId: input.providerMessageId },
      lead: {},
    });
    await markProcessed();
    return {
      outcome: 'stored',
      messageId: result.message!.id,
      contactId: result.contact.id,
      conversationId: result.conversation!.id,
      leadId: result.lead.id,
      newLead: result.newLead,
      intent: result.intent,
    };
  });
}
