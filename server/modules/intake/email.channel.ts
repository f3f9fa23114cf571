import type { EmailParser, ExtractedLead } from '@contracts/email-gateway';
import { EMAIL_PARSER_WORDS } from '@contracts/email-gateway';
import { truncate } from '@contracts/text';
import type { Tx } from '@server/platform/db/database';
import type { companies, phoneNumbers } from '@server/platform/db/schema';
import type { EventBatch } from '@server/platform/events/domain-events';
import type { AppServices } from '@server/platform/services';
import { type IntakeResult, takeInquiry } from './intake.service';

export interface EmailInquiry {
  company: typeof companies.$inferSelect;
  /** The company's business number: the person's thread is opened on it (none yet: a lead without a thread). */
  businessNumber: typeof phoneNumbers.$inferSelect | null;
  parser: EmailParser;
  /**
   * What the parser read; `phone` is E.164 (US/CA) or null: an email without one still becomes a lead (found by the
   * person's email address when there is one), with the email's words for staff and no text.
   */
  lead: ExtractedLead;
  /** The email's own words (plain text, bounded by the caller): the summary of a lead without a phone number. */
  text: string;
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
export async function takeEmailLead(tx: Tx, deps: AppServices, events: EventBatch, input: EmailInquiry): Promise<IntakeResult> {
  const { lead } = input;
  const where = input.parser === 'generic' ? 'an email' : `a ${EMAIL_PARSER_WORDS[input.parser]} lead email`;
  // With a phone the thread carries the talk and the summary is short; without one, the email's words are all staff
  // have, so the summary keeps more of them.
  const summary = lead.phone
    ? truncate([lead.service, lead.message].filter(Boolean).join(': ') || input.subject, 280, { ellipsis: true })
    : truncate([input.subject, [lead.service, lead.message].filter(Boolean).join(': ') || input.text.trim()].filter(Boolean).join(' — '), 1_000, { ellipsis: true });
  return takeInquiry(tx, deps, events, {
    company: input.company,
    source: 'email',
    person: { phone: lead.phone, firstName: input.firstName, lastName: input.lastName, email: lead.email },
    businessNumber: input.businessNumber,
    message: null,
    lead: {
      summary: summary || null,
      tracking: { email_format: EMAIL_PARSER_WORDS[input.parser], ...(input.subject ? { email_subject: truncate(input.subject, 200, { ellipsis: true }) } : {}) },
    },
    // Consent to texts needs a number given for it; without one nothing is recorded (nothing will be texted).
    consent: lead.phone
      ? { kind: 'implied', method: 'lead_email', text: truncate(`Gave ${lead.phone} in ${where} asking ${input.company.name} to contact them (“${input.subject || 'no subject'}”).`, 500, { ellipsis: true }) }
      : null,
  });
}
