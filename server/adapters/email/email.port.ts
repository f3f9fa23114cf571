export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Delivers one message or throws. Called from the `email.send` job, never from a request. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox' | 'memory';
  send(message: EmailMessage): Promise<void>;
  close?(): Promise<void>;
}
