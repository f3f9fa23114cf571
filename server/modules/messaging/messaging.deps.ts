import { fullName } from '@contracts/person';
import { formatPhone } from '@contracts/phone';
import type { AiPort } from '@server/adapters/ai/ai.port';
import type { TelephonyProvider } from '@server/adapters/telephony/telephony.port';
import type { Database } from '@server/platform/db/database';
import type { JobQueue } from '@server/platform/jobs/job-queue';
import type { Clock } from '@server/platform/lib/clock';
import type { Logger } from '@server/platform/lib/logger';
import type { EventDispatcher } from '@server/platform/events/domain-events';
import type { PushConfig } from '@server/modules/notifications/push.service';
import type { EventBus } from '@server/platform/realtime/event-bus';

/** What the messaging pipeline needs; built once in app.ts (tests build their own). */
export interface MessagingDeps {
  db: Database;
  clock: Clock;
  queue: JobQueue;
  bus: EventBus;
  /** Fans durable domain events out to their consumers (live screens; flows and webhooks subscribe here later). */
  events: EventDispatcher;
  /** Web Push (VAPID keys); null when not configured. */
  push: PushConfig | null;
  logger: Logger;
  providers: { simulator: TelephonyProvider; twilio: TelephonyProvider | null };
  /** Absolute base URL for provider callbacks. */
  publicUrl: string;
  /** Minimum gap between two texts from one business number (1 message/s by default). */
  numberPacingMs: number;
  /** Twilio answers STOP/START/HELP itself (Advanced Opt-Out): we record them but do not reply twice. */
  twilioAnswersKeywords: boolean;
  /** The AI assistant's port: the built-in assistant, or a model with the built-in one as its fallback. */
  ai: AiPort;
}

export function providerFor(deps: Pick<MessagingDeps, 'providers'>, kind: 'simulator' | 'twilio'): TelephonyProvider {
  if (kind === 'twilio') {
    if (!deps.providers.twilio) throw new Error('This number is a Twilio number but Twilio is not configured (TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN).');
    return deps.providers.twilio;
  }
  return deps.providers.simulator;
}

export function contactDisplayName(contact: { firstName: string | null; lastName: string | null; phone: string | null; email?: string | null }): string {
  // A client from a lead email may have no phone: then their email, then plain words.
  return fullName(contact) || (contact.phone ? formatPhone(contact.phone) : contact.email || 'Client without a phone');
}
