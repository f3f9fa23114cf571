import { formatPhone } from '../../contracts/phone';
import type { TelephonyProvider } from '../adapters/telephony/telephony.port';
import type { Database } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import type { CompanyEvent, EventBus } from '../realtime/event-bus';

/** What the messaging pipeline needs; built once in app.ts (tests build their own). */
export interface MessagingDeps {
  db: Database;
  clock: Clock;
  queue: JobQueue;
  bus: EventBus;
  logger: Logger;
  providers: { simulator: TelephonyProvider; twilio: TelephonyProvider | null };
  /** Absolute base URL for provider callbacks. */
  publicUrl: string;
  /** Minimum gap between two texts from one business number (1 message/s by default). */
  numberPacingMs: number;
  /** Twilio answers STOP/START/HELP itself (Advanced Opt-Out): we record them but do not reply twice. */
  twilioAnswersKeywords: boolean;
}

/** Events to publish once the transaction that caused them has committed. */
export class PendingEvents {
  private readonly events: Array<[string, CompanyEvent]> = [];
  add(companyId: string, event: CompanyEvent): void {
    this.events.push([companyId, event]);
  }
  publish(deps: Pick<MessagingDeps, 'bus'>): void {
    for (const [companyId, event] of this.events) deps.bus.publish(companyId, event);
    this.events.length = 0;
  }
}

export function providerFor(deps: Pick<MessagingDeps, 'providers'>, kind: 'simulator' | 'twilio'): TelephonyProvider {
  if (kind === 'twilio') {
    if (!deps.providers.twilio) throw new Error('This number is a Twilio number but Twilio is not configured (TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN).');
    return deps.providers.twilio;
  }
  return deps.providers.simulator;
}

export function contactDisplayName(contact: { firstName: string | null; lastName: string | null; phone: string }): string {
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ').trim();
  return name || formatPhone(contact.phone);
}
