import type { Tx } from '@server/platform/db/database';
import type { companies, phoneNumbers } from '@server/platform/db/schema';
import type { EventBatch } from '@server/platform/events/domain-events';
import type { AppServices } from '@server/platform/services';
import { type IntakeResult, takeInquiry } from './intake.service';

export interface MissedCallInquiry {
  company: typeof companies.$inferSelect;
  /** The business number that was called: the caller's thread is the one on this number. */
  businessNumber: typeof phoneNumbers.$inferSelect;
  /** The caller's number (E.164; hidden numbers never get here). */
  from: string;
}

/**
 * The call channel: a missed call becomes an inquiry through the one intake path — the caller's client (found or
 * created by phone), their conversation on the number they called, and a lead with source `missed_call` (or the
 * open lead they already have, under INTAKE_RULES). Nothing is "said" in the thread: the call itself is the
 * inquiry (the calls table keeps it, linked to the client, conversation and lead). In the caller's transaction
 * (the one that records the call as missed), so the call and its lead exist together.
 */
export async function takeMissedCall(tx: Tx, deps: AppServices, events: EventBatch, input: MissedCallInquiry): Promise<IntakeResult> {
  return takeInquiry(tx, deps, events, {
    company: input.company,
    source: 'missed_call',
    person: { phone: input.from },
    businessNumber: input.businessNumber,
    message: null,
    lead: { summary: null },
  });
}
