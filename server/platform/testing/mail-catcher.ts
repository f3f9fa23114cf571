import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  from: string;
  text: string;
  html: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives: tests read sign-in codes from it. */
export interface MailCatcher {
  url: string;
  messages: CaughtMail[];
  /** Resolves with the newest code sent to `to` after the first `after` messages, waiting up to 10 s. */
  waitForCode(to: string, options?: { after?: number }): Promise<string>;
  close(): Promise<void>;
}

const CODE_TIMEOUT_MS = 10_000;

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
          messages.push({ to, from: mail.from?.text ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' });
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const codeFor = (to: string, after: number) => {
    const mail = [...messages].splice(after).reverse().find((m) => m.to.toLowerCase().includes(to.toLowerCase()));
    return mail?.text.match(/\b(\d{6})\b/)?.[1] ?? null;
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForCode(to, { after = 0 } = {}) {
      const found = codeFor(to, after);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no code emailed to ${to} within ${CODE_TIMEOUT_MS} ms`));
        }, CODE_TIMEOUT_MS);
        const check = () => {
          const code = codeFor(to, after);
          if (!code) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(code);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
