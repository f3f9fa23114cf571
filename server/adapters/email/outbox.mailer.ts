import type { EmailMessage, Mailer } from './email.port';

/** Where the offline mailer keeps what it "sends" (the platform's `email_outbox` table in the server). */
export interface EmailOutbox {
  store(message: EmailMessage & { from: string }): Promise<void>;
}

/**
 * The offline default: messages are stored in the outbox and printed to the server log, so a developer
 * without a mail server still receives their sign-in code.
 */
export function createOutboxMailer(outbox: EmailOutbox, from: string, log: (line: { to: string; subject: string }, text: string) => void): Mailer {
  return {
    kind: 'outbox',
    async send(message: EmailMessage) {
      await outbox.store({ ...message, from });
      log({ to: message.to, subject: message.subject }, `outbox email to ${message.to}: ${message.subject}\n${message.text}`);
    },
  };
}
