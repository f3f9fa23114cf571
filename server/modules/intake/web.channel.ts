import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { storableValue } from '@contracts/text';
import type { LeadSource } from '@contracts/lead';
import { maskPhone, WIDGET_KIND_SOURCE, type WidgetKind } from '@contracts/widget';
import { companies, leads, widgetVisitorTokens } from '@server/platform/db/schema';
import { transactionWithEvents } from '@server/platform/events/domain-events';
import { HOUR } from '@server/platform/lib/clock';
import type { AppServices } from '@server/platform/services';
import { renderMergeTags } from '@server/modules/messaging/merge-tags';
import { queueOutbound } from '@server/modules/messaging/outbound.service';
import { activeNumberOf } from '@server/modules/phone-numbers/active-number';
import { takeInquiry } from './intake.service';

/** How long a visitor's widget may read and continue its conversation after the submission. */
export const VISITOR_TOKEN_TTL_MS = 24 * HOUR;

export const hashVisitorToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A website submission, already validated (origin, limits, honeypot, fields, consent) by the public endpoint. */
export interface WebSubmission {
  companyId: string;
  kind: WidgetKind;
  /** The lead's source when it is not the widget kind's (a microsite's opt-in form: `microsite`). */
  source?: LeadSource;
  firstTextTemplate: string;
  /** The consent text the visitor saw (checked against the saved one), and that they ticked the box. */
  consentText: string;
  person: { phone: string; firstName: string; lastName: string | null };
  message: string | null;
  service: string | null;
  postalCode: string | null;
  /** page_url (this page, the last one), landing_page (the visit's first), referrer, utm_*, gclid, fbclid. */
  tracking: Record<string, string>;
  pageUrl: string;
  ip: string | null;
  userAgent: string | null;
}

export interface WebSubmissionResult {
  leadId: string;
  newLead: boolean;
  contactId: string;
  conversationId: string | null;
  /** The first text was queued (not when the company has no number yet, or the person opted out / is blocked). */
  texted: boolean;
  maskedPhone: string;
  /** Opaque; only its hash is stored. Null without a conversation. */
  visitorToken: string | null;
}

/**
 * The website channel: a widget, inline-form or popup submission becomes an inquiry through the one intake path —
 * the client (by phone), the conversation on the company's number, a lead with source chat_widget / form / popup
 * and its tracking (or the open lead, under INTAKE_RULES; its last page and any new tracking keys are added), the
 * consent record (the exact text, the ticked box, page, IP, user agent), the team's notification — and the first
 * text, queued at once through the outbound pipeline (the visitor asked to be texted, so it is a reply: no send
 * window). One transaction.
 */
export async function takeWebSubmission(deps: AppServices, input: WebSubmission): Promise<WebSubmissionResult> {
  return transactionWithEvents(deps, async (tx, events) => {
    const now = deps.clock.now();
    const [company] = await tx.select().from(companies).where(eq(companies.id, input.companyId)).limit(1);
    if (!company) throw new Error('widget company vanished');
    const number = await activeNumberOf(tx, company.id);
    const summary = input.message ?? (input.service ? `Asked about: ${input.service}` : null);
    // What the visitor wrote opens the thread, marked as from the website (not a text): their question, or what
    // they chose when the form asks no question. Kept even when the number already belongs to a client.
    const words = input.message ?? visitorWords(input);
    const result = await takeInquiry(tx, deps, events, {
      company,
      source: input.source ?? WIDGET_KIND_SOURCE[input.kind],
      person: { phone: input.person.phone, firstName: input.person.firstName, lastName: input.person.lastName },
      businessNumber: number,
      message: words ? { body: words, media: [], provider: 'web_chat', providerMessageId: `web-form:${randomUUID()}` } : null,
      lead: { summary, tracking: input.tracking },
      consent: { kind: 'opt_in', method: 'web_form', text: input.consentText, checked: true, ip: input.ip, userAgent: input.userAgent, sourceUrl: input.pageUrl },
    });
    const { lead, contact, conversation } = result;

    // The name as the visitor typed it, when the number's client is on file under another: nothing stored about a
    // client is shown to a website visitor, and nothing the visitor typed is dropped.
    const typedName = [input.person.firstName, input.person.lastName].filter(Boolean).join(' ');
    const nameGiven: Record<string, string> = typedName && typedName.toLowerCase() !== [contact.firstName, contact.lastName].filter(Boolean).join(' ').toLowerCase() ? { name_given: typedName } : {};
    // Whatever the caller already did, every word of the visitor reaches the database storable (contracts/text.ts).
    const answers = storableValue({ ...(input.service ? { service: input.service } : {}), ...(input.postalCode ? { postal_code: input.postalCode } : {}), ...nameGiven });
    const tracking = result.newLead ? lead.tracking : storableValue({ ...input.tracking, ...lead.tracking, page_url: input.pageUrl });
    if (Object.keys(answers).length > 0 || !result.newLead) {
      await tx
        .update(leads)
        .set({ answers: { ...(lead.answers ?? {}), ...answers }, tracking, updatedAt: now })
        .where(eq(leads.id, lead.id));
    }

    let texted = false;
    let visitorToken: string | null = null;
    if (conversation && number) {
      // Greeted with the name they typed, never the one on file: whoever typed this number may not be its client.
      const visitor = { firstName: input.person.firstName, lastName: input.person.lastName };
      const body = renderMergeTags(input.firstTextTemplate, { contact: visitor, businessName: company.name, businessPhone: number.e164, senderFirstName: company.name });
      const text = await queueOutbound(tx, deps, events, {
        companyId: company.id,
        conversationId: conversation.id,
        body,
        author: 'system',
        automated: true,
        isReply: true,
        dedupeKey: `widget:${lead.id}`,
        thread: { conversation, contact, number },
      });
      texted = text.status !== 'blocked';
      visitorToken = randomBytes(32).toString('base64url');
      await tx.insert(widgetVisitorTokens).values({
        companyId: company.id,
        conversationId: conversation.id,
        contactId: contact.id,
        tokenHash: hashVisitorToken(visitorToken),
        expiresAt: new Date(now.getTime() + VISITOR_TOKEN_TTL_MS),
        createdAt: now,
      });
    }
    return {
      leadId: lead.id,
      newLead: result.newLead,
      contactId: contact.id,
      conversationId: conversation?.id ?? null,
      texted,
      maskedPhone: maskPhone(input.person.phone),
      visitorToken,
    };
  });
}

/** A form that asks no question: what the visitor chose is their message ("Service: Drain cleaning · ZIP: 94110"). */
function visitorWords(input: Pick<WebSubmission, 'service' | 'postalCode'>): string | null {
  const parts = [input.service ? `Service: ${input.service}` : null, input.postalCode ? `ZIP: ${input.postalCode}` : null].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
