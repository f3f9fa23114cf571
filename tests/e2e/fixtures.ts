import { test as base, expect } from '@playwright/test';
import { type MailCatcher, startMailCatcher } from '@server/platform/testing/mail-catcher';
import { type ServerProcess, startServerProcess } from '../support/server-process';

interface WorkerFixtures {
  mail: MailCatcher;
  server: ServerProcess;
}

/** The e2e server's settings (a spec that needs one more, e.g. a webhook secret, adds it to these). */
export const e2eServerEnv = (mailUrl: string): Record<string, string> => ({
  SMTP_URL: mailUrl,
  AUTH_CODE_SENDS_PER_IP_PER_HOUR: '0',
  AUTH_CODE_COOLDOWN_SECONDS: '0',
  AUTH_CODE_SENDS_PER_EMAIL_PER_HOUR: '0',
  LOG_LEVEL: 'warn',
});

/**
 * Every worker runs its own server on its own data folder, sending real SMTP to its own mail catcher.
 * All browser traffic comes from 127.0.0.1, so the per-IP limit is off here, and the 30 s resend cooldown is
 * off on the server because the browser's clock is faked (both limits have their own unit tests).
 */
export const test = base.extend<{ uniqueEmail: (label: string) => string }, WorkerFixtures>({
  mail: [
    async ({}, use) => {
      const catcher = await startMailCatcher();
      await use(catcher);
      await catcher.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ mail }, use) => {
      const server = await startServerProcess({ env: e2eServerEnv(mail.url) });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  uniqueEmail: async ({}, use, testInfo) => {
    let n = 0;
    await use((label) => `${label}-${testInfo.workerIndex}-${Date.now().toString(36)}-${(n += 1)}@example.test`);
  },
});

export { expect };
