import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '@server/platform/testing/mail-catcher';
import { createServerApp, type ServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { emailOutbox } from '@server/platform/db/schema';
import { createLogger } from '@server/platform/lib/logger';
import { createTestDatabase } from '@server/platform/testing/test-database';
import { buildVerificationEmail } from '@server/modules/auth/verification-email';

function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return { lines, logger: createLogger('trace', stream) };
}

const registration = { email: 'mail@example.test', firstName: 'Mae', lastName: 'L', companyName: 'Mail Co', signupPhone: null };

async function register(app: ServerApp) {
  const res = await app.http.inject({ method: 'POST', url: '/trpc/createNewUserAccount', headers: { 'content-type': 'application/json' }, payload: registration });
  expect(res.json().result.data.success).toBe(true);
  await app.services.queue.drain();
}

describe('email over SMTP (SMTP_URL set)', () => {
  let catcher: MailCatcher;
  let app: ServerApp;
  const logs = captureLogs();

  beforeAll(async () => {
    catcher = await startMailCatcher();
    app = await createServerApp({
      env: loadEnv({ NODE_ENV: 'production', SMTP_URL: catcher.url, MAIL_FROM: 'LeadLoop <codes@leadloop.test>', SERVE_SPA: 'false' }),
      database: await createTestDatabase(),
      logger: logs.logger,
    });
  });
  afterAll(async () => {
    await app.close();
    await catcher.close();
  });

  it('delivers the code as text and HTML, and no code or token reaches the log', async () => {
    await register(app);
    expect(app.mailer.kind).toBe('smtp');
    const code = await catcher.waitForCode(registration.email);
    const mail = catcher.messages[0]!;
    expect(mail.from).toContain('codes@leadloop.test');
    expect(mail.text).toContain('expires in 10 minutes');
    expect(mail.html).toContain(code);

    const verify = await app.http.inject({
      method: 'POST',
      url: '/trpc/verifyUserEmail',
      headers: { 'content-type': 'application/json' },
      payload: { email: registration.email, code },
    });
    const token = verify.json().result.data.authToken as string;
    await app.http.inject({ method: 'GET', url: `/?adminAuth=${token}` });
    await app.http.inject({ method: 'GET', url: '/trpc/getCurrentLoggedInUser', headers: { authorization: `Bearer ${token}` } });

    const all = logs.lines.join('\n');
    expect(logs.lines.length).toBeGreaterThan(3);
    expect(all).not.toContain(code);
    expect(all).not.toContain(token);
    expect(all).toContain('adminAuth=%5Bredacted%5D');
  });
});

describe('email outbox (no SMTP_URL)', () => {
  it('stores the message and prints it to the log', async () => {
    const logs = captureLogs();
    const app = await createServerApp({
      env: loadEnv({ NODE_ENV: 'development', SERVE_SPA: 'false' }),
      database: await createTestDatabase(),
      logger: logs.logger,
    });
    try {
      await register(app);
      expect(app.mailer.kind).toBe('outbox');
      const [stored] = await app.services.db.select().from(emailOutbox);
      expect(stored).toMatchObject({ toAddress: registration.email, subject: expect.stringMatching(/^Your LeadLoop code: \d{6}$/) });
      const code = stored!.subject.slice(-6);
      expect(logs.lines.join('\n')).toContain(code);
    } finally {
      await app.close();
    }
  });
});

describe('verification email content', () => {
  it('escapes the user-written name in HTML', () => {
    const mail = buildVerificationEmail({ to: 'x@example.test', firstName: '<img src=x onerror=alert(1)>', code: '012345', purpose: 'login', validMinutes: 10 });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).toContain('012345');
  });
});
