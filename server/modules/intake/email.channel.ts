import type { EmailParser, ExtractedLead } from '@contracts/email-gateway';
import { EMAIL_PARSER_WORDS } from '@contracts/email-gateway';
import { truncate } from '@contracts/text';
import type { Tx } from '@server/platform/db/database';
import type { companies, phoneNumbers } from '@server/platform/db/schema';
import type { EventBatch } from '@server/platform/events/domain-events';
import type { MessagingDeps } from '@server/modules/messaging/messaging.deps';
import { type IntakeResult, takeInquiry } from './intake.service';

export interface EmailInquiry {
  company: typeof companies.$inferSelect;
  /** The company's business number: the person's thread is opened on it (none yet: a lead without a thread). */
  businessNumber: typeof phoneNumbers.$inferSelect | null;
  parser: EmailParser;
  /** What the parser read; `phone` is E.164 (US/CA) — an email without one never gets here. */
  lead: ExtractedLead & { phone: string };
  subject: string;
  firstName: string | null;
  lastName: string | null;
}

/**
 * The email channel: a lead email (a marketplace's or a website form's, forwarded to the gateway) becomes an
 * inquiry through the one intake path. The person asked the business to contact them at the number they gave
 * (they filled in a request form for it): that is recorded as implied consent for texts about that request, with
 * the words it came from. Nothing is "said" in the thread: the email stays on /email-gateway, the lead's summary
 * carries its words.
 */
export async function takeEmailLead(tx: Tx, deps: MessagingDeps, events: EventBatch, input: EmailInquiry): Promise<IntakeResult> {
  const { lead } = input;
  const where = input.parser === 'generic' ? 'an email' : `a ${EMAIL_PARSER_WORDS[input.parser]} lead email`;
  const summary = [lead.service, lead.message].filter(Boolean).join(': ') || input.subject || null;
  return takeInquiry(tx, deps, events, {
    company: input.company,
    source: 'email',
    person: { phone: lead.phone, firstName: input.firstName, lastName: input.lastName, email: lead.email },
    businessNumber: input.businessNumber,
    message: null,
    lead: {
      summary: summary ? truncate(summary, 280, { ellipsis: true }) : null,
      tracking: { email_format: EMAIL_PARSER_WORDS[input.parser], ...(input.subject ? { email_subject: truncate(input.subject, 200, { ellipsis: true }) } : {}) },
    },
    consent: {
      kind: 'implied',
      method: 'lead_email',
      text: truncate(`Gave ${lead.phone} in ${where} asking ${input.company.name} to contact them (“${input.subject || 'no subject'}”).`, 500, { ellipsis: true }),
    },
  });
}
