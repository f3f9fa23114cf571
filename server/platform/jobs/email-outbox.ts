import type { EmailOutbox } from '@server/adapters/email/outbox.mailer';
import type { Database } from '@server/platform/db/database';
import { emailOutbox } from '@server/platform/db/schema';
import type { Clock } from '@server/platform/lib/clock';

/** The offline mailer's outbox: the `email_outbox` table (pruned after 30 days by the maintenance job). */
export function databaseEmailOutbox(db: Database, clock: Clock): EmailOutbox {
  return {
    async store(message) {
      await db.insert(emailOutbox).values({
        toAddress: message.to,
        fromAddress: message.from,
        subject: message.subject,
        text: message.text,
        html: message.html,
        createdAt: clock.now(),
      });
    },
  };
}
