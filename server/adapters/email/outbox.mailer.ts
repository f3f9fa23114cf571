import type { Database } from '@server/platform/db/database';
import { emailOutbox } from '@server/platform/db/schema';
import type { Clock } from '@server/platform/lib/clock';
import type { Logger } from '@server/platform/lib/logger';
import type { EmailMessage, Mailer } from './email.port';

/**
 * The offline default: messages are stored in `email_outbox` and printed to the server log, so a developer
 * without a mail server still receives their sign-in code.
 */
export function createOutboxMailer(db: Database, from: string, clock: Clock, logger: Logger): Mailer {
  return {
    kind: 'outbox',
    async send(message: EmailMessage) {
      await db.insert(emailOutbox).values({
        toAddress: message.to,
        fromAddress: from,
        subject: message.subject,
        text: message.text,
        html: message.html,
        createdAt: clock.now(),
      });
      logger.info(
        { outbox: { to: message.to, subject: message.subject } },
        `outbox email to ${message.to}: ${message.subject}\n${message.text}`,
      );
    },
  };
}
